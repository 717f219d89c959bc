// The per-row columns of the resolved facts: copies that share storage and
// write rows aside must each read back exactly what a plain array of their
// own would hold, whatever is written to which copy, in whatever order.

import XCTest
@testable import StackRuntime
import TestSupport

final class RowColumnTests: XCTestCase {
    func testCopiesReadBackWhatPlainArraysHold() {
        var random = SplitMix64(seed: 0xC01_0000)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        for round in 0..<30 {
            let start = (0..<next(300)).map { _ in next(1000) }
            var columns = [RowColumn(start)]
            var references = [start]
            for _ in 0..<2000 {
                let which = next(columns.count)
                switch next(13) {
                case 0:
                    // A copy, as `change(at:)` makes of the live screen.
                    if columns.count < 4 {
                        columns.append(columns[which])
                        references.append(references[which])
                    }
                case 1:
                    // A copy dropped, as the screen before a change is.
                    if columns.count > 1 {
                        columns.remove(at: which)
                        references.remove(at: which)
                    }
                case 2, 3:
                    let value = next(1000)
                    columns[which].append(value)
                    references[which].append(value)
                case 4:
                    columns[which].settle()
                case 5:
                    columns[which].reserveCapacity(references[which].count + next(50))
                case 10:
                    // A layout extended to a splice's new rows.
                    let value = next(1000), added = next(5)
                    columns[which].append(repeating: value, count: added)
                    references[which] += repeatElement(value, count: added)
                case 11:
                    // A layout pass writing a run of rows through a buffer.
                    guard !references[which].isEmpty else { continue }
                    let from = next(references[which].count), value = next(1000)
                    let to = min(references[which].count, from + next(8))
                    columns[which].withUnsafeMutableWriter { rows in
                        for row in from..<to { rows[row] = value + row }
                    }
                    for row in from..<to { references[which][row] = value + row }
                case 12:
                    let other = next(columns.count)
                    XCTAssertEqual(columns[which] == columns[other], references[which] == references[other], "round \(round), ==")
                default:
                    guard !references[which].isEmpty else { continue }
                    let row = next(references[which].count)
                    let value = next(1000)
                    columns[which][row] = value
                    references[which][row] = value
                }
            }
            for (column, reference) in zip(columns, references) {
                XCTAssertEqual(column.count, reference.count, "round \(round)")
                XCTAssertEqual(Array(column), reference, "round \(round)")
                column.withUnsafeReader { reader in
                    XCTAssertEqual((0..<reference.count).map { reader[$0] }, reference, "round \(round), reader")
                }
            }
        }
    }

    func testAWriteToASharedColumnGoesAsideAndIsFoldedOnceItIsNoLongerShared() {
        let rows = 10_000
        var live = RowColumn(Array(0..<rows))
        var changed = live
        changed[7] = -7
        changed.append(rows)
        // The shared storage is not copied: two rows aside, the live
        // screen's column as it was.
        XCTAssertEqual(changed.rowsWrittenAside, 2)
        XCTAssertEqual(live.rowsWrittenAside, 0)
        XCTAssertEqual(live[7], 7)
        XCTAssertEqual(live.count, rows)
        XCTAssertEqual(changed[7], -7)
        XCTAssertEqual(changed[rows], rows)
        // The change kept, the screen before dropped: the next write folds
        // the rows aside in, in place.
        live = changed
        changed = RowColumn()
        live[8] = -8
        XCTAssertEqual(live.rowsWrittenAside, 0)
        XCTAssertEqual(Array(live.prefix(9)), [0, 1, 2, 3, 4, 5, 6, -7, -8])
        XCTAssertEqual(live.last, rows)
        // Writes aside past an eighth of the rows copy the column once.
        let other = live
        for row in 0..<(rows / 8 + 2) { live[row] = -row }
        XCTAssertLessThan(live.rowsWrittenAside, rows / 8)
        XCTAssertEqual(other[7], -7)
        XCTAssertEqual(live[rows / 8], -(rows / 8))
    }

    /// A row appended on a copy, then folded in once the copy is the live
    /// column, a hundred times (a row inserted through `change(at:)`
    /// again and again): the buffer grows geometrically, as an array's
    /// does. (Grown to exactly the rows each time, every fold copied the
    /// whole column: 3 ms of every such change at a million rows.)
    func testRowsFoldedInOneByOneGrowTheBufferGeometrically() {
        var live = RowColumn(Array(0..<10_000))
        var capacities: Set<Int> = [live.capacity]
        for row in 10_000..<10_100 {
            var changed = live
            changed.append(row)
            XCTAssertEqual(changed.rowsWrittenAside, 1)
            live = changed
            changed = RowColumn()
            live.foldIfUnique()
            XCTAssertEqual(live.rowsWrittenAside, 0)
            capacities.insert(live.capacity)
        }
        XCTAssertEqual(Array(live), Array(0..<10_100))
        XCTAssertLessThanOrEqual(capacities.count, 3, "buffer grown \(capacities.count - 1) times")
    }
}
