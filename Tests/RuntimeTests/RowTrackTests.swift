// A track keeps `before` and `after` apart only when they are not its
// `from` and `to` bit for bit: whatever it keeps, it must hand back exactly
// the poses it was given, -0 and all.

import XCTest
@testable import StackRuntime
import TestSupport

final class RowTrackTests: XCTestCase {
    func testHandsBackThePosesItWasGivenBitForBit() {
        var random = SplitMix64(seed: 0x7AC4)
        func coordinate() -> Double {
            [0.0, -0.0, 1.5, -3.25, 100].randomElement(using: &random)!
        }
        func rect() -> Rect { Rect(x: coordinate(), y: coordinate(), width: 10, height: coordinate()) }
        func makePose() -> Pose {
            Pose(
                frame: rect(), content: Bool.random(using: &random) ? rect() : nil, separator: Bool.random(using: &random) ? rect() : nil,
                effects: Effects(alpha: Bool.random(using: &random) ? 1 : 0, scale: 1, offsetX: coordinate(), offsetY: 0),
                hidden: Bool.random(using: &random))
        }
        func bits(_ pose: Pose?) -> [UInt64]? {
            guard let pose else { return nil }
            func of(_ rect: Rect?) -> [UInt64] {
                rect.map { [1, $0.x.bitPattern, $0.y.bitPattern, $0.width.bitPattern, $0.height.bitPattern] } ?? [0]
            }
            return of(pose.frame) + of(pose.content) + of(pose.separator)
                + [pose.effects.alpha, pose.effects.scale, pose.effects.offsetX, pose.effects.offsetY].map(\.bitPattern) + [pose.hidden ? 1 : 0]
        }
        var shared = 0
        for round in 0..<2000 {
            let from = makePose(), to = makePose()
            // Often the very poses (a move), sometimes equal but for a
            // zero's sign, other poses, or none.
            func near(_ pose: Pose) -> Pose? {
                switch Int.random(in: 0..<5, using: &random) {
                case 0, 1: return pose
                case 2:
                    var flipped = pose
                    flipped.frame.x = pose.frame.x == 0 ? -pose.frame.x : pose.frame.x
                    return flipped
                case 3: return makePose()
                default: return nil
                }
            }
            let before = near(from), after = near(to)
            let track = RowTrack(row: round, kind: .move, delay: 0, duration: 0.3, curve: .linear, before: before, from: from, to: to, after: after)
            XCTAssertEqual(bits(track.before), bits(before), "round \(round)")
            XCTAssertEqual(bits(track.after), bits(after), "round \(round)")
            XCTAssertEqual(bits(track.from), bits(from), "round \(round)")
            XCTAssertEqual(bits(track.to), bits(to), "round \(round)")
            if let before, let after, bits(before) == bits(from), bits(after) == bits(to) { shared += 1 }
            // How far it reaches, against the span of all four poses (it
            // reads `before` and `after` only when it keeps them apart).
            let curve = [TimingCurve.linear, .easeInOut, TimingCurve(.spring(damping: 0.4, velocity: 2), duration: 0.3)][round % 3]
            let curved = RowTrack(row: round, kind: .move, delay: 0, duration: 0.3, curve: curve, before: before, from: from, to: to, after: after)
            for axis in [Axis.vertical, .horizontal] {
                let reach = curved.reach(along: axis)
                let expected = Self.reach(of: [before, from, to, after].compactMap { $0 }, curve: curve, along: axis)
                XCTAssertEqual(reach?.low, expected?.low, "round \(round) \(axis)")
                XCTAssertEqual(reach?.high, expected?.high, "round \(round) \(axis)")
            }
            // A track made from `from` to `to` alone is one whose `before`
            // and `after` are those poses.
            let moved = RowTrack(row: round, kind: .resize, delay: 0.1, duration: 0.2, curve: curve, from: from, to: to)
            XCTAssertEqual(bits(moved.before), bits(from), "round \(round)")
            XCTAssertEqual(bits(moved.after), bits(to), "round \(round)")
            XCTAssertEqual(moved.reach(along: .vertical)?.low, Self.reach(of: [from, to], curve: curve, along: .vertical)?.low)
        }
        XCTAssertGreaterThan(shared, 100, "tracks from their from to their to")
    }

    /// The reference: every pose's span along `axis`, widened by the
    /// curve's overshoot of the whole span, the largest offset and scale
    /// growth, and a millionth; nil when the spans end before they start
    /// (this test's poses have negative heights).
    static func reach(of poses: [Pose], curve: TimingCurve, along axis: Axis) -> (low: Double, high: Double)? {
        let vertical = axis == .vertical
        let starts = poses.map { vertical ? $0.frame.y : $0.frame.x }
        let ends = poses.map { vertical ? $0.frame.y + $0.frame.height : $0.frame.x + $0.frame.width }
        let shift = poses.map {
            abs(vertical ? $0.effects.offsetY : $0.effects.offsetX) + abs($0.effects.scale - 1) * (vertical ? $0.frame.height : $0.frame.width)
        }.max()!
        let low = starts.min()!, high = ends.max()!
        guard low <= high else { return nil }
        let margin = (high - low) * curve.overshoot + max(0, shift) + 1e-6
        return (low - margin, high + margin)
    }
}
