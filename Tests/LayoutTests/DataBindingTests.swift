// Data bound at run time: a `for` screen lays out exactly as the same rows
// written out by hand (seeded records and data), and re-binding — thousands
// of seeded inserts, removals, moves, edits and reorders — leaves the live
// screen equal to a fresh one bound once, with the events the diff implies.

import Foundation
import StackCompiler
import StackOutput
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class DataBindingTests: XCTestCase {
    struct Item: Equatable {
        var id: String
        var title: String
        var size: Int
        var flag: Bool
    }

    static let forScreen = """
        record Item { id: string  title: string  size: number  flag: bool = false }
        screen S {
            data items: [Item]
            defaults { insets: 2  transition insert { duration: 200ms } transition remove { duration: 200ms } transition move { duration: 200ms } }
            Text head { text: "\\(count(items)) items"  size: 30 }
            for a in items key a.id {
                Text row { text: "\\(index + 1). \\(a.title)"  size: a.size  hidden: a.flag }
                Stack pair {
                    axis: horizontal
                    size: 24
                    Text { text: a.flag ? "yes" : "no"  size: 50% }
                    Text { text: "\\(fixed(a.size / 3, 2))"  size: fill }
                }
            }
            Text tail { text: "end"  size: 20 }
        }
        """

    /// The same screen with `items`' rows written out.
    static func expanded(_ items: [Item]) -> String {
        var rows: [String] = []
        for (index, item) in items.enumerated() {
            rows.append("Text row_\(item.id) { text: \"\(index + 1). \(item.title)\"  size: \(item.size)  hidden: \(item.flag) }")
            rows.append("""
                Stack pair_\(item.id) {
                    axis: horizontal
                    size: 24
                    Text { text: "\(item.flag ? "yes" : "no")"  size: 50% }
                    Text { text: "\\(fixed(\(item.size) / 3, 2))"  size: fill }
                }
                """)
        }
        return """
            screen S {
                defaults { insets: 2 }
                Text head { text: "\(items.count) items"  size: 30 }
            \(rows.joined(separator: "\n"))
                Text tail { text: "end"  size: 20 }
            }
            """
    }

    static func json(_ items: [Item]) -> String {
        "[" + items.map { "{\"id\": \"\($0.id)\", \"title\": \"\($0.title)\", \"size\": \($0.size), \"flag\": \($0.flag)}" }.joined(separator: ", ") + "]"
    }

    static func randomItems(_ random: inout SplitMix64, count: Int, ids: inout Int) -> [Item] {
        (0..<count).map { _ in
            ids += 1
            return Item(id: "k\(ids)", title: "t\(Int.random(in: 0..<1000, using: &random))", size: Int.random(in: 5...60, using: &random), flag: Int.random(in: 0..<4, using: &random) == 0)
        }
    }

    /// The layout as JSON with keyed ids written as the expansion writes them.
    static func render(_ live: LiveScreen) -> String {
        // Keys are "k1", "k2", …: only ids hold "[k".
        LiveModelTests.render(live).replacingOccurrences(of: "[k", with: "_k").replacingOccurrences(of: "]\"", with: "\"")
    }

    func testAForScreenLaysOutAsItsRowsWrittenOut() throws {
        let model = try InterpolationTests.loaded(Self.forScreen)
        var random = SplitMix64(seed: 3)
        var ids = 0
        for round in 0..<40 {
            let items = Self.randomItems(&random, count: Int.random(in: 0...12, using: &random), ids: &ids)
            var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
            try live.bind("items", json: Self.json(items))
            let reference = LiveScreen(model: try LiveModelTests.model(Self.expanded(items)), viewportWidth: 320, viewportHeight: 500)
            XCTAssertEqual(Self.render(live), Self.render(reference), "round \(round): \(items)")
        }
    }

    /// Row ids are the template's id and the key in brackets, built byte by
    /// byte: keys of any length and script, one to a row, found by id.
    func testKeysOfAnyTextMakeTheRowIDs() throws {
        let model = try InterpolationTests.loaded(Self.forScreen)
        var live = LiveScreen(model: model)
        let keys = ["k", "café", "a key longer than fifteen bytes, with ünïcödé ✓", "🙂", "", "[x]"]
        let items = keys.enumerated().map { Item(id: $1, title: "t\($0)", size: 10 + $0, flag: false) }
        let json = "[" + items.map { "{\"id\": \"\($0.id)\", \"title\": \"\($0.title)\", \"size\": \($0.size)}" }.joined(separator: ", ") + "]"
        try live.bind("items", json: json)
        for (index, key) in keys.enumerated() {
            let row = try XCTUnwrap(live.screen.row(id: "row[\(key)]"), key)
            XCTAssertEqual(live.screen.model.rows[row].id, "row[\(key)]")
            XCTAssertEqual(live.frame(ofRootRow: row)?.height, Double(10 + index) + 4, key)
            XCTAssertNotNil(live.screen.row(id: "pair[\(key)]"), key)
        }
    }

    /// The `for` of `forScreen` without its nested stack and without
    /// `index`: plain rows of the screen's own stack, which a re-binding
    /// splices into the layout instead of laying it out in full, and kept
    /// elements that move keep their rows.
    static let flatForScreen = """
        record Item { id: string  title: string  size: number  flag: bool = false }
        screen S {
            data items: [Item]
            defaults { insets: 2  separator { color: #CCCCCC  thickness: 1 } }
            Text head { text: "\\(count(items)) items"  size: count(items) * 3 }
            for a in items key a.id {
                Text row { text: "\\(a.title)"  size: a.size  hidden: a.flag }
                Text note { text: a.flag ? "yes" : "no"  size: 24 }
            }
            Text tail { text: "end"  size: 20 }
        }
        """

    /// Plain rows of a horizontal screen with padding, spacing, a pinned
    /// row and the last separator hidden: spliced as well.
    static let sidewaysForScreen = """
        record Item { id: string  title: string  size: number  flag: bool = false }
        screen S {
            data items: [Item]
            axis: horizontal
            padding: 8
            spacing: 4
            hide-last-separator: true
            defaults { separator { color: #CCCCCC  thickness: 1 } }
            Text head { text: "\\(count(items))"  size: 40  pin: top }
            for a in items key a.id {
                Text row { text: a.title  size: a.size  hidden: a.flag }
                Text note { text: a.flag ? "yes" : "no"  size: 10% }
            }
            Text tail { text: "end"  size: 20  hidden: count(items) > 8 }
        }
        """

    func testRebindingEqualsAFreshBindingWithTheEventsOfTheDiff() throws {
        // Its elements hold a stack each (`pair`): spliced, as cards are.
        try checkRebinding(Self.forScreen, readsIndex: true, splices: true, seed: 17)
    }

    func testRebindingPlainRowsSplicesThemAsAFreshBindingLaysThemOut() throws {
        try checkRebinding(Self.flatForScreen, readsIndex: false, splices: true, seed: 23)
        try checkRebinding(Self.sidewaysForScreen, readsIndex: false, splices: true, seed: 29)
    }

    /// Thousands of seeded re-bindings of `source` (two rows an element),
    /// each equal to a fresh binding — the full layout, and the live
    /// screen's own answers: frames of the screen's rows, content size,
    /// visible rows, rows by id — with the events of the diff.
    /// `splices`: whether the re-bindings that add or remove rows are to
    /// take the incremental path (no full layout made).
    func checkRebinding(_ source: String, readsIndex: Bool, splices: Bool, seed: UInt64) throws {
        let model = try InterpolationTests.loaded(source)
        var random = SplitMix64(seed: seed)
        var ids = 0
        var items = Self.randomItems(&random, count: 6, ids: &ids)
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
        try live.bind("items", json: Self.json(items))
        var checked = 0
        // Thousands in the long run (CI); a few hundred by default.
        let steps = ProcessInfo.processInfo.environment["STACKC_LONG_TESTS"] == "1" ? 800 : 400
        for step in 0..<steps {
            var next = items
            switch Int.random(in: 0..<7, using: &random) {
            case 0: next.insert(contentsOf: Self.randomItems(&random, count: Int.random(in: 1...3, using: &random), ids: &ids), at: Int.random(in: 0...next.count, using: &random))
            case 1 where !next.isEmpty: next.remove(at: Int.random(in: 0..<next.count, using: &random))
            case 2 where next.count > 1:
                let item = next.remove(at: Int.random(in: 0..<next.count, using: &random))
                next.insert(item, at: Int.random(in: 0...next.count, using: &random))
            case 3 where !next.isEmpty:
                let at = Int.random(in: 0..<next.count, using: &random)
                next[at].title = "e\(step)"
                next[at].size = Int.random(in: 5...60, using: &random)
            case 4:
                next.shuffle(using: &random)
                // An element changed as others move: its rows are made again, under the same ids.
                if let at = next.indices.randomElement(using: &random) { next[at].size = Int.random(in: 5...60, using: &random) }
            case 5 where !next.isEmpty:
                // A repeated key is refused and changes nothing.
                var bad = next
                bad.append(next[0])
                let before = Self.render(live)
                XCTAssertThrowsError(try live.bind("items", json: Self.json(bad)))
                XCTAssertEqual(Self.render(live), before, "step \(step): a refused binding changed the screen")
                continue
            default: next = Array(next.prefix(Int.random(in: 0...next.count, using: &random)))
            }
            if next.count > 20 { next = Array(next.prefix(10)) }
            let events = try live.bind("items", json: Self.json(next))
            if next.map(\.id) != items.map(\.id) {
                XCTAssertEqual(!live.incremental.snapshotIsCurrent, splices, "step \(step): spliced or laid out in full")
            }
            var fresh = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
            try fresh.bind("items", json: Self.json(next))
            XCTAssertEqual(Self.render(live), Self.render(fresh), "step \(step)")
            Self.assertSameAnswers(live, fresh, "step \(step)")
            Self.assertSameFramesInside(live, fresh, "step \(step)")
            // Events: rows of elements that are new or changed are inserted,
            // rows of those gone or changed removed; an unchanged element's
            // rows stay (a move is not a removal).
            // Same keys in the same order: changed values are patched in
            // place, nothing is made or removed.
            let old = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.id, ($0, $1)) })
            let inPlace = next.map(\.id) == items.map(\.id)
            let made = inPlace ? 0 : next.enumerated().filter { position, item in
                guard let (was, previous) = old[item.id] else { return true }
                return previous != item || (readsIndex && was != position)
            }.count
            let gone = items.count - next.count + made
            XCTAssertEqual(events.count { if case .rowInserted = $0 { true } else { false } }, made * 2, "step \(step)")
            XCTAssertEqual(events.count { if case .rowRemoved = $0 { true } else { false } }, gone * 2, "step \(step)")
            items = next
            checked += 1
            if testRun?.failureCount ?? 0 > 0 { return }
        }
        XCTAssertGreaterThan(checked, steps * 3 / 4)
    }

    /// Splices interleaved with state changes that reach a nested stack
    /// outside the `for` (its holder laid out again from the last full
    /// layout, which a splice leaves behind) and rows of the `for` that read
    /// state: the live screen answers as a fresh one bound and set alike.
    func testSplicesAndStateChangesInterleaved() throws {
        let source = """
            record Item { id: string  title: string  size: number  flag: bool = false }
            screen S {
                data items: [Item]
                state wide: bool = false
                Stack box {
                    Text a { text: "a"  size: wide ? 50 : 20 }
                    Text b { text: "b"  size: 10  hidden: wide }
                }
                for a in items key a.id {
                    Text row { text: a.title  size: wide ? a.size * 2 : a.size }
                }
                Text tail { text: "end"  size: 20 }
            }
            """
        let model = try InterpolationTests.loaded(source)
        var random = SplitMix64(seed: 41)
        var ids = 0
        var items = Self.randomItems(&random, count: 5, ids: &ids)
        var wide = false
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 300)
        try live.bind("items", json: Self.json(items))
        for step in 0..<300 {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                wide.toggle()
                try live.setState("wide", to: .bool(wide))
            case 1:
                items.insert(contentsOf: Self.randomItems(&random, count: Int.random(in: 1...2, using: &random), ids: &ids), at: Int.random(in: 0...items.count, using: &random))
            case 2 where items.count > 1:
                items.remove(at: Int.random(in: 0..<items.count, using: &random))
            default:
                items.shuffle(using: &random)
            }
            if items.count > 12 { items = Array(items.prefix(6)) }
            let before = live.rootRows
            try live.bind("items", json: Self.json(items))
            if live.rootRows != before { XCTAssertFalse(live.incremental.snapshotIsCurrent, "step \(step): spliced") }
            var fresh = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 300)
            try fresh.setState("wide", to: .bool(wide))
            try fresh.bind("items", json: Self.json(items))
            XCTAssertEqual(Self.render(live), Self.render(fresh), "step \(step)")
            Self.assertSameAnswers(live, fresh, "step \(step)")
            for name in ["a", "b"] {
                XCTAssertEqual(live.frame(of: try live.row(id: name)), fresh.frame(of: try fresh.row(id: name)), "step \(step): \(name)")
            }
            if testRun?.failureCount ?? 0 > 0 { return }
        }
    }

    /// Elements inserted and removed one at a time (`insert(_:json:at:)`,
    /// `remove(_:key:)`) leave the screen as a fresh binding of the list
    /// they make, with the events of that change; bad requests say what is
    /// wrong and change nothing.
    func testInsertingAndRemovingOneElement() throws {
        for source in [Self.flatForScreen, Self.forScreen] {
            let model = try InterpolationTests.loaded(source)
            var random = SplitMix64(seed: 57)
            var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
            let items = try insertAndRemove(&live, model: model, seed: &random, count: 4, steps: 300, byPlace: false) { live, fresh, events, inserted, step in
                let kind = events.count { if case .rowInserted = $0 { inserted } else if case .rowRemoved = $0 { !inserted } else { false } }
                XCTAssertGreaterThanOrEqual(kind, 2, "step \(step)")
                XCTAssertEqual(Self.render(live), Self.render(fresh), "step \(step)")
                Self.assertSameAnswers(live, fresh, "step \(step)")
            }
            if testRun?.failureCount ?? 0 > 0 { return }
            // The flat screen's elements go in and out alone (no diff of the
            // list); the other's rows read their index, so they are diffed
            // (and spliced: CardSpliceTests).
            if source == Self.flatForScreen {
                XCTAssertGreaterThan(live.elementsSplicedAlone, 250, "inserted and removed alone")
            } else {
                XCTAssertEqual(live.elementsSplicedAlone, 0)
            }
            let before = Self.render(live)
            func refused(_ change: (inout LiveScreen) throws -> [LiveEvent]) -> String {
                do {
                    _ = try change(&live)
                    return "not refused"
                } catch {
                    return (error as? RuntimeError)?.description ?? "\(error)"
                }
            }
            // (A walk under another seed, STACKC_TEST_SEED, may end with none.)
            if let first = items.first {
                XCTAssertEqual(
                    refused { try $0.insert("items", json: String(Self.json([first]).dropFirst().dropLast()), at: 0) },
                    "items: key '\(first.id)' is in the list already; keys must be unique")
            }
            XCTAssertEqual(refused { try $0.insert("items", json: #"{"id": "n", "title": "t", "size": 1}"#, at: items.count + 1) },
                "items: cannot insert at \(items.count + 1); the list has \(items.count) elements")
            XCTAssertEqual(refused { try $0.insert("items", json: #"{"id": "n", "title": 3, "size": 1}"#, at: 0) },
                "items[0].title: expected a string, found a number (record Item)")
            XCTAssertEqual(refused { try $0.remove("items", key: "nope") }, "items has no element with key 'nope'")
            XCTAssertEqual(refused { try $0.remove("things", key: "k1") }, "the screen has no list data 'things'")
            XCTAssertEqual(Self.render(live), before, "a refused change changed the screen")
        }
    }

    /// An element pushed and deleted through `HostSession.change(at:)`, on
    /// a copy of the live screen: the copy appends its constants to pages
    /// and takes its key in or out of one shard of the places by key, so
    /// that it shares the rest with the screen before (which copied all of
    /// both), and it ends as a fresh binding of the list it holds.
    func testAnElementPushedThroughACopySharesTheConstantsAndKeys() throws {
        try assertPushSharesTheScreenBefore(Self.flatForScreen, ownCode: false)
    }

    /// As above, for a template whose rows cannot share one copy of its
    /// code (a tap reads the element): each element appends code of its
    /// own, and a push through a copy copies a page of it, not all of it.
    func testAnElementWithCodeOfItsOwnPushedThroughACopySharesTheCode() throws {
        let source = Self.flatForScreen
            .replacingOccurrences(of: "data items: [Item]", with: "data items: [Item]\n    state picked: string = \"\"")
            .replacingOccurrences(of: "size: 24 }", with: "size: 24  tap: set(picked, a.id) }")
        XCTAssertTrue(source.contains("tap: set(picked, a.id)"))
        try assertPushSharesTheScreenBefore(source, ownCode: true)
    }

    /// Elements whose component has state of its own pushed and deleted
    /// in place through the session: the model is handed over for the
    /// edit with its state slots too (so that appending one copies none),
    /// and the screen still equals a fresh binding, each pushed element's
    /// state at its initial value.
    func testElementsWithStateOfTheirOwnPushedInPlaceEqualAFreshBinding() throws {
        let model = try InterpolationTests.loaded(Self.statefulLines)
        var items = (0..<300).map { Item(id: "k\($0)", title: "t\($0)", size: 10, flag: false) }
        var session = try boundSession(model, items)
        for (n, index) in [0, 150, 302].enumerated() {
            let pushed = Item(id: "p\(n)", title: "new \(n)", size: 10, flag: false)
            try session.insert("items", json: String(Self.json([pushed]).dropFirst().dropLast()), index: index, at: Double(n + 1))
            items.insert(pushed, at: index)
        }
        try session.remove("items", key: "k7", at: 5)
        items.removeAll { $0.id == "k7" }
        _ = session.pass(at: 10)
        XCTAssertEqual(session.live.screen.state.count, session.live.screen.model.state.count, "a state slot without a value, or a value without a slot")
        try assertEqualsAFreshBinding(session.live, model, items)
    }

    /// The same list, 3,000 elements, one pushed through `change(at:)`
    /// (a copy of the live screen): the state slots, their values and the
    /// rows reading each slot are shared with the screen before but for a
    /// page each, and the screen equals a fresh binding.
    func testAnElementWithStateOfItsOwnPushedThroughACopySharesTheSlots() throws {
        let model = try InterpolationTests.loaded(Self.statefulLines)
        var items = (0..<3000).map { Item(id: "k\($0)", title: "t\($0)", size: 10, flag: false) }
        var session = try boundSession(model, items)
        let slots = session.live.screen.model.state, values = session.live.screen.state, readers = session.live.incremental.readers
        let pushed = Item(id: "pushed", title: "new", size: 10, flag: false)
        _ = try session.change(at: 1) { (screen: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
            try screen.insert("items", json: String(Self.json([pushed]).dropFirst().dropLast()), at: 1500)
        }
        items.insert(pushed, at: 1500)
        XCTAssertEqual(session.live.screen.model.state.count, slots.count + 1)
        XCTAssertTrue(session.live.screen.model.state.sharing(with: slots).array, "the slots the screen was made with were copied")
        XCTAssertGreaterThan(session.live.screen.model.state.sharing(with: slots).pages, 0, "the slots' pages were copied")
        XCTAssertGreaterThan(session.live.screen.state.sharing(with: values).pages, 0, "the values' pages were copied")
        XCTAssertGreaterThan(session.live.incremental.readers.pagesShared(with: readers), 0, "the slots' readers were copied")
        _ = session.pass(at: 2)
        try assertEqualsAFreshBinding(session.live, model, items)
    }

    /// An element deleted and pushed again under the same key gets a
    /// state slot of its own, with the same name as its old one: tapping
    /// its toggle sets the new slot (by name, it set the old one, whose
    /// rows are gone, and the row did not change).
    func testAnElementPushedAgainAfterItsDeleteTogglesItsOwnState() throws {
        let model = try InterpolationTests.loaded(Self.statefulLines)
        let items = (0..<20).map { Item(id: "k\($0)", title: "t\($0)", size: 10, flag: false) }
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
        try live.bind("items", json: Self.json(items))
        let again = String(Self.json([Item(id: "p", title: "again", size: 10, flag: false)]).dropFirst().dropLast())
        _ = try live.insert("items", json: again, at: 0)
        _ = try live.remove("items", key: "p")
        _ = try live.insert("items", json: again, at: 0)
        let row = try XCTUnwrap(live.screen.model.stacks[live.screen.model.rootStack].rows.array.first { live.screen.model.rows[$0].id == "item[p]" })
        let before = try XCTUnwrap(live.frame(of: RowKey(row)))
        let tapped = live.tap(x: before.x + before.width / 2, y: before.y + before.height / 2)
        XCTAssertEqual(tapped.row, RowKey(row))
        // `size: open ? 80 : 44`, the insets around it either way.
        XCTAssertEqual(try XCTUnwrap(live.frame(of: RowKey(row))).height, before.height + 36, "the element's own state was not the one toggled")
    }

    /// A session over `model` bound to `items`, a frame drawn.
    private func boundSession(_ model: ScreenModel, _ items: [Item]) throws -> HostSession {
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
        try live.bind("items", json: Self.json(items))
        var session = HostSession(live)
        _ = session.pass(at: 0)
        return session
    }

    /// Whether `live` lays out as `items` freshly bound to `model` do.
    private func assertEqualsAFreshBinding(_ live: LiveScreen, _ model: ScreenModel, _ items: [Item], file: StaticString = #filePath, line: UInt = #line) throws {
        var fresh = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
        try fresh.bind("items", json: Self.json(items))
        XCTAssertEqual(Self.render(live), Self.render(fresh), file: file, line: line)
    }

    static let statefulLines = """
        record Item { id: string  title: string  size: number  flag: bool = false }
        component Line(title: string): Text { state open: bool = false  text: title  size: open ? 80 : 44  tap: toggle(open) }
        screen S {
            data items: [Item]
            Text head { text: "\\(count(items)) items"  size: 30 }
            for a in items key a.id { Line item { title: a.title } }
            Text tail { text: "end"  size: 20 }
        }
        """

    private func assertPushSharesTheScreenBefore(_ source: String, ownCode: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let model = try InterpolationTests.loaded(source)
        var items = (0..<10_000).map { Item(id: "k\($0)", title: "t\($0 % 97)", size: 5 + $0 % 40, flag: $0 % 5 == 0) }
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
        try live.bind("items", json: Self.json(items))
        var session = HostSession(live)
        _ = session.pass(at: 0)
        let constants = session.live.screen.model.expressions.constants
        let code = session.live.screen.model.expressions.code
        let places = try XCTUnwrap(session.live.boundPlaces[0])
        let pushed = Item(id: "pushed", title: "new", size: 30, flag: false)
        _ = try session.change(at: 1) { (screen: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
            try screen.insert("items", json: String(Self.json([pushed]).dropFirst().dropLast()), at: 5000)
        }
        items.insert(pushed, at: 5000)
        let after = session.live.screen.model.expressions.constants
        XCTAssertGreaterThan(after.count, constants.count)
        XCTAssertTrue(after.sharing(with: constants).array, "the constants the screen was bound with were copied")
        XCTAssertGreaterThan(after.sharing(with: constants).pages, 0)
        let codeAfter = session.live.screen.model.expressions.code
        if ownCode {
            // Each element's own code, bound in pages after the first.
            XCTAssertGreaterThan(codeAfter.count, code.count, "the element brought no code of its own", file: file, line: line)
            XCTAssertGreaterThan(codeAfter.sharing(with: code).pages, 0, "the code's pages were copied", file: file, line: line)
        } else {
            XCTAssertEqual(codeAfter.count, code.count, "a shared template's element brought code of its own", file: file, line: line)
        }
        XCTAssertTrue(codeAfter.sharing(with: code).array, "the code the screen was made with was copied", file: file, line: line)
        let keys = try XCTUnwrap(session.live.boundPlaces[0]).shardsShared(with: places)
        XCTAssertGreaterThan(keys.of, 1)
        XCTAssertEqual(keys.shared, keys.of - 1, "shards of the places by key copied")
        var fresh = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
        try fresh.bind("items", json: Self.json(items))
        XCTAssertEqual(Self.render(session.live), Self.render(fresh))
        Self.assertSameAnswers(session.live, fresh, "pushed")
        let beforeDelete = try XCTUnwrap(session.live.boundPlaces[0])
        _ = try session.change(at: 2) { (screen: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
            try screen.remove("items", key: "k7")
        }
        items.removeAll { $0.id == "k7" }
        let deleted = try XCTUnwrap(session.live.boundPlaces[0]).shardsShared(with: beforeDelete)
        XCTAssertEqual(deleted.shared, deleted.of - 1, "shards of the places by key copied")
        _ = session.pass(at: 3)
        fresh = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
        try fresh.bind("items", json: Self.json(items))
        XCTAssertEqual(Self.render(session.live), Self.render(fresh))
    }

    /// A list longer than a block of rows (512), pushed to at the top as a
    /// feed is and deleted from anywhere, one element at a time: blocks of
    /// rows, of elements and of keys split and empty, and the screen still
    /// answers as a fresh binding of the list it holds.
    func testALongListChangedOneElementAtATime() throws {
        let model = try InterpolationTests.loaded(Self.flatForScreen)
        var random = SplitMix64(seed: 91)
        var ids = 0
        var items = Self.randomItems(&random, count: 1_200, ids: &ids)
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
        try live.bind("items", json: Self.json(items))
        for step in 0..<1_400 {
            // Growing for a while, mostly at the top; then shrinking, mostly near the top.
            let grows = items.isEmpty || Int.random(in: 0..<10, using: &random) < (step < 700 ? 8 : 2)
            let near = Int.random(in: 0..<4, using: &random) != 0
            if grows {
                let item = Self.randomItems(&random, count: 1, ids: &ids)[0]
                let at = near ? Int.random(in: 0...min(3, items.count), using: &random) : Int.random(in: 0...items.count, using: &random)
                items.insert(item, at: at)
                try live.insert("items", json: String(Self.json([item]).dropFirst().dropLast()), at: at)
            } else {
                let at = near ? Int.random(in: 0..<min(40, items.count), using: &random) : Int.random(in: 0..<items.count, using: &random)
                try live.remove("items", key: items.remove(at: at).id)
            }
            guard step % 200 == 199 else { continue }
            var fresh = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
            try fresh.bind("items", json: Self.json(items))
            XCTAssertEqual(Self.render(live), Self.render(fresh), "step \(step)")
            Self.assertSameAnswers(live, fresh, "step \(step)")
            if testRun?.failureCount ?? 0 > 0 { return }
        }
        XCTAssertGreaterThan(live.elementsSplicedAlone, 1_300, "inserted and removed alone")
    }

    /// A list without a key is keyed by place: inserting or removing one
    /// element re-keys those after it, as binding the list whole does.
    func testInsertingAndRemovingByPlace() throws {
        let model = try InterpolationTests.loaded("""
            record Item { id: string  title: string  size: number  flag: bool = false }
            screen S {
                data items: [Item]
                for a in items { Text row { text: a.title  size: a.size }  Text note { text: "\\(index)"  size: 20 } }
            }
            """)
        var random = SplitMix64(seed: 61)
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
        _ = try insertAndRemove(&live, model: model, seed: &random, count: 3, steps: 60, byPlace: true) { live, fresh, _, _, step in
            XCTAssertEqual(LiveModelTests.render(live), LiveModelTests.render(fresh), "step \(step)")
            XCTAssertEqual(live.contentMain, fresh.contentMain, accuracy: 1e-9, "step \(step)")
        }
    }

    /// Binds `count` seeded items, then makes `steps` seeded inserts and
    /// removals of one element through `insert(_:json:at:)` and
    /// `remove(_:key:)` (by place for a list keyed by place), calling
    /// `check` after each with a fresh screen bound to the same items, the
    /// events, and whether it was an insert. Stops at the first failure;
    /// returns the items bound at the end.
    func insertAndRemove(
        _ live: inout LiveScreen, model: ScreenModel, seed random: inout SplitMix64, count: Int, steps: Int, byPlace: Bool,
        check: (LiveScreen, LiveScreen, [LiveEvent], Bool, Int) -> Void
    ) throws -> [Item] {
        var ids = 0
        var items = Self.randomItems(&random, count: count, ids: &ids)
        try live.bind("items", json: Self.json(items))
        for step in 0..<steps {
            let events: [LiveEvent]
            let inserting = items.isEmpty || Bool.random(using: &random)
            // Now and then an element edited by key, or the list bound
            // whole, between them: both find elements by their places,
            // which inserts and removals alone have shifted.
            if !byPlace, !items.isEmpty, Int.random(in: 0..<5, using: &random) == 0 {
                let at = Int.random(in: 0..<items.count, using: &random)
                items[at].title = "u\(step)"
                try live.update("items", key: items[at].id, json: String(Self.json([items[at]]).dropFirst().dropLast()))
            } else if !byPlace, items.count > 1, Int.random(in: 0..<12, using: &random) == 0 {
                items.swapAt(0, items.count - 1)
                try live.bind("items", json: Self.json(items))
            }
            if inserting {
                let item = Self.randomItems(&random, count: 1, ids: &ids)[0]
                let at = Int.random(in: 0...items.count, using: &random)
                items.insert(item, at: at)
                events = try live.insert("items", json: String(Self.json([item]).dropFirst().dropLast()), at: at)
            } else {
                let at = Int.random(in: 0..<items.count, using: &random)
                let gone = items.remove(at: at)
                events = try live.remove("items", key: byPlace ? String(at) : gone.id)
            }
            var fresh = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
            try fresh.bind("items", json: Self.json(items))
            check(live, fresh, events, inserting, step)
            if testRun?.failureCount ?? 0 > 0 { break }
        }
        return items
    }

    /// Rows that share their template's code read each element's values
    /// wherever a row's expressions are evaluated: appearance (text,
    /// background), accessibility, the pressed row's highlight — as the
    /// same rows written out do.
    func testSharedRowsReadTheirOwnValuesEverywhere() throws {
        let model = try InterpolationTests.loaded("""
            record Item { id: string  title: string  tint: color }
            screen S {
                data items: [Item]
                for a in items key a.id {
                    Text row {
                        text: "\\(a.title)!"  size: 40  background: a.tint  highlight: a.tint
                        tap: emit("row")
                        accessibility { label: "Item \\(a.title)"  hint: a.id }
                    }
                }
            }
            """)
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
        try live.bind("items", json: ##"[{"id": "x", "title": "One", "tint": "#FF0000"}, {"id": "y", "title": "Two", "tint": "#00FF00"}]"##)
        XCTAssertNotNil(live.screen.model.rows.last?.parameters, "the rows share their code")
        var expanded = LiveScreen(model: try LiveModelTests.model("""
            screen S {
                Text row_x { text: "One!"  size: 40  background: #FF0000  highlight: #FF0000  tap: emit("row")  accessibility { label: "Item One"  hint: "x" } }
                Text row_y { text: "Two!"  size: 40  background: #00FF00  highlight: #00FF00  tap: emit("row")  accessibility { label: "Item Two"  hint: "y" } }
            }
            """), viewportWidth: 320, viewportHeight: 500)
        for key in ["x", "y"] {
            let shared = live.screen.appearance(of: try live.row(id: "row[\(key)]").row)
            let written = expanded.screen.appearance(of: try expanded.row(id: "row_\(key)").row)
            XCTAssertEqual(shared.text?.string, written.text?.string, key)
            XCTAssertEqual(shared.background, written.background, key)
        }
        var a = live, b = expanded
        XCTAssertEqual(
            a.screen.accessibilityElements(a.layout()).map { "\($0.label) / \($0.hint)" },
            b.screen.accessibilityElements(b.layout()).map { "\($0.label) / \($0.hint)" })
        let second = try XCTUnwrap(live.frame(ofRootRow: try live.row(id: "row[y]").row))
        _ = live.press(x: second.x + 1, y: second.y + 1)
        _ = expanded.press(x: second.x + 1, y: second.y + 1)
        XCTAssertEqual(live.highlightColor, 0x00FF_00FF)
        XCTAssertEqual(live.highlightColor, expanded.highlightColor)
        // Written out as a compiled screen, each row gets its own copies.
        let written = try XCTUnwrap(ScreenDecoder.decode(ScreenEncoder.encode([live.screen.model])).first)
        XCTAssertNil(written.rows.first { $0.parameters != nil })
        let reloaded = Screen(model: written)
        XCTAssertEqual(reloaded.appearance(of: try XCTUnwrap(reloaded.row(id: "row[y]"))).text?.string, "Two!")
    }

    /// The live screen's answers from its incremental layout equal a
    /// fresh screen's, row by row through the ids.
    static func assertSameAnswers(_ live: LiveScreen, _ fresh: LiveScreen, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(live.contentMain, fresh.contentMain, accuracy: 1e-6, message, file: file, line: line)
        XCTAssertEqual(live.rootRows.count, fresh.rootRows.count, message, file: file, line: line)
        func id(_ screen: LiveScreen, _ row: Int) -> String { screen.screen.model.rows[row].id ?? "#\(row)" }
        for (liveRow, freshRow) in zip(live.rootRows, fresh.rootRows) {
            let name = id(fresh, freshRow)
            XCTAssertEqual(id(live, liveRow), name, message, file: file, line: line)
            if let freshID = fresh.screen.model.rows[freshRow].id {
                XCTAssertEqual(live.screen.row(id: freshID), liveRow, "\(message): row(id: \(freshID))", file: file, line: line)
            }
            XCTAssertEqual(live.frame(ofRootRow: liveRow), fresh.frame(ofRootRow: freshRow), "\(message): \(name)", file: file, line: line)
        }
        // Rows no stack lists any more answer to no id.
        let listed = Set(live.screen.model.stacks.flatMap(\.rows))
        for row in live.screen.model.rows.indices where !listed.contains(row) {
            if let id = live.screen.model.rows[row].id, live.screen.row(id: id) == row {
                XCTFail("\(message): row \(row), which no stack lists, answers to \(id)", file: file, line: line)
            }
        }
        for offset in stride(from: 0.0, through: fresh.contentMain, by: 97) {
            XCTAssertEqual(
                live.visibleRows(offset: offset).map { id(live, $0) }, fresh.visibleRows(offset: offset).map { id(fresh, $0) },
                "\(message): visible at \(offset)", file: file, line: line)
        }
    }

    func testRebindingMidAnimationEndsAsAFreshBinding() throws {
        try checkRebindingMidAnimation(Self.forScreen, seed: 99)
        try checkRebindingMidAnimation(Self.flatForScreen, seed: 98)
    }

    func checkRebindingMidAnimation(_ source: String, seed: UInt64) throws {
        let model = try InterpolationTests.loaded(source)
        var random = SplitMix64(seed: seed)
        var ids = 0
        var session = HostSession(LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500))
        var items: [Item] = []
        var time = 0.0
        for step in 0..<(ProcessInfo.processInfo.environment["STACKC_LONG_TESTS"] == "1" ? 200 : 80) {
            items.shuffle(using: &random)
            if Bool.random(using: &random) { items += Self.randomItems(&random, count: 2, ids: &ids) }
            if items.count > 3, Bool.random(using: &random) { items.removeFirst(2) }
            let json = Self.json(items)
            _ = try session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("items", json: json) }
            _ = session.pass(at: time + 0.05)
            time += Double.random(in: 0.01...0.3, using: &random)  // often before the last one ended
            var fresh = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
            try fresh.bind("items", json: json)
            XCTAssertEqual(Self.render(session.screen.live), Self.render(fresh), "step \(step)")
            Self.assertSameAnswers(session.screen.live, fresh, "step \(step)")
        }
    }

    /// The `for_v` layout fixture and its rows written out (`for_expanded_v`)
    /// have the same golden JSON, keyed ids aside.
    func testTheForFixtureEqualsItsExpansion() throws {
        let directory = LayoutFixtureTests.directory
        let bound = try String(contentsOf: directory.appendingPathComponent("for_v.json"), encoding: .utf8)
        let expanded = try String(contentsOf: directory.appendingPathComponent("for_expanded_v.json"), encoding: .utf8)
        XCTAssertTrue(bound.contains("\"amenity[spa]\""))
        let normalized = bound.replacingOccurrences(of: "[pool]", with: "_pool").replacingOccurrences(of: "[spa]", with: "_spa")
            .replacingOccurrences(of: "[gym]", with: "_gym")
        XCTAssertEqual(normalized, expanded)
    }

    /// One element changed by its key equals a fresh binding of the list
    /// with that element changed; a bad update changes nothing.
    func testUpdatingOneElementByKey() throws {
        let model = try InterpolationTests.loaded(Self.forScreen)
        var random = SplitMix64(seed: 8)
        var ids = 0
        var items = Self.randomItems(&random, count: 12, ids: &ids)
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
        try live.bind("items", json: Self.json(items))
        let rowsBefore = live.screen.model.rows.count
        for step in 0..<100 {
            let at = Int.random(in: 0..<items.count, using: &random)
            items[at].title = "u\(step)"
            items[at].size = Int.random(in: 5...60, using: &random)
            items[at].flag = Bool.random(using: &random)
            let object = String(Self.json([items[at]]).dropFirst().dropLast())
            try live.update("items", key: items[at].id, json: object)
            var fresh = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
            try fresh.bind("items", json: Self.json(items))
            XCTAssertEqual(Self.render(live), Self.render(fresh), "step \(step)")
        }
        XCTAssertEqual(live.screen.model.rows.count, rowsBefore, "updates make no rows")
        let before = Self.render(live)
        XCTAssertThrowsError(try live.update("items", key: "nope", json: #"{"id": "nope", "title": "x", "size": 1}"#)) {
            XCTAssertEqual("\($0)", "items has no element with key 'nope'")
        }
        XCTAssertThrowsError(try live.update("items", key: items[0].id, json: #"{"id": "other", "title": "x", "size": 1}"#)) {
            XCTAssertTrue("\($0)".contains("the key cannot change"), "\($0)")
        }
        XCTAssertThrowsError(try live.update("items", key: items[0].id, json: #"{"id": "\#(items[0].id)", "title": "x", "size": "big"}"#)) {
            XCTAssertEqual("\($0)", "items[\(items[0].id)].size: expected a number, found a string (record Item)")
        }
        XCTAssertEqual(Self.render(live), before)
    }

    /// Hostile documents: seeded truncations, byte flips and insertions of
    /// a valid one either bind or throw — never trap — and a refused one
    /// leaves the screen as it was.
    func testMangledDocumentsBindOrThrowAndChangeNothingWhenThrown() throws {
        let model = try InterpolationTests.loaded(Self.forScreen)
        var random = SplitMix64(seed: 44)
        var ids = 0
        let valid = Array(Self.json(Self.randomItems(&random, count: 8, ids: &ids)).utf8)
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
        let pieces: [[UInt8]] = ["[", "]", "{", "}", "\"", ",", ":", "\\", "\\u", "1e999", "-", "null", "true", "\u{0}", "é", "\u{FF}"].map { Array($0.utf8) }
        var refused = 0
        for step in 0..<1000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0...bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes = Array(bytes.prefix(at))
                case 1 where at < bytes.count: bytes[at] = UInt8.random(in: 0...255, using: &random)
                default: bytes.insert(contentsOf: pieces.randomElement(using: &random)!, at: min(at, bytes.count))
                }
            }
            let before = Self.render(live)
            do {
                try live.bind("items", json: String(decoding: bytes, as: UTF8.self))
            } catch {
                refused += 1
                XCTAssertEqual(Self.render(live), before, "step \(step): a refused document changed the screen")
            }
            if testRun?.failureCount ?? 0 > 0 { return }
        }
        XCTAssertGreaterThan(refused, 300, "most mangled documents are refused")
    }

    /// Enum fields of an enum of few cases (found by walking them) and of
    /// many (found through a table made at the first value): each case
    /// read as itself, a name that is none refused with ten of the cases.
    func testEnumFieldsOfFewAndManyCases() throws {
        let many = (0..<40).map { "c\($0)" }
        let source = """
            enum Many { \(many.joined(separator: ", ")) }
            enum Few { x, y }
            record R { id: string  m: Many  f: Few }
            screen S {
                data items: [R]
                for it in items key it.id { Text { text: "\\(it.m) \\(it.f)" } }
            }
            """
        let model = try InterpolationTests.loaded(source)
        var live = LiveScreen(model: model)
        let picked = [0, 17, 39, 16, 0]
        let json = "[" + picked.enumerated().map { #"{"id": "\#($0)", "m": "c\#($1)", "f": "\#($0 % 2 == 0 ? "x" : "y")"}"# }.joined(separator: ", ") + "]"
        try live.bind("items", json: json)
        let rendered = LiveModelTests.render(live)
        for (place, index) in picked.enumerated() {
            XCTAssertTrue(rendered.contains("\"c\(index) \(place % 2 == 0 ? "x" : "y")\""), "c\(index) at \(place): \(rendered)")
        }
        XCTAssertThrowsError(try live.bind("items", json: #"[{"id": "a", "m": "c40", "f": "x"}]"#)) {
            XCTAssertEqual("\($0)", "items[0].m: 'c40' is not a case of enum Many; expected one of c0, c1, c2, c3, c4, c5, c6, c7, c8, c9 and 30 more (record R)")
        }
        XCTAssertThrowsError(try live.bind("items", json: #"[{"id": "a", "m": "c1", "f": "z"}]"#)) {
            XCTAssertEqual("\($0)", "items[0].f: 'z' is not a case of enum Few; expected one of x, y (record R)")
        }
    }

    func testBadDataSaysWhereAndWhat() throws {
        let model = try InterpolationTests.loaded(Self.forScreen)
        var live = LiveScreen(model: model)
        func message(_ json: String) -> String {
            do {
                try live.bind("items", json: json)
                return "bound"
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(message(#"[{"id": "a", "title": "A", "size": "big"}]"#), "items[0].size: expected a number, found a string (record Item)")
        XCTAssertEqual(message(#"[{"id": "a", "size": 3}]"#), "items[0].title: missing, and record Item gives 'title' no default")
        XCTAssertEqual(message(#"{"id": "a"}"#), "items: expected an array of Item objects, found an object")
        XCTAssertEqual(message(#"[{"id": "a", "title": "A", "size": 1}, {"id": "a", "title": "B", "size": 2}]"#), "items[1].id: key 'a' repeats items[0]; keys must be unique")
        XCTAssertEqual(message("[1, 2"), "items[0]: expected an object, found a number (record Item)")
        XCTAssertEqual(message(#"[{"id": "a", "title": "A", "size": 1}"#), "JSON at line 1, column 38: an array is not closed with ']'")
        XCTAssertEqual(message(#"[{"id": "a", "title": "A", "size": 1,}]"#), "JSON at line 1, column 38: expected a member name in double quotes")
        XCTAssertEqual(message(#"[{"id": "a", "title": "A", "size": 1, "extra": [1, {"x": null}]}]"#), "bound", "members the record does not declare are ignored")
        XCTAssertThrowsError(try live.bind("nope", json: "[]")) { XCTAssertEqual("\($0)", "the screen has no data 'nope'; its data: items") }
        XCTAssertThrowsError(try live.bind("items", json: "[{\"extra\": " + String(repeating: "[", count: 100) + "}]")) {
            XCTAssertTrue("\($0)".contains("nested more than 64"), "\($0)")
        }
    }
}
