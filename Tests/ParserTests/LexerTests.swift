// The lexer: token kinds, spacing flags, comments, and bad input.

import StackParser
import XCTest

final class LexerTests: XCTestCase {
    private func kinds(_ text: String) -> [TokenKind] {
        var lexer = Lexer(file: FileID(0))
        return lexer.tokenize(Array(text.utf8)).map(\.kind)
    }

    func testEveryTokenKind() {
        XCTAssertEqual(
            kinds(#"a 1 2% 3ms "s" #fff { } ( ) , : ; . = ? ! && || == != < <= > >= + - * /"#),
            [.identifier, .number, .percent, .duration, .string, .color, .leftBrace, .rightBrace, .leftParen, .rightParen,
             .comma, .colon, .semicolon, .dot, .equal, .question, .bang, .ampAmp, .pipePipe, .equalEqual, .bangEqual,
             .less, .lessEqual, .greater, .greaterEqual, .plus, .minus, .star, .slash, .endOfFile])
    }

    func testHyphenJoinsIdentifiersOnlyBeforeALetter() {
        XCTAssertEqual(kinds("hide-last-separator"), [.identifier, .endOfFile])
        XCTAssertEqual(kinds("a-1"), [.identifier, .minus, .number, .endOfFile])
        XCTAssertEqual(kinds("a -b"), [.identifier, .minus, .identifier, .endOfFile])
    }

    func testSpaceAndNewlineFlags() {
        var lexer = Lexer(file: FileID(0))
        let tokens = lexer.tokenize(Array("a -b\n/* c */c".utf8))
        XCTAssertEqual(tokens.map(\.spaceBefore), [true, true, false, true, false])
        XCTAssertEqual(tokens.map(\.newlineBefore), [true, false, false, true, true])
        XCTAssertEqual(lexer.comments.count, 1)
    }

    func testInvalidUTF8IsOneDiagnostic() {
        var lexer = Lexer(file: FileID(0))
        _ = lexer.tokenize([0x61, 0x20, 0xFF, 0xFE, 0x20, 0x62])
        let codes = lexer.diagnostics.items.map(\.code)
        XCTAssertEqual(codes.first, .invalidUTF8)
        XCTAssertEqual(lexer.diagnostics.items.first?.span.start, 2)
    }

    func testOverlongAndSurrogateEncodingsAreInvalid() {
        for bytes: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            var lexer = Lexer(file: FileID(0))
            _ = lexer.tokenize(bytes)
            XCTAssertEqual(lexer.diagnostics.items.first?.code, .invalidUTF8, "\(bytes)")
        }
        var lexer = Lexer(file: FileID(0))
        _ = lexer.tokenize(Array("\"héllo 😀\"".utf8))
        XCTAssertTrue(lexer.diagnostics.items.isEmpty)
    }

    func testLineTableAndColumnsInScalars() {
        let file = SourceFile(path: "t", text: "ab\né😀x\n")
        XCTAssertEqual(file.location(of: 0), SourceLocation(line: 1, column: 1))
        XCTAssertEqual(file.location(of: 3), SourceLocation(line: 2, column: 1))
        XCTAssertEqual(file.location(of: 9), SourceLocation(line: 2, column: 3))
        XCTAssertEqual(file.lineText(1), "é😀x")
        XCTAssertEqual(file.location(of: 1000), SourceLocation(line: 3, column: 1))
    }

    /// Strings are stepped over eight bytes at a time: whatever ends one,
    /// escapes or breaks its line is found at every place in a word, at
    /// every alignment, as a byte-at-a-time scan finds it.
    func testStringsEndWhereTheirBytesSay() {
        let plain = "Row of the generated screen, with a few more wörds to wrap"
        for indent in 0..<9 {
            for at in 0..<24 {
                let before = String(plain.prefix(at)), after = String(plain.dropFirst(at).prefix(20))
                let prefix = String(repeating: " ", count: indent) + "\""
                let start = indent
                let bodyStart = prefix.utf8.count + before.utf8.count
                // (inserted text, where the string token ends, whether it is reported unterminated)
                let cases: [(String, Int, Bool)] = [
                    ("\"", bodyStart + 1, false),
                    ("\n", bodyStart, true),
                    ("\\n", bodyStart + 2 + after.utf8.count + 1, false),
                    ("\\\"", bodyStart + 2 + after.utf8.count + 1, false),
                    ("\\(x)", bodyStart + 4 + after.utf8.count + 1, false),
                ]
                for (inserted, end, unterminated) in cases {
                    let text = prefix + before + inserted + after + "\" z"
                    var lexer = Lexer(file: FileID(0))
                    let tokens = lexer.tokenize(Array(text.utf8))
                    let name = "indent \(indent), at \(at), \(inserted.debugDescription)"
                    XCTAssertEqual(tokens.first?.kind, .string, name)
                    XCTAssertEqual(tokens.first?.start, start, name)
                    XCTAssertEqual(tokens.first?.end, end, name)
                    // (The quote that closes the others opens one after an inserted quote.)
                    XCTAssertEqual(lexer.diagnostics.items.contains { $0.code == .unterminatedString && $0.span.start == start }, unterminated, name)
                }
            }
        }
        // Running to the end of the file, from every alignment.
        for length in 0..<20 {
            let text = "\"" + String(repeating: "a", count: length)
            var lexer = Lexer(file: FileID(0))
            let tokens = lexer.tokenize(Array(text.utf8))
            XCTAssertEqual(tokens.first?.end, text.utf8.count)
            XCTAssertEqual(lexer.diagnostics.items.count, 1)
        }
    }
}
