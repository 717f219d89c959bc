// The parser lexes a window of tokens at a time instead of the whole file
// first. Whatever the window, the tree and the diagnostics must be the ones a
// parse of the whole token array gives: every fixture and sample, and hostile
// files whose trouble falls on a window's edge, parsed both ways.

import Foundation
@testable import StackParser
import XCTest

final class TokenWindowTests: XCTestCase {
    /// The reference: every token lexed first, then parsed (as before windows).
    private func parseAllTokensFirst(_ source: SourceFile) -> (SourceFileSyntax, DiagnosticList) {
        var lexer = Lexer(file: FileID(0))
        let tokens = lexer.tokenize(source.bytes)
        var parser = Parser(tokens: tokens, bytes: source.bytes, file: FileID(0), diagnostics: lexer.diagnostics)
        parser.reportedEndOfFile = lexer.endsInComment
        var syntax = parser.parseFile()
        syntax.comments = lexer.comments
        return (syntax, parser.diagnostics)
    }

    private func rendered(_ result: (SourceFileSyntax, DiagnosticList)) -> String {
        var text = ""
        dump(result.0, to: &text)
        for item in result.1.items {
            text += "\(item.code.rawValue) \(item.span.start)-\(item.span.end) \(item.message) \(item.notes.map(\.message))\n"
        }
        return text
    }

    private func assertSameParse(_ source: SourceFile, windows: [Int], _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let expected = rendered(parseAllTokensFirst(source))
        for window in windows {
            let actual = rendered(Parser.parse(source, id: FileID(0), window: window))
            if actual != expected {
                XCTFail("\(name): a window of \(window) tokens parses differently", file: file, line: line)
                return
            }
        }
    }

    func testEveryFixtureAndSampleParsesAsFromAllTokens() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files: [URL] = []
        for folder in ["Tests", "samples"] {
            let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if url.pathExtension == "stack" { files.append(url) }
            }
        }
        XCTAssertGreaterThan(files.count, 50, "the fixtures were not found")
        for url in files {
            let source = SourceFile(path: url.path, bytes: Array(try Data(contentsOf: url)))
            assertSameParse(source, windows: [1, 2, 3, 5, 64, Parser.defaultWindow], url.lastPathComponent)
        }
    }

    func testTroubleOnAWindowsEdgeParsesAsFromAllTokens() {
        // Each case is repeated so that its tokens straddle every edge of
        // small windows; the last lines end the file in trouble.
        let pieces = [
            #"Text a { text: "x \(n + 1) y"  size: 40 }"#,
            "Text b { size: 12 -15  insets: 1 2 3 }",
            "Text c { size: }",
            "Text d { text: \"unterminated }",
            "Badge e { label: \"B\"  tint: #ZZZ }",
            "Stack f { axis: horizontal  Text { size: 1 } Text { size: (1 + (2 * 3)) } }",
            "Text g { size: @ }",
            "var h: number = 1",
            "Text i { hidden: !expanded  tap: toggle(expanded) }",
            "Text j { size: 1 } ; Text k { size: 2 }",
            "Text l { size: 1 /* a comment\n spanning lines */ }",
        ]
        var body = ""
        for round in 0..<9 {
            for (n, piece) in pieces.enumerated() where (n + round) % 3 != 0 {
                body += "    " + piece + "\n"
            }
        }
        let endings = ["}\n", "", "    Text z {", "} /* never closed", "} // done", "    Text y { text: \"\\("]
        for ending in endings {
            let text = "enum Mode { a, b }\nscreen S {\n    state expanded: bool = false\n" + body + ending
            assertSameParse(SourceFile(path: "edge.stack", text: text), windows: [1, 2, 3, 4, 5, 6, 7, 11, 64], "ending \(ending.debugDescription)")
        }
        var invalid = Array("screen S {\n    Text { size: 1 }\n".utf8)
        invalid += [0xFF, 0xFE] + Array(" Text { size: 2 }\n}\n".utf8)
        assertSameParse(SourceFile(path: "bytes.stack", bytes: invalid), windows: [1, 2, 3, 8], "invalid UTF-8")
    }

    func testALongFileLexesAWindowAtATime() {
        let rows = (0..<3_000).map { "    Text r\($0) { text: \"Row \($0)\"  size: \($0 % 90 + 10) }" }
        let text = "screen S {\n" + rows.joined(separator: "\n") + "\n}\n"
        var parser = Parser(lexing: Array(text.utf8), file: FileID(0), window: 100)
        _ = parser.parseFile()
        // 3,000 rows are 30,000 tokens and more: only the last window's are kept.
        XCTAssertLessThanOrEqual(parser.tokens.count, 100 + Parser.lookahead + 1)
        XCTAssertGreaterThan(parser.base, 29_000)
        assertSameParse(SourceFile(path: "long.stack", text: text), windows: [100, Parser.defaultWindow], "a long file")
    }
}
