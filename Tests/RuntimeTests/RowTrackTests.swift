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
            XCTAssertEqual(Self.bits(track.before), Self.bits(before), "round \(round)")
            XCTAssertEqual(Self.bits(track.after), Self.bits(after), "round \(round)")
            XCTAssertEqual(Self.bits(track.from), Self.bits(from), "round \(round)")
            XCTAssertEqual(Self.bits(track.to), Self.bits(to), "round \(round)")
            if let before, let after, Self.bits(before) == Self.bits(from), Self.bits(after) == Self.bits(to) { shared += 1 }
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
            XCTAssertEqual(Self.bits(moved.before), Self.bits(from), "round \(round)")
            XCTAssertEqual(Self.bits(moved.after), Self.bits(to), "round \(round)")
            XCTAssertEqual(moved.reach(along: .vertical)?.low, Self.reach(of: [from, to], curve: curve, along: .vertical)?.low)
        }
        XCTAssertGreaterThan(shared, 100, "tracks from their from to their to")
    }

    /// A track read in place (as the general transition reads the tracks
    /// a change interrupts) against the definitions: its pose at an
    /// instant `before` up to the delay, `after` from the end on, the curve
    /// between; headed to a pose when it ends drawn alike, hidden alike, in
    /// a frame the same to within its last bits; carried on from where it
    /// was with what is left of its delay and duration, to where it was
    /// going, starting there too.
    func testInPlaceReadsAgainstTheirDefinitions() {
        var random = SplitMix64(seed: 0x1F1A)
        func coordinate() -> Double { [0.0, -0.0, 1.5, -3.25, 100, 2e6].randomElement(using: &random)! }
        func rect() -> Rect { Rect(x: coordinate(), y: coordinate(), width: 10, height: abs(coordinate())) }
        func makePose() -> Pose {
            Pose(
                frame: rect(), content: Bool.random(using: &random) ? rect() : nil, separator: Bool.random(using: &random) ? rect() : nil,
                effects: Effects(alpha: Bool.random(using: &random) ? 1 : 0.5, scale: 1, offsetX: coordinate(), offsetY: 0),
                hidden: Int.random(in: 0..<4, using: &random) == 0)
        }
        var headed = 0, notHeaded = 0
        for round in 0..<2000 {
            let from = makePose(), to = makePose()
            let before: Pose? = [from, makePose(), nil].randomElement(using: &random)!
            let after: Pose? = [to, to, makePose(), nil].randomElement(using: &random)!
            let delay = [0, 0.1].randomElement(using: &random)!, duration = [0, 0.25].randomElement(using: &random)!
            let curve = [TimingCurve.linear, .easeInOut, TimingCurve(.spring(damping: 0.4, velocity: 2), duration: 0.3)][round % 3]
            let track = RowTrack(
                row: round, kind: .move, delay: delay, duration: duration, curve: curve, before: before, from: from, to: to, after: after)
            for t in [0, 0.05, 0.1, 0.2, 0.35, 1] {
                let expected = t <= delay ? before : t >= delay + duration ? after : from.interpolated(to: to, curve.progress(at: (t - delay) / duration))
                XCTAssertEqual(Self.bits(track.pose(at: t)), Self.bits(expected), "round \(round) at \(t)")
            }
            // Targets: the end itself, one within its last bits, one moved,
            // one hidden otherwise, none.
            var close = after ?? to
            close.frame.y = close.frame.y + close.frame.y.ulp
            var moved = after ?? to
            moved.frame.x += 1
            var flipped = after ?? to
            flipped.hidden.toggle()
            for target in [after, close, moved, flipped, nil] {
                let expected: Bool
                switch (after, target) {
                case (nil, nil): expected = true
                case (let a?, let b?):
                    expected = a.hidden == b.hidden && !Transition.differ(a.frame.x, b.frame.x) && !Transition.differ(a.frame.y, b.frame.y)
                        && !Transition.differ(a.frame.width, b.frame.width) && !Transition.differ(a.frame.height, b.frame.height)
                default: expected = false
                }
                XCTAssertEqual(Transition.isHeaded(track, to: target), expected, "round \(round)")
                if expected { headed += 1 } else { notHeaded += 1 }
            }
            let elapsed = [0.05, 0.15, 0.3].randomElement(using: &random)!
            let here: Pose? = Bool.random(using: &random) ? track.pose(at: elapsed) : nil
            let next = Transition.continuation(of: track, from: here, elapsed: elapsed)
            XCTAssertEqual(next.row, round)
            XCTAssertEqual(next.delay, max(0, delay - elapsed), "round \(round)")
            XCTAssertEqual(next.duration, max(0, delay + duration - max(elapsed, delay)), "round \(round)")
            XCTAssertEqual(Self.bits(next.before), Self.bits(here), "round \(round)")
            XCTAssertEqual(Self.bits(next.from), Self.bits(here ?? from), "round \(round)")
            XCTAssertEqual(Self.bits(next.to), Self.bits(to), "round \(round)")
            XCTAssertEqual(Self.bits(next.after), Self.bits(after), "round \(round)")
        }
        XCTAssertGreaterThan(headed, 1000)
        XCTAssertGreaterThan(notHeaded, 1000)
    }

    /// A pose's every bit (nil: none), to compare poses bit for bit.
    static func bits(_ pose: Pose?) -> [UInt64]? {
        guard let pose else { return nil }
        func of(_ rect: Rect?) -> [UInt64] {
            rect.map { [1, $0.x.bitPattern, $0.y.bitPattern, $0.width.bitPattern, $0.height.bitPattern] } ?? [0]
        }
        return of(pose.frame) + of(pose.content) + of(pose.separator)
            + [pose.effects.alpha, pose.effects.scale, pose.effects.offsetX, pose.effects.offsetY].map(\.bitPattern) + [pose.hidden ? 1 : 0]
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
