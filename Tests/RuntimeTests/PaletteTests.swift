// The palette that stores a row's insets, separator and content as a slot
// must read back exactly what a plain array would, whatever is written.

import XCTest
@testable import StackRuntime
import TestSupport

final class PaletteTests: XCTestCase {
    func testReadsBackWhatAPlainArrayHolds() {
        var random = SplitMix64(seed: 0x5EED)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        for round in 0..<40 {
            // Few distinct values in some rounds, many in others.
            let spread = [2, 3, 5, 9, 1000][round % 5]
            var palette = Palette<Int?>()
            var reference: [Int?] = []
            for _ in 0..<600 {
                let value: Int? = next(7) == 0 ? nil : next(spread)
                switch next(4) {
                case 0, 1:
                    palette.append(value)
                    reference.append(value)
                case 2 where !reference.isEmpty:
                    let row = next(reference.count)
                    palette[row] = value
                    reference[row] = value
                case 3 where !reference.isEmpty:
                    let row = next(reference.count)
                    palette.append(copyOf: row)
                    reference.append(reference[row])
                default:
                    break
                }
                XCTAssertEqual(palette.count, reference.count)
            }
            XCTAssertEqual((0..<reference.count).map { palette[$0] }, reference, "round \(round)")
            palette.withUnsafeReader { reader in
                XCTAssertEqual((0..<reference.count).map { reader[$0] }, reference, "round \(round), reader")
            }
            XCTAssertEqual(Palette(reference).count, reference.count)
            XCTAssertEqual((0..<reference.count).map { Palette(reference)[$0] }, reference)
        }
    }

    func testKeepsOneCopyOfRepeatedValuesAndForgetsUnusedOnes() {
        var palette = Palette<EdgeInsets>()
        let a = EdgeInsets(top: 1, right: 2, bottom: 3, left: 4)
        let b = EdgeInsets(top: 0, right: 0, bottom: 0, left: 0)
        for index in 0..<10_000 { palette.append(index % 3 == 0 ? a : b) }
        XCTAssertEqual(palette.storedValues, 2)
        // A row rewritten with ever new values (a counter in state) does not
        // grow what is kept without bound.
        for step in 0..<100_000 { palette[7] = EdgeInsets(top: Double(step), right: 0, bottom: 0, left: 0) }
        XCTAssertLessThanOrEqual(palette.storedValues, 2 * palette.count + 16)
        XCTAssertEqual(palette[7].top, 99_999)
        XCTAssertEqual(palette[6], a)
        XCTAssertEqual(palette[5], b)
    }

    /// A copy's new values (a card's text, pushed through a copy of the
    /// screen) go aside rather than copying every value; both copies read
    /// back what plain arrays would, through subscripts and readers; the
    /// values fold in once the copy is the only one, or are copied once
    /// when those aside pass an eighth of them.
    func testValuesAddedToACopyGoAsideAndFoldIn() {
        let base = (0..<1_000).map { "value \($0)" }
        var copy = Palette(base)
        var reference = base
        do {
            let original = copy
            for index in 0..<20 {
                copy.append("new \(index)")
                reference.append("new \(index)")
            }
            copy[3] = "changed"
            reference[3] = "changed"
            XCTAssertEqual(copy.valuesAddedAside, 21, "the values added while shared were not kept aside")
            XCTAssertEqual((0..<base.count).map { original[$0] }, base, "the original changed")
            XCTAssertEqual((0..<reference.count).map { copy[$0] }, reference)
            copy.withUnsafeReader { reader in XCTAssertEqual((0..<reference.count).map { reader[$0] }, reference, "reader") }
        }
        copy.foldIfUnique()
        XCTAssertFalse(copy.isWrittenAside, "folded once the original was gone")
        XCTAssertEqual((0..<reference.count).map { copy[$0] }, reference)

        var shared = Palette(base)
        let holder = shared
        for index in 0..<200 { shared.append("more \(index)") }
        XCTAssertEqual(shared.valuesAddedAside, 0, "past an eighth aside, the values are copied once")
        XCTAssertEqual(shared[1_199], "more 199")
        XCTAssertEqual(holder.count, base.count)
        var settled = Palette(base)
        let other = settled
        settled.append("one")
        settled.settle()
        XCTAssertFalse(settled.isWrittenAside)
        XCTAssertEqual(settled[1_000], "one")
        XCTAssertEqual(other.count, 1_000)
    }
}
