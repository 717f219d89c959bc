// A general transition taken over by a quick one as it starts (for hosts,
// QuickTransition+TakingOver): drawn as the general transition draws it,
// and a change made while it runs composed with it rather than building
// the general transition again. The oracle is a session without quick
// changes taking the same steps, as in QuickTransitionTests.

@testable import StackRuntime
import TestSupport
import XCTest

extension QuickTransitionTests {
    /// A screen whose padding before its rows a state sets (a stack's
    /// settings read: laid out again in full, every row moving by one
    /// shift), with `rows` rows `size` long, some of which another state
    /// resizes, shows and hides.
    /// `card`: the row at 15 a stack of its own, one of whose rows the
    /// second state resizes.
    static func paddedSource(axis: String, hideLastSeparator: Bool, rows: Int = 30, size: Int = 44, card: Bool = false) -> String {
        var source = """
            screen Padded {
                axis: \(axis)
                hide-last-separator: \(hideLastSeparator)
                state top: bool = false
                state open: bool = false
                padding: \(axis == "vertical" ? "(top ? 40 : 0) 0 0 0" : "0 0 0 (top ? 40 : 0)")
                defaults { transition resize { duration: 300ms }  transition show { duration: 200ms }  transition hide { duration: 150ms  to { alpha: 0 } }  transition move { duration: 250ms } }

            """
        for row in 0..<rows {
            if card, row == 15 {
                source += "    Stack card { padding: 6  Text { text: \"inside\"  size: 20 }  Text { text: \"grows\"  size: open ? 40 : 20 } }\n"
                continue
            }
            switch row % 10 {
            case 3: source += "    Text r\(row) { text: \"grows\"  size: open ? \(2 * size) : \(size) }\n"
            case 7: source += "    Text r\(row) { text: \"hides\"  size: \(size)  hidden: open }\n"
            default: source += "    Text r\(row) { text: \"row\"  size: \(size) }\n"
            }
        }
        source += "    Text last { text: \"last\"  size: \(size)  hidden: !open }\n}\n"
        return source
    }

    /// A feed whose padding before its rows a state sets, with a head
    /// that `open` grows and `list` (a `for` over `items`, perhaps inside
    /// a card) between it and a tail; elements leave in 250 ms.
    static func feed(_ list: String) throws -> ScreenModel {
        try InterpolationTests.loaded("""
            record Item { id: string  size: number }
            screen Feed {
                state top: bool = false
                state open: bool = false
                padding: (top ? 40 : 0) 0 0 0
                data items: [Item]
                defaults { transition resize { duration: 300ms }  transition remove { duration: 250ms  to { alpha: 0 } }  transition move { duration: 250ms } }
                Text head { text: "head"  size: open ? 60 : 30 }
            \(list)
                Text tail { text: "end"  size: 30 }
            }
            """)
    }

    /// The JSON of `feed`'s elements `ids`, each `20 + id` long.
    static func items(_ ids: [Int]) -> String {
        "[" + ids.map { "{\"id\": \"i\($0)\", \"size\": \(20 + $0)}" }.joined(separator: ",") + "]"
    }

    func testAGeneralTransitionTakenOverDrawsAsItAndAChangeWhileItRunsComposes() throws {
        // (Across, every row within the viewport's 390 points: the passes
        // are compared along the vertical only.)
        // A card among the rows: the rows inside move with it, one of them
        // resizing on a track of its own.
        for (axis, hideLastSeparator, rows, size, card) in [
            ("vertical", true, 30, 44, false), ("vertical", false, 30, 44, false), ("horizontal", false, 10, 20, false), ("vertical", false, 30, 44, true),
        ] {
            let label = "\(axis)\(hideLastSeparator ? ", hide-last-separator" : "")\(card ? ", a card" : "")"
            let model = try LiveModelTests.model(Self.paddedSource(axis: axis, hideLastSeparator: hideLastSeparator, rows: rows, size: size, card: card))
            var (quick, general) = sessions(model, height: 500)
            // The padding set: the general transition, taken over.
            var begun: [Int] = []
            try onBoth(&quick, &general) { session, first in
                let events = try session.setState("top", to: .bool(true), at: 1).transitionEvents
                if first { begun = events.compactMap { if case .willBegin(let row, _, _) = $0 { row.row } else { nil } } }
            }
            XCTAssertEqual(quick.screen.generalTakenOver, 1, label)
            XCTAssertNotNil(quick.screen.quick, label)
            // Every row moves: as a quick change, it reports the rows on
            // tracks of their own (none here), not those that follow.
            XCTAssertEqual(begun, [], label)
            _ = compare(&quick, &general, at: 1, after: [0, 0.02, 0.04], label: "\(label): padding set")
            // While it runs, rows resized, shown and hidden: composed.
            let composed = quick.screen.changesComposed
            try onBoth(&quick, &general) { session, _ in _ = try session.setState("open", to: .bool(true), at: 1.05) }
            XCTAssertEqual(quick.screen.changesComposed, composed + 1, "\(label): composed with the taken-over transition")
            XCTAssertEqual(quick.screen.generalTakenOver, 1, label)
            _ = compare(&quick, &general, at: 1.05, after: [0, 0.01, 0.05, 0.1, 0.2, 0.3], label: "\(label): open set over it")
            // The padding set back while that runs: the general transition
            // over a running change (with a card, the row inside it still
            // resizing on a track of its own), taken over too; then open
            // set back, composed with it.
            try onBoth(&quick, &general) { session, _ in _ = try session.setState("top", to: .bool(false), at: 1.2) }
            XCTAssertEqual(quick.screen.generalTakenOver, 2, label)
            _ = compare(&quick, &general, at: 1.2, after: [0, 0.01, 0.05, 0.1], label: "\(label): padding set back")
            try onBoth(&quick, &general) { session, _ in _ = try session.setState("open", to: .bool(false), at: 1.3) }
            XCTAssertEqual(quick.screen.changesComposed, composed + 2, label)
            _ = compare(&quick, &general, at: 1.3, after: [0, 0.01, 0.05, 0.1, 0.2, 0.4, 2], label: "\(label): open set back")
            XCTAssertFalse(quick.isAnimating(at: 3), label)
        }
    }

    /// A taken-over transition's rows on tracks of their own report their
    /// begin when it starts and their end when it ends, as a quick
    /// change's do.
    func testATakenOverTransitionReportsItsOwnRowsBeginAndEnd() throws {
        let model = try LiveModelTests.model(Self.paddedSource(axis: "vertical", hideLastSeparator: false))
        var (quick, _) = sessions(model, height: 500)
        // Both states in one change: the general transition, with rows
        // resized, shown and hidden among the rows that follow.
        let begun = try quick.setStates([("top", .bool(true)), ("open", .bool(true))], at: 1).transitionEvents
        XCTAssertEqual(quick.screen.generalTakenOver, 1)
        func rows(_ events: [TransitionEvent], begin: Bool) -> Set<Int> {
            Set(events.compactMap {
                switch $0 {
                case .willBegin(let row, _, _) where begin: row.row
                case .didEnd(let row, _, _, true) where !begin: row.row
                default: nil
                }
            })
        }
        // r3, r7, r13, r17, r23, r27 and the last row.
        let rootRows = Array(model.stacks[model.rootStack].rows)
        let changed = Set([3, 7, 13, 17, 23, 27, 30].map { rootRows[$0] })
        XCTAssertEqual(rows(begun, begin: true), changed)
        XCTAssertEqual(rows(quick.advance(to: 3), begin: false), changed)
    }

    /// Elements removed in the same change as the padding set: the rows
    /// on their way out go on being drawn where the general transition
    /// draws them, taken over with it; a change while they go composes.
    func testRowsOnTheirWayOutAreTakenOverToo() throws {
        for (cards, nested) in [(false, false), (true, false), (true, true)] {
            try rowsOnTheirWayOut(cards: cards, nested: nested)
        }
    }

    /// `cards`: each element a stack of its own, whose rows go with it,
    /// drawn where they were; `nested`: one of them a stack too.
    private func rowsOnTheirWayOut(cards: Bool, nested: Bool = false) throws {
        let more = nested ? "Stack inner { padding: 1  Text { text: \"more\"  size: 10 }  Text { text: \"less\"  size: 8 } }" : "Text { text: \"more\"  size: 10 }"
        let element = cards
            ? "Stack item { padding: 2  Text { text: i.id  size: i.size }  \(more) }"
            : "Text item { text: i.id  size: i.size }"
        let model = try Self.feed("for i in items key i.id { \(element) }")
        let label = cards ? nested ? "cards holding stacks" : "cards" : "rows"
        var (quick, general) = sessions(model, height: 700)
        try onBoth(&quick, &general) { session, _ in
            _ = try session.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("items", json: Self.items(Array(0..<12))) }
        }
        // The padding set and every third element gone, in one change.
        try onBoth(&quick, &general) { session, _ in
            _ = try session.change(at: 1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                try live.setState("top", to: .bool(true)) + live.bind("items", json: Self.items((0..<12).filter { $0 % 3 != 1 }))
            }
        }
        XCTAssertEqual(quick.screen.generalTakenOver, 1, label)
        XCTAssertEqual(quick.screen.quick?.removedPlaces.count, 4, label)
        _ = compare(&quick, &general, at: 1, after: [0, 0.02, 0.1, 0.2], label: "\(label): padding set, elements removed")
        let composed = quick.screen.changesComposed
        try onBoth(&quick, &general) { session, _ in _ = try session.setState("open", to: .bool(true), at: 1.1) }
        XCTAssertEqual(quick.screen.changesComposed, composed + 1, label)
        _ = compare(&quick, &general, at: 1.1, after: [0, 0.02, 0.1, 0.2, 0.3, 2], label: "\(label): head resized while they go")
    }

    /// Stacks that hide in the taken-over transition — a card of the
    /// screen's own, and a stack inside another card — have their rows
    /// drawn where they were while they collapse, as the general transition
    /// draws them; a change while they do composes with it, also one that
    /// shows the card again as one of its rows grows (its rows logged as
    /// shown with it, drawn where the layout has them now).
    func testStacksThatHideAreTakenOverToo() throws {
        let model = try LiveModelTests.model("""
            screen Cards {
                state top: bool = false
                state open: bool = false
                state back: bool = false
                padding: (top ? 40 : 0) 0 0 0
                defaults { transition resize { duration: 300ms }  transition show { duration: 200ms }  transition hide { duration: 250ms  to { alpha: 0 } }  transition move { duration: 250ms } }
                Text r0 { text: "row"  size: 44 }
                Text r1 { text: "grows"  size: open ? 88 : 44 }
                Stack card { hidden: top && !back  padding: 6  Text { text: "inside"  size: back ? 30 : 20 }  Stack deep { Text { text: "deep"  size: 12 }  Text { text: "deeper"  size: 14 } }  Text { text: "last"  size: 20 } }
                Text r3 { text: "row"  size: 44 }
                Stack other { padding: 4  Text { text: "other"  size: 30 }  Stack tray { hidden: top  Text { text: "tray"  size: 16 }  Text { text: "tray too"  size: 10 } }  Text { text: "after"  size: open ? 40 : 20 } }
                Text r5 { text: "row"  size: 44 }
                Text r6 { text: "row"  size: 44 }
            }
            """)
        for showBack in [false, true] {
            let label = showBack ? "the card shown again, a row inside it grown" : "a row resized"
            var (quick, general) = sessions(model, height: 600)
            try onBoth(&quick, &general) { session, _ in _ = try session.setState("top", to: .bool(true), at: 1) }
            XCTAssertEqual(quick.screen.generalTakenOver, 1, label)
            XCTAssertFalse(quick.screen.quick?.insideGone.isEmpty ?? true, label)
            _ = compare(&quick, &general, at: 1, after: [0, 0.02, 0.1, 0.2], label: "\(label): padding set, stacks hidden")
            let composed = quick.screen.changesComposed
            let taken = quick.screen.generalTakenOver
            try onBoth(&quick, &general) { session, _ in
                _ = try session.setState(showBack ? "back" : "open", to: .bool(true), at: 1.1)
            }
            XCTAssertEqual(quick.screen.changesComposed, composed + 1, label)
            XCTAssertEqual(quick.screen.generalTakenOver, taken, label)
            _ = compare(&quick, &general, at: 1.1, after: [0, 0.02, 0.1, 0.2, 0.3, 2], label: "\(label) while they hide")
            XCTAssertFalse(quick.isAnimating(at: 3), label)
        }
    }

    /// Under `hide-last-separator`, a general transition over a running
    /// change carries a row still headed where it was going on along its
    /// track, with the separator that track ends with: made the last shown
    /// row by the new change, it keeps that separator until the change
    /// ends, as the general transition draws it — taken over, on a track
    /// of its own, not following with the layout's. (The padding after
    /// the rows, a stack's setting, takes the general transition.)
    func testARowCarriedOnAsItBecomesTheLastShownKeepsItsTrackWhenTakenOver() throws {
        let model = try LiveModelTests.model("""
            screen Carried {
                hide-last-separator: true
                state open: bool = false
                state gone: bool = false
                padding: 0 0 (gone ? 40 : 0) 0
                defaults { separator { color: #C6C6C8  thickness: 1 }  transition resize { duration: 300ms }  transition hide { duration: 300ms  to { alpha: 0 } }  transition move { duration: 300ms } }
                Text r0 { text: "row"  size: 44 }
                Stack grows { padding: 4  Text { text: "inside"  size: open ? 80 : 30 } }
                Text r2 { text: "row"  size: 44 }
                Text r3 { text: "row"  size: 44 }
                Stack tail { hidden: gone  Text { text: "tail"  size: 30 } }
            }
            """)
        var (quick, general) = sessions(model, height: 600)
        try onBoth(&quick, &general) { session, _ in _ = try session.setState("open", to: .bool(true), at: 1) }
        XCTAssertNotNil(quick.screen.quick)
        try onBoth(&quick, &general) { session, _ in _ = try session.setState("gone", to: .bool(true), at: 1.05) }
        XCTAssertEqual(quick.screen.generalTakenOver, 1)
        let r3 = Array(model.stacks[model.rootStack].rows)[3]
        XCTAssertEqual(quick.screen.quick?.others.contains { $0.row == r3 }, true, "r3 on its own track")
        _ = compare(&quick, &general, at: 1.05, after: [0, 0.05, 0.1, 0.2, 0.25, 0.3, 2], label: "the tail hidden as r3 moves")
    }

    /// Elements of a list inside a card removed in the same change as the
    /// padding set: the rows on their way out of the card go on being
    /// drawn in it, after the rows they followed, as the general transition
    /// draws them; then a change while they go composes with it, or (the
    /// padding set back) is the general transition's again, which carries
    /// them on from where they are — and is taken over in turn.
    func testRowsOnTheirWayOutOfACardAreTakenOverToo() throws {
        let model = try Self.feed("Stack box {\n    padding: 4\n    for i in items key i.id { Text item { text: i.id  size: i.size } }\n}")
        for (label, second) in [("head resized while they go", ("open", true)), ("padding set back while they go", ("top", false))] {
            var (quick, general) = sessions(model, height: 700)
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("items", json: Self.items(Array(0..<9))) }
            }
            // (Elements put in a card: the general transition's, taken over.)
            let taken = quick.screen.generalTakenOver
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: 1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    try live.setState("top", to: .bool(true)) + live.bind("items", json: Self.items((0..<9).filter { $0 % 3 != 1 }))
                }
            }
            XCTAssertEqual(quick.screen.generalTakenOver, taken + 1, label)
            XCTAssertEqual(quick.screen.quick?.insideLingering.count, 3, label)
            _ = compare(&quick, &general, at: 1, after: [0, 0.02, 0.1, 0.2], label: "padding set, elements of the card removed")
            let composed = quick.screen.changesComposed
            try onBoth(&quick, &general) { session, _ in _ = try session.setState(second.0, to: .bool(second.1), at: 1.1) }
            if second.0 == "open" {
                XCTAssertEqual(quick.screen.changesComposed, composed + 1, label)
            } else {
                XCTAssertEqual(quick.screen.generalTakenOver, taken + 2, label)
                XCTAssertEqual(quick.screen.quick?.insideLingering.count, 3, label)
            }
            _ = compare(&quick, &general, at: 1.1, after: [0, 0.02, 0.1, 0.2, 0.3, 2], label: label)
            XCTAssertFalse(quick.isAnimating(at: 3), label)
        }
    }

    /// Elements removed by a quick change, then the padding set while
    /// they go: the general transition built over the quick one carries
    /// them on where they were drawn (each after the nearest row before it
    /// still listed, also when the new change removes the rows before
    /// them), and is taken over in turn, each drawn where it was going.
    func testRowsAQuickChangeRemovedAreTakenOverWithTheGeneralTransitionAfterIt() throws {
        let model = try Self.feed("for i in items key i.id { Text item { text: i.id  size: i.size } }")
        // `alsoRemoved`: the padding set as the elements before them go too
        // (each of the first drawn after the nearest row still listed).
        for alsoRemoved in [false, true] {
            let label = alsoRemoved ? "padding set as the elements before them go" : "padding set while they go"
            var (quick, general) = sessions(model, height: 700)
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("items", json: Self.items(Array(0..<9))) }
            }
            let kept = (0..<9).filter { $0 % 3 != 1 }
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: 1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("items", json: Self.items(kept)) }
            }
            XCTAssertEqual(quick.screen.quick?.removedPlaces.count, 3, "removed by a quick change")
            let taken = quick.screen.generalTakenOver
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: 1.05) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    try live.setState("top", to: .bool(true)) + (alsoRemoved ? live.bind("items", json: Self.items(kept.filter { $0 % 3 != 0 })) : [])
                }
            }
            XCTAssertEqual(quick.screen.generalTakenOver, taken + 1, label)
            XCTAssertEqual(quick.screen.quick?.removedPlaces.count, alsoRemoved ? 6 : 3, label)
            _ = compare(&quick, &general, at: 1.05, after: [0, 0.02, 0.1, 0.2, 0.3, 2], label: label)
            XCTAssertFalse(quick.isAnimating(at: 3), label)
        }
    }

    /// An element inserted, then removed before its insert began (its
    /// delay not over) as the padding is set: the general transition draws
    /// its card nowhere — no track, though it keeps the rows the card held
    /// as outgoing rows' — and is taken over all the same.
    func testACardRemovedBeforeItsInsertBeganIsTakenOverToo() throws {
        let model = try Self.feed("""
            for i in items key i.id { Stack card { padding: 4  transition insert { duration: 400ms  delay: 50ms }  Text item { text: i.id  size: i.size } } }
            """)
        var (quick, general) = sessions(model, height: 700)
        for (time, ids) in [(0.0, Array(0..<6)), (1, [0, 1, 2, 9, 3, 4, 5])] {
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("items", json: Self.items(ids)) }
            }
        }
        let taken = quick.screen.generalTakenOver
        try onBoth(&quick, &general) { session, _ in
            _ = try session.change(at: 1.02) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                try live.setState("top", to: .bool(true)) + live.bind("items", json: Self.items(Array(0..<6)))
            }
        }
        XCTAssertEqual(quick.screen.generalTakenOver, taken + 1)
        _ = compare(&quick, &general, at: 1.02, after: [0, 0.02, 0.1, 0.2, 0.3, 2], label: "a card removed before its insert began")
        XCTAssertFalse(quick.isAnimating(at: 3))
    }

    /// Elements removed by a general transition no quick one could hold
    /// (every row of more than a change may log resized: 5,000 rows), then
    /// while they go the elements before them removed too: the general
    /// transition after it keeps them after rows no longer listed, and is
    /// taken over, each drawn where it was going.
    func testRowsOnTheirWayOutAfterRowsNoLongerListedAreTakenOverToo() throws {
        let rows = (0..<5000).map { "    Text r\($0) { text: \"row\"  size: big ? 30 : 20  transition resize { duration: 100ms } }\n" }.joined()
        let model = try InterpolationTests.loaded("""
            record Item { id: string  size: number }
            screen Feed {
                state big: bool = false
                data items: [Item]
                defaults { transition remove { duration: 1s  to { alpha: 0 } }  transition move { duration: 250ms } }
                Text head { text: "head"  size: 30 }
                for i in items key i.id { Text item { text: i.id  size: i.size } }
            \(rows)}
            """)
        var (quick, general) = sessions(model, height: 700)
        let steps: [(time: Double, ids: [Int], big: Bool)] = [(0, Array(0..<9), false), (1, [0, 1, 3, 5, 7, 8], true), (1.5, [0, 7, 8], true)]
        var taken: [Int] = []
        for (time, ids, big) in steps {
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    try live.setState("big", to: .bool(big)) + live.bind("items", json: Self.items(ids))
                }
            }
            taken.append(quick.screen.generalTakenOver)
        }
        // (The elements bound first, taken over.) The second change's
        // 5,000 rows resized: the general transition; the third, made while
        // it runs, taken over.
        XCTAssertEqual(taken, [1, 1, 2])
        XCTAssertEqual(quick.screen.quick?.removedPlaces.count, 6)
        _ = compare(&quick, &general, at: 1.5, after: [0, 0.02, 0.1, 0.3, 0.45, 0.6, 2], label: "rows removed after rows no longer listed")
        XCTAssertFalse(quick.isAnimating(at: 3))
    }

    /// A card hidden as the padding is set and the list it holds bound
    /// again, in one change (its elements in and out as it collapses): the
    /// general transition draws the rows it held, where they were, while
    /// it collapses, and is taken over; a change while it does composes
    /// with it, and one that shows the card again or changes a row inside
    /// it builds the general transition again, drawing the same.
    /// `nested`: the list in a stack inside the card, which hides instead.
    func testAStackHiddenAsItsRowsComeAndGoIsTakenOverToo() throws {
        for nested in [false, true] {
            let list = "for i in items key i.id { Text item { text: i.id  size: i.size } }"
            let card = nested
                ? "Stack card {\n padding: 4\n Text { text: \"title\"  size: open ? 40 : 20 }\n Stack inner {\n padding: 2\n hidden: shut\n \(list)\n }\n }"
                : "Stack card {\n padding: 4\n hidden: shut\n Text { text: \"title\"  size: open ? 40 : 20 }\n \(list)\n }"
            let label = nested ? "a stack inside a card" : "a card"
            let model = try InterpolationTests.loaded("""
                record Item { id: string  size: number }
                screen Feed {
                    state top: bool = false
                    state open: bool = false
                    state shut: bool = false
                    state big: bool = false
                    padding: (top ? 40 : 0) 0 0 0
                    data items: [Item]
                    defaults { transition resize { duration: 300ms }  transition hide { duration: 400ms  to { alpha: 0 } }  transition show { duration: 200ms }  transition remove { duration: 250ms  to { alpha: 0 } }  transition move { duration: 250ms } }
                    Text head { text: "head"  size: big ? 60 : 30 }
                    \(card)
                    Text tail { text: "end"  size: 30 }
                }
                """)
            // While it collapses: the head resized (composed), the card
            // shown again, or its title resized.
            for (then, state, on) in [("the head resized", "big", true), ("shown again", "shut", false), ("a row inside resized", "open", true)] {
                var (quick, general) = sessions(model, height: 700)
                try onBoth(&quick, &general) { session, _ in
                    _ = try session.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("items", json: Self.items(Array(0..<6))) }
                }
                let taken = quick.screen.generalTakenOver
                try onBoth(&quick, &general) { session, _ in
                    _ = try session.change(at: 1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                        try live.setState("top", to: .bool(true)) + live.setState("shut", to: .bool(true)) + live.bind("items", json: Self.items([0, 2, 7, 3, 5, 8]))
                    }
                }
                XCTAssertEqual(quick.screen.generalTakenOver, taken + 1, label)
                _ = compare(&quick, &general, at: 1, after: [0, 0.02, 0.1, 0.2], label: "\(label): hidden as its rows come and go")
                let composed = quick.screen.changesComposed
                try onBoth(&quick, &general) { session, _ in _ = try session.setState(state, to: .bool(on), at: 1.2) }
                if state == "big" { XCTAssertEqual(quick.screen.changesComposed, composed + 1, label) }
                _ = compare(&quick, &general, at: 1.2, after: [0, 0.02, 0.1, 0.2, 0.3, 0.5, 2], label: "\(label): then \(then)")
                XCTAssertFalse(quick.isAnimating(at: 4), label)
            }
        }
    }

    /// An element on its way out of a card when the card is removed as the
    /// padding is set (or, `hides`, hidden): it goes on with the card while
    /// its track runs (the general transition drew the rows the card held,
    /// without it, so it vanished), and the general transition is taken
    /// over, the card holding it.
    func testARowOnItsWayOutOfACardOnItsWayOutGoesOnWithIt() throws {
        for hides in [false, true] {
            let label = hides ? "a row on its way out of a card hiding" : "a row on its way out of a card on its way out"
            let model = try Self.feed("""
                Stack box {
                    padding: 4
                    hidden: open
                    transition hide { duration: 300ms  to { alpha: 0.5 } }
                    for i in items key i.id { Text item { text: i.id  size: i.size } }
                }
                """)
            var (quick, general) = sessions(model, height: 700)
            for (time, ids) in [(0.0, Array(0..<6)), (1, [0, 1, 3, 4, 5])] {
                try onBoth(&quick, &general) { session, _ in
                    _ = try session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("items", json: Self.items(ids)) }
                }
            }
            let leaving = try XCTUnwrap(general.pass(at: 1.02).rows.first { $0.text == "i2" }).key
            XCTAssertEqual(quick.screen.quick?.insideLingering.count, 1, "\(label): on its way out of the card")
            let box = try XCTUnwrap(model.stacks[model.rootStack].rows.first { if case .stack = model.rows[$0].content { true } else { false } })
            let taken = quick.screen.generalTakenOver
            try onBoth(&quick, &general) { session, _ in
                _ = try session.change(at: 1.05) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    try live.setState("top", to: .bool(true)) + (hides ? live.setState("open", to: .bool(true)) : live.remove(rows: [RowKey(box)]).events)
                }
            }
            XCTAssertEqual(quick.screen.generalTakenOver, taken + 1, label)
            for (time, drawn) in [(1.07, true), (1.2, true), (1.4, false)] {
                let row = general.pass(at: time).rows.first { $0.key == leaving }
                XCTAssertEqual(row.map { $0.alpha > 0 } ?? false, drawn, "\(label), t \(time): the row leaving the card, with it")
            }
            _ = compare(&quick, &general, at: 1.05, after: [0, 0.02, 0.1, 0.2, 0.3, 2], label: label)
            XCTAssertFalse(quick.isAnimating(at: 3), label)
        }
    }
}
