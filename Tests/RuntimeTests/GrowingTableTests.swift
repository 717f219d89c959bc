// A screen's constants (its code alike): an array for those it is made
// with, pages for those appended after. Copies appended to and written in
// any order, before and after the switch, must each read back exactly what
// a plain array of their own holds, equal and hash as that array does, and
// a copy that appends shares the array and every page but the last.

import XCTest
@testable import StackRuntime
import TestSupport

final class GrowingTableTests: XCTestCase {
    func testCopiesReadBackWhatPlainArraysHold() {
        var random = SplitMix64(seed: 0xC0A5)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        func value() -> RuntimeValue {
            next(3) == 0 ? .string("text \(next(50))") : .number(Double(next(1000)))
        }
        for round in 0..<12 {
            let start = (0..<next(1500)).map { _ in value() }
            var tables = [ValueTable(start)]
            var references = [start]
            for step in 0..<2500 {
                let which = next(tables.count)
                switch next(10) {
                case 0:
                    if tables.count < 4 {
                        tables.append(tables[which])
                        references.append(references[which])
                    }
                case 1:
                    if tables.count > 1 {
                        tables.remove(at: which)
                        references.remove(at: which)
                    }
                case 2:
                    if step > 600 { tables[which].appendInPages() }
                case 3, 4, 5:
                    let appended = value()
                    tables[which].append(appended)
                    references[which].append(appended)
                default:
                    guard !references[which].isEmpty else { continue }
                    let index = next(references[which].count)
                    let written = value()
                    tables[which][index] = written
                    references[which][index] = written
                }
            }
            for (table, reference) in zip(tables, references) {
                XCTAssertEqual(table.count, reference.count, "round \(round)")
                XCTAssertEqual(Array(table), reference, "round \(round), iterated")
                XCTAssertEqual(table.indices.map { table[$0] }, reference, "round \(round), subscripted")
                // Equal and hashed as the same constants in one array.
                let flat = ValueTable(reference)
                XCTAssertEqual(table, flat, "round \(round)")
                XCTAssertEqual(table.hashValue, flat.hashValue, "round \(round)")
            }
        }
    }

    /// The code table also replaces ranges (the compiler drops code it
    /// finds it already has) and hands out ranges as slices: against a
    /// plain array, with runs appended, ranges replaced anywhere — in the
    /// array, in the pages, across both — before and after the switch.
    func testCodeReplacesAndSlicesAsAnArrayDoes() {
        var random = SplitMix64(seed: 0xC0DE)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        func instruction() -> Instruction { next(2) == 0 ? .constant(UInt32(next(500))) : .state(UInt32(next(9))) }
        for round in 0..<10 {
            var code = CodeTable((0..<next(3000)).map { _ in instruction() })
            var reference = Array(code)
            for step in 0..<1500 {
                switch next(8) {
                case 0:
                    if step > 300 { code.appendInPages() }
                case 1, 2:
                    let run = (0..<next(40)).map { _ in instruction() }
                    code.append(contentsOf: run)
                    reference.append(contentsOf: run)
                case 3:
                    let appended = instruction()
                    code.append(appended)
                    reference.append(appended)
                case 4:
                    let low = next(reference.count + 1)
                    let range = low..<min(reference.count, low + next(30))
                    let with = (0..<next(4)).map { _ in instruction() }
                    code.replaceSubrange(range, with: with)
                    reference.replaceSubrange(range, with: with)
                default:
                    let low = next(reference.count + 1)
                    let range = low..<min(reference.count, low + next(2000))
                    // Compared whole, said briefly: a failure prints the range, not two thousand instructions.
                    XCTAssertTrue(code.elements(in: range).elementsEqual(reference[range]), "round \(round), step \(step), \(range)")
                }
            }
            XCTAssertEqual(code.count, reference.count, "round \(round)")
            XCTAssertTrue(code.elementsEqual(reference), "round \(round)")
            XCTAssertTrue(code == CodeTable(reference), "round \(round)")
        }
    }

    func testACopyThatAppendsSharesTheArrayAndAllButTheLastPage() throws {
        var table = ValueTable((0..<5000).map { .number(Double($0)) })
        table.appendInPages()
        for n in 0..<3000 { table.append(.number(Double(n))) }
        var copy = table
        copy.append(.string("pushed"))
        copy[4999] = .number(-1)
        copy[7000] = .number(-2)
        let sharing = copy.sharing(with: table)
        // The array written in place is the copy's own; of the three pages,
        // the one written and the last, appended to, are too.
        XCTAssertFalse(sharing.array)
        XCTAssertEqual(sharing.pages, 1)
        XCTAssertEqual(table[4999], .number(4999))
        XCTAssertEqual(table[7000], .number(2000))
        XCTAssertEqual(table.count, 8000)
        XCTAssertEqual(copy.count, 8001)
        var appended = table
        appended.append(.bool(true))
        XCTAssertEqual(appended.sharing(with: table).array, true)
        XCTAssertEqual(appended.sharing(with: table).pages, 2)
        // Before the switch, appends go to the array: a copy copies it.
        var unswitched = ValueTable((0..<5000).map { .number(Double($0)) })
        let before = unswitched
        unswitched.append(.number(1))
        XCTAssertFalse(unswitched.sharing(with: before).array)
    }
}
