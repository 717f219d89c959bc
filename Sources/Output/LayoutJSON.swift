// A layout as JSON, in the shape of the layout contract (docs/layout.md):
// one object with the screen, viewport, clamped offset, content size and a
// tree of rows. `stackc layout --format json` prints it; tests compare it.

import StackParser
import StackRuntime

/// Renders layouts as the contract's JSON.
package enum LayoutJSON {
    /// `slid`: how far snap-hide rows have slid (a live screen's `slideOffsets`).
    package static func render(screen: Screen, layout: ScreenLayout, offset: Double, slid: [Int: Double] = [:]) -> String {
        var sink = ByteSink()
        write(screen: screen, layout: layout, offset: offset, slid: slid, into: &sink)
        return sink.string
    }

    /// Writes the layout's JSON into `sink` (streamed when the sink flushes).
    package static func write(screen: Screen, layout: ScreenLayout, offset: Double, slid: [Int: Double] = [:], into out: inout ByteSink) {
        let o = layout.clampedOffset(offset)
        out.append("{\n  \"screen\": ")
        out.appendQuoted(screen.model.name)
        out.append(",\n  \"viewport\": ")
        out.appendPair(layout.viewportWidth, layout.viewportHeight)
        out.append(",\n  \"offset\": ")
        out.appendNumber(o)
        out.append(",\n  \"contentSize\": ")
        out.appendPair(layout.contentWidth, layout.contentHeight)
        out.append(",\n  \"rows\": ")
        rows(layout.rows, screen: screen, layout: layout, offset: o, slid: slid, depth: 1, into: &out)
        out.append(",\n  \"accessibility\": ")
        accessibility(screen.accessibilityElements(layout), into: &out)
        out.append("\n}\n")
    }

    /// What VoiceOver reads, in order: each element's row id, label, hint,
    /// traits and frame.
    private static func accessibility(_ elements: [AccessibilityElement], into out: inout ByteSink) {
        if elements.isEmpty { return out.append("[]") }
        out.append("[\n")
        for (position, element) in elements.enumerated() {
            if position > 0 { out.append(",\n") }
            out.append("    {\"id\": ")
            out.appendQuotedOrNull(element.id)
            out.append(", \"label\": ")
            out.appendQuoted(element.label)
            out.append(", \"hint\": ")
            out.appendQuoted(element.hint)
            out.append(", \"traits\": [")
            for (n, trait) in element.traits.enumerated() {
                if n > 0 { out.append(", ") }
                out.appendQuoted(trait)
            }
            out.append("], \"frame\": ")
            out.appendRect(element.frame)
            out.append("}")
        }
        out.append("\n  ]")
    }

    private static func indent(_ depth: Int, into out: inout ByteSink) {
        for _ in 0..<depth { out.append("  ") }
    }

    private static func rows(
        _ rows: BlockArray<Int>, screen: Screen, layout: ScreenLayout, offset: Double, slid: [Int: Double], depth: Int, into out: inout ByteSink
    ) {
        if rows.isEmpty { return out.append("[]") }
        out.append("[\n")
        for (position, index) in rows.enumerated() {
            if position > 0 { out.append(",\n") }
            indent(depth + 1, into: &out)
            row(index, screen: screen, layout: layout, offset: offset, slid: slid, depth: depth + 1, into: &out)
        }
        out.append("\n")
        indent(depth, into: &out)
        out.append("]")
    }

    private static func row(
        _ index: Int, screen: Screen, layout: ScreenLayout, offset: Double, slid: [Int: Double], depth: Int, into out: inout ByteSink
    ) {
        let appearance = screen.appearance(of: index)
        // A sticky row drawn away from its place: where the user sees it.
        let presented = layout.isPresentedElsewhere(index, offset: offset, slid: slid)
            ? layout.presentedFrame(of: index, offset: offset, slid: slid) : nil
        rowFields(
            appearance, frame: layout.frame(of: index), presented: presented, content: layout.contentFrame(of: index),
            separator: layout.separatorFrame(of: index), visibility: layout.presentedVisibility(of: index, offset: offset, slid: slid), into: &out)
        out.append(", \"rows\": ")
        if let stack = appearance.stack, !layout.isHidden(index) {
            rows(layout.rows(ofStack: stack), screen: screen, layout: layout, offset: offset, slid: slid, depth: depth, into: &out)
        } else {
            out.append("[]")
        }
        out.append("}")
    }

    /// A row object's opening and the fields every row has, as the layout
    /// contract orders them: `{"id": …, "kind": …, "frame": …, ["presented": …,]
    /// "content": …, "separator": …, "visibility": …, "visiblePercent": …`.
    static func rowFields(
        _ appearance: RowAppearance, frame: Rect, presented: Rect?, content: Rect?, separator: Rect?, visibility: Visibility,
        into out: inout ByteSink
    ) {
        out.append("{\"id\": ")
        out.appendQuotedOrNull(appearance.id)
        out.append(", \"kind\": ")
        out.appendQuoted(appearance.kind.name)
        out.append(", \"frame\": ")
        out.appendRect(frame)
        if let presented {
            out.append(", \"presented\": ")
            out.appendRect(presented)
        }
        out.append(", \"content\": ")
        out.appendRectOrNull(content)
        out.append(", \"separator\": ")
        out.appendRectOrNull(separator)
        out.append(", \"visibility\": ")
        out.appendQuoted(visibility.name)
        out.append(", \"visiblePercent\": ")
        out.appendNumber(visibility.percent)
    }

    package static func rect(_ r: Rect) -> String {
        "[\(num(r.x)), \(num(r.y)), \(num(r.width)), \(num(r.height))]"
    }

    package static func num(_ x: Double) -> String { NumberText.format(x) }

}
