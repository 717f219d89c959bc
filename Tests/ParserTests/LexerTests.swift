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
}
