// Under `hide-last-separator`, the last shown row resized — a host view,
// text, or a row inside the stack it holds — moves no separator: it
// animates without a full layout like any other row. Rows hidden or shown
// at the end (which move the separator) still take the general
// transition. The oracle is the general transition.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

extension QuickTransitionTests {
    func testTheLastShownRowResizedPresentsAsTheGeneralTransition() throws {
        let sources = [
            """
            screen LastView {
                hide-last-separator: true
                state open: bool = false
                defaults { separator { color: #C6C6C8  thickness: 1  insets: 0 15 }  transition resize { duration: 250ms  curve: ease-out }  transition hide { duration: 150ms }  transition show { duration: 150ms } }
                View a { host: "A" }
                Text b { text: "grows"  size: open ? 120 : 40 }
                View c { host: "C" }
                Spacer { size: 300 }
                Text d { text: "last but one"  size: 30 }
                View last { host: "Last" }
            }
            """,
            """
            screen LastStack {
                hide-last-separator: true
                state open: bool = false
                defaults { separator { color: #C6C6C8  thickness: 1 }  transition resize { duration: 200ms }  transition hide { duration: 150ms }  transition show { duration: 150ms } }
                View a { host: "A" }
                Spacer { size: 350 }
                Text d { text: "last but one"  size: 30  hidden: open }
                Stack last { padding: 6  Text { text: "inside"  size: open ? 60 : 20 }  View inner { host: "Inner" } }
            }
            """,
        ]
        for source in sources {
            let model = try LiveModelTests.model(source)
            var random = SplitMix64(seed: 0x1A57 &+ UInt64(source.count))
            let heights = SharedHeights()
            var (quick, general) = sessions(model, height: 400, measurer: heights)
            var time = 1.0, lastQuick = 0
            let every = quick.live.rows + quick.live.rows.flatMap { quick.live.rows(inside: $0) }
            for step in 0..<TestScale.count(full: 600, quick: 150) {
                time += [0.0, 0.03, 0.1, 0.3, 1.0][Int.random(in: 0..<5, using: &random)]
                let roots = quick.live.rootRows
                let last = roots.last!
                // Mostly the last row or a row inside it.
                let row = Int.random(in: 0..<2, using: &random) == 0 ? every.randomElement(using: &random)!.row : ([last] + quick.live.rows(inside: RowKey(last)).map(\.row)).randomElement(using: &random)!
                let choice = Int.random(in: 0..<8, using: &random)
                let extra = Double(Int.random(in: 0...5, using: &random) * 10)
                let flag = Bool.random(using: &random)
                let offset = Double.random(in: 0...(quick.live.contentMain + 50), using: &random)
                let hiding = roots.randomElement(using: &random)!
                if choice < 4 { heights.extra[row] = extra }
                let animating = quick.isAnimating(at: time)
                onBoth(&quick, &general) { session, _ in
                    switch choice {
                    case 0..<4: _ = try? session.invalidateSize(of: RowKey(row), at: time)
                    case 4: _ = try? session.setHidden(RowKey(hiding), flag, at: time)
                    case 5: _ = try? session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("open", to: .bool(flag)) }
                    default: session.scroll(to: offset, at: time)
                    }
                }
                if choice < 4, !animating, quick.screen.layoutIsStale, quick.isAnimating(at: time + 0.001), row == last || quick.live.incremental.rootHolder(of: row) == last {
                    lastQuick += 1
                }
                compare(&quick, &general, at: time, after: [0.0, 0.02, 0.08, 0.2, 1.0], label: "\(model.name) step \(step) choice \(choice) row \(row)")
            }
            XCTAssertReached(lastQuick, moreThan: 5, "\(model.name): the last row's changes took the quick path")
        }
    }
}

extension QuickTransitionTests {
    /// Messages appended at the end of a chat under `hide-last-separator`:
    /// the last message before gains its separator (from the change's
    /// first instant on, as the general transition shows it) and the new
    /// one comes in without one — without a full layout, while another
    /// change runs too (then the separators are drawn as they are now from
    /// the change's first instant, as the general transition draws them
    /// when it takes over from a running one).
    /// A chat under `hide-last-separator` whose head is `head`.
    private func chat(head: String) throws -> ScreenModel {
        try InterpolationTests.loaded("""
            record Message { id: string  text: string  size: number }
            screen Chat {
                data messages: [Message]
                hide-last-separator: true
                spacing: 2
                state open: bool = false
                defaults {
                    separator { color: #DDDDDD  thickness: 1  insets: 0 12 }
                    transition insert { duration: 250ms  curve: ease-out  from { alpha: 0  scale: 0.9 } }
                    transition remove { duration: 200ms  to { alpha: 0 } }
                    transition resize { duration: 200ms }
                    transition hide { duration: 180ms  to { alpha: 0 } }
                    transition show { duration: 180ms }
                }
                \(head)
                for m in messages key m.id { Text msg { text: m.text  size: m.size } }
            }
            """)
    }

    /// What a walk through `model`'s chat counted.
    private struct ChatWalk {
        var steps = 0, appended = 0, lastGone = 0, madeInPlace = 0, remade = 0, hiddenInPlace = 0
        /// Changes of the last shown row made while another change ran
        /// that took the quick path.
        var lastChangedMidway = 0
        /// Messages pushed or deleted through the session while another
        /// change ran, made in place and composed with it.
        var composed = 0
        /// Changes that took the quick path with a row that gained or lost
        /// the separator as it moved.
        var movedSeparators = 0
        /// Changes composed with a running one that carried a row on along
        /// its track as it became or ceased to be the last shown one, the
        /// separator its track was headed to held.
        var heldSeparators = 0
    }

    /// Messages appended, pushed, deleted, hidden and scrolled to at the end
    /// of `model`'s chat, quick against general at every step.
    private func walkChat(_ model: ScreenModel, seed: UInt64, steps: Int? = nil) throws -> ChatWalk {
        var random = SplitMix64(seed: seed)
        var ids = 0
        func message() -> String {
            ids += 1
            return "{\"id\": \"m\(ids)\", \"text\": \"message \(ids)\", \"size\": \(Int.random(in: 20...60, using: &random))}"
        }
        var messages = (0..<8).map { _ in message() }
        // Tall enough to show the end (where the separators change) after a scroll there.
        var (quick, general) = try boundSessions(model, "messages", messages, height: 700)
        var time = 1.0, walk = ChatWalk(steps: steps ?? TestScale.count(full: 400, quick: 120))
        for step in 0..<walk.steps {
            time += [0.0, 0.05, 0.12, 0.4, 1.0][Int.random(in: 0..<5, using: &random)]
            // As a chat: about as many go as come, and mostly seen from the end.
            let choice = messages.count > 24 ? [5, 7, 8].randomElement(using: &random)! : Int.random(in: 0..<11, using: &random)
            let animating = quick.isAnimating(at: time)
            let inPlaceBefore = quick.screen.changesInPlace
            let lastBefore = quick.live.incremental.lastVisibleRootRow()
            let offset = Bool.random(using: &random) ? .infinity : Double.random(in: 0...(quick.live.contentMain + 50), using: &random)
            let open = Bool.random(using: &random)
            switch choice {
            case 0..<3:
                // One or two appended by re-binding.
                for _ in 0..<Int.random(in: 1...2, using: &random) { messages.append(message()) }
                let json = "[" + messages.joined(separator: ",") + "]"
                try onBoth(&quick, &general) { session, _ in
                    _ = try session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("messages", json: json) }
                }
            case 3, 4:
                // One pushed through the session at the end.
                let new = message()
                messages.append(new)
                let index = messages.count - 1
                try onBoth(&quick, &general) { session, _ in _ = try session.insert("messages", json: new, index: index, at: time) }
            case 5 where messages.count > 3:
                messages.removeLast()
                let json = "[" + messages.joined(separator: ",") + "]"
                try onBoth(&quick, &general) { session, _ in
                    _ = try session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("messages", json: json) }
                }
            case 6:
                onBoth(&quick, &general) { session, _ in
                    _ = try? session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("open", to: .bool(open)) }
                }
            case 7 where messages.count > 3:
                // The last one deleted through the session.
                let key = String(messages.removeLast().split(separator: "\"")[3])
                try onBoth(&quick, &general) { session, _ in _ = try session.remove("messages", key: key, at: time) }
            case 8:
                // The last shown row hidden, or a hidden one shown again.
                let rows = quick.live.rootRows
                let row = open ? rows.last { !quick.live.incremental.isHidden($0) }! : rows.last!
                onBoth(&quick, &general) { session, _ in _ = try? session.setHidden(RowKey(row), open, at: time) }
            default:
                onBoth(&quick, &general) { session, _ in session.scroll(to: offset, at: time) }
            }
            if choice < 5, !animating, quick.screen.layoutIsStale, quick.isAnimating(at: time + 0.001) { walk.appended += 1 }
            if quick.screen.changesInPlace > inPlaceBefore { walk.madeInPlace += 1 }
            if choice == 8, quick.screen.changesInPlace > inPlaceBefore { walk.hiddenInPlace += 1 }
            if [3, 4, 7].contains(choice), animating, quick.screen.changesInPlace > inPlaceBefore { walk.composed += 1 }
            if choice <= 8, animating, quick.screen.quick != nil, quick.live.incremental.lastVisibleRootRow() != lastBefore { walk.lastChangedMidway += 1 }
            if choice <= 8, quick.isAnimating(at: time + 0.001), quick.screen.quick?.movingSeparators.isEmpty == false { walk.movedSeparators += 1 }
            if choice <= 8, animating, quick.screen.quick?.heldSeparators.isEmpty == false { walk.heldSeparators += 1 }
            if choice == 5 || choice == 7 || choice == 8, !animating, quick.screen.layoutIsStale, quick.isAnimating(at: time + 0.001) { walk.lastGone += 1 }
            compare(&quick, &general, at: time, after: [0.0, 0.02, 0.1, 0.3, 1.0], label: "step \(step) choice \(choice)")
        }
        XCTAssertEqual(general.screen.changesInPlace, 0)
        walk.remade = quick.screen.remadeBefore
        return walk
    }

    func testMessagesAppendedAfterTheLastShownRowPresentAsTheGeneralTransition() throws {
        let walk = try walkChat(chat(head: "Text head { text: \"chat\"  size: open ? 80 : 40 }"), seed: 0xC4A7)
        XCTAssertReached(walk.appended, moreThan: walk.steps / 10, "appends took the quick path")
        XCTAssertReached(walk.lastGone, moreThan: walk.steps / 40, "the last row removed or hidden took the quick path")
        XCTAssertReached(walk.heldSeparators, moreThan: 0, "a row carried on along a running track as it became or ceased to be last, quick")
        // Pushed or deleted at the end through the session while nothing animates: on the live screen itself.
        XCTAssertReached(walk.madeInPlace, moreThan: walk.steps / 40, "made in place")
        XCTAssertReached(walk.hiddenInPlace, moreThan: walk.steps / 40, "the last shown row hidden, or one after it shown, in place")
        XCTAssertEqual(walk.remade, 0, "no count reader: every change made in place took the quick path")
        XCTAssertReached(walk.lastChangedMidway, moreThan: walk.steps / 40, "the last shown row changed while another change ran, quick")
        XCTAssertReached(walk.composed, moreThan: walk.steps / 40, "pushed or deleted at the end while another change ran: in place, composed")
    }

    /// A walk that a soak run found (`STACKC_TEST_SEED=3201`): the head
    /// grows as `open` is set and shrinks back as it is cleared at the same
    /// instant, so the messages below are sent back to where they are — on
    /// tracks that go nowhere, in the general transition — and the last
    /// message is deleted 50 ms later. The general transition carries the
    /// message that becomes last on along its track, with the separator
    /// it had; the quick path had let those rows rest (a stretch that does
    /// not move was not on its way) and drew the row without one.
    func testRowsSentBackWhereTheyAreStayOnTheirTracks() throws {
        // The soak run's seed, whatever this run's STACKC_TEST_SEED.
        _ = try walkChat(chat(head: "Text head { text: \"chat\"  size: open ? 80 : 40 }"), seed: 0xC4A7 ^ 3201 ^ TestScale.seedOffset, steps: 14)
    }

    /// A message pushed last, two more appended while it comes in (it is
    /// no longer the last shown row, but its track still ends without the
    /// separator), then the last one deleted while both run: the general
    /// transition that takes over draws the first pushed as its track does,
    /// as the general transition all along draws it. (Found by a soak run,
    /// `STACKC_TEST_SEED=2`: it drew the separator the layout gives it.)
    /// The delete takes a row off its own running track, which the quick
    /// path composes now (it took the general transition before): the
    /// takeover by the general transition is held by turning quick
    /// changes off for the delete, and the composed delete beside it.
    func testAPushedRowCaughtByTheGeneralTransitionKeepsItsTracksSeparator() throws {
        try checkPushedRowCaught(composed: false)
        try checkPushedRowCaught(composed: true)
    }

    private func checkPushedRowCaught(composed: Bool) throws {
        let model = try chat(head: "Text head { text: \"chat\"  size: 40 }")
        var messages = (1...8).map { "{\"id\": \"m\($0)\", \"text\": \"message \($0)\", \"size\": 30}" }
        var (quick, general) = try boundSessions(model, "messages", messages, height: 700)
        func message(_ number: Int) -> String { "{\"id\": \"m\(number)\", \"text\": \"message \(number)\", \"size\": 60}" }
        messages.append(message(9))
        try onBoth(&quick, &general) { session, _ in _ = try session.insert("messages", json: message(9), index: 8, at: 2) }
        messages += [message(10), message(11)]
        let json = "[" + messages.joined(separator: ",") + "]"
        try onBoth(&quick, &general) { session, _ in
            _ = try session.change(at: 2.05) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("messages", json: json) }
        }
        XCTAssertTrue(quick.screen.layoutIsStale, "the two appended composed with the push")
        compare(&quick, &general, at: 2.05, after: [0, 0.02], label: "appended")
        quick.allowsQuickChanges = composed
        try onBoth(&quick, &general) { session, _ in _ = try session.remove("messages", key: "m11", at: 2.1) }
        if composed {
            XCTAssertTrue(quick.screen.layoutIsStale, "the delete of a row on its insert track composed with the running change")
        } else {
            XCTAssertFalse(quick.screen.layoutIsStale, "the delete took the general transition")
        }
        compare(&quick, &general, at: 2.1, after: [0, 0.02, 0.1, 0.3, 1.0], label: composed ? "deleted, composed" : "deleted")
    }

    /// A walk that a run with another seed found (`STACKC_TEST_SEED=17`):
    /// the last message shown, hidden and deleted at one instant, each
    /// change composed with the one before. The general transition takes
    /// the row caught on its hide track out from where that track has it,
    /// hidden as it is there; the quick path gave a hidden row no track,
    /// and its change ended at once.
    func testARowHiddenAtTheInstantItWasShownThenDeletedGoesOnItsTrack() throws {
        let head = "Text head { text: \"\\(count(messages)) messages\"  size: open ? 70 : count(messages) > 10 && count(messages) < 16 ? 60 : 40 }"
        // The run's seed, whatever this run's STACKC_TEST_SEED.
        _ = try walkChat(chat(head: head), seed: 0xC0DE ^ 17 ^ TestScale.seedOffset, steps: 52)
    }

    /// The head reads the message count, and is taller from 11 to 15: a
    /// push or a delete at the end is still made in place, and when the
    /// head's resizing moves the row that gains or loses the separator, the
    /// quick path draws that row's separator as the general transition
    /// does (the one it had until its move starts). Over a running change
    /// such a push goes to the general transition, from the screen before
    /// made again.
    func testMessagesPushedUnderAHeadCountingThemPresentAsTheGeneralTransition() throws {
        let walk = try walkChat(
            chat(head: "Text head { text: \"\\(count(messages)) messages\"  size: open ? 70 : count(messages) > 10 && count(messages) < 16 ? 60 : 40 }"), seed: 0xC0DE)
        XCTAssertGreaterThan(walk.madeInPlace, walk.steps / 40, "made in place")
        XCTAssertReached(walk.movedSeparators, moreThan: 0, "the head's growing moved a row gaining or losing the separator, quick")
        XCTAssertLessThan(walk.remade, walk.madeInPlace, "most made in place took the quick path")
    }

    /// A push and a delete that resize the counting head, which moves the
    /// row that gains or loses the separator: made in place and animated
    /// quick, as the session without quick changes animates them (that
    /// row drawn with the separator it had until its move starts; before,
    /// the screen before was made again for the general transition).
    func testAPushThatResizesTheCountingHeadIsAnimatedQuickly() throws {
        let model = try chat(head: "Text head { text: \"\\(count(messages)) messages\"  size: count(messages) > 10 ? 60 : 40 }")
        let messages = (1...11).map { "{\"id\": \"m\($0)\", \"text\": \"message \($0)\", \"size\": 30}" }
        var (quick, general) = sessions(model, height: 400)
        try onBoth(&quick, &general) { session, _ in
            _ = try session.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                try live.bind("messages", json: "[" + messages.prefix(10).joined(separator: ",") + "]")
            }
            session.scroll(to: .infinity, at: 0)
        }
        compare(&quick, &general, at: 0, after: [0, 1], label: "bound")
        // The eleventh: the head grows by 20, every message moves down.
        try onBoth(&quick, &general) { session, _ in _ = try session.insert("messages", json: messages[10], index: 10, at: 2) }
        XCTAssertEqual(quick.screen.changesInPlace, 1)
        XCTAssertEqual(quick.screen.remadeBefore, 0)
        XCTAssertEqual(quick.screen.quick?.movingSeparators.count, 1, "the tenth message gains its separator as it moves")
        compare(&quick, &general, at: 2, after: [0, 0.02, 0.1, 0.2, 0.3, 1], label: "pushed")
        // Deleted again: the head shrinks back.
        try onBoth(&quick, &general) { session, _ in _ = try session.remove("messages", key: "m11", at: 4) }
        XCTAssertEqual(quick.screen.changesInPlace, 2)
        XCTAssertEqual(quick.screen.remadeBefore, 0)
        XCTAssertEqual(quick.screen.quick?.movingSeparators.count, 1, "the tenth message loses its separator as it moves")
        compare(&quick, &general, at: 4, after: [0, 0.02, 0.1, 0.2, 0.3, 1], label: "deleted")
        // The tenth deleted: the head stays, and the quick path takes it.
        try onBoth(&quick, &general) { session, _ in _ = try session.remove("messages", key: "m10", at: 6) }
        XCTAssertEqual(quick.screen.changesInPlace, 3)
        XCTAssertEqual(quick.screen.remadeBefore, 0)
        compare(&quick, &general, at: 6, after: [0, 0.02, 0.1, 0.2, 0.3, 1], label: "the tenth deleted")
        XCTAssertEqual(general.screen.changesInPlace, 0)
    }

    /// A state that grows a row above and hides (or shows) the last row:
    /// the row before the last becomes (or stops being) the last shown one
    /// as the growing moves it, after a delay and along a spring — drawn
    /// with the separator it had until its move starts, then the one it
    /// has, as the general transition draws it, without a full layout.
    func testARowBecomingTheLastShownAsItMovesPresentsAsTheGeneralTransition() throws {
        let model = try LiveModelTests.model("""
            screen Moving {
                hide-last-separator: true
                state open: bool = false
                defaults {
                    separator { color: #C6C6C8  thickness: 1  insets: 0 15 }
                    transition resize { duration: 300ms  delay: 60ms  curve: spring(0.6) }
                    transition hide { duration: 150ms  delay: 20ms  to { alpha: 0 } }
                    transition show { duration: 150ms }
                }
                Text head { text: "grows"  size: open ? 90 : 40 }
                Text a { text: "a"  size: 44 }
                Text b { text: "becomes last"  size: 44 }
                Text last { text: "hides"  size: 44  hidden: open }
            }
            """)
        var (quick, general) = sessions(model, height: 500)
        for (step, open) in [true, false, true, false].enumerated() {
            let time = 1 + 2 * Double(step)
            onBoth(&quick, &general) { session, _ in
                _ = try? session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("open", to: .bool(open)) }
            }
            XCTAssertEqual(quick.screen.quick?.movingSeparators.count, 1, "step \(step): b moves as it \(open ? "loses" : "gains") its separator")
            compare(&quick, &general, at: time, after: [0, 0.01, 0.03, 0.059, 0.061, 0.1, 0.2, 0.35, 0.5, 1], label: "step \(step) open \(open)")
        }
    }
}

extension QuickTransitionTests {
    /// Posts pushed and deleted at random moments, most while the last
    /// change still animates, on a feed whose tail hides past 14 posts: as
    /// the count crosses it, the last shown row changes while the push or
    /// delete moves it, and its separator comes or goes. Composed with the
    /// running change, such a row keeps the separator drawn at the change's
    /// instant until its move starts, as the general transition draws it
    /// (and a change made while it moves so takes it on from where it is
    /// drawn, that separator with it); one still carrying on along the
    /// running change's track is the general transition's.
    func testTheLastShownRowChangingAsItMovesWhileAChangeRunsPresentsAsTheGeneralTransition() throws {
        let source = Self.tailHidingFeed("count(posts) > 14")
        XCTAssertNotEqual(source, Self.feedSource)
        let model = try InterpolationTests.loaded(source)
        var random = SplitMix64(seed: 0x1A57)
        var ids = 0
        func post() -> String {
            ids += 1
            return "{\"id\": \"p\(ids)\", \"title\": \"post \(ids)\", \"size\": \(Int.random(in: 20...60, using: &random))}"
        }
        var posts = (0..<14).map { _ in post() }
        var (quick, general) = try boundSessions(model, "posts", posts, height: 500)
        var time = 1.0, movingSeparatorsComposed = 0, overMovingSeparators = 0
        for step in 0..<TestScale.count(full: 300, quick: 150) {
            time += [0.03, 0.06, 0.1, 0.2, 0.8][Int.random(in: 0..<5, using: &random)]
            // Around 14 posts, so that the tail hides and shows often.
            let push = posts.count < 13 || (posts.count < 16 && Bool.random(using: &random))
            let composedBefore = quick.screen.changesComposed
            let separatorsMoving = quick.isAnimating(at: time) && quick.screen.quick?.movingSeparators.isEmpty == false
            try pushOrDelete(&posts, push ? post() : nil, at: Int.random(in: 0..<min(posts.count, 6), using: &random), &quick, &general, time: time)
            if quick.screen.changesComposed > composedBefore, quick.screen.quick?.movingSeparators.isEmpty == false { movingSeparatorsComposed += 1 }
            if quick.screen.changesComposed > composedBefore, separatorsMoving { overMovingSeparators += 1 }
            compare(&quick, &general, at: time, after: [0.0, 0.01, 0.03, 0.08, 0.15, 0.3, 1.0], label: "step \(step) \(push ? "push" : "delete")")
            if testRun?.failureCount ?? 0 > 0 { return }
        }
        XCTAssertReached(movingSeparatorsComposed, moreThan: 5, "changes that move the last separator composed with a running one")
        XCTAssertReached(overMovingSeparators, moreThan: 5, "changes composed with a running one that moves the last separator")
    }
}

extension QuickTransitionTests {
    /// Under `hide-last-separator`, a row that becomes (or stops being) the
    /// last shown one as a running change moves it — its separator drawn
    /// from the one it had to the one it has — changed by a change made
    /// while it moves: resized, or hidden. Its new track starts from where
    /// it is drawn, that separator with it, as the general transition
    /// starts it; composed with the running change, without a full layout
    /// (both took the general transition).
    func testARowWhoseSeparatorMovesChangedWhileItMovesIsComposed() throws {
        // Along either axis.
        for axis in ["vertical", "horizontal"] {
            let model = try Self.passingScreen(states: ["big"], bSize: "big ? 70 : 44", hidden: "open", axis: axis)
            for (name, second) in [("resized", { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("big", to: .bool(true)) }),
                                   ("hidden", { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setHidden(RowKey(2), true) })] {
                for (open, delay) in [(true, 0.03), (true, 0.15), (false, 0.15)] {
                    var (quick, general) = sessions(model, height: 500)
                    let label = "\(axis): b \(open ? "made" : "no longer") the last shown row, then \(name) \(delay) s in"
                    if !open {
                        change(at: 0, &quick, &general) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("open", to: .bool(true)) }
                    }
                    change(at: 1, &quick, &general) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("open", to: .bool(open)) }
                    XCTAssertEqual(quick.screen.quick?.movingSeparators.keys.contains(2), true, "\(label): b moves as its separator does")
                    change(at: 1 + delay, &quick, &general, second)
                    XCTAssertTrue(quick.screen.changedQuickly, "\(label): composed")
                    XCTAssertEqual(quick.screen.quick?.changedRows.contains(2), true, "\(label): b on a track of its own")
                    compare(&quick, &general, at: 1 + delay, after: [0, 0.01, 0.03, 0.059, 0.061, 0.1, 0.2, 0.35, 0.5, 1], label: label)
                }
            }
        }
    }
}

extension QuickTransitionTests {
    /// Under `hide-last-separator`, a row that becomes the last shown one
    /// as a running change moves it, then stops being it in a change that
    /// carries it on along that change's track (the row after it shown
    /// again): the general transition takes it on from where it is drawn,
    /// its separator from the one drawn to the one the track was headed to,
    /// which it keeps until the change ends. Composed, without a full
    /// layout (it took the general transition); then a third change while
    /// that runs, which carries it on again (the row after it resized) or
    /// sends it elsewhere (the head shrinking back) — composed too, or
    /// made the general transition's on purpose, which takes the row on
    /// from the quick transition's track of it.
    func testARowCarriedOnAsItsSeparatorMovesAgainIsComposed() throws {
        // Along either axis.
        for axis in ["vertical", "horizontal"] {
            let model = try Self.passingScreen(states: ["gone", "tall"], lastSize: "tall ? 60 : 44", hidden: "gone", axis: axis)
            let instants = [0, 0.01, 0.03, 0.059, 0.061, 0.1, 0.2, 0.35, 0.5, 1]
            for (name, third) in [("the row after it resized", { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("tall", to: .bool(true)) }),
                                  ("the head shrinking back", { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("open", to: .bool(false)) })] {
                for delay in [0.03, 0.12] {
                  for thirdQuickly in [true, false] {
                    var (quick, general) = sessions(model, height: 500)
                    change(at: 1, &quick, &general) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                        try live.setState("open", to: .bool(true)) + live.setState("gone", to: .bool(true))
                    }
                    XCTAssertEqual(quick.screen.quick?.movingSeparators.keys.contains(2), true, "b moves as it becomes the last shown row")
                    compare(&quick, &general, at: 1, after: instants, label: "\(axis): head grown, last hidden")
                    change(at: 1 + delay, &quick, &general) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("gone", to: .bool(false)) }
                    let label = "\(axis): last shown again \(delay) s in"
                    XCTAssertTrue(quick.screen.changedQuickly, "\(label): composed")
                    XCTAssertEqual(quick.screen.quick?.heldSeparators.keys.contains(2), true, "\(label): b carried on, headed to the separator it had")
                    XCTAssertEqual(quick.screen.quick?.movingSeparators.keys.contains(2), true, "\(label): b carried on from the separator drawn")
                    compare(&quick, &general, at: 1 + delay, after: instants, label: label)
                    quick.allowsQuickChanges = thirdQuickly
                    change(at: 1 + 2 * delay, &quick, &general, third)
                    XCTAssertEqual(quick.screen.changedQuickly, thirdQuickly, "\(label), then \(name): composed, unless made general")
                    compare(&quick, &general, at: 1 + 2 * delay, after: instants, label: "\(axis): \(label), then \(name) (quick: \(thirdQuickly))")
                  }
                }
            }
        }
    }
}

extension QuickTransitionTests {
    /// The row of `testARowCarriedOnAsItsSeparatorMovesAgainIsComposed`,
    /// carried on to the separator it had, then a third change after its
    /// track ended while the second change still runs (the row after it
    /// shows slowly): the general transition draws it as the layouts do,
    /// composed or not.
    func testARowCarriedOnToItsSeparatorChangedAgainAfterItsTrackEnds() throws {
        // Along either axis.
        for axis in ["vertical", "horizontal"] {
            let model = try Self.passingScreen(states: ["gone", "tall"], lastSize: "tall ? 60 : 44", hidden: "gone", hideAndShow: 900, axis: axis)
            let instants = [0, 0.01, 0.03, 0.1, 0.2, 0.35, 0.5, 1]
            for (name, third) in [("the row after it resized", { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("tall", to: .bool(true)) }),
                                  ("the head shrinking back", { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("open", to: .bool(false)) })] {
                for thirdQuickly in [true, false] {
                    var (quick, general) = sessions(model, height: 500)
                    change(at: 1, &quick, &general) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                        try live.setState("open", to: .bool(true)) + live.setState("gone", to: .bool(true))
                    }
                    change(at: 1.05, &quick, &general) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("gone", to: .bool(false)) }
                    XCTAssertEqual(quick.screen.quick?.heldSeparators.keys.contains(2), true, "b carried on, headed to the separator it had")
                    // Held past its track's end (1.36), until the change ends.
                    compare(&quick, &general, at: 1.05, after: [0, 0.1, 0.3, 0.35, 0.5], label: "\(axis): last shown again, b carried on")
                    quick.allowsQuickChanges = thirdQuickly
                    change(at: 1.6, &quick, &general, third)
                    XCTAssertTrue(quick.isAnimating(at: 1.6), "the second change still runs")
                    XCTAssertEqual(quick.screen.changedQuickly, thirdQuickly, "\(name): composed, unless made general")
                    compare(&quick, &general, at: 1.6, after: instants, label: "\(axis): \(name) after b's track ended (quick: \(thirdQuickly))")
                }
            }
        }
    }
}

extension QuickTransitionTests {
    /// Under `hide-last-separator`, a row that became (or stopped being)
    /// the last shown one as a running change moved it, its move over while
    /// that change still runs (the row after it hides or shows slowly),
    /// then stops (or starts) being it in a change that leaves it standing
    /// (the row after it shown or hidden again): drawn with the separator
    /// the layout gives it from the change's first instant, as the general
    /// transition draws a row it has no track of; composed, without a full
    /// layout (it took the general transition).
    func testARowStandingAsItsSeparatorMovesAgainIsComposed() throws {
        // Along either axis.
        for axis in ["vertical", "horizontal"] {
            let model = try Self.passingScreen(states: ["gone"], hidden: "gone", hideAndShow: 900, axis: axis)
            let instants = [0, 0.01, 0.03, 0.1, 0.2, 0.35, 0.5, 1]
            for (madeLast, delay) in [(true, 0.5), (true, 0.7), (false, 0.5)] {
                var (quick, general) = sessions(model, height: 500)
                if !madeLast {
                    change(at: 0, &quick, &general) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                        try live.setState("open", to: .bool(true)) + live.setState("gone", to: .bool(true))
                    }
                }
                change(at: 2, &quick, &general) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    try live.setState("open", to: .bool(madeLast)) + live.setState("gone", to: .bool(madeLast))
                }
                let label = "\(axis): b \(madeLast ? "made" : "no longer") the last shown row, then \(madeLast ? "not" : "again") \(delay) s in"
                XCTAssertEqual(quick.screen.quick?.movingSeparators.keys.contains(2), true, "\(label): b moves as its separator does")
                compare(&quick, &general, at: 2, after: instants, label: "\(axis): \(label), first change")
                change(at: 2 + delay, &quick, &general) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("gone", to: .bool(!madeLast)) }
                XCTAssertTrue(quick.screen.changedQuickly, "\(label): composed")
                XCTAssertEqual(quick.screen.quick?.movingSeparators.keys.contains(2), false, "\(label): b drawn as the layout has it")
                compare(&quick, &general, at: 2 + delay, after: instants, label: label)
            }
        }
    }
}

extension QuickTransitionTests {
    /// `hideLastRows`: a head that grows with state `open`,
    /// rows `a` and `b` (its size `bSize`), and a last row (`lastSize`)
    /// hidden when `hidden` holds — so that `b` becomes the last shown row,
    /// or stops being it, as the head's growing moves it (resized after a
    /// delay, along a spring). `states`: the screen's states besides
    /// `open`; the last row hides and shows over `hideAndShow` ms; the
    /// rows stacked along `axis`.
    static func passingScreen(
        states: [String], bSize: String = "44", lastSize: String = "44", hidden: String, hideAndShow: Int = 150, axis: String = "vertical"
    ) throws -> ScreenModel {
        try LiveModelTests.model(hideLastRows(
            states: ["open"] + states,
            transitions: "transition resize { duration: 300ms  delay: 60ms  curve: spring(0.6) }"
                + "  transition hide { duration: \(hideAndShow)ms  delay: 20ms  to { alpha: 0 } }  transition show { duration: \(hideAndShow)ms }",
            rows: """
                    Text head { text: "grows"  size: open ? 90 : 40 }
                    Text a { text: "a"  size: 44 }
                    Text b { text: "b"  size: \(bSize) }
                    Text last { text: "last"  size: \(lastSize)  hidden: \(hidden) }

                """,
            settings: "    axis: \(axis)\n"))
    }
}
