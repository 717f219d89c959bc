// TrackEnds finds the tracks that end in a stretch of time by runs of one
// end. The reference is asking every track: on tracks whose ends come in
// runs (rows following a change), scattered (own delays), repeated in
// runs far apart, and tracks without a duration, for stretches that begin
// or end exactly on an end, the same tracks are found.

@testable import StackRuntime
import TestSupport
import XCTest

final class TrackEndsTests: XCTestCase {
    func testTheTracksEndingInAStretchAreTheOnesAskingEveryTrackFinds() {
        var random = SplitMix64(seed: 0xE4D5)
        let pose = Pose(frame: Rect(x: 0, y: 0, width: 10, height: 10), content: nil, separator: nil, effects: .none)
        for round in 0..<TestScale.count(full: 2000, quick: 500) {
            var tracks: [RowTrack] = []
            let ends = [0.1, 0.25, 0.3, 0.3 + 1e-12, 0.5]
            let count = Int.random(in: 0...200, using: &random)
            while tracks.count < count {
                let run = Int.random(in: 1...30, using: &random)
                let shared = Int.random(in: 0..<3, using: &random) == 0 ? nil : ends.randomElement(using: &random)!
                for _ in 0..<run {
                    let end = shared ?? Double(Int.random(in: 0...60, using: &random)) / 100
                    let duration = Int.random(in: 0..<8, using: &random) == 0 ? 0 : min(end, Double.random(in: 0.01...0.3, using: &random))
                    tracks.append(RowTrack(
                        row: tracks.count, kind: .move, delay: end - duration, duration: duration, curve: .linear,
                        before: pose, from: pose, to: pose, after: pose))
                }
            }
            let index = TrackEnds(tracks)
            let instants = [0.0, 0.1, 0.2, 0.25, 0.3, 0.3 + 1e-12, 0.45, 0.5, 0.6, -1, 5]
            for _ in 0..<20 {
                let a = instants.randomElement(using: &random)!, b = instants.randomElement(using: &random)!
                let (t0, t1) = (min(a, b), max(a, b))
                let expected = tracks.indices.filter { tracks[$0].duration > 0 && tracks[$0].end > t0 && tracks[$0].end <= t1 }
                XCTAssertEqual(index.ending(after: t0, through: t1).sorted(), expected, "round \(round): \(t0) < end ≤ \(t1)")
            }
        }
        XCTAssertEqual(TrackEnds().ending(after: 0, through: 10), [])
    }
}
