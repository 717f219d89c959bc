// `stackc layout --format text`: an indented tree a person can read.

import StackParser
import StackOutput
import StackRuntime

enum LayoutText {
    static func render(screen: Screen, layout: ScreenLayout, offset: Double, slid: [Int: Double] = [:]) -> String {
        let o = layout.clampedOffset(offset)
        let num = NumberText.format
        var out = "\(screen.model.isFlow ? "flow" : "screen") \(screen.model.name)"
        out += "  viewport \(num(layout.viewportWidth))x\(num(layout.viewportHeight))"
        out += "  offset \(num(o))  content \(num(layout.contentWidth))x\(num(layout.contentHeight))\n"
        let names = RowNames(screen.model)
        for row in layout.rows { describe(row, screen: screen, layout: layout, offset: o, slid: slid, depth: 1, names: names, into: &out) }
        return out
    }

    private static func describe(
        _ index: Int, screen: Screen, layout: ScreenLayout, offset: Double, slid: [Int: Double], depth: Int, names: RowNames,
        into out: inout String
    ) {
        let appearance = screen.appearance(of: index)
        let name = names.name(of: index)
        let indent = String(repeating: "  ", count: depth)
        var line = indent + name.padding(toLength: max(name.count, 24 - indent.count)) + "  "
        let visibility = layout.presentedVisibility(of: index, offset: offset, slid: slid)
        if visibility == .hidden {
            let frame = layout.frame(of: index)
            line += "hidden at (\(NumberText.format(frame.x)), \(NumberText.format(frame.y)))"
        } else {
            line += "frame \(LayoutJSON.rect(layout.frame(of: index)))"
            if layout.isPresentedElsewhere(index, offset: offset, slid: slid) {
                line += "  presented \(LayoutJSON.rect(layout.presentedFrame(of: index, offset: offset, slid: slid)))"
            }
            if let content = layout.contentFrame(of: index) { line += "  content \(LayoutJSON.rect(content))" }
            if let separator = layout.separatorFrame(of: index) { line += "  separator \(LayoutJSON.rect(separator))" }
            switch visibility {
            case .partial(let p): line += "  partial \(NumberText.format(p))%"
            default: line += "  \(visibility.name)"
            }
        }
        if let text = appearance.text {
            let shown = text.string.count > 40 ? String(text.string.prefix(39)) + "…" : text.string
            line += "  " + JSONText.quote(shown)
        }
        out += line + "\n"
        if let stack = appearance.stack, visibility != .hidden {
            for row in layout.rows(ofStack: stack) {
                describe(row, screen: screen, layout: layout, offset: offset, slid: [:], depth: depth + 1, names: names, into: &out)
            }
        }
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
