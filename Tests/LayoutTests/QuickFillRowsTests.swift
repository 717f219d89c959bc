// A screen with `fill` rows animates a change without a full layout: the
// `fill` rows are sized again after the rows that changed, each logged as
// a later update's rows are (IncrementalLayout.resizeFillRows). Drawn as
// the general transition draws it — the oracle, as in QuickTransitionTests.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

extension QuickTransitionTests {
    /// Rows that grow and hide around two `fill` rows (weights 1 and 2),
    /// short enough that the `fill` rows take the rest of the viewport;
    /// `open` weighs the first anew, `hide` hides the second.
    private static func fillScreen(rows: Int) throws -> ScreenModel {
        var source = """
            screen Filled {
                spacing: 4
                state open: bool = false
                state hide: bool = false
                defaults {
                    transition resize { duration: 300ms  curve: spring(0.7) }
                    transition show { duration: 200ms  from { alpha: 0 } }
                    transition hide { duration: 150ms  to { alpha: 0 } }
                }

            """
        for row in 0..<rows {
            switch row % 6 {
            case 1: source += "    Spacer gap\(row) { size: open ? fill(3) : fill(1)  min: 10 }\n"
            case 4: source += "    View wide\(row) { host: \"Cell\"  size: fill(2)  insets: 4 0  hidden: hide }\n"
            case 2: source += "    Text r\(row) { text: \"grows\"  size: open ? 60 : 30 }\n"
            case 3: source += "    Text r\(row) { text: \"hides\"  size: 24  hidden: hide }\n"
            default: source += "    Text r\(row) { text: \"row\"  size: 20 }\n"
            }
        }
        return try LiveModelTests.model(source + "}\n")
    }

    func testAScreenWithFillRowsAnimatesAsTheGeneralTransition() throws {
        for (rows, height) in [(6, 600.0), (12, 700.0), (12, 200.0)] {
            let model = try Self.fillScreen(rows: rows)
            var (quick, general) = sessions(model, height: height)
            let steps: [(time: Double, states: [(String, Bool)])] = [
                (1, [("open", true)]),
                (3, [("hide", true)]),
                (5, [("open", false), ("hide", false)]),
                // Mid-animation: the next change starts from where the last one is.
                (5.1, [("open", true)]),
            ]
            for step in steps {
                try onBoth(&quick, &general) { session, _ in
                    _ = try session.change(at: step.time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                        var events: [LiveEvent] = []
                        for (name, value) in step.states { events += try live.setState(name, to: .bool(value)) }
                        return events
                    }
                }
                let label = "\(rows) rows in \(height): t \(step.time)"
                XCTAssertNotNil(quick.screen.quick, "\(label): a screen with fill rows takes the quick path")
                compare(&quick, &general, at: step.time, after: [0.0, 0.02, 0.05, 0.1, 0.16, 0.24, 0.3, 2.0], label: label)
            }
        }
    }

    /// `HostSession`'s one-row calls on such a screen are made in place
    /// (nothing copied), a `fill` row's own too, and drawn as the general
    /// transition draws them.
    func testOneRowCallsBesideFillRowsAreMadeInPlace() throws {
        let model = try Self.fillScreen(rows: 12)
        let rows = Array(model.stacks[model.rootStack].rows)
        var (quick, general) = sessions(model, height: 700)
        // Rows 3 and 9 hide and show, and so does row 1, which fills.
        let steps: [(time: Double, row: Int, hidden: Bool, inPlace: Bool)] = [
            (1, rows[3], true, true), (3, rows[9], true, true), (5, rows[3], false, true), (7, rows[1], true, true), (9, rows[1], false, true),
        ]
        for step in steps {
            let before = quick.screen.changesInPlace
            onBoth(&quick, &general) { session, _ in _ = try? session.setHidden(RowKey(step.row), step.hidden, at: step.time) }
            XCTAssertEqual(quick.screen.changesInPlace > before, step.inPlace, "t \(step.time): made in place")
            compare(&quick, &general, at: step.time, after: [0.0, 0.02, 0.05, 0.1, 0.16, 0.24, 0.3, 2.0], label: "t \(step.time)")
        }
        XCTAssertEqual(general.screen.changesInPlace, 0)
    }
}
