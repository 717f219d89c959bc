// Elements moved as others come or go in one re-binding, with a row outside
// the list that reads its count resized by the same change: the quick
// transition (IncrementalLayout+MixedSplice) held to the general one.

@testable import StackRuntime
import TestSupport
import XCTest

extension QuickTransitionTests {
    /// The feed's head reads the count and changes size at 33 and 37
    /// posts: each re-binding below moves posts, puts some in or out and
    /// crosses one of those counts. The head takes its resize track, the
    /// rows after it move by its growth plus their run's shift, with the
    /// timing of the nearest change before them.
    func testElementsMovedAsOthersComeAndGoWithTheCountsReaderResized() throws {
        try checkMixedWithCountReaders(Self.feedSource)
        // A row after the list reading the count too (at 35 posts): it
        // starts its resize from where it was before the blocks moved it.
        try checkMixedWithCountReaders(Self.feedSource.replacingOccurrences(
            of: "Text tail { text: \"end\"  size: 30 }", with: "Text tail { text: \"end\"  size: count(posts) > 34 ? 44 : 30 }"))
    }

    func checkMixedWithCountReaders(_ source: String) throws {
        XCTAssertTrue(source.contains("Text head"))
        let model = try InterpolationTests.loaded(source)
        func post(_ n: Int) -> String { "{\"id\": \"p\(n)\", \"title\": \"post \(n)\", \"size\": \(20 + n % 7 * 9), \"flag\": \(n % 11 == 3)}" }
        var posts = (0..<32).map(post)
        var (quick, general) = sessions(model, height: 4000)  // every row in view
        func bind(at time: Double) throws {
            let json = "[" + posts.joined(separator: ",") + "]"
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("posts", json: json) }
            }
        }
        try bind(at: 0)
        let steps: [(String, (inout [String]) -> Void)] = [
            ("one to the top, one new (33 posts)", { $0.insert($0.remove(at: 5), at: 0); $0.insert(post(100), at: 2) }),
            ("two swapped, one gone (32)", { $0.swapAt(1, 7); $0.remove(at: 3) }),
            ("four new, one moved (36)", {
                $0.insert(post(101), at: 0)
                $0.insert(post(102), at: 10)
                $0.insert(post(103), at: 20)
                $0.insert(post(104), at: 30)
                $0.insert($0.remove(at: 12), at: 4)
            }),
            ("six reversed, one new at the end (37)", { $0[0..<6].reverse(); $0.append(post(105)) }),
            ("one down, two gone (35)", { $0.insert($0.remove(at: 0), at: 9); $0.remove(at: 2); $0.remove(at: 20) }),
            ("two swapped, three gone, two new (34)", {
                $0.swapAt(3, 8)
                $0.remove(at: 0)
                $0.remove(at: 15)
                $0.remove(at: 25)
                $0.insert(post(106), at: 5)
                $0.insert(post(107), at: 6)
            }),
        ]
        // The sizes the source gives the rows that read the count.
        let tailReads = source.contains("count(posts) > 34")
        func sizes(_ count: Int) -> [Int] { [count > 36 ? 52 : count > 32 ? 46 : 40, tailReads && count > 34 ? 44 : 30] }
        var time = 1.0
        for (label, step) in steps {
            let was = sizes(posts.count)
            step(&posts)
            try bind(at: time)
            let log = quick.screen.live.incremental.changeLog
            XCTAssertTrue(log.moved != nil && !log.blocks.isEmpty, "\(label): rows moved with blocks")
            XCTAssertNotNil(quick.screen.quick, "\(label): a quick transition")
            let resizes = quick.screen.quick?.rootTracks.filter { $0.kind == .resize }.count ?? 0
            XCTAssertEqual(resizes, zip(was, sizes(posts.count)).filter { $0 != $1 }.count, "\(label): the rows that read the count resized")
            compare(&quick, &general, at: time, after: [0, 0.04, 0.1, 0.2, 0.35, 2.0], label: label)
            time += 3
        }
    }
}
