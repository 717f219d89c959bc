// Elements that are cards — a `for` whose template holds a stack — go in
// and out of the layout without laying the screen out again: each card
// made is laid out alone, with what it holds, and spliced among the
// screen's rows as plain rows are. The oracle is a fresh binding of the
// same list (laid out in full), and, for animations, the general
// transition.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

extension DataBindingTests {
    /// Two top-level rows an element: a card (a stack holding a row and a
    /// sideways stack of two) and a plain row under it.
    static let cardScreen = """
        record Item { id: string  title: string  size: number  flag: bool = false }
        screen S {
            data items: [Item]
            spacing: 2
            defaults { insets: 2  separator { color: #CCCCCC  thickness: 1 } }
            Text head { text: "\\(count(items)) items"  size: count(items) * 3 }
            for a in items key a.id {
                Stack card { padding: 4  spacing: 2
                    Text row { text: "\\(a.title)"  size: a.size  hidden: a.flag }
                    Stack pair { axis: horizontal  size: 24  Text { text: a.title  size: 40 }  Text note { text: a.flag ? "yes" : "no"  size: fill } }
                }
                Text under { text: "under"  size: 12 }
            }
            Text tail { text: "end"  size: 20 }
        }
        """

    /// Seeded re-bindings of the card screen splice (no full layout made)
    /// and equal a fresh binding, with the events of the diff.
    func testRebindingCardsSplicesThemAsAFreshBindingLaysThemOut() throws {
        try checkRebinding(Self.cardScreen, readsIndex: false, splices: true, seed: 31)
    }

    /// Cards inserted and removed one at a time go in and out alone, and
    /// every row — the cards' rows and those inside them — is where a
    /// fresh binding puts it, through the live screen's own answers.
    func testCardsInsertedAndRemovedAloneAreWhereAFreshBindingPutsThem() throws {
        let model = try InterpolationTests.loaded(Self.cardScreen)
        var random = SplitMix64(seed: 61)
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
        var checkedInside = 0
        _ = try insertAndRemove(&live, model: model, seed: &random, count: 4, steps: 300, byPlace: false) { live, fresh, _, _, step in
            XCTAssertFalse(live.incremental.snapshotIsCurrent, "step \(step): spliced, not laid out in full")
            XCTAssertEqual(Self.render(live), Self.render(fresh), "step \(step)")
            Self.assertSameAnswers(live, fresh, "step \(step)")
            checkedInside += Self.assertSameFramesInside(live, fresh, "step \(step)")
        }
        XCTAssertGreaterThan(live.elementsSplicedAlone, 250, "inserted and removed alone")
        XCTAssertGreaterThan(checkedInside, 1_000)
    }

    /// A card pushed on a copy of the live screen (what `change(at:)`
    /// works on) takes its rows and stack into the last full layout by
    /// writing their numbers aside: the live screen's columns are shared,
    /// not copied (copying them cost 141 ms of each push at a million
    /// cards), the live screen keeps its layout, and the copy's rows are
    /// where a fresh binding puts them — inside the cards too.
    func testACardPushedOnACopyWritesItsNumbersAsideAndIsWhereAFreshBindingPutsIt() throws {
        let model = try InterpolationTests.loaded(Self.cardScreen)
        var random = SplitMix64(seed: 0xA51DE)
        var ids = 0
        let items = Self.randomItems(&random, count: 40, ids: &ids)
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
        try live.bind("items", json: Self.json(items))
        _ = live.incremental.layout()
        let rendered = Self.render(live)
        var changed = live
        let pushed = Self.randomItems(&random, count: 1, ids: &ids)
        let object = String(Self.json(pushed).dropFirst().dropLast())
        try changed.insert("items", json: object, at: 17)
        XCTAssertEqual(changed.elementsSplicedAlone, live.elementsSplicedAlone + 1, "spliced alone")
        do {
            let before = live.incremental.snapshot, after = changed.incremental.snapshot
            XCTAssertTrue(after.rowStart.sharesStorage(with: before.rowStart))
            XCTAssertTrue(after.stackOrigin.sharesStorage(with: before.stackOrigin))
            XCTAssertTrue(after.resolved.stacks.sharesStorage(with: before.resolved.stacks))
            XCTAssertGreaterThan(after.numbersWrittenAside, 0)
            XCTAssertEqual(before.numbersWrittenAside, 0)
        }
        XCTAssertEqual(Self.render(live), rendered, "the live screen as it was")
        var fresh = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
        var all = items
        all.insert(pushed[0], at: 17)
        try fresh.bind("items", json: Self.json(all))
        XCTAssertEqual(Self.render(changed), Self.render(fresh))
        XCTAssertGreaterThan(Self.assertSameFramesInside(changed, fresh, "pushed on a copy"), 100)
        // The copy kept and the screen before dropped: its numbers folded in.
        live = changed
        changed = fresh
        live.incremental.foldWrittenAside()
        XCTAssertEqual(live.incremental.snapshot.numbersWrittenAside, 0)
        XCTAssertEqual(Self.render(live), Self.render(fresh))
    }

    /// A card's rows answer to their ids while it is shown and give them
    /// up with it — spliced out, and in a screen made afresh from the
    /// model that still holds its rows (its stack still lists them) — so
    /// that the card pushed again under the same key answers with its
    /// new rows.
    func testARemovedCardsRowsGiveUpTheirIds() throws {
        let model = try InterpolationTests.loaded(Self.cardScreen)
        let items = (0..<6).map { Item(id: "k\($0)", title: "t\($0)", size: 10 + $0, flag: false) }
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
        try live.bind("items", json: Self.json(items))
        let before = try XCTUnwrap(live.screen.row(id: "row[k2]"))
        _ = try live.remove("items", key: "k2")
        XCTAssertNil(live.screen.row(id: "row[k2]"), "spliced out, the card's row still answers")
        XCTAssertNil(live.screen.row(id: "card[k2]"))
        let remade = Screen(model: live.screen.model)
        XCTAssertNil(remade.row(id: "row[k2]"), "made afresh, the removed card's row answers")
        XCTAssertNotNil(remade.row(id: "row[k3]"))
        _ = try live.insert("items", json: String(Self.json([items[2]]).dropFirst().dropLast()), at: 2)
        let after = try XCTUnwrap(live.screen.row(id: "row[k2]"))
        XCTAssertNotEqual(after, before, "pushed again, the card's row is a new one")
        XCTAssertEqual(live.frame(of: RowKey(after))?.height, 12 + 4, "its size and insets")
    }

    /// Frames of every row inside the screen's rows, by id, as the live
    /// screen answers them: the same in both. Returns how many were compared.
    @discardableResult
    static func assertSameFramesInside(_ live: LiveScreen, _ fresh: LiveScreen, _ message: String, file: StaticString = #filePath, line: UInt = #line) -> Int {
        var compared = 0
        let model = fresh.screen.model
        for stack in model.stacks.indices where stack != model.rootStack {
            for row in model.stacks[stack].rows {
                guard let id = model.rows[row].id, let liveRow = live.screen.row(id: id) else { continue }
                XCTAssertEqual(live.frame(of: RowKey(liveRow)), fresh.frame(of: RowKey(row)), "\(message): \(id)", file: file, line: line)
                compared += 1
            }
        }
        return compared
    }
}

extension QuickTransitionTests {
    /// The feed with each post a card: its title inside a stack of its own.
    static let cardPostsFeedSource = feedSource.replacingOccurrences(
        of: "Text title { text: p.title  size: p.size  hidden: p.flag }",
        with: """
            Stack post { padding: 3  spacing: 2
                        Text title { text: p.title  size: p.size  hidden: p.flag }
                        Stack line { axis: horizontal  size: 14  Text { text: "by"  size: 30 }  Text { text: p.id  size: fill } }
                    }
            """)

    /// Cards in and out of a feed — one at a time, several at once,
    /// moved, through the session's own calls — animate without a full
    /// layout, the rows inside each card drawn with it, as the general
    /// transition draws them.
    func testCardsInAndOutPresentAsTheGeneralTransition() throws {
        XCTAssertTrue(Self.cardPostsFeedSource.contains("Stack post"))
        try checkFeed(seed: 0xCA3D, several: false, source: Self.cardPostsFeedSource)
        try checkFeed(seed: 0xCA3E, several: true, source: Self.cardPostsFeedSource)
        try checkFeed(seed: 0xCA3F, several: false, byElement: true, source: Self.cardPostsFeedSource)
    }
}
