// The encoder's string table against a list of byte strings: numbers in the
// order strings are first met, the same number for the same bytes, across
// the index's growth; strings Swift calls equal but spelt differently keep
// numbers of their own (the file keeps the bytes it was given).

@testable import StackCompiler
import XCTest

final class StringTableTests: XCTestCase {
    func testAgreesWithAListOfByteStrings() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<8 {
            var table = StringTable()
            var reference: [[UInt8]] = []
            let lengths = [0, 1, 2, 3, 15, 16, 60, 300]
            for _ in 0..<(round * 400 + 20) {
                let length = lengths.randomElement(using: &generator) ?? 1
                let string = String((0..<length).map { _ in "ab1é🙂".randomElement(using: &generator) ?? "a" })
                let expected = reference.firstIndex(of: Array(string.utf8)) ?? reference.count
                if expected == reference.count { reference.append(Array(string.utf8)) }
                XCTAssertEqual(table.number(string), expected, "round \(round)")
            }
            XCTAssertEqual(table.count, reference.count)
            XCTAssertEqual(table.bytes, reference.flatMap { $0 })
            for (number, bytes) in reference.enumerated() {
                XCTAssertEqual(Array(table.bytes(of: number)), bytes)
                XCTAssertEqual(table.number(String(decoding: bytes, as: UTF8.self)), number)
            }
        }
    }

    func testSpellingsSwiftCallsEqualAreTwoStrings() {
        var table = StringTable()
        let precomposed = "caf\u{E9}", combining = "cafe\u{301}"
        XCTAssertEqual(precomposed, combining)
        XCTAssertEqual(table.number(precomposed), 0)
        XCTAssertEqual(table.number(combining), 1)
        XCTAssertEqual(table.number(precomposed), 0)
    }
}
