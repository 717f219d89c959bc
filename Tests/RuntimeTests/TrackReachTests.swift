// TrackReach narrows a transition's tracks to the run a window may show. The
// reference is asking every track (RowTrack.mayShow): on tracks in row order
// with noise, tracks far out of order, effects, springs that overshoot,
// tracks with no pose and rows that are not the screen's, no track that may
// show is ever left out; and rows that move in order give a window's worth.

@testable import StackRuntime
import TestSupport
import XCTest

final class TrackReachTests: XCTestCase {
    func pose(_ y: Double, _ height: Double, offsetY: Double = 0, scale: Double = 1) -> Pose {
        Pose(frame: Rect(x: 0, y: y, width: 390, height: height), content: nil, separator: nil, effects: Effects(alpha: 1, scale: scale, offsetX: 0, offsetY: offsetY))
    }

    func testNoTrackThatMayShowIsLeftOut() {
        var random = SplitMix64(seed: 0x7EAC)
        let curves: [TimingCurve] = [.linear, .easeInOut, .spring(damping: 0.3, velocity: 2, duration: 0.5)]
        for round in 0..<TestScale.count(full: 400, quick: 100) {
            var tracks: [RowTrack] = []
            var roots = Set<Int>()
            for row in 0..<Int.random(in: 0...300, using: &random) {
                // Mostly in row order, some anywhere.
                let base = Int.random(in: 0..<10, using: &random) == 0 ? Double.random(in: -500...20_000, using: &random) : Double(row) * 50
                let from = pose(base + Double.random(in: -80...80, using: &random), Double.random(in: 0...120, using: &random))
                let to = pose(base + Double.random(in: -80...80, using: &random), Double.random(in: 0...120, using: &random),
                    offsetY: Int.random(in: 0..<8, using: &random) == 0 ? Double.random(in: -300...300, using: &random) : 0,
                    scale: Int.random(in: 0..<8, using: &random) == 0 ? Double.random(in: 0.2...3, using: &random) : 1)
                let drawnBefore = Bool.random(using: &random) ? from : nil
                let drawnAfter = Int.random(in: 0..<4, using: &random) == 0 ? nil : to
                tracks.append(RowTrack(
                    row: row, kind: .move, delay: 0, duration: 0.3, curve: curves.randomElement(using: &random)!,
                    before: drawnBefore, from: from, to: to, after: drawnAfter))
                if Int.random(in: 0..<5, using: &random) != 0 { roots.insert(row) }
            }
            let reach = TrackReach(tracks, axis: .vertical, isRoot: roots.contains)
            for _ in 0..<50 {
                let low = Double.random(in: -1000...21_000, using: &random)
                let high = low + Double.random(in: 0...1500, using: &random)
                let found = Set(reach.candidates(between: low, high).map(Int.init))
                for (index, track) in tracks.enumerated() where roots.contains(track.row) && track.mayShow(along: .vertical, between: low, high) {
                    XCTAssertTrue(found.contains(index), "round \(round): track \(index) (\(track.from.frame) → \(track.to.frame)) may show in \(low)..<\(high) but was left out")
                }
                XCTAssertTrue(found.allSatisfy { roots.contains(tracks[$0].row) }, "round \(round): only the screen's rows")
            }
        }
    }

    func testRowsMovingInOrderGiveAWindowsWorth() {
        // 10,000 rows below a change, each moving 30 points down.
        let tracks = (0..<10_000).map { row in
            RowTrack(row: row, kind: .move, delay: 0, duration: 0.3, curve: .easeInOut,
                before: pose(Double(row) * 44, 44), from: pose(Double(row) * 44, 44), to: pose(Double(row) * 44 + 30, 44), after: pose(Double(row) * 44 + 30, 44))
        }
        let reach = TrackReach(tracks, axis: .vertical) { _ in true }
        let window = reach.candidates(between: 220_000, 220_844)
        XCTAssertEqual(window.map(Int.init), Array(4999...5019))
        XCTAssertTrue(reach.candidates(between: 500_000, 501_000).isEmpty)
        XCTAssertTrue(TrackReach().candidates(between: 0, 100).isEmpty)
    }
}
