// A re-binding that puts elements in and out at many places (a search
// filter), or moves them in many runs (a list sorted again), or both,
// animates without a full layout however many blocks and runs it makes, up
// to the rows a change may log (a quarter of the screen's, at least 4,096):
// it took the general transition past 64 blocks or 256 runs. Drawn as the
// general transition draws it — the oracle, as in QuickTransitionTests —
// from rest and while another such change runs, at the top and further down.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

extension QuickTransitionTests {
    func testElementsFilteredAndSortedInManyPlacesPresentAsTheGeneralTransition() throws {
        let model = try InterpolationTests.loaded(Self.feedSource)
        var random = SplitMix64(seed: 0xF117E5)
        func post(_ id: Int) -> String {
            "{\"id\": \"p\(id)\", \"title\": \"post \(id)\", \"size\": \(Int.random(in: 20...80, using: &random)), \"flag\": \(id % 9 == 0)}"
        }
        let all = (0..<400).map(post)
        var (quick, general) = sessions(model, height: 600)
        var posts = all
        func bind(at time: Double) throws {
            let json = "[" + posts.joined(separator: ",") + "]"
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("posts", json: json) }
            }
        }
        try bind(at: 0)
        // Each step: a scroll offset, how long after the last step (0.05:
        // while it still animates), and the new list.
        let steps: [(label: String, scroll: Double, after: Double, change: (inout [String], inout SplitMix64) -> Void)] = [
            ("every third filtered out", 0, 1, { posts, _ in posts = posts.enumerated().filter { $0.offset % 3 != 1 }.map(\.element) }),
            ("back in", 0, 1, { posts, _ in posts = all }),
            ("reversed", 0, 1, { posts, _ in posts.reverse() }),
            ("reversed back", 2_000, 1, { posts, _ in posts.reverse() }),
            ("shuffled", 2_000, 1, { posts, random in posts.shuffle(using: &random) }),
            ("sorted again", 2_000, 1, { posts, _ in posts = all }),
            ("filtered and reversed", 0, 1, { posts, _ in posts = posts.enumerated().filter { $0.offset % 4 != 2 }.map(\.element).reversed() }),
            ("back, while that runs", 0, 0.05, { posts, _ in posts = all }),
            ("filtered again, while that runs", 3_000, 0.05, { posts, _ in posts = posts.enumerated().filter { $0.offset % 5 != 0 }.map(\.element) }),
            ("pairs swapped", 3_000, 1, { posts, _ in
                for pair in stride(from: 0, to: posts.count - 1, by: 2) { posts.swapAt(pair, pair + 1) }
            }),
            ("pairs swapped back, some out, some in, while that runs", 1_000, 0.05, { posts, random in
                for pair in stride(from: 0, to: posts.count - 1, by: 2) { posts.swapAt(pair, pair + 1) }
                posts = posts.enumerated().filter { $0.offset % 7 != 3 }.map(\.element)
                for _ in 0..<80 { posts.insert(all[Int.random(in: 0..<all.count, using: &random)].replacing("\"p", with: "\"q"), at: Int.random(in: 0...posts.count, using: &random)) }
                var seen = Set<String>()
                posts = posts.filter { seen.insert(String($0.split(separator: "\"")[3])).inserted }
            }),
        ]
        var time = 0.0
        for (number, (label, scroll, after, change)) in steps.enumerated() {
            time += after
            if after >= 1 {
                onBoth(&quick, &general) { session, _ in
                    session.scroll(to: min(scroll, max(session.screen.live.contentMain - 600, 0)), at: time - 0.5)
                    _ = session.pass(at: time - 0.5)
                }
            }
            let before = posts
            change(&posts, &random)
            let composed = quick.screen.changesComposed
            try bind(at: time)
            let log = quick.screen.live.incremental.changeLog
            let blocks = log.blocks.count, runs = log.moved?.runs.count ?? 0
            XCTAssertTrue(blocks > 64 || runs > 256, "\(label): \(blocks) blocks, \(runs) runs (\(before.count) → \(posts.count) posts)")
            XCTAssertNotNil(quick.screen.quick, "\(label): the quick path")
            if after < 1 { XCTAssertGreaterThan(quick.screen.changesComposed, composed, "\(label): composed with the change running") }
            // Up to the next step, when it comes while this one runs.
            let next = number + 1 < steps.count ? steps[number + 1].after : .infinity
            compare(&quick, &general, at: time, after: [0.0, 0.02, 0.04, 0.1, 0.16, 0.25, 0.32, 0.45, 2.0].filter { $0 < next }, label: label)
            if testRun?.failureCount ?? 0 > 0 { return }
        }
    }
}
