// The default measurer, against hand-computed answers.

import StackRuntime
import XCTest

final class MeasurerTests: XCTestCase {
    let measurer = DefaultMeasurer()

    private func height(_ text: String, font: Double = 10, width: Double, lines: Int = 0) -> Double {
        measurer.measure(.text(text, font: font, lines: lines), along: .vertical, across: .definite(width))
    }

    func testWordsFillLinesGreedily() {
        // 5 points a character: 20 points hold 4 characters.
        XCTAssertEqual(height("ab cd", width: 25), 12)  // "ab cd" is 5 characters: fits exactly
        XCTAssertEqual(height("ab cd", width: 24.9), 24)
        XCTAssertEqual(height("ab cd ef", width: 25), 24)
        XCTAssertEqual(height("", width: 100), 12)  // an empty paragraph is one line
        XCTAssertEqual(height("a\n\nb", width: 100), 36)
    }

    func testLongWordsAreCut() {
        // 10 characters at 4 a line: pieces of 4, 4, then 2 that "xy" joins.
        XCTAssertEqual(height("abcdefghij xy", width: 20), 48)
        XCTAssertEqual(TextWrap.lines("abcdefghij xy", font: 10, width: 20, maximumLines: 0), ["abcd", "efgh", "ij", "xy"])
        XCTAssertEqual(TextWrap.lines("abcdefghij x", font: 10, width: 20, maximumLines: 0), ["abcd", "efgh", "ij x"])
        // Narrower than a character: one character a line.
        XCTAssertEqual(height("abc", width: 1), 36)
    }

    func testLineCap() {
        XCTAssertEqual(height("a b c d", width: 5, lines: 2), 24)
        XCTAssertEqual(height("a b c d", width: 5, lines: 0), 48)
    }

    func testNaturalWidthIsTheLongestParagraph() {
        XCTAssertEqual(measurer.measure(.text("ab\nabcd", font: 10, lines: 0), along: .horizontal, across: .unbounded), 20)
        XCTAssertEqual(measurer.measure(.text("Pool", font: 17, lines: 0), along: .horizontal, across: .definite(120)), 34)
    }

    func testImagesViewsAndSpacers() {
        XCTAssertEqual(measurer.measure(.image(aspect: 4.0 / 3), along: .vertical, across: .definite(360)), 270)
        XCTAssertEqual(measurer.measure(.image(aspect: 2), along: .horizontal, across: .definite(50)), 100)
        XCTAssertEqual(measurer.measure(.image(aspect: nil), along: .vertical, across: .definite(50)), 0)
        XCTAssertEqual(measurer.measure(.image(aspect: 2), along: .vertical, across: .unbounded), 0)
        XCTAssertEqual(measurer.measure(.view(host: "X"), along: .vertical, across: .definite(10)), 44)
        XCTAssertEqual(measurer.measure(.spacer, along: .vertical, across: .definite(10)), 0)
    }

    func testCountsScalarsNotBytes() {
        XCTAssertEqual(measurer.measure(.text("é😀", font: 10, lines: 0), along: .horizontal, across: .unbounded), 10)
    }
}
