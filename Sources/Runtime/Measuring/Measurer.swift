// The one way the layout engine asks the host for sizes. Hosts measure text
// with their fonts and views with their own layout; the default measurer is
// the deterministic one of layout.md, used by the CLI and the tests.

/// How much room there is across the axis being measured.
public enum Constraint: Hashable, Sendable {
    /// Exactly this many points.
    case definite(Double)
    /// As much as the content wants (natural size).
    case unbounded
}

/// The measurable content of a row, with its properties evaluated.
public enum MeasuredContent: Hashable, Sendable {
    /// Text in `font` points, at most `lines` lines (0: no limit).
    case text(String, font: Double, lines: Int)
    /// An image of `aspect` = width ÷ height (nil: unknown).
    case image(aspect: Double?)
    /// A host view, by the host name the screen gives it.
    case view(host: String)
    case spacer
}

/// A row the layout engine needs the size of: which row, what it is and
/// what it shows. A host that measures some rows itself (a host view whose
/// size depends on the app's data, text in the app's fonts) tells them
/// apart by `key`, `id`, `component` or the content's host name.
public struct MeasuredRow: Hashable, Sendable {
    /// The row, as render passes and the session's row methods name it.
    public var key: RowKey
    /// The row's id in the screen, if it has one.
    public var id: String?
    public var kind: RowKindCode
    /// The component this row is an instance of, if any.
    public var component: String?
    public var content: MeasuredContent

    public init(key: RowKey, id: String?, kind: RowKindCode, component: String?, content: MeasuredContent) {
        self.key = key
        self.id = id
        self.kind = kind
        self.component = component
        self.content = content
    }
}

/// Measures rows along one axis given the room across it. Called during
/// layout, on the thread that changes the session; it must answer the same
/// for the same row and room until the host calls `invalidateSize(of:)`.
public protocol Measurer {
    /// The row's content extent along `axis`, when its extent across `axis`
    /// is `across` (`.unbounded`: its natural extent). Insets are not
    /// included: the engine adds them.
    func measure(_ row: MeasuredRow, along axis: Axis, across: Constraint) -> Double
}

extension LayoutEngine {
    /// Asks `measurer` about `row` of `model`, whose content is `content`.
    static func ask(
        _ measurer: any Measurer, row: Int, model: ScreenModel, content: MeasuredContent, along axis: Axis, across: Constraint
    ) -> Double {
        // Field by field, read in place: the row whole was a copy of
        // everything it holds.
        let asked = MeasuredRow(
            key: RowKey(row), id: model.rows[row].id, kind: model.rows[row].kind, component: model.rows[row].component, content: content)
        return measurer.measure(asked, along: axis, across: across)
    }
}
