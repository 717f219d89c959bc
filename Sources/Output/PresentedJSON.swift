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
        out.append(", \"viewport\": ")
        out.appendPair(presented.viewportWidth, presented.viewportHeight)
        out.append(", \"offset\": ")
        out.appendNumber(presented.offset)
        out.append(", \"contentSize\": ")
        out.appendPair(presented.contentWidth, presented.contentHeight)
        out.append(", \"rows\": ")
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
            rowFields(
                screen.appearance(of: index), frame: row.frame, presented: nil, content: row.content, separator: row.separator,
                visibility: row.visibility, into: &out)
            out.append(", \"alpha\": ")
            out.appendNumber(row.alpha)
            out.append(", \"scale\": ")
            out.appendNumber(row.scale)
            out.append(", \"offset\": ")
            out.appendPair(row.offsetX, row.offsetY)
            out.append(", \"rows\": ")
            Self.rows(presented.children[index] ?? [], screen: screen, presented: presented, into: &out)
            out.append("}")
        }
        out.append("]")
    }
}
