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
        }
        XCTAssertGreaterThan(shared, 100, "tracks from their from to their to")
    }
}
