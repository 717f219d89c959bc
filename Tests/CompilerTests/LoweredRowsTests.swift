// A lowering's rows in pages: read and written by number across pages,
// handed on in order with their numbers kept, and taken by the model as
// pages of the size it keeps.

@testable import StackCompiler
import StackRuntime
import XCTest

final class LoweredRowsTests: XCTestCase {
    private static func row(_ number: Int) -> RowModel {
        let zero = ExprRef(start: 0, count: 1)
        return RowModel(
            kind: .view, id: "r\(number)", component: nil, parent: number, content: .view(host: zero, props: []), size: zero,
            min: nil, max: nil, insets: EdgeExprs(top: zero, right: zero, bottom: zero, left: zero), background: zero,
            highlight: zero, hidden: zero, separator: nil, tap: [], transitions: [], pin: .none, snapHide: .none)
    }

    func testThePagesAreTheModelsPages() {
        XCTAssertEqual(LoweredRows.pageShift, PagedArray<RowModel>.pageShift)
    }

    func testRowsReadAndWrittenAcrossPages() {
        for total in [0, 1, 1_023, 1_024, 1_025, 3_000] {
            var rows: LoweredRows = []
            for number in 0..<total { rows.append(Self.row(number)) }
            XCTAssertEqual(rows.count, total)
            for number in stride(from: 0, to: total, by: 7) {
                XCTAssertEqual(rows[number].parent, number)
                rows[number].madeByFor = true
            }
            let live = rows.live
            XCTAssertEqual(live.count, total)
            XCTAssertEqual(live.map(\.parent), Array(0..<total), "\(total) rows")
            XCTAssertEqual(live.map(\.madeByFor), (0..<total).map { $0 % 7 == 0 }, "\(total) rows")
        }
    }

    private final class Sink: LoweredRowSink {
        var taken: [Int] = []
        func take(_ rows: [RowModel], code: CodeTable) {
            XCTAssertFalse(rows.isEmpty, "an empty hand-over")
            taken += rows.map(\.parent)
        }
        func renumber(_ renumbering: SlotRenumbering) {}
        func take(longStrings: ConstantStrings) {}
    }

    func testRowsHandedOnKeepTheirNumbers() {
        var rows: LoweredRows = []
        let sink = Sink()
        var next = 0
        // Root rows of 1 to 2,500 rows each, handed on after each.
        for size in [1, 3, 1_024, 2_500, 1, 700] {
            for _ in 0..<size {
                rows.append(Self.row(next))
                XCTAssertEqual(rows[next].parent, next)
                next += 1
            }
            rows.handOn(to: sink, code: CodeTable())
            XCTAssertEqual(rows.count, next)
            XCTAssertEqual(rows.handedOn, next)
            XCTAssertTrue(rows.live.isEmpty)
        }
        rows.handOn(to: sink, code: CodeTable())
        XCTAssertEqual(sink.taken, Array(0..<next))
    }
}
