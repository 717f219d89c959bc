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
    /// `open` weighs the first anew and makes a third start filling,
    /// `hide` hides the second.
    private static func fillScreen(rows: Int) throws -> ScreenModel {
        try LiveModelTests.model(fillScreenSource(rows: rows))
    }

    private static func fillScreenSource(rows: Int) throws -> String {
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
            case 5: source += "    Text r\(row) { text: \"fills when open\"  size: open ? fill(2) : 40 }\n"
            default: source += "    Text r\(row) { text: \"row\"  size: 20 }\n"
            }
        }
        return source + "}\n"
    }

    func testAScreenWithFillRowsAnimatesAsTheGeneralTransition() throws {
        for (rows, height) in [(6, 600.0), (12, 700.0), (12, 200.0)] {
            let model = try Self.fillScreen(rows: rows)
            var (quick, general) = sessions(model, height: height)
            try openAndHide(&quick, &general, label: "\(rows) rows in \(height)")
        }
    }

    /// `open` and `hide` set together, apart and mid-animation on a screen
    /// with `fill` rows: each change takes the quick path (a full layout
    /// would make it the general transition's) and is drawn as the
    /// general transition draws it.
    private func openAndHide(_ quick: inout HostSession, _ general: inout HostSession, label: String) throws {
        let steps: [(time: Double, states: [(String, Bool)])] = [
            (1, [("open", true)]),
            (3, [("hide", true)]),
            (5, [("open", false), ("hide", false)]),
            // Mid-animation: the next change starts from where the last one is.
            (5.1, [("open", true)]),
        ]
        for step in steps {
            try setStates(step.states, at: step.time, &quick, &general)
            let label = "\(label): t \(step.time)"
            XCTAssertNotNil(quick.screen.quick, "\(label): the quick path")
            compare(&quick, &general, at: step.time, after: [0.0, 0.02, 0.05, 0.1, 0.16, 0.24, 0.3, 2.0], label: label)
        }
    }

    /// `fillScreen` with its `fill` rows holding stacks: cards sharing the
    /// rest with the others, whose rows read their extent (a row `50%` of
    /// it, a `fill` row of its own) and change with the state, every other
    /// one filling only while `open`. The cards are laid out again at each
    /// new share, not the screen in full, and drawn as the general
    /// transition draws them; a card shown again, or starting to fill, is
    /// laid out at its share too.
    func testFillRowsHoldingStacksAreLaidOutAgainAtTheirShares() throws {
        for (rows, height) in [(6, 600.0), (12, 900.0), (12, 200.0)] {
            // Each `View wide` row gets a card before it.
            var parts = try Self.fillScreenSource(rows: rows).components(separatedBy: "    View wide")
            for index in parts.indices.dropFirst() {
                parts[index] = """
                        Stack card\(index) { size: \(index.isMultiple(of: 2) ? "open ? fill(2) : 90" : "fill(2)")  insets: 4 0  hidden: hide
                            Text half\(index) { text: "half"  size: 50% }
                            Text grows\(index) { text: "grows"  size: open ? 30 : 20 }
                            Spacer rest\(index) { size: fill  min: 4 }
                        }
                        View wide
                    """ + parts[index]
            }
            let model = try LiveModelTests.model(parts.joined())
            XCTAssertGreaterThan(parts.count, 1, "the screen holds cards")
            var (quick, general) = sessions(model, height: height)
            try openAndHide(&quick, &general, label: "\(rows) rows in \(height)")
            // The session's one-row calls, in place: a card hidden and
            // shown, and a row beside it (the cards take the rest again).
            let card = try XCTUnwrap(model.rows.firstIndex { $0.id == "card1" })
            let other = model.stacks[model.rootStack].rows[0]
            for (time, row, hidden) in [(7.0, card, true), (9, other, true), (11, card, false), (13, other, false)] {
                let before = quick.screen.changesInPlace
                onBoth(&quick, &general) { session, _ in _ = try? session.setHidden(RowKey(row), hidden, at: time) }
                let label = "\(rows) rows in \(height): t \(time)"
                XCTAssertGreaterThan(quick.screen.changesInPlace, before, "\(label): made in place")
                compare(&quick, &general, at: time, after: [0.0, 0.02, 0.05, 0.1, 0.16, 0.24, 0.3, 2.0], label: label)
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

    /// The feed with `fill` rows: a gap before its last row, pushing it to
    /// the bottom while the posts leave room, and a note that fills while
    /// there are more than 40 of them (a row that starts and stops filling
    /// as the count it reads changes). Without `counting`, no row reads the
    /// count (the head and the note are fixed): the splice alone sizes the
    /// `fill` rows again.
    static func fillFeedSource(counting: Bool) -> String {
        var source = feedSource.replacingOccurrences(
            of: "    Text tail {", with: """
                    Spacer gap { size: fill  min: 10 }
                    Text note { text: "note"  size: count(posts) > 40 ? fill(2) : 24 }
                    Text tail {
                """)
        if !counting {
            source = source.replacingOccurrences(of: "count(posts) > 40 ? fill(2) : 24", with: "24")
                .replacingOccurrences(of: "Text head { text: \"\\(count(posts)) posts\"  size: count(posts) > 36 ? 52 : count(posts) > 32 ? 46 : 40", with: "Text head { text: \"posts\"  size: 40")
            XCTAssertFalse(source.contains("count("))
        }
        XCTAssertNotEqual(source, feedSource)
        return source
    }

    /// Elements in and out of a feed with `fill` rows animate without a
    /// full layout: the splice's blocks with their tracks, the `fill` rows
    /// sized again after them as rows the change resized, drawn as the
    /// general transition draws it — one element at a time, several,
    /// through the session's own calls, in a viewport the posts fill at
    /// times and leave room in at others.
    func testElementsBesideFillRowsPresentAsTheGeneralTransition() throws {
        for counting in [true, false] {
            let source = Self.fillFeedSource(counting: counting)
            try checkFeed(seed: 0xF111, several: false, source: source, height: 3400)
            try checkFeed(seed: 0xF112, several: true, source: source, height: 3400)
            try checkFeed(seed: 0xF113, several: false, byElement: true, source: source, height: 3400)
        }
    }

    /// Elements moved as others come and go on a feed with `fill` rows:
    /// the `fill` rows sized again after the splice are rows the change
    /// resized among the runs.
    func testElementsMovedAsOthersComeAndGoBesideFillRows() throws {
        for counting in [true, false] {
            try checkFeed(seed: 0xF115, several: true, mixed: true, source: Self.fillFeedSource(counting: counting), height: 3400)
        }
    }

    /// The feed with a `fill` card — the gap holds a stack whose rows read
    /// its extent — as elements come and go: the card laid out again at
    /// each share after the splice, drawn as the general transition draws it.
    func testElementsBesideAFillRowHoldingAStack() throws {
        let source = Self.fillFeedSource(counting: true).replacingOccurrences(
            of: "    Spacer gap { size: fill  min: 10 }", with: """
                    Stack gap { size: fill  min: 10  insets: 0
                        Text gapHalf { text: "half"  size: 40% }
                        Spacer gapRest { size: fill }
                    }
                """)
        XCTAssertTrue(source.contains("gapHalf"))
        try checkFeed(seed: 0xF121, several: false, source: source, height: 3400)
        try checkFeed(seed: 0xF122, several: true, byElement: true, source: source, height: 3400)
    }

    /// The feed's elements each bringing a card that fills (a stack whose
    /// row reads its extent), coming and going: each new card laid out at
    /// its share after the splice, not the screen in full, drawn as the
    /// general transition draws it.
    func testElementsThatAreFillingCards() throws {
        let source = Self.fillFeedSource(counting: false).replacingOccurrences(
            of: "Text more { text: \"more\"  size: 20", with: "Stack more { size: fill  min: 20  Text moreHalf { text: \"more\"  size: 50% }")
        XCTAssertTrue(source.contains("moreHalf"))
        try checkFeed(seed: 0xF131, several: false, source: source, height: 3400)
        try checkFeed(seed: 0xF132, several: false, byElement: true, source: source, height: 3400)
    }

    /// An element in or out that makes a row reading the count resize
    /// after a `fill` row the splice sized again: the reader is logged
    /// where the splice left it (as a later update's row), not where the
    /// `fill` row's new share moved it.
    func testACountReadAfterAFillRowASpliceResized() throws {
        let model = try InterpolationTests.loaded("""
            record Item { id: string }
            screen Tally {
                data items: [Item]
                defaults {
                    transition resize { duration: 300ms }
                    transition insert { duration: 200ms  from { alpha: 0 } }
                    transition remove { duration: 250ms  to { alpha: 0 } }
                }
                state big: bool = false
                Text head { text: "head"  size: big ? 70 : 40 }
                for i in items key i.id { Text item { text: i.id  size: 50 } }
                Spacer gap { size: fill  min: 10 }
                Text tally { text: "tally"  size: count(items) > 2 ? 80 : 30 }
                Text tail { text: "end"  size: 30 }
            }
            """)
        func items(_ count: Int) -> String { "[" + (0..<count).map { "{\"id\": \"i\($0)\"}" }.joined(separator: ",") + "]" }
        var (quick, general) = sessions(model, height: 600)
        // `big`: the head grows in the same change, before the splice (the
        // general transition: rows logged before a splice are not where
        // its blocks would move them from).
        for (time, count, big) in [(0.0, 2, false), (1, 3, false), (3, 2, false), (5, 4, false), (5.1, 1, false), (7, 3, true), (9, 2, false)] {
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    try live.setState("big", to: .bool(big)) + live.bind("items", json: items(count))
                }
            }
            if time > 0, time < 5 { XCTAssertNotNil(quick.screen.quick, "t \(time): the quick path") }
            compare(&quick, &general, at: time, after: [0.0, 0.05, 0.1, 0.2, 0.3, 2.0], label: "t \(time): \(count) items")
        }
    }
}
