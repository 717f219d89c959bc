// The runtime's JSON reader: numbers read exactly as the standard library
// reads them (the fast path for short decimals included), strings with and
// without escapes, and errors that say where.

@testable import StackRuntime
import TestSupport
import XCTest

final class JSONValueTests: XCTestCase {
    func testNumbersReadAsTheStandardLibraryReadsThem() throws {
        var random = SplitMix64(seed: 21)
        for step in 0..<20_000 {
            let text: String
            switch step % 4 {
            case 0: text = String(Int.random(in: -1_000_000_000...1_000_000_000, using: &random))
            case 1:
                let digits = Int.random(in: 1...18, using: &random)
                let whole = String(Int.random(in: 0...99_999, using: &random))
                let fraction = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
                text = (Bool.random(using: &random) ? "-" : "") + whole + "." + fraction
            case 2: text = String(Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF))
            default: text = "\(Int.random(in: 1...999, using: &random))e\(Int.random(in: -20...20, using: &random))"
            }
            guard let expected = Double(text), expected.isFinite else { continue }
            XCTAssertEqual(try JSONValue.parse(text), .number(expected), text)
            if testRun?.failureCount ?? 0 > 5 { return }
        }
    }

    func testStringsAndStructure() throws {
        XCTAssertEqual(try JSONValue.parse(#""plain""#), .string("plain"))
        XCTAssertEqual(try JSONValue.parse(#""a\"b\\c\nd\u00e9\ud83d\ude00""#), .string("a\"b\\c\nd\u{e9}😀"))
        XCTAssertEqual(try JSONValue.parse(#" [1, {"a": true, "b": null}, "x"] "#), .array([.number(1), .object([("a", .bool(true)), ("b", .null)]), .string("x")]))
        XCTAssertThrowsError(try JSONValue.parse("[1 2]")) { XCTAssertEqual("\($0)", "JSON at line 1, column 4: expected ',' or ']' in an array") }
        XCTAssertThrowsError(try JSONValue.parse("{\n  \"a\": tru }")) { XCTAssertEqual("\($0)", "JSON at line 2, column 8: expected a value") }
        XCTAssertThrowsError(try JSONValue.parse("\"open")) { XCTAssertEqual("\($0)", "JSON at line 1, column 6: a string is not closed with '\"'") }
        XCTAssertThrowsError(try JSONValue.parse("1 2")) { XCTAssertTrue("\($0)".contains("unexpected text after the JSON value")) }
    }
}
