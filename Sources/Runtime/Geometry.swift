// Points, sizes, rectangles and edge insets, in points as `Double`.

/// The direction a stack lays its rows out in.
public enum Axis: UInt8, Sendable, Codable, Hashable {
    case vertical, horizontal

    /// The other axis.
    package var cross: Axis { self == .vertical ? .horizontal : .vertical }
}

/// A rectangle: origin at the top-left, in the screen's content space.
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// A rectangle from main/cross coordinates along `axis`.
    package init(axis: Axis, mainStart: Double, mainSize: Double, crossStart: Double, crossSize: Double) {
        if axis == .vertical {
            self.init(x: crossStart, y: mainStart, width: crossSize, height: mainSize)
        } else {
            self.init(x: mainStart, y: crossStart, width: mainSize, height: crossSize)
        }
    }

    package func start(_ axis: Axis) -> Double { axis == .vertical ? y : x }
    package func size(_ axis: Axis) -> Double { axis == .vertical ? height : width }

    /// The rectangle shrunk by `insets` (never below zero size).
    package func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: x + insets.left, y: y + insets.top,
            width: max(0, width - insets.left - insets.right),
            height: max(0, height - insets.top - insets.bottom))
    }
}

/// Space on the four sides of a box, as CSS writes it: top, right, bottom, left.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double

    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    public static let zero = EdgeInsets(top: 0, right: 0, bottom: 0, left: 0)

    /// The inset where `axis` starts (top or left) and ends (bottom or right).
    package func start(_ axis: Axis) -> Double { axis == .vertical ? top : left }
    package func end(_ axis: Axis) -> Double { axis == .vertical ? bottom : right }
    /// Both insets along `axis`.
    package func total(_ axis: Axis) -> Double { start(axis) + end(axis) }
}
