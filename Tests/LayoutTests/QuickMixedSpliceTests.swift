// Elements moved as others come or go in one re-binding, with a row outside
// the list that reads its count resized, shown or hidden by the same
// change: the quick transition (IncrementalLayout+MixedSplice) held to the
// general one.

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

    /// `posts` bound as the list `posts` on both sessions at `time`.
    func bindPosts(_ posts: [String], at time: Double, _ quick: inout HostSession, _ general: inout HostSession) throws {
        let json = "[" + posts.joined(separator: ",") + "]"
        try onBoth(&quick, &general) { session, _ in
            _ = try session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("posts", json: json) }
        }
    }

    func checkMixedWithCountReaders(_ source: String) throws {
        XCTAssertTrue(source.contains("Text head"))
        let model = try InterpolationTests.loaded(source)
        func post(_ n: Int) -> String { "{\"id\": \"p\(n)\", \"title\": \"post \(n)\", \"size\": \(20 + n % 7 * 9), \"flag\": \(n % 11 == 3)}" }
        var posts = (0..<32).map(post)
        var (quick, general) = sessions(model, height: 4000)  // every row in view
        func bind(at time: Double) throws { try bindPosts(posts, at: time, &quick, &general) }
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

    /// A hidden row shown by the same re-binding starts from where its run
    /// moved it, a spacing earlier after a shown row: here no row before it
    /// shows any more (the one shown went, the ones that came are flagged),
    /// so it starts a spacing further along than its run's sums moved.
    func testARowShownAsOthersComeAndGoStartsWhereItsRunMovedIt() throws {
        let source = """
            record Post { id: string  size: number  flag: bool = false }
            screen Feed {
                data posts: [Post]
                spacing: 7
                defaults {
                    transition insert { duration: 250ms }
                    transition remove { duration: 200ms }
                    transition move { duration: 300ms }
                    transition show { duration: 220ms  from { alpha: 0 } }
                }
                for p in posts key p.id {
                    Text title { text: p.id  size: p.size  hidden: p.flag }
                }
                Text note { text: "four"  size: 24  hidden: count(posts) != 4 }
                Text tail { text: "end"  size: 30 }
            }
            """
        let model = try InterpolationTests.loaded(source)
        func post(_ id: String, _ flag: Bool) -> String { "{\"id\": \"\(id)\", \"size\": 40, \"flag\": \(flag)}" }
        var (quick, general) = sessions(model, height: 1000)
        func bind(_ posts: [String], at time: Double) throws { try bindPosts(posts, at: time, &quick, &general) }
        try bind([post("a", true), post("e", true), post("b", false)], at: 0)
        // a and e swapped, b gone, c and d (flagged) come: four posts, the note shows.
        try bind([post("e", true), post("a", true), post("c", true), post("d", true)], at: 1)
        let log = quick.screen.live.incremental.changeLog
        XCTAssertTrue(log.moved != nil && !log.blocks.isEmpty, "rows moved with blocks")
        XCTAssertEqual(quick.screen.quick?.rootTracks.filter { $0.kind == .show }.count, 1, "the note shows on a quick transition")
        compare(&quick, &general, at: 1, after: [0, 0.04, 0.1, 0.2, 0.35, 2.0], label: "note shown")
        // And back: b again, c and d gone, the note hides.
        try bind([post("a", true), post("e", true), post("b", false)], at: 4)
        XCTAssertEqual(quick.screen.quick?.rootTracks.filter { $0.kind == .hide }.count, 1, "the note hides on a quick transition")
        compare(&quick, &general, at: 4, after: [0, 0.04, 0.1, 0.2, 0.35, 2.0], label: "note hidden")
    }

    /// Under `hide-last-separator`, posts moved and one shown coming after
    /// a head that was the last shown row (every post hidden) and reads
    /// the count: the head, evaluated again after the splice, had no
    /// separator before the change — the general transition's (the quick
    /// one would start it with the separator it has now); while a change
    /// that makes another post last, the rows evaluated again not among
    /// them, is quick.
    func testARowEvaluatedAgainThatWasTheLastShownOneKeepsTheSeparatorItHad() throws {
        let source = """
            record Post { id: string  flag: bool = false }
            screen Feed {
                data posts: [Post]
                spacing: 4
                hide-last-separator: true
                defaults {
                    separator { color: #DDDDDD  thickness: 1 }
                    transition insert { duration: 250ms }
                    transition remove { duration: 200ms }
                    transition move { duration: 300ms }
                    transition resize { duration: 150ms }
                }
                Text head { text: "\\(count(posts)) posts"  size: count(posts) > 2 ? 50 : 40 }
                for p in posts key p.id {
                    Text title { text: p.id  size: 36  hidden: p.flag }
                }
            }
            """
        let model = try InterpolationTests.loaded(source)
        func post(_ id: String, _ flag: Bool) -> String { "{\"id\": \"\(id)\", \"flag\": \(flag)}" }
        var (quick, general) = sessions(model, height: 1000)
        func bind(_ posts: [String], at time: Double) throws { try bindPosts(posts, at: time, &quick, &general) }
        try bind([post("a", true), post("b", true)], at: 0)
        XCTAssertEqual(quick.screen.live.incremental.lastVisibleRootRow(), 0, "the head is the last shown row")
        // a and b swapped, c (shown) comes: three posts, the head grows and is last no more.
        try bind([post("b", true), post("a", true), post("c", false)], at: 1)
        let log = quick.screen.live.incremental.changeLog
        XCTAssertTrue(log.moved != nil && !log.blocks.isEmpty, "rows moved with blocks")
        compare(&quick, &general, at: 1, after: [0, 0.04, 0.1, 0.2, 2.0], label: "the head no longer last")
        // c and a swapped, d comes, b shown at the end (made again): another
        // post is last, the head not among the rows changing.
        try bind([post("c", false), post("a", true), post("d", false), post("b", false)], at: 4)
        let next = quick.screen.live.incremental.changeLog
        XCTAssertTrue(next.moved != nil && !next.blocks.isEmpty, "rows moved with blocks again")
        XCTAssertNotNil(quick.screen.quick, "another post last, quickly")
        compare(&quick, &general, at: 4, after: [0, 0.04, 0.1, 0.2, 2.0], label: "another post last")
    }
}
