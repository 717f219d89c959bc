// Layout queries: visibility, visible ranges, scroll-to, sticky rows.

import StackRuntime
import XCTest

final class QueryTests: XCTestCase {
    /// Ten 100-point rows without insets in a 390 × 250 viewport.
    private func tenRows(pins: [Int: PinMode] = [:]) -> (Screen, ScreenLayout) {
        var stack = TestStack()
        for index in 0..<10 {
            var row = TestRow(content: .spacer)
            row.size = .points(100)
            row.insets = .zero
            row.id = "r\(index)"
            stack.rows.append(row)
        }
        var model = TestScreen.model(stack)
        for (row, pin) in pins { model.rows[row].pin = pin }
        let screen = Screen(model: model, viewportWidth: 390, viewportHeight: 250)
        return (screen, screen.layout())
    }

    func testVisibilityAtAnOffset() {
        let (_, layout) = tenRows()
        XCTAssertEqual(layout.visibility(of: 0, offset: 50), .partial(50))
        XCTAssertEqual(layout.visibility(of: 1, offset: 50), .entire)
        XCTAssertEqual(layout.visibility(of: 2, offset: 50), .entire)
        XCTAssertEqual(layout.visibility(of: 3, offset: 50), .offscreen)
        XCTAssertEqual(layout.visibility(of: 0, offset: 60), .partial(40))
        XCTAssertEqual(layout.visibility(of: 3, offset: 60), .partial(10))
    }

    func testVisibleRangeIsABinarySearch() {
        let (_, layout) = tenRows()
        XCTAssertEqual(layout.visibleRange(offset: 0), 0..<3)
        XCTAssertEqual(layout.visibleRange(offset: 150), 1..<4)
        XCTAssertEqual(layout.visibleRange(offset: 100), 1..<4)
        XCTAssertEqual(layout.visibleRows(offset: 100), [1, 2, 3])
        XCTAssertEqual(layout.entirelyVisibleRows(offset: 100), [1, 2])
        XCTAssertEqual(layout.visibleRange(offset: 10_000), 7..<10)  // clamped to 750
    }

    func testScrollToPositionsAndClamping() {
        let (_, layout) = tenRows()
        XCTAssertEqual(layout.scrollOffset(toShow: 5, at: .top, from: 0), 500)
        XCTAssertEqual(layout.scrollOffset(toShow: 5, at: .bottom, from: 0), 350)
        // middle centres the row: 500 − (250 − 100) / 2.
        XCTAssertEqual(layout.scrollOffset(toShow: 5, at: .middle, from: 0), 425)
        XCTAssertEqual(layout.scrollOffset(toShow: 9, at: .top, from: 0), 750)  // clamped
        XCTAssertEqual(layout.scrollOffset(toShow: 0, at: .bottom, from: 300), 0)  // clamped
        // auto: no move when entirely visible; else the least distance.
        XCTAssertEqual(layout.scrollOffset(toShow: 1, at: .auto, from: 50), 50)
        XCTAssertEqual(layout.scrollOffset(toShow: 5, at: .auto, from: 0), 350)
        XCTAssertEqual(layout.scrollOffset(toShow: 0, at: .auto, from: 300), 0)
    }

    func testAutoPrefersTheStartOfALongRow() {
        var stack = TestStack()
        var row = TestRow(content: .spacer)
        row.size = .points(400)
        row.insets = .zero
        stack.rows = [row, row]
        let screen = Screen(model: TestScreen.model(stack), viewportWidth: 390, viewportHeight: 250)
        XCTAssertEqual(screen.layout().scrollOffset(toShow: 1, at: .auto, from: 0), 400)
    }

    func testPinnedRowsStayInView() {
        let (_, layout) = tenRows(pins: [1: .top, 8: .bottom])
        XCTAssertEqual(layout.presentedFrame(of: 1, offset: 0).y, 100)
        XCTAssertEqual(layout.presentedFrame(of: 1, offset: 300).y, 300)
        XCTAssertEqual(layout.presentedFrame(of: 8, offset: 0).y, 150)  // 0 + 250 − 100
        XCTAssertEqual(layout.presentedFrame(of: 8, offset: 750).y, 800)
        XCTAssertEqual(layout.presentedFrame(of: 4, offset: 300).y, 400)  // not pinned
    }

    func testRowLookups() {
        let (screen, _) = tenRows()
        XCTAssertEqual(screen.row(id: "r3"), 3)
        XCTAssertNil(screen.row(id: "nope"))
        XCTAssertEqual(screen.firstRow, 0)
        XCTAssertEqual(screen.lastRow, 9)
    }
}
