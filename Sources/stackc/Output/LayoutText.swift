// `stackc layout --format text`: an indented tree a person can read,
// written through the byte writer (streamed by `stackc layout`).

import StackParser
import StackOutput
import StackRuntime

enum LayoutText {
    static func render(screen: Screen, layout: ScreenLayout, offset: Double, slid: [Int: Double] = [:]) -> String {
        var sink = ByteSink()
        write(screen: screen, layout: layout, offset: offset, slid: slid, into: &sink)
        return sink.string
    }

    static func write(screen: Screen, layout: ScreenLayout, offset: Double, slid: [Int: Double] = [:], into out: inout ByteSink) {
        let o = layout.clampedOffset(offset)
        out.append(screen.model.isFlow ? "flow " : "screen ")
        out.append(screen.model.name)
        out.append("  viewport ")
        out.appendNumber(layout.viewportWidth)
        out.append("x")
        out.appendNumber(layout.viewportHeight)
        out.append("  offset ")
        out.appendNumber(o)
        out.append("  content ")
        out.appendNumber(layout.contentWidth)
        out.append("x")
        out.appendNumber(layout.contentHeight)
        out.append("\n")
        let names = RowNames(screen.model)
        for row in layout.rows { describe(row, screen: screen, layout: layout, offset: o, slid: slid, depth: 1, names: names, into: &out) }
    }

    private static func describe(
        _ index: Int, screen: Screen, layout: ScreenLayout, offset: Double, slid: [Int: Double], depth: Int, names: RowNames,
        into out: inout ByteSink
    ) {
        let appearance = screen.appearance(of: index)
        let name = names.name(of: index)
        for _ in 0..<depth { out.append("  ") }
        out.append(name)
        for _ in 0..<max(0, 24 - 2 * depth - name.count) { out.append(" ") }
        out.append("  ")
        let visibility = layout.presentedVisibility(of: index, offset: offset, slid: slid)
        if visibility == .hidden {
            let frame = layout.frame(of: index)
            out.append("hidden at (")
            out.appendNumber(frame.x)
            out.append(", ")
            out.appendNumber(frame.y)
            out.append(")")
        } else {
            out.append("frame ")
            out.appendRect(layout.frame(of: index))
            if layout.isPresentedElsewhere(index, offset: offset, slid: slid) {
                out.append("  presented ")
                out.appendRect(layout.presentedFrame(of: index, offset: offset, slid: slid))
            }
            if let content = layout.contentFrame(of: index) {
                out.append("  content ")
                out.appendRect(content)
            }
            if let separator = layout.separatorFrame(of: index) {
                out.append("  separator ")
                out.appendRect(separator)
            }
            switch visibility {
            case .partial(let p):
                out.append("  partial ")
                out.appendNumber(p)
                out.append("%")
            default:
                out.append("  ")
                out.append(visibility.name)
            }
        }
        if let text = appearance.text {
            let shown = text.string.count > 40 ? String(text.string.prefix(39)) + "…" : text.string
            out.append("  ")
            out.appendQuoted(shown)
        }
        out.append("\n")
        if let stack = appearance.stack, visibility != .hidden {
            for row in layout.rows(ofStack: stack) {
                describe(row, screen: screen, layout: layout, offset: offset, slid: [:], depth: depth + 1, names: names, into: &out)
            }
        }
    }
}
