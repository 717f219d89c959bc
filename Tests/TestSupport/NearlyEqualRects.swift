// Frames compared up to rounding: the live screen's O(log n) frames come
// from running sums, a layout from scratch from its own additions.

import StackRuntime

/// Whether `a` and `b` are both nil, or equal in every coordinate within `tolerance`.
public func nearlyEqual(_ a: Rect?, _ b: Rect?, tolerance: Double = 1e-6) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return [a.x - b.x, a.y - b.y, a.width - b.width, a.height - b.height].allSatisfy { abs($0) < tolerance }
}
