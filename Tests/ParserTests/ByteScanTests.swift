// The source's byte scans — the line table (the C library's `memchr`), the
// UTF-8 check and the search of a string's text for a backslash (eight
// bytes at a time) — against a byte-at-a-time reference, on random bytes
// of every length around a word's edges.

@testable import StackParser
import XCTest

final class ByteScanTests: XCTestCase {
    /// Bytes drawn mostly from the ones the scans treat specially: line
    /// breaks, bytes that differ from `\n` in one bit, high bytes.
    private func randomBytes(count: Int, using generator: inout some RandomNumberGenerator) -> [UInt8] {
        let special: [UInt8] = [0x0A, 0x0B, 0x08, 0x8A, 0x0D, 0x7F, 0x80, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0xFF, 0xED, 0xA0, 0x20, 0x61]
        return (0..<count).map { _ in
            Bool.random(using: &generator) ? special.randomElement(using: &generator)! : UInt8.random(in: 0...0x7F, using: &generator)
        }
    }

    func testLineStartsMatchAByteAtATimeScan() {
        var generator = SystemRandomNumberGenerator()
        for count in Array(0...40) + [63, 64, 65, 1000, 4097] {
            for _ in 0..<20 {
                let bytes = randomBytes(count: count, using: &generator)
                var expected: [UInt32] = [0]
                for (index, byte) in bytes.enumerated() where byte == 0x0A { expected.append(UInt32(index + 1)) }
                XCTAssertEqual(SourceFile(path: "x", bytes: bytes).lineStarts, expected, "\(bytes)")
            }
        }
        let lines = SourceFile(path: "x", text: "a\nbb\n\nccc\n")
        XCTAssertEqual(lines.lineStarts, [0, 2, 5, 6, 10])
    }

    func testUTF8CheckMatchesTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        for count in Array(0...40) + [63, 64, 65, 1000] {
            for _ in 0..<50 {
                let bytes = randomBytes(count: count, using: &generator)
                let first = bytes.withUnsafeBufferPointer { Lexer.firstInvalidUTF8($0) }
                XCTAssertEqual(first == nil, String(validating: bytes, as: UTF8.self) != nil, "\(bytes)")
                if let first {
                    // Everything before the first bad byte is UTF-8, but
                    // for the character it cut short (if it did).
                    var start = first
                    while start > 0, bytes[start - 1] & 0xC0 == 0x80 { start -= 1 }
                    if start > 0, bytes[start - 1] >= 0xC0 { start -= 1 }
                    XCTAssertNotNil(String(validating: bytes[..<start], as: UTF8.self), "\(bytes) at \(first)")
                }
            }
        }
        let ascii = [UInt8](repeating: 0x61, count: 67)
        XCTAssertNil(ascii.withUnsafeBufferPointer { Lexer.firstInvalidUTF8($0) })
        XCTAssertEqual((ascii + [0xFF] + ascii).withUnsafeBufferPointer { Lexer.firstInvalidUTF8($0) }, 67)
    }

    func testBackslashSearchMatchesAByteAtATimeScan() {
        var generator = SystemRandomNumberGenerator()
        for count in Array(0...40) + [63, 64, 65, 1000] {
            for _ in 0..<50 {
                // Mostly letters, a backslash now and then (none, often).
                let bytes = (0..<count).map { _ in
                    UInt8.random(in: 0..<100, using: &generator) < 2 ? UInt8(ascii: "\\") : UInt8.random(in: 0x20...0xFF, using: &generator)
                }
                let expected = bytes.contains(UInt8(ascii: "\\"))
                XCTAssertEqual(bytes.withUnsafeBufferPointer { Parser.holdsBackslash($0) }, expected, "\(bytes)")
            }
        }
    }
}
