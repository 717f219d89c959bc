// The model's rows in pages: copies written and appended to in any order
// must each read back exactly what a plain array of their own would hold,
// and a copy that writes one element or appends one shares every other
// page with the array it was copied from.

import Foundation
import XCTest
@testable import StackRuntime
import TestSupport

final class PagedArrayTests: XCTestCase {
    func testCopiesReadBackWhatPlainArraysHold() {
        var random = SplitMix64(seed: 0x9A6E)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        for round in 0..<20 {
            // Across page boundaries: up to three pages and a bit.
            let start = (0..<next(3500)).map { _ in next(1000) }
            var arrays = [PagedArray(start)]
            var references = [start]
            for _ in 0..<3000 {
                let which = next(arrays.count)
                switch next(12) {
                case 0:
                    if arrays.count < 4 {
                        arrays.append(arrays[which])
                        references.append(references[which])
                    }
                case 1:
                    if arrays.count > 1 {
                        arrays.remove(at: which)
                        references.remove(at: which)
                    }
                case 2, 3, 4:
                    let value = next(1000)
                    arrays[which].append(value)
                    references[which].append(value)
                case 5:
                    // Any other edit of the range: rebuilt.
                    let low = next(references[which].count + 1)
                    let high = low + next(references[which].count - low + 1)
                    let inserted = (0..<next(40)).map { _ in next(1000) }
                    arrays[which].replaceSubrange(low..<high, with: inserted)
                    references[which].replaceSubrange(low..<high, with: inserted)
                case 6:
                    if next(20) == 0 {
                        arrays[which].removeAll()
                        references[which].removeAll()
                    }
                default:
                    guard !references[which].isEmpty else { continue }
                    let index = next(references[which].count)
                    let value = next(1000)
                    arrays[which][index] = value
                    references[which][index] = value
                }
            }
            for (array, reference) in zip(arrays, references) {
                XCTAssertEqual(array.count, reference.count, "round \(round)")
                XCTAssertEqual(Array(array), reference, "round \(round), iterated")
                XCTAssertEqual(array.indices.map { array[$0] }, reference, "round \(round), subscripted")
                XCTAssertEqual(array, PagedArray(reference), "round \(round), equality")
                XCTAssertEqual(array.hashValue, PagedArray(reference).hashValue, "round \(round), hash")
            }
        }
    }

    func testAWriteToACopyCopiesOnePage() {
        let count = 5 * 1024 + 17
        let original = PagedArray(0..<count)
        var changed = original
        changed[2 * 1024 + 5] = -1
        // Six pages: the copy has its own of the third, shares the rest.
        XCTAssertEqual(changed.pagesShared(with: original), 5)
        XCTAssertEqual(original[2 * 1024 + 5], 2 * 1024 + 5)
        XCTAssertEqual(changed[2 * 1024 + 5], -1)
        var grown = original
        grown.append(count)
        XCTAssertEqual(grown.pagesShared(with: original), 5, "an append copies the last page alone")
        XCTAssertEqual(original.count, count)
        XCTAssertEqual(grown.last, count)
        // Filling the last page starts a new one, sharing all before it.
        var filled = original
        for value in count..<(6 * 1024 + 1) { filled.append(value) }
        XCTAssertEqual(filled.pagesShared(with: original), 5)
        XCTAssertEqual(Array(filled), Array(0..<(6 * 1024 + 1)))
    }

    func testEncodesAsAnArray() throws {
        let values = Array(0..<2500)
        let data = try JSONEncoder().encode(PagedArray(values))
        XCTAssertEqual(data, try JSONEncoder().encode(values))
        XCTAssertEqual(try JSONDecoder().decode(PagedArray<Int>.self, from: data), PagedArray(values))
    }
}
