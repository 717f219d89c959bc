// What VoiceOver reads, in order: the screen's rows depth first, as laid
// out. A Text is an element whose label is its text; a tappable row is an
// element with the `button` trait, and a tappable Stack reads as one
// element whose label joins the texts inside it; an Image or View is an
// element only when labelled (or tappable); a Stack otherwise is not an
// element, its rows are. `accessibility { … }` overrides the label, adds
// a hint and traits, or hides a row and what it holds.

/// One thing VoiceOver reads.
public struct AccessibilityElement: Hashable, Sendable {
    public var row: RowKey
    public var id: String?
    public var label: String
    public var hint: String
    /// `button`, `header`, `image`, … (AccessibilityTrait.all's names).
    public var traits: [String]
    /// Where it is, in the screen's content space.
    public var frame: Rect
}

extension Screen {
    /// The accessibility elements of `layout`, in reading order.
    package func accessibilityElements(_ layout: ScreenLayout) -> [AccessibilityElement] {
        var out: [AccessibilityElement] = []
        visit(stack: model.rootStack, layout: layout, into: &out)
        return out
    }

    private func visit(stack: Int, layout: ScreenLayout, into out: inout [AccessibilityElement]) {
        let table = model.expressions
        let screenContext = self.context
        for index in model.stacks[stack].rows where !layout.isHidden(index) {
            let row = model.rows[index]
            let context = screenContext.reading(row)
            let written = row.accessibility
            if let hidden = written?.hidden, table.evaluate(hidden, in: context).boolValue { continue }
            let explicit = written?.label.map { table.evaluate($0, in: context).stringValue }
            let tappable = !row.tap.isEmpty
            var label: String?
            switch row.content {
            case .text(let text, _, _, _, _, _):
                label = explicit ?? table.evaluate(text, in: context).stringValue
                if label?.isEmpty == true, !tappable, written?.hint == nil { label = nil }
            case .stack(let nested):
                if explicit != nil || tappable {
                    label = explicit ?? spokenText(inStack: nested, layout: layout).joined(separator: ", ")
                } else {
                    visit(stack: nested, layout: layout, into: &out)
                }
            case .image, .view, .spacer:
                if explicit != nil || tappable { label = explicit ?? "" }
            }
            guard let label else { continue }
            var traits = AccessibilityTrait.names(written?.traits ?? 0)
            if tappable, !traits.contains("button") { traits.insert("button", at: 0) }
            if case .image = row.content, !traits.contains("image") { traits.append("image") }
            out.append(AccessibilityElement(
                row: RowKey(index), id: row.id, label: label, hint: written?.hint.map { table.evaluate($0, in: context).stringValue } ?? "",
                traits: traits, frame: layout.frame(of: index)))
        }
    }

    /// The labels of the texts inside a stack, in order (what a tappable
    /// Stack reads as).
    private func spokenText(inStack stack: Int, layout: ScreenLayout) -> [String] {
        let table = model.expressions
        let screenContext = self.context
        var out: [String] = []
        for index in model.stacks[stack].rows where !layout.isHidden(index) {
            let row = model.rows[index]
            let context = screenContext.reading(row)
            if let hidden = row.accessibility?.hidden, table.evaluate(hidden, in: context).boolValue { continue }
            if let label = row.accessibility?.label {
                out.append(table.evaluate(label, in: context).stringValue)
                continue
            }
            switch row.content {
            case .text(let text, _, _, _, _, _): out.append(table.evaluate(text, in: context).stringValue)
            case .stack(let nested): out += spokenText(inStack: nested, layout: layout)
            default: break
            }
        }
        return out.filter { !$0.isEmpty }
    }
}

extension LiveScreen {
    /// What VoiceOver reads now, in order, with each element's frame.
    public mutating func accessibilityElements() -> [AccessibilityElement] {
        let layout = layout()
        return screen.accessibilityElements(layout)
    }
}
