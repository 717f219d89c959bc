// The table of rows a shared column writes aside: it must answer exactly
// as a dictionary of the same writes does — rows spread wide or packed
// close (which collide more under its multiplicative hash), overwritten,
// and through every growth.

import XCTest
@testable import StackRuntime
import TestSupport

final class RowTableTests: XCTestCase {
    func testAnswersAsADictionaryOfTheSameWrites() {
        var random = SplitMix64(seed: 0x7AB1_E000)
        for round in 0..<40 {
            // Rows close together, spread over a million, or multiples of a
            // power of two (the same low bits).
            let spread = [64, 1_000_000, 1 << 20][round % 3]
            let stride = round % 3 == 2 ? 1024 : 1
            var table = RowTable<Int>()
            var reference: [Int: Int] = [:]
            for step in 0..<Int.random(in: 0..<3000, using: &random) {
                let row = Int.random(in: 0..<spread, using: &random) * stride
                table.set(row, step)
                reference[row] = step
                XCTAssertEqual(table.count, reference.count, "round \(round), step \(step)")
            }
            for _ in 0..<500 {
                let row = Int.random(in: 0..<spread, using: &random) * stride
                XCTAssertEqual(table[row], reference[row], "round \(round): row \(row)")
            }
            for (row, value) in reference { XCTAssertEqual(table[row], value, "round \(round): row \(row) written") }
            let entries = Dictionary(table.entries.map { ($0.row, $0.value) }, uniquingKeysWith: { _, _ in -1 })
            XCTAssertEqual(entries, reference, "round \(round): every row once, with its last value")
            XCTAssertEqual(table.isEmpty, reference.isEmpty, "round \(round)")
        }
    }

    func testACopyWrittenLeavesTheOriginalAsItWas() {
        var original = RowTable<String>()
        for row in 0..<40 { original.set(row * 3, "original \(row)") }
        var copy = original
        // Enough to grow the copy's slots, and an overwrite of a shared row.
        for row in 0..<100 { copy.set(row * 5 + 1, "copy \(row)") }
        copy.set(0, "copy over")
        XCTAssertEqual(original.count, 40)
        XCTAssertEqual(original[0], "original 0")
        XCTAssertNil(original[1])
        XCTAssertEqual(copy[0], "copy over")
        XCTAssertEqual(copy[3], "original 1")
        XCTAssertEqual(copy.count, Set((0..<40).map { $0 * 3 }).union((0..<100).map { $0 * 5 + 1 }).count)
    }
}
