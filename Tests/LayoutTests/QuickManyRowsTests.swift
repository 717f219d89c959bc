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
            try setStates(step.states, at: step.time, &quick, &general)
            XCTAssertNotNil(quick.screen.quick, "t \(step.time): \(step.states.count) states of hundreds of rows take the quick path")
            compare(&quick, &general, at: step.time, after: [0.0, 0.02, 0.05, 0.1, 0.16, 0.24, 0.3, 2.0], label: "t \(step.time)")
        }
    }

    /// The same change's events: each changed row begins and ends once,
    /// as the general transition reports it (which also reports the rows
    /// that follow, `move`), and the ends at the frame they fall in, in
    /// order of when they end — not before, and none left at the end.
    func testAChangeOfHundredsOfRowsReportsItsRowsAsTheGeneralTransition() throws {
        let model = try Self.manyReaders()
        var (quick, general) = sessions(model, height: 600)
        var events: [[TransitionEvent]] = [[], []]
        try onBoth(&quick, &general) { session, first in
            _ = session.pass(at: 0.5)
            events[first ? 0 : 1] += try session.change(at: 1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                try live.setState("open", to: .bool(true)) + live.setState("dense", to: .bool(true))
            }.transitionEvents
            // Frames a display link asks for, then one past every end.
            for frame in 1...22 { events[first ? 0 : 1] += session.advance(to: 1 + 0.016 * Double(frame)) }
            events[first ? 0 : 1] += session.advance(to: 3)
        }
        XCTAssertNotNil(quick.screen.quick)
        func changed(_ event: TransitionEvent) -> Bool {
            switch event {
            case .willBegin(_, let kind, _), .didEnd(_, let kind, _, _): kind != .move
            }
        }
        XCTAssertGreaterThan(events[0].count, 800)
        XCTAssertEqual(events[0], events[1].filter(changed))
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

    /// Past `ChangeLog.maximumRows` rows in one change (4,096 on a screen
    /// of fewer than 16,384 rows) the general transition takes it, one
    /// update at a time as at once.
    func testAChangeOfMoreRowsThanTheLogHoldsTakesTheGeneralTransition() throws {
        let maximum = IncrementalLayout.ChangeLog.fewestMaximumRows
        XCTAssertEqual(IncrementalLayout.ChangeLog.maximumRows(screenRows: maximum + 4), maximum)
        var source = "screen Plain {\n    defaults { transition hide { duration: 150ms  to { alpha: 0 } } }\n"
        for row in 0..<(maximum + 4) { source += "    Text r\(row) { text: \"row\"  size: 30 }\n" }
        let model = try LiveModelTests.model(source + "}\n")
        let rows = Array(model.stacks[model.rootStack].rows)
        for count in [maximum - 1, maximum] {
            var (quick, general) = sessions(model, height: 600)
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: 1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    var events: [LiveEvent] = []
                    for row in rows.prefix(count) { events += try live.setHidden(RowKey(row), true) }
                    return events
                }
            }
            // Past the log, the general transition is built (its tracks
            // then handed to a quick transition: QuickTransition+TakingOver).
            XCTAssertNotNil(quick.screen.quick, "\(count) updates of one row each")
            XCTAssertEqual(quick.screen.generalTakenOver, count <= maximum - 1 ? 0 : 1, "\(count) updates of one row each")
            compare(&quick, &general, at: 1, after: [0.0, 0.05, 2.0], label: "\(count) updates")
        }
    }

    /// On a larger screen a change may log a quarter of its rows: 20,000
    /// rows, a state 4,999 of them read (past the 4,096 a smaller screen's
    /// change logs) takes the quick path, drawn as the general transition
    /// draws it; with a second state one more row reads, set with it, the
    /// change is 5,000 rows and takes the general one.
    func testALargeScreensChangeLogsAQuarterOfItsRows() throws {
        let screenRows = 20_000
        let maximum = IncrementalLayout.ChangeLog.maximumRows(screenRows: screenRows)
        XCTAssertEqual(maximum, 5_000)
        var source = "screen Plain {\n    state gone: bool = false\n    state more: bool = false\n"
        source += "    defaults { transition hide { duration: 150ms  to { alpha: 0 } }  transition show { duration: 150ms } }\n"
        for row in 0..<screenRows {
            // Readers spread through the screen, four rows apart.
            let reads = row % 4 == 0 && row / 4 < maximum - 1 ? "  hidden: gone" : row == 1 ? "  hidden: more" : ""
            source += "    Text r\(row) { text: \"row\"  size: 30\(reads) }\n"
        }
        let model = try LiveModelTests.model(source + "}\n")
        var (quick, general) = sessions(model, height: 600)
        onBoth(&quick, &general) { session, _ in
            session.scroll(to: 30 * 9_000, at: 0.5)
            _ = session.pass(at: 0.5)
        }
        try onBoth(&quick, &general) { session, _ in
            _ = try session.change(at: 1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("gone", to: .bool(true)) }
        }
        XCTAssertNotNil(quick.screen.quick, "\(maximum - 1) rows read the state")
        XCTAssertEqual(quick.screen.generalTakenOver, 0, "\(maximum - 1) rows read the state")
        compare(&quick, &general, at: 1, after: [0.0, 0.05, 2.0], label: "\(maximum - 1) rows")
        _ = try quick.change(at: 3) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
            try live.setState("gone", to: .bool(false)) + live.setState("more", to: .bool(true))
        }
        XCTAssertEqual(quick.screen.generalTakenOver, 1, "\(maximum) rows read the two states: the general transition")
    }
}
