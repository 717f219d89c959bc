// The room lowering makes ahead for a screen's constants and code, once a
// hundredth of its root rows is lowered.

@testable import StackCompiler
import XCTest

final class ExpressionRoomTests: XCTestCase {
    /// Room for the constants and code of the rows to come: in proportion
    /// to the first hundredth of a screen, but never more than a few a
    /// root row, however dense those first rows were.
    func testRoomFollowsTheFirstRowsUpToAFewARow() {
        // A million root rows; the first 10,000 made 6,000 constants.
        XCTAssertEqual(ScreenLowering.room(for: 6_000, scale: 100, rootRows: 1_000_000, perRow: 4), 660_000)
        // The first 10,000 made ten million: not 1.1 billion, 4 a row.
        XCTAssertEqual(ScreenLowering.room(for: 10_000_000, scale: 100, rootRows: 1_000_000, perRow: 4), 4_000_000)
    }
}
