// The checker's name table against a dictionary: set, replace, remove and
// look up, across the point where it starts keeping a dictionary of its own
// and back; insertion order kept.

@testable import StackCompiler
import XCTest

final class NameTableTests: XCTestCase {
    func testAgreesWithADictionary() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            // Few names at first, then more than the linear limit, from a small
            // alphabet so that the same names come back.
            let alphabet = round < 10 ? "ab" : "abcde"
            var table = NameTable<Int>()
            var reference: [String: Int] = [:]
            var order: [String] = []
            for step in 0..<(round * 30 + 10) {
                let length = Int.random(in: 1...3, using: &generator)
                let name = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
                if Int.random(in: 0..<5, using: &generator) == 0 {
                    table[name] = nil
                    reference[name] = nil
                    order.removeAll { $0 == name }
                } else {
                    table[name] = step
                    if reference[name] == nil { order.append(name) }
                    reference[name] = step
                }
                XCTAssertEqual(table.count, reference.count, "round \(round), step \(step)")
                XCTAssertEqual(table.keys, order, "round \(round), step \(step)")
            }
            for name in Set(order + ["zz", "a", "edcba"]) {
                XCTAssertEqual(table[name], reference[name], "round \(round): \(name)")
                XCTAssertEqual(table.contains(name), reference[name] != nil, "round \(round): \(name)")
                XCTAssertEqual(table.position(of: name).map { table.values[$0] }, reference[name], "round \(round): \(name)")
            }
            XCTAssertEqual(table.dictionary, reference, "round \(round)")
            XCTAssertEqual(table.isEmpty, reference.isEmpty)
        }
    }

    func testPassesTheLinearLimitAndComesBack() {
        var table = NameTable<Int>()
        let names = (0...(NameTable<Int>.linearLimit * 2)).map { "name\($0)" }
        for (value, name) in names.enumerated() { table[name] = value }
        for (value, name) in names.enumerated() { XCTAssertEqual(table[name], value, name) }
        for name in names.dropFirst(3) { table[name] = nil }
        XCTAssertEqual(table.keys, Array(names.prefix(3)))
        XCTAssertEqual(table["name1"], 1)
        XCTAssertNil(table["name3"])
    }
}
