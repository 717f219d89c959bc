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
    case text(String, font: Double, lines: Int)
    case image(aspect: Double?)
    case view(host: String)
    case spacer
}

/// Measures content along one axis given the room across it.
public protocol Measurer {
    /// The content's extent along `axis`, when its extent across `axis` is
    /// `across` (`.unbounded`: its natural extent).
    func measure(_ content: MeasuredContent, along axis: Axis, across: Constraint) -> Double
}
