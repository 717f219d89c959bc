// Row mutations and scroll behaviours on a live screen.

import StackCompiler
import StackParser
import StackRuntime
import TestSupport
import XCTest

final class MutationTests: XCTestCase {
    /// Five 30-point rows (54 with insets), a snap-hide bar first, in a 390 × 100 viewport.
    func screen(_ source: String? = nil) throws -> LiveScreen {
        let text = source ?? """
            screen S {
                Text bar { size: 30  behavior: snap-hide(top) }
                Text a { size: 30 }
                Text b { size: 30 }
                Text c { size: 30 }
                Text d { size: 30 }
            }
            """
        let result = Compiler.check(SourceFile(path: "t.stack", text: text), loader: MemoryLoader([:]))
        let model = try XCTUnwrap(Compiler.lower(try XCTUnwrap(result.program, "\(result.diagnostics.items.map(\.message))")).first)
        return LiveScreen(model: model, viewportWidth: 390, viewportHeight: 100)
    }

    func testRemoveMoveHideReloadWithChecks() throws {
        var live = try screen()
        let b = try live.row(id: "b")
        XCTAssertEqual(live.contentMain, 270)
        let removed = try live.remove(id: "b")
        XCTAssertEqual(removed.changes, [.rowRemoved(row: b)])
        XCTAssertEqual(live.contentMain, 216)
        XCTAssertTrue(removed.events.contains(.contentSizeChanged(old: 270, new: 216)))
        XCTAssertThrowsError(try live.row(id: "b"))
        XCTAssertThrowsError(try live.remove(rows: [b]))
        let d = try live.row(id: "d")
        try live.move(d, to: 0)
        XCTAssertEqual(live.frame(ofRootRow: d)?.y, 0)
        XCTAssertThrowsError(try live.move(d, to: 4))
        XCTAssertThrowsError(try live.move(d, to: -1))
        let a = try live.row(id: "a")
        let c = try live.row(id: "c")
        try live.setHidden([a, c], true)
        XCTAssertEqual(live.contentMain, 108)
        XCTAssertThrowsError(try live.setHidden([999], true))
        XCTAssertNoThrow(try live.reload(d))
        live.removeAll()
        XCTAssertEqual(live.contentMain, 0)
    }

    func testSnapHideSlidesAwayAndBack() throws {
        var live = try screen()
        let bar = try live.row(id: "bar")
        XCTAssertEqual(live.presentedFrame(ofRootRow: bar)?.y, 0)
        _ = live.scroll(to: 20)  // forward 20: the bar slides up 20
        XCTAssertEqual(live.presentedFrame(ofRootRow: bar)?.y, 0)  // o − slid = 20 − 20
        XCTAssertEqual(live.slideOffset(of: bar), 20)
        _ = live.scroll(to: 100)  // forward 80 more: fully away (54)
        XCTAssertEqual(live.slideOffset(of: bar), 54)
        XCTAssertEqual(live.presentedFrame(ofRootRow: bar)?.y, 46)  // 100 − 54: just above the viewport
        _ = live.scroll(to: 90)  // back 10: it comes back 10
        XCTAssertEqual(live.slideOffset(of: bar), 44)
        _ = live.scroll(to: 0)  // back to the top: fully shown
        XCTAssertEqual(live.slideOffset(of: bar), 0)
        XCTAssertEqual(live.presentedFrame(ofRootRow: bar)?.y, 0)
    }

    func testPinnedRowsStick() throws {
        var live = try screen("""
            screen S {
                Text a { size: 30 }
                Text header { size: 30  pin: top }
                Text b { size: 30 }
                Text c { size: 30 }
                Text footer { size: 30  pin: bottom }
            }
            """)
        let header = try live.row(id: "header")
        let footer = try live.row(id: "footer")
        XCTAssertEqual(live.presentedFrame(ofRootRow: header)?.y, 54)
        XCTAssertEqual(live.presentedFrame(ofRootRow: footer)?.y, 46)  // 0 + 100 − 54
        _ = live.scroll(to: 120)
        XCTAssertEqual(live.presentedFrame(ofRootRow: header)?.y, 120)
        XCTAssertEqual(live.presentedFrame(ofRootRow: footer)?.y, 166)  // 120 + 100 − 54
    }
}
