// Rows resized, shown or hidden and then elements inserted or removed (or
// moved as others come and go) in one change — a tap that sets a state and
// then binds the list again — animate without a full layout: the blocks
// measured as the rows were before the change, the rows changed before the
// splice on their tracks from where they were (IncrementalLayout+Splice).
// The oracle is the general transition.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

extension QuickTransitionTests {
    /// A feed whose head, note, titles and tail read two states.
    /// `card`: a card after the note whose rows read them too.
    static func statefulFeedSource(hideLast: Bool, card: Bool = false) -> String {
        """
        record Post { id: string  title: string  size: number  flag: bool = false }
        screen Feed {
            data posts: [Post]
            state big: bool = false
            state quiet: bool = false
            spacing: 3
            \(hideLast ? "hide-last-separator: true" : "")
            defaults {
                separator { color: #DDDDDD  thickness: 1 }
                transition insert { duration: 250ms  curve: ease-out  from { alpha: 0  scale: 0.8 } }
                transition remove { duration: 200ms  to { alpha: 0 } }
                transition resize { duration: 180ms }
                transition show { duration: 220ms }
                transition hide { duration: 150ms }
                transition move { duration: 300ms }
            }
            Text head { text: "\\(count(posts)) posts"  size: big ? 70 : 40 }
            Text note { text: "note"  size: 24  hidden: quiet }
            \(card ? "Stack card { padding: 6  Text inner { text: \"inside\"  size: big ? 44 : 26 }  Text aside { text: \"aside\"  size: 18  hidden: quiet } }" : "")
            for p in posts key p.id {
                Text title { text: p.title  size: big && p.size > 50 ? p.size + 12 : p.size  hidden: p.flag }
                Text more { text: "more"  size: 20  hidden: quiet && p.size < 30  transition insert { duration: 400ms  delay: 50ms } }
            }
            Text tail { text: "end"  size: quiet ? 20 : 30 }
        }
        """
    }

    /// The stateful feed's posts `ids`, each titled "post", of size
    /// `size(id)`, as a document.
    static func postsJSON(_ ids: [Int], size: (Int) -> Int = { _ in 70 }) -> String {
        "[" + ids.map { "{\"id\": \"p\($0)\", \"title\": \"post\", \"size\": \(size($0)), \"flag\": false}" }.joined(separator: ",") + "]"
    }

    /// The feed bound again to `json` and then `big` set, in one change at
    /// `time`, on both sessions.
    func bindThenSetBig(_ json: String, _ big: Bool, at time: Double, _ quick: inout HostSession, _ general: inout HostSession) throws {
        try onBoth(&quick, &general) { session, _ in
            _ = try session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                try live.bind("posts", json: json) + live.setState("big", to: .bool(big))
            }
        }
    }

    /// States set, then the feed bound again with posts inserted, removed,
    /// moved or changed (and sometimes a state set after the binding too), mostly
    /// at rest, some while the change before runs, with and without
    /// `hide-last-separator`, and beside a card whose rows the states
    /// change too: every pass drawn as the general transition draws it,
    /// and most of those made at rest, states set first, taken without a
    /// full layout.
    func testStatesSetThenElementsInsertedOrRemovedPresentAsTheGeneralTransition() throws {
        for (hideLast, card) in [(false, false), (true, false), (false, true), (true, true)] {
            let model = try InterpolationTests.loaded(Self.statefulFeedSource(hideLast: hideLast, card: card))
            var random = SplitMix64(seed: 0x5B1C + (card ? 2 : 0) + (hideLast ? 1 : 0))
            func post(_ id: Int, size: Int, flag: Bool) -> String {
                "{\"id\": \"p\(id)\", \"title\": \"post \(id)\", \"size\": \(size), \"flag\": \(flag)}"
            }
            var posts = (0..<24).map { (id: $0, size: 20 + $0 % 7 * 9, flag: $0 % 5 == 4) }
            var nextID = posts.count
            func json() -> String { "[" + posts.map { post($0.id, size: $0.size, flag: $0.flag) }.joined(separator: ",") + "]" }
            var (quick, general) = sessions(model, height: 500)
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("posts", json: json()) }
            }
            var time = 1.0, atRest = 0, quickly = 0, statesFirst = 0, mixedStatesFirst = 0
            // Posts moved as others come or go, states set first, while the
            // change before runs: composed with it.
            var mixedStatesFirstComposed = 0
            var big = false, quiet = false
            let steps = TestScale.count(full: 300, quick: 100)
            for step in 0..<steps {
                time += [0.05, 0.6, 1.0, 1.0][Int.random(in: 0..<4, using: &random)]
                // The data: a post or two in, out, moved or changed (kept
                // between 8 and 40 posts).
                for _ in 0..<Int.random(in: 1...2, using: &random) {
                    switch Int.random(in: 0..<4, using: &random) {
                    case 3:
                        // One moved: beside another post in or out, rows
                        // moved with blocks in and out.
                        posts.insert(posts.remove(at: Int.random(in: 0..<posts.count, using: &random)), at: Int.random(in: 0..<posts.count, using: &random))
                    case 0 where posts.count < 40:
                        posts.insert((nextID, Int.random(in: 20...80, using: &random), false), at: Int.random(in: 0...posts.count, using: &random))
                        nextID += 1
                    case 1 where posts.count > 8:
                        posts.remove(at: Int.random(in: 0..<posts.count, using: &random))
                    default:
                        let at = Int.random(in: 0..<posts.count, using: &random)
                        posts[at].size = Int.random(in: 20...80, using: &random)
                    }
                }
                // The states: one or both set before the binding, sometimes
                // one after it.
                let before = [("big", Bool.random(using: &random)), ("quiet", Bool.random(using: &random))].shuffled(using: &random)
                    .prefix(Int.random(in: 1...2, using: &random))
                let after = Int.random(in: 0..<4, using: &random) == 0 ? ("big", Bool.random(using: &random)) : nil
                let changesBefore = before.contains { $0.0 == "big" ? $0.1 != big : $0.1 != quiet }
                for (name, value) in before { if name == "big" { big = value } else { quiet = value } }
                if let after { big = after.1 }
                let offset = Double.random(in: 0...300, using: &random)
                onBoth(&quick, &general) { session, _ in session.scroll(to: offset, at: time - 0.01) }
                let running = quick.isAnimating(at: time)
                let composedBefore = quick.screen.changesComposed
                let text = json()
                try onBoth(&quick, &general) { session, _ in
                    _ = try session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                        var events: [LiveEvent] = []
                        for (name, value) in before { events += try live.setState(name, to: .bool(value)) }
                        events += try live.bind("posts", json: text)
                        if let after { events += try live.setState(after.0, to: .bool(after.1)) }
                        return events
                    }
                }
                let log = quick.screen.live.incremental.changeLog
                if running, quick.screen.changesComposed > composedBefore, log.loggedBeforeSplice > 0, log.moved != nil, !log.blocks.isEmpty {
                    mixedStatesFirstComposed += 1
                }
                if !running {
                    atRest += 1
                    if quick.screen.changedQuickly {
                        quickly += 1
                        if changesBefore { statesFirst += 1 }
                        if changesBefore, log.moved != nil, !log.blocks.isEmpty { mixedStatesFirst += 1 }
                    }
                }
                compare(&quick, &general, at: time, after: [0.0, 0.01, 0.04, 0.1, 0.2, 0.5], label: "hide-last \(hideLast) card \(card) step \(step) before \(before) after \(String(describing: after))")
                if testRun?.failureCount ?? 0 > 0 { return }
            }
            XCTAssertGreaterThan(quickly, atRest * 3 / 4, "changes made at rest taken without a full layout (hide-last \(hideLast), card \(card))")
            XCTAssertGreaterThan(statesFirst, atRest / 4, "of them, states set before the binding (hide-last \(hideLast), card \(card))")
            XCTAssertReached(mixedStatesFirst, moreThan: 3, "of them, posts moved with others in or out (hide-last \(hideLast), card \(card))")
            XCTAssertReached(mixedStatesFirstComposed, moreThan: 1, "and so, made while the change before ran, composed with it (hide-last \(hideLast), card \(card))")
        }
    }

    /// An element inserted and, in the same change after the binding, a
    /// state set that resizes the new rows and the rows after them: the
    /// rows after are where the splice left them less the block as the
    /// splice made it, not as the update resized it (the quick transition
    /// drew them 12 points low at the start, before).
    func testRowsAfterAnInsertedBlockAnUpdateResizesStartWhereTheyWere() throws {
        let model = try InterpolationTests.loaded(Self.statefulFeedSource(hideLast: false))
        var (quick, general) = sessions(model, height: 900)
        try onBoth(&quick, &general) { session, _ in
            _ = try session.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                try live.setState("big", to: .bool(true)) + live.bind("posts", json: Self.postsJSON([1, 2, 3]))
            }
        }
        for (time, ids, big) in [(2.0, [0, 1, 2, 3], false), (4, [0, 2, 3, 4], true), (6, [5, 0, 2, 3, 4], false)] {
            try bindThenSetBig(Self.postsJSON(ids), big, at: time, &quick, &general)
            XCTAssertTrue(quick.screen.changedQuickly, "t \(time): the quick path")
            compare(&quick, &general, at: time, after: [0.0, 0.05, 0.1, 0.3], label: "t \(time): posts \(ids), big \(big)")
        }
    }
}

extension QuickTransitionTests {
    /// Rows moved beside changes inside the cards the screen holds — rows
    /// inside resized, shown or hidden, a state rows inside and outside
    /// read — before the move or after it, in one change, mostly at rest:
    /// every pass drawn as the general transition draws it, and most of
    /// those made at rest taken without a full layout, the rows inside on
    /// their tracks.
    func testRowsMovedBesideChangesInsideHoldersPresentAsTheGeneralTransition() throws {
        let model = try LiveModelTests.model(Self.nestedSource)
        let roots = Set(model.stacks[model.rootStack].rows)
        let inside = model.rows.indices.filter { !roots.contains($0) }
        var atRest = 0, quickly = 0, insideQuick = 0
        let composing = walkMoves(model, seed: 0x0E58, steps: TestScale.count(full: 400, quick: 150), label: "cards", pick: { random, roots in
            // Rows inside resized or hidden, the state rows inside read, a root row resized.
            (0..<Int.random(in: 1...2, using: &random)).map { _ in
                let kind = Int.random(in: 0..<4, using: &random)
                let row = (kind == 3 ? roots : inside).randomElement(using: &random)!
                return MoveChange(
                    kind: [.resize, .hide, .state, .resize][kind], row: row, flag: Bool.random(using: &random), afterMove: Bool.random(using: &random))
            }
        }) { _, quick in
            atRest += 1
            if quick.screen.changedQuickly { quickly += 1 }
            if quick.screen.quick?.inside.isEmpty == false { insideQuick += 1 }
        }
        XCTAssertGreaterThan(quickly, atRest / 2, "changes made at rest taken without a full layout")
        XCTAssertGreaterThan(insideQuick, atRest / 8, "of them, with rows inside holders on their tracks")
        XCTAssertGreaterThan(composing.tracked, composing.running / 2, "changes made while one ran composed with it")
    }
}

extension QuickTransitionTests {
    /// Posts moved as one comes, while the change before still runs, and
    /// in the same change after the binding a state set that resizes the
    /// new post's title: the runs' shifts hold the new block as the splice
    /// made it, so the rows after it move by what the update took off it
    /// too (the composed change drew them 12 points off before).
    func testABlockResizedAfterAComposedMoveMovesTheRowsAfterIt() throws {
        let model = try InterpolationTests.loaded(Self.statefulFeedSource(hideLast: false))
        func json(_ ids: [Int]) -> String { Self.postsJSON(ids) { $0 % 2 == 0 ? 70 : 40 } }
        var (quick, general) = sessions(model, height: 900)
        try onBoth(&quick, &general) { session, _ in
            _ = try session.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("posts", json: json([1, 2, 3, 4, 5, 6])) }
        }
        for (time, ids, big) in [(2.0, [6, 1, 2, 3, 4, 5], false), (2.05, [3, 6, 8, 1, 2, 4, 5], true), (2.1, [5, 3, 6, 10, 8, 1, 2, 4], false)] {
            let composed = quick.screen.changesComposed
            try bindThenSetBig(json(ids), big, at: time, &quick, &general)
            if time > 2 { XCTAssertGreaterThan(quick.screen.changesComposed, composed, "t \(time): composed with the running change") }
            compare(&quick, &general, at: time, after: [0.0, 0.02, 0.04], label: "t \(time): posts \(ids), big \(big)")
        }
        compare(&quick, &general, at: 2.1, after: [0.1, 0.2, 0.4, 1.0], label: "after")
    }
}
