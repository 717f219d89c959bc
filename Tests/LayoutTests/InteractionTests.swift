// Taps, highlights, actions and scrolling on the hotel sample, against
// hand-computed layouts.

import StackCompiler
import StackParser
import StackRuntime
import TestSupport
import XCTest

final class InteractionTests: XCTestCase {
    /// The hotel sample, live, in a 390 × 300 viewport.
    func hotel() throws -> LiveScreen {
        let directory = CLIRoot.repository.appendingPathComponent("samples")
        let text = try String(contentsOf: directory.appendingPathComponent("hotel.stack"), encoding: .utf8)
        let result = Compiler.check(SourceFile(path: "hotel.stack", text: text), loader: DirectoryLoader(base: directory.path))
        let model = try XCTUnwrap(Compiler.lower(try XCTUnwrap(result.program)).first)
        return LiveScreen(model: model, viewportWidth: 390, viewportHeight: 300)
    }

    func testTapTogglesStateAndReportsEvents() throws {
        var live = try hotel()
        // tags is [0, 128.4, 390, 174]: a point at y 180 is inside it.
        let (row, actions, events) = live.tap(x: 200, y: 180)
        XCTAssertEqual(row.map { live.screen.model.rows[$0.row].id }, "tags")
        XCTAssertEqual(actions, [.toggled(state: "tagsExpanded", to: true), .emitted("tagsToggled")])
        // 150 → 340: content 582.8 → 772.8; nothing below tags was on screen at offset 0.
        XCTAssertEqual(events, [.layoutUpdated, .contentSizeChanged(old: 582.8, new: 772.8)])
        XCTAssertEqual(try live.screen.stateValue("tagsExpanded"), .bool(true))
    }

    func testPressHighlightsAndCancelRunsNothing() throws {
        var live = try hotel()
        XCTAssertNotNil(live.press(x: 10, y: 150))
        XCTAssertEqual(live.highlightColor, 0xD9D9_D9FF)
        live.cancel()
        XCTAssertNil(live.highlightedRow)
        XCTAssertEqual(live.release().actions, [])
        XCTAssertEqual(try live.screen.stateValue("tagsExpanded"), .bool(false))
        // The welcome text has no actions: nothing to press.
        XCTAssertNil(live.press(x: 10, y: 10))
        // Outside the viewport: nothing.
        XCTAssertNil(live.hitTest(x: -1, y: 10))
        XCTAssertNil(live.hitTest(x: 10, y: 300))
    }

    func testTapsReachNestedRowsAndScrollToClamps() throws {
        var live = try hotel()
        _ = live.scroll(to: 250)
        // tabs is [0, 302.4, 390, 68]; its "Photos" cell is x 195..<375 — at offset 250, y 60.
        let (row, actions, _) = live.tap(x: 250, y: 70)
        XCTAssertEqual(row.map { live.screen.model.rows[$0.row].kind }, .text)
        XCTAssertEqual(actions, [.set(state: "tab", to: ".photos")])
        // The gallery appears: 270 high plus insets 0 → content grows by 292.5.
        XCTAssertTrue(live.visibleRows(offset: live.offset).contains(try XCTUnwrap(live.screen.row(id: "gallery"))))
        // Scrolling far past the end clamps to content − viewport.
        let events = live.scroll(to: 10_000)
        XCTAssertEqual(live.offset, live.contentMain - 300)
        XCTAssertEqual(events.last, .didScroll(offset: live.contentMain - 300))
    }

    func testHiddenAndOffscreenRowsTakeNoTaps() throws {
        var live = try hotel()
        // The pricing stack is hidden: its rows take no taps anywhere.
        let pricing = try XCTUnwrap(live.screen.row(id: "pricing"))
        XCTAssertEqual(live.visibility(ofRootRow: pricing), .hidden)
        _ = live.scroll(to: 300)
        let (row, _, _) = live.tap(x: 100, y: 295)
        XCTAssertNotEqual(row?.row, pricing)
    }
}
