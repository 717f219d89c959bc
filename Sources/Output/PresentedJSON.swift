// A sampled instant as one line of JSON: the layout contract's shape plus
// "t" and, on every row, "alpha", "scale" and "offset".

import StackParser
import StackRuntime

extension LayoutJSON {
    /// One line: `{"t": …, "screen": …, …, "rows": [{…, "alpha", "scale", "offset", "rows"}]}`.
    package static func render(screen: Screen, presented: PresentedScreen) -> String {
        var out = "{\"t\": \(num(presented.time)), \"screen\": \(JSONText.quote(screen.model.name)), "
        out += "\"viewport\": [\(num(presented.viewportWidth)), \(num(presented.viewportHeight))], "
        out += "\"offset\": \(num(presented.offset)), "
        out += "\"contentSize\": [\(num(presented.contentWidth)), \(num(presented.contentHeight))], "
        out += "\"rows\": " + rows(presented.roots, screen: screen, presented: presented) + "}"
        return out
    }

    private static func rows(_ rows: [Int], screen: Screen, presented: PresentedScreen) -> String {
        let items = rows.compactMap { index -> String? in
            guard let row = presented.rows[index] else { return nil }
            let appearance = screen.appearance(of: index)
            var fields: [String] = []
            fields.append("\"id\": " + (appearance.id.map(JSONText.quote) ?? "null"))
            fields.append("\"kind\": \(JSONText.quote(appearance.kind.name))")
            fields.append("\"frame\": \(rect(row.frame))")
            fields.append("\"content\": " + (row.content.map(rect) ?? "null"))
            fields.append("\"separator\": " + (row.separator.map(rect) ?? "null"))
            fields.append("\"visibility\": \(JSONText.quote(row.visibility.name))")
            fields.append("\"visiblePercent\": \(num(row.visibility.percent))")
            fields.append("\"alpha\": \(num(row.alpha))")
            fields.append("\"scale\": \(num(row.scale))")
            fields.append("\"offset\": [\(num(row.offsetX)), \(num(row.offsetY))]")
            fields.append("\"rows\": " + Self.rows(presented.children[index] ?? [], screen: screen, presented: presented))
            return "{" + fields.joined(separator: ", ") + "}"
        }
        return "[" + items.joined(separator: ", ") + "]"
    }
}
