// What a host draws at one instant: the rows in its window (the viewport
// widened by a margin), each with a stable key, a reuse identifier, where
// and how it is drawn, and what it shows — and what changed since the
// previous pass, so a host applies only differences.

/// A row's stable identity for hosts: rows keep their index in the model
/// for as long as they exist (rows are only ever appended).
/// Keys come from the runtime (passes, events, `row(id:)`, `rootRows`); a
/// host keeps them as dictionary keys and hands them back.
public struct RowKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    package let row: Int
    package init(_ row: Int) { self.row = row }
    public static func < (a: RowKey, b: RowKey) -> Bool { a.row < b.row }
    public var description: String { "row \(row)" }
}

/// One row as a host draws it in a pass.
public struct RenderedRow: Hashable, Sendable {
    public var key: RowKey
    public var id: String?
    public var kind: RowKindCode
    /// Views are reused among rows with the same identifier: the component,
    /// or the kind (with the host name for a View).
    public var reuseIdentifier: String
    /// The row holding this row's stack, nil for the screen's own rows.
    public var holder: RowKey?
    /// How deep it is nested: 0 for the screen's own rows. A platform that
    /// puts every row's view in one superview orders them by
    /// (`zIndex`, `depth`) so rows inside a stack draw over its holder.
    public var depth: Int
    /// Where it is drawn, in the screen's content coordinates.
    public var frame: Rect
    public var content: Rect?
    public var separator: Rect?
    public var separatorColor: UInt32
    public var alpha: Double
    public var scale: Double
    public var offsetX: Double
    public var offsetY: Double
    /// 1 for sticky rows (drawn over the others), 0 otherwise.
    public var zIndex: Int
    public var background: UInt32
    /// Pressed: drawn in its highlight colour instead of its background.
    public var highlighted: Bool
    public var highlight: UInt32
    /// Text rows: what and how.
    public var text: String?
    public var font: Double
    public var textColor: UInt32
    public var weight: FontWeight
    public var align: TextAlignment
    /// Image rows: the source name.
    public var imageSource: String?
    /// View rows: the host view's name.
    public var host: String?
    /// Whether the row has tap actions (a button, to assistive technologies).
    public var tappable: Bool
}

/// What to draw now and what changed since the last pass.
public struct RenderPass: Sendable {
    public var time: Double
    /// The axis the screen scrolls along, and the viewport's size.
    public var axis: Axis
    public var viewportWidth: Double
    public var viewportHeight: Double
    /// The scroll offset along the screen's axis.
    public var offset: Double
    public var contentWidth: Double
    public var contentHeight: Double
    /// The rows in the window, in drawing order (holders before the rows inside them).
    public var rows: [RenderedRow]
    /// Keys that entered the window, whose drawing changed, or that left it.
    public var appeared: [RowKey]
    public var changed: [RowKey]
    public var disappeared: [RowKey]
    /// Whether a transition is still running: take another pass next frame.
    public var isAnimating: Bool

    /// The rows assistive technologies visit, in reading order: rows in the
    /// viewport that show something (text, an image, a host view) or take
    /// taps, ordered by where they are drawn — along the screen's axis, then
    /// across it. A sticky row held at the viewport's leading edge is read
    /// first and one held at the trailing edge last: they cover the rows
    /// scrolling under them.
    public var accessibilityOrder: [RowKey] {
        let vertical = axis == .vertical
        let low = offset, high = offset + (vertical ? viewportHeight : viewportWidth)
        return rows
            .filter { row in
                let start = vertical ? row.frame.y : row.frame.x
                let end = start + (vertical ? row.frame.height : row.frame.width)
                return row.alpha > 0 && end > low && start < high
                    && (row.text != nil || row.imageSource != nil || row.host != nil || row.tappable)
            }
            .sorted { a, b in
                let (a1, a2) = (readingStart(a, low: low, high: high), vertical ? a.frame.x : a.frame.y)
                let (b1, b2) = (readingStart(b, low: low, high: high), vertical ? b.frame.x : b.frame.y)
                return (a1, a2, a.key) < (b1, b2, b.key)
            }
            .map(\.key)
    }
}

/// A text row's font weight.
public enum FontWeight: String, Hashable, Sendable, CaseIterable {
    case ultralight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The weight a screen names (`regular` for anything else).
    package init(named name: String) { self = FontWeight(rawValue: name) ?? .regular }
}

/// How a text row's lines sit across its content box.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    case leading, center, trailing, justified

    /// The alignment a screen names (`leading` for anything else).
    package init(named name: String) { self = TextAlignment(rawValue: name) ?? .leading }
}

extension RenderPass {
    /// Where reading meets a row along the axis: sticky rows held at an edge
    /// go before (leading) or after (trailing) everything else.
    fileprivate func readingStart(_ row: RenderedRow, low: Double, high: Double) -> Double {
        let start = axis == .vertical ? row.frame.y : row.frame.x
        let end = start + (axis == .vertical ? row.frame.height : row.frame.width)
        guard row.zIndex > 0 else { return start }
        if start <= low + 1e-9 { return -.infinity }
        if end >= high - 1e-9 { return .infinity }
        return start
    }
}
