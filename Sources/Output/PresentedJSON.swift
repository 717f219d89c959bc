// A sampled instant as one line of JSON: the layout contract's shape plus
// "t" and, on every row, "alpha", "scale" and "offset". Written through the
// byte sink, as the layout JSON is.

import StackParser
import StackRuntime

extension LayoutJSON {
    /// One line: `{"t": …, "screen": …, …, "rows": [{…, "alpha", "scale", "offset", "rows"}]}`.
    package static func render(screen: Screen, presented: PresentedScreen) -> String {
        var out = ByteSink()
        write(screen: screen, presented: presented, into: &out)
        return out.string
    }

    /// The line (without its newline) into `out`.
    package static func write(screen: Screen, presented: PresentedScreen, into out: inout ByteSink) {
        out.append("{\"t\": ")
        out.appendNumber(presented.time)
        out.append(", \"screen\": ")
        out.appendQuoted(screen.model.name)
        out.append(", \"viewport\": [")
        out.appendNumber(presented.viewportWidth)
        out.append(", ")
        out.appendNumber(presented.viewportHeight)
        out.append("], \"offset\": ")
        out.appendNumber(presented.offset)
        out.append(", \"contentSize\": [")
        out.appendNumber(presented.contentWidth)
        out.append(", ")
        out.appendNumber(presented.contentHeight)
        out.append("], \"rows\": ")
        rows(presented.roots, screen: screen, presented: presented, into: &out)
        out.append("}")
    }

    private static func rows(_ rows: [Int], screen: Screen, presented: PresentedScreen, into out: inout ByteSink) {
        out.append("[")
        var first = true
        for index in rows {
            guard let row = presented.rows[index] else { continue }
            if !first { out.append(", ") }
            first = false
            let appearance = screen.appearance(of: index)
            out.append("{\"id\": ")
            if let id = appearance.id { out.appendQuoted(id) } else { out.append("null") }
            out.append(", \"kind\": ")
            out.appendQuoted(appearance.kind.name)
            out.append(", \"frame\": ")
            out.appendRect(row.frame)
            out.append(", \"content\": ")
            if let content = row.content { out.appendRect(content) } else { out.append("null") }
            out.append(", \"separator\": ")
            if let separator = row.separator { out.appendRect(separator) } else { out.append("null") }
            out.append(", \"visibility\": ")
            out.appendQuoted(row.visibility.name)
            out.append(", \"visiblePercent\": ")
            out.appendNumber(row.visibility.percent)
            out.append(", \"alpha\": ")
            out.appendNumber(row.alpha)
            out.append(", \"scale\": ")
            out.appendNumber(row.scale)
            out.append(", \"offset\": [")
            out.appendNumber(row.offsetX)
            out.append(", ")
            out.appendNumber(row.offsetY)
            out.append("], \"rows\": ")
            Self.rows(presented.children[index] ?? [], screen: screen, presented: presented, into: &out)
            out.append("}")
        }
        out.append("]")
    }
}
