// What a host draws at one instant: the rows in its window (the viewport
// widened by a margin), each with a stable key, a reuse identifier, where
// and how it is drawn, and what it shows — and what changed since the
// previous pass, so a host applies only differences.

/// A row's stable identity for hosts: rows keep their index in the model
/// for as long as they exist (rows are only ever appended).
public struct RowKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let row: Int
    public init(_ row: Int) { self.row = row }
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
    public var weight: String
    public var align: String
    /// Image rows: the source name.
    public var imageSource: String?
    /// View rows: the host view's name.
    public var host: String?
}

/// What to draw now and what changed since the last pass.
public struct RenderPass: Sendable {
    public var time: Double
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
}
