// The app-facing runtime as an app uses it: the host core's decisions
// (frames while animating, touches to taps, cancel on scroll, reading
// order), the row queries by key against a full layout, and what a
// measurer is asked.

import StackCompiler
import StackOutput
import StackParser
import StackRuntime
import TestSupport
import XCTest

final class ScreenHostTests: XCTestCase {
    static let source = """
        screen S {
            state open: bool = false
            defaults { insets: 0  transition show { duration: 300ms }  transition hide { duration: 300ms } }
            Text title { text: "Title"  size: 40  pin: top }
            Text toggle { text: "More"  size: 40  tap: toggle(open), emit("toggled") }
            Text extra { text: "Extra"  size: 80  hidden: !open }
            Stack card {
                padding: 10
                Text inner { text: "Inside"  size: 30 }
                View chart { host: "Chart" }
            }
            Spacer { size: 2000 }
            Text end { text: "End"  size: 40 }
        }
        """

    func host(_ measurer: any Measurer & Sendable = DefaultMeasurer()) throws -> ScreenHost<RecordingView> {
        let model = try LiveModelTests.model(Self.source)
        return ScreenHost(HostSession(LiveScreen(model: model, viewportWidth: 300, viewportHeight: 400, measurer: measurer))) {
            RecordingView($0)
        }
    }

    func testATapHighlightsRunsItsActionsAndAnimatesUntilDone() throws {
        let host = try host()
        var heard: [ActionOutcome] = []
        host.onActions = { heard += $0 }
        host.frame(at: 0)
        let toggle = try host.session.live.row(id: "toggle")
        host.touchDown(x: 10, y: 50, at: 1)
        XCTAssertEqual(host.views.views[toggle]?.shown?.highlighted, true, "pressed rows draw their highlight")
        host.touchUp(at: 1)
        XCTAssertEqual(heard, [.toggled(state: "open", to: true), .emitted("toggled")])
        XCTAssertEqual(host.views.views[toggle]?.shown?.highlighted, false)
        XCTAssertTrue(host.wantsFrames, "the extra row shows by a 300 ms transition")
        host.frame(at: 1.15)
        XCTAssertTrue(host.wantsFrames)
        host.frame(at: 1.31)
        XCTAssertFalse(host.wantsFrames, "the clock stops when the transition ends")
        XCTAssertEqual(try host.session.live.state("open"), .bool(true))
    }

    /// The seeds' imperative calls through the host: each reports its
    /// events, draws, keeps the frame clock running while rows animate,
    /// and is made on the live screen itself (no sticky row here).
    func testRowsInsertedMovedReplacedAndRemovedThroughTheHostAreDrawnAndReported() throws {
        let model = try LiveModelTests.model("""
            component Note(label: string): Text { text: label  size: 40 }
            screen N {
                defaults { insets: 0  transition insert { duration: 200ms }  transition remove { duration: 200ms } }
                Text a { text: "A"  size: 40 }
                Text b { text: "B"  size: 40 }
            }
            """)
        let host = ScreenHost(HostSession(LiveScreen(model: model, viewportWidth: 300, viewportHeight: 400))) { RecordingView($0) }
        var events: [LiveEvent] = []
        host.onEvents = { events += $0 }
        host.frame(at: 0)
        let made = try host.insert([ComponentInstance("Note", arguments: ["label": .string("new")], id: "new")], at: .after(id: "a"), at: 1)
        XCTAssertEqual(made.count, 1)
        XCTAssertTrue(events.contains(.rowInserted(row: made[0])))
        XCTAssertTrue(host.wantsFrames, "the new row grows in for 200 ms")
        host.frame(at: 1.3)
        XCTAssertFalse(host.wantsFrames)
        XCTAssertEqual(host.views.views[made[0]]?.shown?.text, "new")
        XCTAssertEqual(host.views.views[made[0]]?.shown?.frame.y, 40)
        try host.move(made[0], to: 0, at: 2)
        host.frame(at: 2.5)
        XCTAssertEqual(host.views.views[made[0]]?.shown?.frame.y, 0)
        let replaced = try host.replace(made[0], with: ComponentInstance("Note", arguments: ["label": .string("other")]), at: 3)
        host.frame(at: 3.5)
        XCTAssertEqual(try host.session.live.row(id: "new"), replaced, "the id passes to the replacement")
        XCTAssertEqual(host.views.views[replaced]?.shown?.text, "other")
        XCTAssertNil(host.views.views[made[0]])
        events = []
        try host.remove(rows: [replaced], at: 4)
        XCTAssertTrue(events.contains(.rowRemoved(row: replaced)))
        host.frame(at: 4.5)
        XCTAssertNil(host.views.views[replaced])
        XCTAssertEqual(host.session.live.frame(of: try host.session.live.row(id: "b"))?.y, 40)
        XCTAssertEqual(host.session.screen.changesInPlace, 4)
        XCTAssertThrowsError(try host.remove(rows: [replaced], at: 5), "a row removed is not there to remove again")
        // Rows hidden and shown, one and several at once, in place too.
        let a = try host.session.live.row(id: "a"), b = try host.session.live.row(id: "b")
        try host.setHidden([a], true, at: 6)
        host.frame(at: 6.5)
        XCTAssertNil(host.views.views[a])
        XCTAssertEqual(host.views.views[b]?.shown?.frame.y, 0)
        try host.setHidden([a, b], false, at: 7)
        host.frame(at: 7.5)
        XCTAssertEqual(host.views.views[b]?.shown?.frame.y, 40)
        XCTAssertEqual(host.session.screen.changesInPlace, 6)
    }

    /// Elements of bound data pushed and deleted through the host, as a
    /// server sends them: reported, drawn, made on the live screen itself.
    func testElementsPushedAndDeletedThroughTheHostAreDrawn() throws {
        let model = try InterpolationTests.loaded("""
            record Post { id: string }
            screen Feed {
                data posts: [Post]
                defaults { insets: 0 }
                for p in posts key p.id { Text post { text: p.id  size: 30 } }
            }
            """)
        let host = ScreenHost(HostSession(LiveScreen(model: model, viewportWidth: 300, viewportHeight: 400))) { RecordingView($0) }
        var events: [LiveEvent] = []
        host.onEvents = { events += $0 }
        try host.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.bind("posts", json: #"[{"id": "a"}, {"id": "b"}]"#) }
        try host.insert("posts", json: #"{"id": "new"}"#, index: 0, at: 1)
        host.frame(at: 1.5)
        let texts = host.session.live.rows.compactMap { host.views.views[$0]?.shown }.sorted { $0.frame.y < $1.frame.y }.map(\.text)
        XCTAssertEqual(texts, ["new", "a", "b"])
        XCTAssertTrue(events.contains { if case .rowInserted = $0 { true } else { false } })
        try host.remove("posts", key: "a", at: 2)
        host.frame(at: 2.5)
        XCTAssertEqual(host.session.live.rows.count, 2)
        XCTAssertEqual(host.session.screen.changesInPlace, 2)
        XCTAssertThrowsError(try host.remove("posts", key: "a", at: 3))
    }

    func testScrollingCancelsAPressAndATouchOffRowsDoesNothing() throws {
        let host = try host()
        var heard: [ActionOutcome] = []
        host.onActions = { heard += $0 }
        host.frame(at: 0)
        host.touchDown(x: 10, y: 50, at: 0)
        XCTAssertNotNil(host.session.live.highlightedRow)
        host.scroll(to: 30, at: 0.1)
        XCTAssertNil(host.session.live.highlightedRow, "a finger that scrolls is not tapping")
        host.touchUp(at: 0.2)
        XCTAssertEqual(heard, [])
        host.touchDown(x: 10, y: 390, at: 1)  // the spacer: no actions
        XCTAssertNil(host.session.live.highlightedRow)
        host.touchCancelled(at: 1)
        XCTAssertEqual(heard, [])
    }

    func testReadingOrderIsTopToBottomWithTheStickyRowWhereItIsDrawn() throws {
        let host = try host()
        host.frame(at: 0)
        let live = host.session.live
        let order = host.accessibilityOrder.compactMap { $0.shown.flatMap { live.id(of: $0.key) } }
        XCTAssertEqual(order, ["title", "toggle", "inner", "chart"])
        host.scroll(to: 100, at: 1)
        let scrolled = host.accessibilityOrder.compactMap { $0.shown.flatMap { live.id(of: $0.key) } }
        XCTAssertEqual(scrolled.first, "title", "the pinned title is read first, where it is drawn")
    }

    func testRowQueriesByKeyAgreeWithAFullLayout() throws {
        for (name, models) in try CompiledFormatTests.sampleModels() {
            for model in models {
                var live = LiveScreen(model: model, viewportWidth: 390, viewportHeight: 600)
                _ = live.scroll(to: 137)
                let layout = live.layout()
                var keys = live.rows
                var index = 0
                while index < keys.count {
                    keys += live.rows(inside: keys[index])
                    index += 1
                }
                for key in keys {
                    let expected = layout.frame(of: key.row), found = try XCTUnwrap(live.frame(of: key))
                    for (a, b) in [(found.x, expected.x), (found.y, expected.y), (found.width, expected.width), (found.height, expected.height)] {
                        XCTAssertEqual(a, b, accuracy: 1e-9, "\(name) \(model.name) \(key)")
                    }
                }
                XCTAssertEqual(Set(live.visibleRows), Set(live.rows.filter {
                    if case .partial = live.visibility(of: $0) { return true }
                    return live.visibility(of: $0) == .entire
                }), "\(name) \(model.name)")
            }
        }
    }

    func testTheMeasurerIsAskedAboutRowsByKeyAndTheViewportMovesRows() throws {
        let views = HostViews()
        views.heights = ["Chart": 120]
        let host = try host(views)
        host.frame(at: 0)
        let chart = try host.session.live.row(id: "chart")
        let asked = views.asked.filter { $0.key == chart }
        XCTAssertFalse(asked.isEmpty)
        XCTAssertEqual(asked.first?.id, "chart")
        XCTAssertEqual(asked.first?.kind, .view)
        XCTAssertEqual(asked.first?.content, .view(host: "Chart"))
        XCTAssertEqual(host.session.live.frame(of: chart)?.height, 120)
        let card = try host.session.live.row(id: "card")
        XCTAssertEqual(host.session.live.frame(of: card)?.height, 10 + 30 + 120 + 10)
        try host.resize(width: 200, height: 400, at: 1)
        XCTAssertEqual(host.session.live.frame(of: chart)?.width, 180, "across the new width, inside the card's padding")
        XCTAssertThrowsError(try host.resize(width: -1, height: 400, at: 2))
    }
}
