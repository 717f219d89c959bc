// Rows of the screen's own stack inserted, replaced, removed and moved
// through the seeds' imperative calls (`insert(_:at:)`, `replace(_:with:)`,
// `remove(rows:)`, `move(_:to:)`, as ScrollStackController and AloeStackView
// have them) are spliced into
// the layout, not laid out in full, and animate as elements of bound data
// do. The oracle is the general transition, as in QuickTransitionTests.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

extension QuickTransitionTests {
    static let mutationSource = """
        component Note(label: string, tall: bool = false): Text {
            text: label
            size: tall ? 64 : 32
        }
        component Pair(label: string): Stack {
            padding: 4
            Text { text: label  size: 20 }
            Text { text: "and"  size: 14 }
        }
        screen Notes {
            spacing: 3
            state open: bool = false
            defaults {
                separator { color: #DDDDDD  thickness: 1 }
                transition insert { duration: 250ms  curve: ease-out  from { alpha: 0  scale: 0.9 } }
                transition remove { duration: 200ms  to { alpha: 0 } }
                transition move { duration: 300ms }
                transition resize { duration: 200ms }
            }
            Text head { text: "notes"  size: open ? 60 : 40 }
            Note n1 { label: "one" }
            Note n2 { label: "two"  tall: true }
            Note n3 { label: "three" }
            Note n4 { label: "four" }
            Text foot { text: "end"  size: 30 }
        }
        """

    /// Rows inserted (one or two at a time, at the top, the bottom or a
    /// place), replaced, removed (one or two), moved, a state resized, scrolls —
    /// apart and mid-animation: drawn as the general transition draws them,
    /// and mostly without a full layout — a component that holds a stack
    /// (`Pair`, a card) too, laid out alone.
    func testRowsInsertedRemovedAndMovedImperativelyPresentAsTheGeneralTransition() throws {
        try checkImperativeCalls(Self.mutationSource, throughSession: false, seed: 0x1A4E)
    }

    /// A walk that a soak run found (`STACKC_LONG_TESTS=1
    /// STACKC_TEST_SEED=106`): rows sent back at one instant to where they
    /// were (a row moved and moved back) are on tracks that go nowhere in
    /// the general transition, which keep it animating; the quick path let
    /// them rest, and a change after took them off those tracks, so it
    /// stopped animating up to a move's length sooner.
    func testRowsMovedAndMovedBackAtOneInstantKeepAnimatingAsTheGeneralTransition() throws {
        // The soak run's seed, whatever this run's STACKC_TEST_SEED.
        try checkImperativeCalls(Self.mutationSource, throughSession: false, seed: 0x1A4E ^ 106 ^ TestScale.seedOffset, steps: 70)
    }

    /// The same calls made through the session's own (`HostSession.insert(_:at:in:at:)`,
    /// `remove(rows:at:)`, `move(_:to:at:)`, `replace(_:with:at:)`): made on the live
    /// screen itself, not a copy, whenever nothing animates — drawn alike.
    func testRowsInsertedRemovedAndMovedThroughTheSessionAreMadeInPlace() throws {
        try checkImperativeCalls(Self.mutationSource, throughSession: true, seed: 0x1A4E)
    }

    /// Through the session under `hide-last-separator`: a row inserted after
    /// the last shown one, or the last one removed, moves a separator; when
    /// the quick path cannot draw that, the screen before is made again on a
    /// copy (the rows taken out, or put back) for the general transition.
    func testRowsThroughTheSessionUnderHideLastSeparatorPresentAsTheGeneralTransition() throws {
        let source = Self.mutationSource.replacingOccurrences(of: "spacing: 3", with: "spacing: 3\n    hide-last-separator: true")
        XCTAssertNotEqual(source, Self.mutationSource)
        try checkImperativeCalls(source, throughSession: true, seed: 0x5EB)
    }

    /// Found by a soak run (`STACKC_TEST_SEED=3013`): two rows removed,
    /// a change that changes nothing 50 ms later (its tracks carried on,
    /// their times rebased), and a note added after the last row at the
    /// instant those tracks end — but for 1e-17 seconds left by the
    /// rebasing. The general transition carries the last row on along its
    /// track, drawn without a separator to the end; the quick path drew
    /// the separator it gains at once. It left such a change to the
    /// general transition, then (December 2026) took it, holding the
    /// separator the track was headed to while the change runs.
    func testARowNoLongerLastAsItsRunningTrackEndsPresentsAsTheGeneralTransition() throws {
        let source = Self.mutationSource.replacingOccurrences(of: "spacing: 3", with: "spacing: 3\n    hide-last-separator: true")
        let model = try LiveModelTests.model(source)
        var (quick, general) = sessions(model, height: 400)
        try onBoth(&quick, &general) { session, _ in _ = try session.remove(rows: [RowKey(2), RowKey(4)], at: 1.5) }
        try onBoth(&quick, &general) { session, _ in
            _ = try session.change(at: 1.55) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("open", to: .bool(false)) }
        }
        XCTAssertNotNil(quick.screen.quick, "the removal runs on the quick path")
        let note = ComponentInstance("Note", arguments: ["label": .string("new")])
        try onBoth(&quick, &general) { session, _ in _ = try session.insert([note], at: .bottom, at: 1.7) }
        XCTAssertEqual(quick.screen.quick?.heldSeparators.count, 1, "the quick path, the last row's separator held")
        compare(&quick, &general, at: 1.7, after: [0, 0.04, 0.1, 0.2, 0.35, 2], label: "a note after the last row")
        let foot = general.pass(at: 1.8).rows.first { $0.key == RowKey(5) }
        XCTAssertNotNil(foot, "the last row before the note is drawn")
        XCTAssertNil(foot?.separator, "carried on along its track without the separator it gains")
    }

    /// Under `hide-last-separator`, the last row moving up as rows above
    /// it go, and a note added after it while it does: it carries on
    /// along its track, the separator that track was headed to (none)
    /// held while the change runs; carried on again by a change that
    /// moves nothing, held still; sent elsewhere by a head that grows,
    /// from where it is drawn with that separator, mixed with the one it
    /// has now along its new track — as the general transition draws it.
    func testTheSeparatorOfARowCarriedOnAsItCeasesToBeLastIsHeldWhileTheChangeRuns() throws {
        let source = Self.mutationSource.replacingOccurrences(of: "spacing: 3", with: "spacing: 3\n    hide-last-separator: true")
        let model = try LiveModelTests.model(source)
        var (quick, general) = sessions(model, height: 400)
        try onBoth(&quick, &general) { session, _ in _ = try session.remove(rows: [RowKey(2), RowKey(4)], at: 1.5) }
        compare(&quick, &general, at: 1.5, after: [0, 0.05], label: "rows removed")
        let note = ComponentInstance("Note", arguments: ["label": .string("new")])
        try onBoth(&quick, &general) { session, _ in _ = try session.insert([note], at: .bottom, at: 1.6) }
        XCTAssertEqual(quick.screen.quick?.heldSeparators.count, 1, "the last row's separator held")
        compare(&quick, &general, at: 1.6, after: [0, 0.01, 0.03], label: "a note after the last row")
        try onBoth(&quick, &general) { session, _ in
            _ = try session.change(at: 1.64) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("open", to: .bool(false)) }
        }
        XCTAssertEqual(quick.screen.quick?.heldSeparators.count, 1, "held through a change that carries it on again")
        compare(&quick, &general, at: 1.64, after: [0, 0.02, 0.04], label: "carried on again")
        try onBoth(&quick, &general) { session, _ in
            _ = try session.change(at: 1.7) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("open", to: .bool(true)) }
        }
        XCTAssertEqual(quick.screen.quick?.movingSeparators.count, 1, "sent on from where it is, the held separator moving")
        compare(&quick, &general, at: 1.7, after: [0, 0.02, 0.05, 0.1, 0.15, 0.25, 0.4, 2], label: "sent elsewhere")
    }

    /// A walk that a soak run found (`STACKC_LONG_TESTS=1
    /// STACKC_TEST_SEED=107`), under `hide-last-separator`: a row moved
    /// down, then, at the same instant, the rows after it removed, which
    /// sends the rows between back to where they are and makes one of
    /// them the last shown. The general transition gives that one a track
    /// that goes nowhere, drawn with the separator it had until the track
    /// ends; the quick path drew it without one at once — and, with a
    /// move that changes nothing at that instant too, on the track carried on.
    func testARowSentBackWhereItIsAsItBecomesLastKeepsItsSeparatorOnItsTrack() throws {
        let source = Self.mutationSource.replacingOccurrences(of: "spacing: 3", with: "spacing: 3\n    hide-last-separator: true")
        // The soak run's seed, whatever this run's STACKC_TEST_SEED.
        try checkImperativeCalls(source, throughSession: true, seed: 0x5EB ^ 107 ^ TestScale.seedOffset, steps: 236)
    }

    /// With `fill` rows going in and out: a `Gap` (it fills what the rows
    /// leave) inserted where the others insert a `Pair`, and removed as any
    /// row is — the other `fill` rows' shares sized again after the splice.
    func testFillRowsInsertedAndRemovedImperativelyPresentAsTheGeneralTransition() throws {
        let source = Self.mutationSource.replacingOccurrences(
            of: "screen Notes {", with: "component Gap(label: string): Text {\n    text: label\n    size: fill\n}\nscreen Notes {")
        try checkImperativeCalls(source, throughSession: false, seed: 0xF111, ninth: "Gap")
        try checkImperativeCalls(source, throughSession: true, seed: 0xF112, ninth: "Gap")
    }

    /// The same with a card that fills (a stack whose row reads its
    /// extent) put in: laid out at its share after the splice.
    func testFillingCardsInsertedAndRemovedImperativelyPresentAsTheGeneralTransition() throws {
        let source = Self.mutationSource.replacingOccurrences(
            of: "screen Notes {",
            with: "component FillCard(label: string): Stack {\n    size: fill\n    Text { text: label  size: 50% }\n}\nscreen Notes {")
        try checkImperativeCalls(source, throughSession: false, seed: 0xF121, ninth: "FillCard")
        try checkImperativeCalls(source, throughSession: true, seed: 0xF122, ninth: "FillCard")
    }

    private func checkImperativeCalls(_ source: String, throughSession: Bool, seed: UInt64, ninth: String = "Pair", steps: Int? = nil) throws {
        let model = try LiveModelTests.model(source)
        var random = SplitMix64(seed: seed)
        var (quick, general) = sessions(model, height: 400)
        var time = 0.0, spliced = 0, labels = 0, cardsSpliced = 0
        let steps = steps ?? TestScale.count(full: 400, quick: 100)
        // Components that hold a stack: each instance a card.
        let ninthIsACard = ninth == "Pair" || ninth == "FillCard"
        for step in 0..<steps {
            time += [0, 0.05, 0.15, 0.6, 1.5][Int.random(in: 0..<5, using: &random)]
            let roots = quick.live.rootRows
            let choice = Int.random(in: 0..<11, using: &random)
            labels += 1
            let note = ComponentInstance(choice == 9 ? ninth : "Note", arguments: ["label": .string("note \(labels)")].merging(
                choice == 9 ? [:] : ["tall": .bool(Bool.random(using: &random))], uniquingKeysWith: { a, _ in a }))
            let position: InsertPosition = [.top, .bottom, .index(Int.random(in: 0...roots.count, using: &random))].randomElement(using: &random)!
            let two = Bool.random(using: &random)
            let gone = Array(roots.shuffled(using: &random).prefix(two ? 2 : 1))
            let moved = roots.randomElement(using: &random)
            let target = Int.random(in: 0..<max(roots.count, 1), using: &random)
            let open = Bool.random(using: &random)
            let offset = Double.random(in: 0...(quick.live.contentMain + 50), using: &random)
            let structural = choice < 7 || choice >= 9
            let mutation: (inout LiveScreen) throws(RuntimeError) -> [LiveEvent] = { live throws(RuntimeError) in
                switch choice {
                case 0, 1, 9: return try live.insert(two && choice != 9 ? [note, note] : [note], at: position).events
                case 2...4: return roots.count > 3 ? try live.remove(rows: gone.map { RowKey($0) }).events : []
                case 5, 6:
                    guard let moved else { return [] }
                    return try live.move(RowKey(moved), to: target).events
                case 7: return try live.setState("open", to: .bool(open))
                case 10:
                    // A row replaced by a note (`replace(_:with:)`), its id passing on.
                    guard let moved else { return [] }
                    return try live.replace(RowKey(moved), with: note).events
                default: return []
                }
            }
            try onBoth(&quick, &general) { session, _ in
                if choice == 8 {
                    session.scroll(to: offset, at: time)
                } else if throughSession, choice != 7 {
                    try Self.sessionCall(choice, &session, at: time, note: note, two: two, position: position, gone: roots.count > 3 ? gone : [], moved: moved, target: target)
                } else {
                    _ = try session.change(at: time, mutation)
                }
            }
            if structural, choice != 9, quick.screen.quick != nil { spliced += 1 }
            if choice == 9, ninthIsACard, quick.screen.quick != nil { cardsSpliced += 1 }
            compare(&quick, &general, at: time, after: [0.0, 0.04, 0.1, 0.2, 0.35, 2.0], label: "step \(step) choice \(choice)")
            if testRun?.failureCount ?? 0 > 0 { return }
        }
        XCTAssertGreaterThan(spliced, steps / 6, "rows went in, out and moved on the quick path")
        if ninthIsACard { XCTAssertGreaterThan(cardsSpliced, steps / 40, "cards went in on the quick path") }
        if throughSession {
            XCTAssertGreaterThan(quick.screen.changesInPlace, steps / 10, "made in place")
            XCTAssertEqual(general.screen.changesInPlace, 0)
        }
    }

    /// The session's own call for `choice` of the test above.
    private static func sessionCall(
        _ choice: Int, _ session: inout HostSession, at time: Double, note: ComponentInstance, two: Bool, position: InsertPosition,
        gone: [Int], moved: Int?, target: Int
    ) throws {
        switch choice {
        case 0, 1, 9: _ = try session.insert(two && choice != 9 ? [note, note] : [note], at: position, at: time)
        case 2...4: if !gone.isEmpty { _ = try session.remove(rows: gone.map { RowKey($0) }, at: time) }
        case 5, 6: if let moved { _ = try session.move(RowKey(moved), to: target, at: time) }
        case 10: if let moved { _ = try session.replace(RowKey(moved), with: note, at: time) }
        default: break
        }
    }

    /// An instance that fills what the screen leaves (`size: fill`) goes in
    /// and out through the session in place and takes the quick path, the
    /// other rows' shares sized again after it. A sticky instance (`pin:
    /// top`) goes in place too, but the splice lays the screen out in full:
    /// the screen before is made again on a copy, by taking it out, for the
    /// general transition; and with a row replaced by one, by taking it out
    /// and putting the row it replaced back. Drawn alike.
    func testFillingAndStickyInstancesThroughTheSessionPresentAsTheGeneralTransition() throws {
        let source = Self.mutationSource.replacingOccurrences(
            of: "screen Notes {",
            with: "component Gap(label: string): Spacer { size: fill }\ncomponent Pin(label: string): Text { text: label  size: 30  pin: top }\nscreen Notes {")
        let model = try LiveModelTests.model(source)
        var (quick, general) = sessions(model, height: 600)
        // A quick change first: the layout before the next is then made from the live screen before it.
        try onBoth(&quick, &general) { session, _ in _ = try session.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("open", to: .bool(true)) } }
        XCTAssertTrue(quick.screen.layoutIsStale)
        var made: [RowKey] = []
        try onBoth(&quick, &general) { session, _ in
            made = try session.insert([ComponentInstance("Gap", arguments: ["label": .string("gap")])], at: .index(2), at: 1).rows
        }
        compare(&quick, &general, at: 1, after: [0, 0.05, 0.1, 0.3, 1], label: "a gap in")
        XCTAssertEqual(quick.screen.changesInPlace, 1)
        XCTAssertNotNil(quick.screen.quick, "the quick path")
        try onBoth(&quick, &general) { session, _ in _ = try session.remove(rows: made, at: 3) }
        compare(&quick, &general, at: 3, after: [0, 0.05, 0.1, 0.3, 1], label: "the gap out")
        XCTAssertEqual(quick.screen.changesInPlace, 2)
        XCTAssertNotNil(quick.screen.quick, "the quick path")
        XCTAssertEqual(quick.screen.remadeBefore, 0)
        // A sticky row in: the screen before made again.
        try onBoth(&quick, &general) { session, _ in _ = try session.change(at: 4) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("open", to: .bool(false)) } }
        try onBoth(&quick, &general) { session, _ in
            made = try session.insert([ComponentInstance("Pin", arguments: ["label": .string("pin")])], at: .index(2), at: 5).rows
        }
        compare(&quick, &general, at: 5, after: [0, 0.05, 0.1, 0.3, 1], label: "a pinned row in")
        XCTAssertEqual(quick.screen.changesInPlace, 3)
        XCTAssertEqual(quick.screen.remadeBefore, 1, "the screen before made again")
        try onBoth(&quick, &general) { session, _ in _ = try session.remove(rows: made, at: 7) }
        compare(&quick, &general, at: 7, after: [0, 0.05, 0.1, 0.3, 1], label: "the pinned row out")
        XCTAssertEqual(quick.screen.changesInPlace, 3, "with a sticky row on the screen, not in place")
        // A row replaced by a sticky one: taken out and the row it replaced put back for the screen before.
        try onBoth(&quick, &general) { session, _ in _ = try session.change(at: 8) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("open", to: .bool(true)) } }
        let n3 = try quick.live.row(id: "n3")
        try onBoth(&quick, &general) { session, _ in _ = try session.replace(n3, with: ComponentInstance("Pin", arguments: ["label": .string("pin")]), at: 9) }
        compare(&quick, &general, at: 9, after: [0, 0.05, 0.1, 0.3, 1], label: "n3 replaced by a pinned row")
        XCTAssertEqual(quick.screen.changesInPlace, 4)
        XCTAssertEqual(quick.screen.remadeBefore, 2)
    }

    /// Rows that move with timings of their own — a component's own
    /// `move`, or one whose duration reads a parameter (each instance its
    /// own) — are asked one by one when moved among others: a window of
    /// rows with two timings takes the general transition, which gives
    /// each its own. Drawn alike, moved through the session and through
    /// `change(at:)`. On a screen whose rows all move alike, the first row
    /// moved answers for all (`movesAlike`).
    func testRowsMovingWithTimingsOfTheirOwnPresentAsTheGeneralTransition() throws {
        XCTAssertTrue(QuickTransition.movesAlike(try LiveModelTests.model(Self.mutationSource)))
        for slow in [
            "component Slow(label: string): Text {\n    text: label\n    size: 32\n    transition move { duration: 700ms }\n}",
            "component Slow(label: string, wait: duration = 700ms): Text {\n    text: label\n    size: 32\n    transition move { duration: wait }\n}",
        ] {
            let source = Self.mutationSource
                .replacingOccurrences(of: "screen Notes {", with: slow + "\nscreen Notes {")
                .replacingOccurrences(of: "    Note n3 { label: \"three\" }", with: "    Note n3 { label: \"three\" }\n    Slow s1 { label: \"slow\" }")
            let model = try LiveModelTests.model(source)
            XCTAssertFalse(QuickTransition.movesAlike(model), slow)
            var (quick, general) = sessions(model, height: 600)
            let n1 = try quick.live.row(id: "n1"), s1 = try quick.live.row(id: "s1")
            try onBoth(&quick, &general) { session, _ in _ = try session.move(n1, to: 5, at: 1) }
            compare(&quick, &general, at: 1, after: [0, 0.1, 0.25, 0.5, 0.8], label: "n1 past the slow row")
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: 3) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.move(s1, to: 1).events }
            }
            compare(&quick, &general, at: 3, after: [0, 0.1, 0.25, 0.5, 0.8], label: "the slow row up")
            if testRun?.failureCount ?? 0 > 0 { return }
        }
    }

    /// The rows of a `for` whose `move` duration reads a field move each
    /// by its own: `movesAlike` says no even while the list is empty and
    /// the template row is the screen's only one (its code reads the
    /// element's values), so elements bound later and then sorted again
    /// are asked one by one — drawn as the general transition draws them.
    func testElementsMovingByDurationsOfTheirOwnPresentAsTheGeneralTransition() throws {
        let model = try InterpolationTests.loaded("""
            record Post { id: string  wait: duration }
            screen Feed {
                data posts: [Post]
                for p in posts key p.id { Text post { text: p.id  size: 30  transition move { duration: p.wait } } }
            }
            """)
        XCTAssertFalse(QuickTransition.movesAlike(model))
        var (quick, general) = sessions(model, height: 500)
        let posts = (0..<6).map { "{\"id\": \"p\($0)\", \"wait\": \(0.2 + 0.15 * Double($0))}" }
        for (step, order) in [Array(0..<6), [5, 0, 1, 2, 3, 4], [1, 0, 5, 4, 2, 3]].enumerated() {
            let json = "[" + order.map { posts[$0] }.joined(separator: ",") + "]"
            let time = 1 + 2 * Double(step)
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("posts", json: json) }
            }
            compare(&quick, &general, at: time, after: [0, 0.1, 0.3, 0.6, 1.0], label: "order \(order)")
        }
    }

    /// Several rows hidden or shown at once through the session
    /// (`setHidden(_:_:at:)` of a list: ScrollStackController's
    /// `setRowsHidden`) — the screen's own, rows inside a card, cards —
    /// apart and mid-animation: one change made on the live screen itself
    /// whenever nothing animates, drawn as the general transition draws it.
    func testSeveralRowsHiddenThroughTheSessionAreMadeInPlace() throws {
        for hideLast in [false, true] {
            let source = hideLast ? Self.mutationSource.replacingOccurrences(of: "spacing: 3", with: "spacing: 3\n    hide-last-separator: true") : Self.mutationSource
            let model = try LiveModelTests.model(source)
            var random = SplitMix64(seed: hideLast ? 0x41DE : 0x5E7)
            var (quick, general) = sessions(model, height: 400)
            // Two cards (a Stack of two rows each) among the notes.
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    try live.insert([ComponentInstance("Pair", arguments: ["label": .string("p1")]), ComponentInstance("Pair", arguments: ["label": .string("p2")])], at: .index(2)).events
                }
            }
            let roots = quick.live.rootRows
            let inside = quick.live.screen.model.rows.indices.filter { !roots.contains($0) && quick.live.screen.model.rows[$0].parent != quick.live.screen.model.rootStack }
            XCTAssertEqual(inside.count, 4)
            var time = 1.0
            for step in 0..<TestScale.count(full: 120, quick: 40) {
                time += [0, 0.05, 0.15, 0.6, 1.5][Int.random(in: 0..<5, using: &random)]
                let pool = Bool.random(using: &random) ? roots : roots + inside
                let count = Int.random(in: 1...4, using: &random)
                let rows = pool.shuffled(using: &random)[..<count].map { RowKey($0) }
                let hidden = Bool.random(using: &random)
                try onBoth(&quick, &general) { session, _ in _ = try session.setHidden(rows, hidden, at: time) }
                compare(&quick, &general, at: time, after: [0, 0.05, 0.1, 0.2, 0.35, 2.0], label: "step \(step) \(rows) \(hidden)")
                if testRun?.failureCount ?? 0 > 0 { return }
            }
            XCTAssertGreaterThan(quick.screen.changesInPlace, TestScale.count(full: 120, quick: 40) / 4, "made in place")
            XCTAssertEqual(general.screen.changesInPlace, 0)
        }
    }

    /// A call through the session that throws changes nothing: not the
    /// rows, not their ids, not the layout — though it was to be made in place.
    func testAFailedCallThroughTheSessionChangesNothing() throws {
        let model = try LiveModelTests.model(Self.mutationSource)
        var session = HostSession(LiveScreen(model: model, viewportWidth: 390, viewportHeight: 400))
        _ = session.pass(at: 0)
        let rows = session.live.rootRows
        let frames = rows.map { session.live.frame(ofRootRow: $0) }
        let n1 = try session.live.row(id: "n1")
        let calls: [(String, (inout HostSession) throws(RuntimeError) -> Void)] = [
            ("an unknown component", { s throws(RuntimeError) in _ = try s.insert([ComponentInstance("Nope")], at: .top, at: 1) }),
            ("a missing argument", { s throws(RuntimeError) in _ = try s.insert([ComponentInstance("Note", id: "x")], at: .top, at: 1) }),
            ("a second instance taking an id", {
                s throws(RuntimeError) in
                _ = try s.insert([ComponentInstance("Note", arguments: ["label": .string("a")], id: "fresh"), ComponentInstance("Note", arguments: ["label": .string("b")], id: "fresh")], at: .top, at: 1)
            }),
            ("an id taken", { s throws(RuntimeError) in _ = try s.insert([ComponentInstance("Note", arguments: ["label": .string("a")], id: "n2")], at: .bottom, at: 1) }),
            ("a place not there", { s throws(RuntimeError) in _ = try s.insert([ComponentInstance("Note", arguments: ["label": .string("a")])], at: .index(99), at: 1) }),
            ("a row not there", { s throws(RuntimeError) in _ = try s.remove(rows: [n1, RowKey(999)], at: 1) }),
            ("a move too far", { s throws(RuntimeError) in _ = try s.move(n1, to: 99, at: 1) }),
            ("a row key below zero", { s throws(RuntimeError) in _ = try s.move(RowKey(-1), to: 0, at: 1) }),
            ("a replacement of a row not there", { s throws(RuntimeError) in _ = try s.replace(RowKey(-3), with: ComponentInstance("Note", arguments: ["label": .string("a")]), at: 1) }),
            ("a replacement with a bad argument", { s throws(RuntimeError) in _ = try s.replace(n1, with: ComponentInstance("Note", arguments: ["label": .number(3)]), at: 1) }),
        ]
        for (label, call) in calls {
            XCTAssertThrowsError(try call(&session), label)
            XCTAssertEqual(session.live.rootRows, rows, label)
            XCTAssertEqual(rows.map { session.live.frame(ofRootRow: $0) }, frames, label)
            XCTAssertEqual(try session.live.row(id: "n1"), n1, label)
            XCTAssertThrowsError(try session.live.row(id: "fresh"), label)
            XCTAssertFalse(session.isAnimating(at: 1.01), label)
        }
        // And the call that is right goes through, in place.
        let made = try session.insert([ComponentInstance("Note", arguments: ["label": .string("a")], id: "fresh")], at: .after(id: "n1"), at: 2)
        XCTAssertEqual(session.live.rootRows, [rows[0], rows[1], made.rows[0].row] + rows.dropFirst(2))
        XCTAssertTrue(session.isAnimating(at: 2.01))
        // Each call but those naming rows not there (three) was to be made in place, and so was the last.
        XCTAssertEqual(session.screen.changesInPlace, calls.count - 2)
    }

    /// A row inserted through `change(at:)`, which changes a copy of the
    /// live screen: the copy shares the model's rows with the screen
    /// before but for the page it appends to, and the ids but for a shard.
    /// (Copied whole, the rows of a million-row screen took 50 ms.)
    func testARowInsertedThroughChangeAtCopiesAPageOfTheModel() throws {
        var source = "component Note(label: string): Text { text: label  size: 44 }\nscreen Notes {\n"
        for row in 0..<5000 { source += "    Text r\(row) { text: \"row\"  size: 44 }\n" }
        source += "}\n"
        let model = try LiveModelTests.model(source)
        var session = HostSession(LiveScreen(model: model, viewportWidth: 390, viewportHeight: 400))
        _ = session.pass(at: 0)
        let before = session.live.screen.model.rows
        _ = try session.change(at: 1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
            try live.insert([ComponentInstance("Note", arguments: ["label": .string("new")], id: "new")], at: .index(2500)).events
        }
        let after = session.live.screen.model.rows
        XCTAssertEqual(after.count, before.count + 1)
        // Five pages of 1,024: the last, appended to, is the copy's own.
        XCTAssertEqual(after.pagesShared(with: before), 4)
        XCTAssertEqual(try session.live.row(id: "new"), RowKey(5000))
        XCTAssertEqual(try session.live.row(id: "r2500"), RowKey(2500))
        XCTAssertEqual(session.live.rootRows[2500], 5000)
    }
}
