// A change of hundreds of rows (states many rows read) animates without a
// full layout: each later update of the change finds its rows' poses before
// the change through sums of what the rows logged before them did
// (IncrementalLayout+Updates), not by going through them all, so the log
// holds thousands of rows rather than 256. Drawn as the general transition
// draws it — the oracle, as in QuickTransitionTests.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

extension QuickTransitionTests {
    /// 700 rows, 500 of which read one of two states (some resize, some
    /// show or hide), with spacing: the states set together and apart.
    private static func manyReaders() throws -> ScreenModel {
        var source = """
            screen Many {
                spacing: 2
                state open: bool = false
                state dense: bool = false
                defaults {
                    transition resize { duration: 300ms  curve: spring(0.7) }
                    transition show { duration: 200ms  delay: 20ms  from { alpha: 0 } }
                    transition hide { duration: 150ms  to { alpha: 0 } }
                }

            """
        for row in 0..<700 {
            switch row % 7 {
            case 0, 3: source += "    Text r\(row) { text: \"grows\"  size: open ? 50 : 30 }\n"
            case 1: source += "    Text r\(row) { text: \"hides\"  size: 30  hidden: open }\n"
            case 4: source += "    Text r\(row) { text: \"shows\"  size: 35  hidden: !dense }\n"
            case 5: source += "    Text r\(row) { text: \"shrinks\"  size: dense ? 20 : 40 }\n"
            default: source += "    Text r\(row) { text: \"row\"  size: 44 }\n"
            }
        }
        return try LiveModelTests.model(source + "}\n")
    }

    func testAChangeOfHundredsOfRowsPresentsAsTheGeneralTransition() throws {
        let model = try Self.manyReaders()
        var (quick, general) = sessions(model, height: 600)
        let steps: [(time: Double, scroll: Double, states: [(String, Bool)])] = [
            (1, 0, [("open", true), ("dense", true)]),
            (3, 4_000, [("open", false)]),
            (5, 12_000, [("open", true), ("dense", false)]),
            (7, 20_000, [("dense", true), ("open", false)]),
        ]
        for step in steps {
            onBoth(&quick, &general) { session, _ in
                session.scroll(to: min(step.scroll, max(session.screen.live.contentMain - 600, 0)), at: step.time - 0.5)
                _ = session.pass(at: step.time - 0.5)
            }
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: step.time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    var events: [LiveEvent] = []
                    for (name, value) in step.states { events += try live.setState(name, to: .bool(value)) }
                    return events
                }
            }
            XCTAssertNotNil(quick.screen.quick, "t \(step.time): \(step.states.count) states of hundreds of rows take the quick path")
            compare(&quick, &general, at: step.time, after: [0.0, 0.02, 0.05, 0.1, 0.16, 0.24, 0.3, 2.0], label: "t \(step.time)")
        }
    }

    /// Rows hidden, shown again and resized one update at a time, all in
    /// one change, in a seeded order (each new row lands among the logged
    /// ones): each later update reads again only the rows changed since
    /// the one before (`BeforeChange.catchUp`), so hundreds of updates take
    /// the quick path (past about 360 they went to the general transition)
    /// — drawn as the general transition draws them.
    func testAChangeOfHundredsOfUpdatesPresentsAsTheGeneralTransition() throws {
        var source = "screen Plain {\n    spacing: 3\n    state big: bool = false\n"
        source += "    defaults { transition hide { duration: 150ms  to { alpha: 0 } }  transition show { duration: 150ms }  transition resize { duration: 200ms } }\n"
        for row in 0..<500 { source += "    Text r\(row) { text: \"row\"  size: \(row % 3 == 0 ? "big ? 60 : " : "")\(30 + row % 5 * 4) }\n" }
        let model = try LiveModelTests.model(source + "}\n")
        var random = SplitMix64(seed: 0x5EED_0400)
        let rows = Array(model.stacks[model.rootStack].rows).shuffled(using: &random)
        for count in [100, 400, 500] {
            var (quick, general) = sessions(model, height: 600)
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: 1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    var events: [LiveEvent] = []
                    for (step, row) in rows.prefix(count).enumerated() {
                        events += try live.setHidden(RowKey(row), true)
                        // Now and then a row hidden before shown again, and
                        // the rows `big` resizes resized (rows logged already).
                        if step % 7 == 3 { events += try live.setHidden(RowKey(rows[step / 2]), false) }
                        if step % 50 == 25 { events += try live.setState("big", to: .bool(step % 100 == 25)) }
                    }
                    return events
                }
            }
            XCTAssertNotNil(quick.screen.quick, "\(count) updates of a row or two each take the quick path")
            compare(&quick, &general, at: 1, after: [0.0, 0.05], label: "\(count) updates")
            // The rows changed are all over the screen: looked at from top
            // to bottom while they move (a scroll leaves the transition running).
            let content = quick.screen.live.contentMain
            for (step, fraction) in [0.2, 0.4, 0.6, 0.8, 1.0].enumerated() {
                let time = 1.06 + 0.02 * Double(step)
                onBoth(&quick, &general) { session, _ in session.scroll(to: max(0, content - 600) * fraction, at: time) }
                compare(&quick, &general, at: time, after: [0.0], label: "\(count) updates, scrolled to \(fraction)")
            }
            compare(&quick, &general, at: 1.2, after: [0.0, 2.0], label: "\(count) updates, at the end")
        }
    }

    /// Past `ChangeLog.maximumRows` rows in one change, the general
    /// transition takes it, one update at a time as at once.
    func testAChangeOfMoreRowsThanTheLogHoldsTakesTheGeneralTransition() throws {
        var source = "screen Plain {\n    defaults { transition hide { duration: 150ms  to { alpha: 0 } } }\n"
        for row in 0..<(IncrementalLayout.ChangeLog.maximumRows + 4) { source += "    Text r\(row) { text: \"row\"  size: 30 }\n" }
        let model = try LiveModelTests.model(source + "}\n")
        let rows = Array(model.stacks[model.rootStack].rows)
        for count in [IncrementalLayout.ChangeLog.maximumRows - 1, IncrementalLayout.ChangeLog.maximumRows] {
            var (quick, general) = sessions(model, height: 600)
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: 1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    var events: [LiveEvent] = []
                    for row in rows.prefix(count) { events += try live.setHidden(RowKey(row), true) }
                    return events
                }
            }
            XCTAssertEqual(quick.screen.quick != nil, count <= IncrementalLayout.ChangeLog.maximumRows - 1, "\(count) updates of one row each")
            compare(&quick, &general, at: 1, after: [0.0, 0.05, 2.0], label: "\(count) updates")
        }
    }
}
