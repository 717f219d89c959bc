// What a row looks like at one instant: its frames (as a layout gives them)
// and the effects a transition lays over them.

/// A row as drawn at one instant.
package struct PresentedRow: Hashable, Sendable {
    package var frame: Rect
    package var content: Rect?
    package var separator: Rect?
    package var visibility: Visibility
    /// Opacity, 0…1.
    package var alpha: Double
    package var scale: Double
    /// Translation in points, on top of the frame.
    package var offsetX: Double
    package var offsetY: Double

    package init(
        frame: Rect, content: Rect?, separator: Rect?, visibility: Visibility,
        alpha: Double = 1, scale: Double = 1, offsetX: Double = 0, offsetY: Double = 0
    ) {
        self.frame = frame
        self.content = content
        self.separator = separator
        self.visibility = visibility
        self.alpha = alpha
        self.scale = scale
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    /// The row as `layout` places it, with no effects.
    package init(_ layout: borrowing ScreenLayout, row: Int, offset: Double) {
        self.init(
            frame: layout.frame(of: row), content: layout.contentFrame(of: row), separator: layout.separatorFrame(of: row),
            visibility: layout.visibility(of: row, offset: offset))
    }

    /// Effects only: alpha, scale and offset of `keyframe`, the rest from `self`.
    func with(_ effects: Effects) -> PresentedRow {
        var row = self
        row.alpha = effects.alpha
        row.scale = effects.scale
        row.offsetX = effects.offsetX
        row.offsetY = effects.offsetY
        return row
    }

    var effects: Effects { Effects(alpha: alpha, scale: scale, offsetX: offsetX, offsetY: offsetY) }
}

/// Alpha, scale and offset: what `from { … }` and `to { … }` set.
struct Effects: Hashable, Sendable {
    var alpha = 1.0
    var scale = 1.0
    var offsetX = 0.0
    var offsetY = 0.0

    static let none = Effects()
}

extension Rect {
    /// The rect a fraction `p` of the way from `self` to `other`.
    func interpolated(to other: Rect, _ p: Double) -> Rect {
        Rect(
            x: lerp(x, other.x, p), y: lerp(y, other.y, p),
            width: lerp(width, other.width, p), height: lerp(height, other.height, p))
    }

    /// The rect with no extent along `axis`, where it starts.
    func collapsed(along axis: Axis) -> Rect {
        axis == .vertical ? Rect(x: x, y: y, width: width, height: 0) : Rect(x: x, y: y, width: 0, height: height)
    }

    func moved(by dx: Double, _ dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rect moved `distance` along `axis`.
    func moved(along axis: Axis, by distance: Double) -> Rect {
        axis == .vertical ? moved(by: 0, distance) : moved(by: distance, 0)
    }
}

func lerp(_ a: Double, _ b: Double, _ p: Double) -> Double {
    // Exact at both ends, whatever the rounding in between.
    p == 0 ? a : p == 1 ? b : a + (b - a) * p
}
