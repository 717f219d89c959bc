// State set through the session, and taps that set state, are made on the
// live screen itself (no copy of the screen) when nothing animates. The
// oracle is the general transition, as in QuickTransitionTests: a session
// without quick changes takes the same steps through `change(at:)`, and
// every pass must draw alike — also when the quick path turns the change
// down and the general transition animates it from the screen before,
// made again by setting the state back.

@testable import StackRuntime
import TestSupport
import XCTest

extension QuickTransitionTests {
    static let statesSource = """
        screen States {
            spacing: open ? 6 : 4
            state open: bool = false
            state grown: bool = false
            state mode: number = 0
            defaults { transition resize { duration: 300ms }  transition show { duration: 200ms }  transition hide { duration: 150ms  to { alpha: 0 } } }
            Text a { text: "grows"  size: grown ? 90 : 30  tap: toggle(grown) }
            Text b { text: "shown when grown"  hidden: !grown }
            Text c { text: "taps twice"  tap: toggle(grown), emit("c") }
            Text d { text: "moves the list"  tap: toggle(open) }
            Stack e { padding: 6  Text { text: "inside"  size: mode > 0 ? 40 : 20 }  View { host: "Inner" } }
            Text f { text: "sets"  tap: set(mode, mode + 1) }
            Spacer { size: 600 }
            Text g { text: "last"  size: grown ? 40 : 20 }
        }
        """

    /// Each change made on both sessions, then their passes compared.
    private func stepBoth(
        _ quick: inout HostSession, _ general: inout HostSession, at time: Double, label: String,
        _ body: (inout HostSession) throws -> Void
    ) rethrows {
        try body(&quick)
        try body(&general)
        compare(&quick, &general, at: time, after: [0, 0.05, 0.12, 0.2, 0.5], label: label)
    }

    func testStateSetThroughTheSessionIsMadeInPlaceAndDrawnAsTheGeneralTransition() throws {
        let model = try LiveModelTests.model(Self.statesSource)
        var (quick, general) = sessions(model, height: 400)
        let changes: [(String, RuntimeValue)] = [("grown", .bool(true)), ("mode", .number(2)), ("grown", .bool(false)), ("mode", .number(0))]
        for (index, (name, value)) in changes.enumerated() {
            let time = Double(index) * 2
            try stepBoth(&quick, &general, at: time, label: "\(name) = \(value)") { session in
                let made = try session.setState(name, to: value, at: time)
                XCTAssertFalse(made.events.isEmpty || made.transitionEvents.isEmpty, "\(name): the change and its animation reported")
            }
        }
        XCTAssertEqual(quick.screen.changesInPlace, changes.count, "every change made in place")
        XCTAssertEqual(quick.screen.remadeBefore, 0, "and animated by the quick path")
        XCTAssertEqual(general.screen.changesInPlace, 0)
        XCTAssertEqual(try quick.live.state("mode"), RuntimeValue.number(0))
    }

    /// `open` is read by the screen's spacing: every row moves, the layout
    /// is made again in full, and the quick path turns the change down; the
    /// general transition then animates it from the screen before, made
    /// again by setting `open` back.
    func testAStateTheQuickPathTurnsDownIsAnimatedFromTheScreenBeforeMadeAgain() throws {
        let model = try LiveModelTests.model(Self.statesSource)
        var (quick, general) = sessions(model, height: 400)
        for (index, value) in [true, false, true].enumerated() {
            let time = Double(index) * 2
            try stepBoth(&quick, &general, at: time, label: "open = \(value)") { session in
                _ = try session.setState("open", to: .bool(value), at: time)
            }
        }
        XCTAssertEqual(quick.screen.changesInPlace, 3)
        XCTAssertEqual(quick.screen.remadeBefore, 3)
        // Scrolled to the end first: the content shrinks under the offset,
        // which the screen before has back.
        try stepBoth(&quick, &general, at: 10, label: "grown at the end") { session in
            _ = try session.setState("grown", to: .bool(true), at: 10)
            session.scroll(to: 10_000, at: 11)
            _ = try session.setState("open", to: .bool(false), at: 12)
        }
    }

    /// While a quick change animates, a state set is made in place too,
    /// composed with it; one the quick path turns down is animated from
    /// the screen before made again, the running change carried — and
    /// that general transition taken over by a quick one, so that the
    /// state set after it is composed with it too.
    func testAStateSetWhileAChangeAnimatesIsComposedWithItInPlace() throws {
        let model = try LiveModelTests.model(Self.statesSource)
        var (quick, general) = sessions(model, height: 400)
        let steps: [(time: Double, name: String, value: RuntimeValue)] = [
            (0, "grown", .bool(true)), (0.1, "grown", .bool(false)), (0.15, "mode", .number(1)), (0.2, "open", .bool(true)), (0.25, "grown", .bool(true)),
        ]
        var quickly: [Bool] = []
        for step in steps {
            try stepBoth(&quick, &general, at: step.time, label: "\(step.name) at \(step.time)") { session in
                _ = try session.setState(step.name, to: step.value, at: step.time)
            }
            quickly.append(quick.screen.changedQuickly)
        }
        XCTAssertEqual(quick.screen.changesInPlace, 5)
        XCTAssertEqual(quick.screen.generalTakenOver, 1, "open (the spacing) by the general transition, taken over")
        XCTAssertEqual(quick.screen.changesComposed, 3, "grown set back, mode set, grown set again: composed")
        XCTAssertEqual(quickly, [true, true, true, true, true])
    }

    func testAStateSetThatThrowsChangesNothing() throws {
        let model = try LiveModelTests.model(Self.statesSource)
        var session = HostSession(LiveScreen(model: model, viewportWidth: 390, viewportHeight: 400))
        let before = LiveModelTests.render(session.live)
        XCTAssertThrowsError(try session.setState("shut", to: .bool(true), at: 1)) { error in
            XCTAssertTrue("\(error)".contains("no state 'shut'"), "\(error)")
        }
        XCTAssertThrowsError(try session.setState("grown", to: .number(1), at: 2)) { error in
            XCTAssertTrue("\(error)".contains("state 'grown' is"), "\(error)")
        }
        XCTAssertEqual(LiveModelTests.render(session.live), before)
        XCTAssertFalse(session.isAnimating(at: 2))
        var fresh = HostSession(LiveScreen(model: model, viewportWidth: 390, viewportHeight: 400))
        XCTAssertEqual(session.pass(at: 2).rows.map(\.frame), fresh.pass(at: 0).rows.map(\.frame))
    }

    /// Two states set by one call: one change, made in place and animated
    /// together; a bad value among them throws with none set.
    func testStatesSetTogetherAreOneChangeMadeInPlace() throws {
        let model = try LiveModelTests.model(Self.statesSource)
        var (quick, general) = sessions(model, height: 400)
        try stepBoth(&quick, &general, at: 1, label: "grown and mode") { session in
            _ = try session.setStates([("grown", .bool(true)), ("mode", .number(1))], at: 1)
        }
        XCTAssertEqual(quick.screen.changesInPlace, 1)
        XCTAssertTrue(quick.screen.changedQuickly)
        let before = LiveModelTests.render(quick.live)
        XCTAssertThrowsError(try quick.setStates([("grown", .bool(false)), ("mode", .bool(true))], at: 3)) { error in
            XCTAssertTrue("\(error)".contains("state 'mode' is"), "\(error)")
        }
        XCTAssertEqual(LiveModelTests.render(quick.live), before, "neither set")
        XCTAssertEqual(try quick.live.state("grown"), RuntimeValue.bool(true))
    }

    /// Taps whose actions set state (and emit) are made in place; a tap
    /// that does more (`insert`, `push`) goes on a copy, as before.
    func testTapsThatSetStateAreMadeInPlace() throws {
        let model = try LiveModelTests.model(Self.statesSource)
        var (quick, general) = sessions(model, height: 700)
        var time = 0.0
        for id in ["a", "c", "f", "d", "a", "f"] {
            let frame = try XCTUnwrap(quick.live.frame(of: try quick.live.row(id: id)))
            time += 2
            stepBoth(&quick, &general, at: time, label: "tap \(id)") { session in
                XCTAssertNotNil(session.press(x: frame.x + 2, y: frame.y + 2 - session.live.offset), "tap \(id)")
                let made = session.release(at: time)
                XCTAssertFalse(made.actions.isEmpty, "tap \(id)")
            }
        }
        XCTAssertEqual(quick.screen.changesInPlace, 6)
        XCTAssertEqual(quick.screen.remadeBefore, 1, "the tap on d (open: the spacing) by the general transition")
        XCTAssertEqual(try quick.live.state("mode"), RuntimeValue.number(2))
        XCTAssertEqual(try quick.live.state("open"), RuntimeValue.bool(true))
    }

    func testATapThatInsertsARowIsMadeOnACopy() throws {
        let model = try LiveModelTests.model("""
            component Chip(label: string): Text { text: label  size: 30 }
            screen Taps {
                Text add { text: "add"  tap: insert(Chip { label: "new" }, after: add) }
                Text rest { text: "rest" }
            }
            """)
        var session = HostSession(LiveScreen(model: model, viewportWidth: 390, viewportHeight: 400))
        let frame = try XCTUnwrap(session.live.frame(of: try session.live.row(id: "add")))
        XCTAssertNotNil(session.press(x: frame.x + 2, y: frame.y + 2))
        XCTAssertFalse(session.live.releaseChangesStateAlone)
        _ = session.release(at: 1)
        XCTAssertEqual(session.screen.changesInPlace, 0)
        XCTAssertEqual(session.live.rootRows.count, 3)
    }
}

extension QuickTransitionTests {
    /// Seeded walks on every sample's screens: each state set and tap made
    /// by one session in place and by another on a copy of the screen
    /// (through `change(at:)`), both with quick changes. The two paths
    /// must return the same events and draw the same passes.
    func testStateSetInPlaceAgreesWithTheChangeOnACopy() throws {
        var inPlace = 0
        for (number, model) in try Self.walkedModels().enumerated() {
            inPlace += try walkStateInPlace(model, seed: 0x5E7_57A7E &+ UInt64(number), steps: TestScale.count(full: 300, quick: 60))
        }
        XCTAssertGreaterThan(inPlace, 20, "changes were made in place")
    }

    private func walkStateInPlace(_ model: ScreenModel, seed: UInt64, steps: Int) throws -> Int {
        var random = SplitMix64(seed: seed)
        var mine = HostSession(LiveScreen(model: model, viewportWidth: 390, viewportHeight: 500))
        var copied = HostSession(LiveScreen(model: model, viewportWidth: 390, viewportHeight: 500))
        let slots = model.state.filter { $0.type == .bool || $0.type == .number }
        var time = 0.0
        for step in 0..<steps {
            time += [0, 0.03, 0.12, 0.5, 1.5][Int.random(in: 0..<5, using: &random)]
            let label = "\(model.name) step \(step) at \(time)"
            switch Int.random(in: 0..<4, using: &random) {
            case 0, 1:
                // One state, or two at once.
                let values: [(name: String, value: RuntimeValue)] = (0...Int.random(in: 0...1, using: &random)).compactMap { _ in
                    guard let slot = slots.randomElement(using: &random) else { return nil }
                    return (slot.name, slot.type == RuntimeType.bool ? .bool(Bool.random(using: &random)) : .number(Double(Int.random(in: 0...3, using: &random))))
                }
                guard let first = values.first else { continue }
                let a = values.count == 1 ? try? mine.setState(first.name, to: first.value, at: time) : try? mine.setStates(values, at: time)
                let b = try? copied.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    var events: [LiveEvent] = []
                    for (name, value) in values { events += try live.setState(name, to: value) }
                    return events
                }
                XCTAssertEqual(a?.events, b?.events, label)
                XCTAssertEqual(a?.transitionEvents, b?.transitionEvents, label)
                // The copy's rows written aside are folded into its columns
                // once it is the live screen.
                XCTAssertEqual(copied.live.incremental.resolved.rowsWrittenAside, 0, label)
            case 2:
                let (x, y) = (Double.random(in: 0..<390, using: &random), Double.random(in: 0..<500, using: &random))
                XCTAssertEqual(mine.press(x: x, y: y), copied.press(x: x, y: y), label)
                let a = mine.release(at: time)
                var actions: [ActionOutcome] = []
                let b = try copied.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    let made = live.release()
                    actions = made.actions
                    return made.events
                }
                XCTAssertEqual(a.actions, actions, label)
                XCTAssertEqual(a.events, b.events, label)
            default:
                let offset = Double.random(in: 0...(mine.live.contentMain + 50), using: &random)
                XCTAssertEqual(mine.scroll(to: offset, at: time), copied.scroll(to: offset, at: time), label)
            }
            XCTAssertEqual(mine.advance(to: time + 0.05), copied.advance(to: time + 0.05), label)
            compare(&mine, &copied, at: time, after: [0.05, 0.1, 0.3], label: label)
        }
        return mine.screen.changesInPlace
    }
}
