// Several updates in one change (two states set at once, a tap's several
// actions, rows resized and hidden together) animate without a full layout
// when no splice is among them: each row is logged with its pose before the
// whole change (IncrementalLayout+Updates), and the change is drawn as the
// general transition draws it — the oracle, as in QuickTransitionTests.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

extension QuickTransitionTests {
    private enum Update {
        case resize(Int)
        case hide(Int, Bool)
        case flip(String)
    }

    func testSeveralUpdatesInOneChangePresentAsTheGeneralTransition() throws {
        var compared = 0, severalQuick = 0, withInside = 0
        for (number, model) in try Self.severalUpdatesModels().enumerated() {
            let walk = walkSeveralUpdates(model, seed: 0x5E7E_4A1 &+ UInt64(number), steps: TestScale.count(full: 300, quick: 60))
            compared += walk.compared
            severalQuick += walk.severalQuick
            withInside += walk.withInside
        }
        XCTAssertGreaterThan(compared, 500)
        XCTAssertGreaterThan(severalQuick, 30, "changes of several updates took the quick path")
        XCTAssertGreaterThan(withInside, 5, "with rows inside holders among them")
    }

    /// A walk that a soak run found (`STACKC_LONG_TESTS=1
    /// STACKC_TEST_SEED=105`): updates whose shifts of the rows after them
    /// cancel but for the last bits sent rows still on their way along a
    /// new track (the general transition tells them headed where they were
    /// going, and lets them carry on).
    func testShiftsThatCancelButForRoundingLeaveRowsOnTheirWay() throws {
        let models = try Self.severalUpdatesModels()
        let number = try XCTUnwrap(models.firstIndex { $0.name == "AloeExample" })
        // The soak run's seed, whatever this run's STACKC_TEST_SEED.
        _ = walkSeveralUpdates(models[number], seed: (0x5E7E_4A1 &+ UInt64(number)) ^ 105 ^ TestScale.seedOffset, steps: 160)
    }

    /// A walk that a soak run found (`STACKC_TEST_SEED=3011`): on the
    /// settings sample (`hide-last-separator`), a change moves the last
    /// shown row, and a change at the same instant moves it back and shows
    /// a row after it. The general transition draws it at that instant as
    /// the running change had it, without the separator it gains; the
    /// quick path drew the new separator from the first instant.
    func testAChangeAtTheInstantOfOneThatMovesTheLastRowKeepsItsSeparatorAtStart() throws {
        let models = try Self.severalUpdatesModels()
        let number = try XCTUnwrap(models.firstIndex { $0.name == "Settings" })
        // The soak run's seed, whatever this run's STACKC_TEST_SEED.
        _ = walkSeveralUpdates(models[number], seed: (0x5E7E_4A1 &+ UInt64(number)) ^ 3011 ^ TestScale.seedOffset, steps: 53)
    }

    /// The quick-changes walk's screens with the nested one second.
    static func severalUpdatesModels() throws -> [ScreenModel] {
        var models = try walkedModels()
        models.insert(try LiveModelTests.model(Self.nestedSource), at: 1)
        return models
    }

    /// `steps` changes of two to four updates each (rows resized or
    /// hidden, inside holders or not, a state flipped) and scrolls on
    /// `model`, at random instants, by two sessions, quick changes on and off.
    private func walkSeveralUpdates(_ model: ScreenModel, seed: UInt64, steps: Int) -> (compared: Int, severalQuick: Int, withInside: Int) {
        var random = SplitMix64(seed: seed)
        var compared = 0, severalQuick = 0, withInside = 0
        let heights = SharedHeights()
        var (quick, general) = sessions(model, height: 500, measurer: heights)
        let roots = Array(model.stacks[model.rootStack].rows)
        let rootSet = Set(roots)
        let inside = model.rows.indices.filter { !rootSet.contains($0) }
        let flag = model.state.first { $0.type == .bool }
        var time = 0.0
        for step in 0..<steps {
            time += [0, 0.03, 0.12, 0.5, 1.5][Int.random(in: 0..<5, using: &random)]
            let scrollTo = Double.random(in: 0...(quick.live.contentMain + 50), using: &random)
            let scrolls = Int.random(in: 0..<4, using: &random) == 0
            // Two to four updates: rows resized or hidden, inside holders or not, and a state flipped.
            var updates: [Update] = []
            var touchesInside = false
            for _ in 0..<Int.random(in: 2...4, using: &random) {
                let nested = !inside.isEmpty && Bool.random(using: &random)
                let row = (nested ? inside : roots).randomElement(using: &random) ?? 0
                touchesInside = touchesInside || nested
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    // Measured anew only when it is invalidated (not on a scroll's step).
                    let extra = Double(Int.random(in: 0...6, using: &random) * 15)
                    if !scrolls { heights.extra[row] = extra }
                    updates.append(.resize(row))
                case 1:
                    let hidden = Bool.random(using: &random)
                    updates.append(.hide(row, hidden))
                default:
                    guard let flag else { continue }
                    updates.append(.flip(flag.name))
                }
            }
            onBoth(&quick, &general) { session, _ in
                if scrolls {
                    session.scroll(to: scrollTo, at: time)
                } else {
                    _ = try? session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                        for update in updates {
                            switch update {
                            case .resize(let row): _ = try live.invalidateSize(of: RowKey(row))
                            case .hide(let row, let hidden): _ = try live.setHidden(RowKey(row), hidden)
                            case .flip(let name): _ = try live.setState(name, to: .bool(!((try? live.state(name))?.boolValue ?? false)))
                            }
                        }
                        return []
                    }
                }
            }
            if !scrolls, updates.count > 1, quick.screen.layoutIsStale, quick.screen.quick != nil {
                severalQuick += 1
                if touchesInside, quick.screen.quick?.inside.isEmpty == false { withInside += 1 }
            }
            compared += compare(&quick, &general, at: time, after: [0.0, 0.04, 0.1, 0.2, 0.35, 2.0], label: "\(model.name) step \(step)")
        }
        return (compared, severalQuick, withInside)
    }
}

extension QuickTransitionTests {
    /// Under `hide-last-separator`, two updates in one change, the first
    /// hiding the last shown row (the one before it made last, its
    /// separator gone) or showing it again, the second resizing rows: the
    /// rows the second logs have the separators they had when the change
    /// began, and the change animates without a full layout (an update
    /// after the last shown row changed filled the log before) — drawn as
    /// the general transition draws it.
    func testAnUpdateAfterOneThatMakesAnotherRowLastIsQuick() throws {
        let source = """
            screen Rows {
                spacing: 4
                hide-last-separator: true
                state big: bool = false
                state short: bool = false
                defaults {
                    separator { color: #DDDDDD  thickness: 1 }
                    transition resize { duration: 250ms }
                    transition hide { duration: 200ms  to { alpha: 0 } }
                    transition show { duration: 200ms }
                }
                Text a { text: "a"  size: big ? 60 : 40 }
                Text b { text: "b"  size: big ? 30 : 50 }
                Text c { text: "c"  size: 44  hidden: short }
            }
            """
        var (quick, general) = sessions(try LiveModelTests.model(source), height: 600)
        for (time, big, short) in [(1.0, true, true), (2.0, false, false), (3.0, true, true), (3.1, false, false)] {
            try setStates([("short", short), ("big", big)], at: time, &quick, &general)
            XCTAssertNotNil(quick.screen.quick, "t \(time): the quick path")
            compare(&quick, &general, at: time, after: [0, 0.02, 0.05, 0.1, 0.2, 0.3], label: "t \(time): big \(big), short \(short)")
        }
    }
}
