// String interpolation in the parser: text and values in order, escapes
// around them, nested strings and parentheses, spans that point inside the
// string, and one clear error for each malformed form.

@testable import StackParser
import XCTest

final class InterpolationParsingTests: XCTestCase {
    func testTextAndValuesInOrder() {
        XCTAssertEqual(dumpExpr(#""\(n) nights""#), #"(interpolate \(n) " nights")"#)
        XCTAssertEqual(dumpExpr(#""a \(x + 1) b \(y)""#), #"(interpolate "a " \((+ x 1)) " b " \(y))"#)
        XCTAssertEqual(dumpExpr(#""\(a)\(b)""#), #"(interpolate \(a) \(b))"#)
        XCTAssertEqual(dumpExpr(#""\((1 + 2) * 3)""#), #"(interpolate \((* (+ 1 2) 3)))"#)
        XCTAssertEqual(dumpExpr(#""tab\t\(x)\"q\"""#), "(interpolate \"tab\t\" \\(x) \"\"q\"\")")
    }

    func testNestedStringsAndCalls() {
        XCTAssertEqual(dumpExpr(#""\(c ? "yes" : "no")!""#), #"(interpolate \((? c "yes" "no")) "!")"#)
        XCTAssertEqual(dumpExpr(#""\("in \(x)")""#), #"(interpolate \((interpolate "in " \(x))))"#)
        XCTAssertEqual(dumpExpr(#""\(fixed(total, 2)) €""#), #"(interpolate \(fixed(total, 2)) " €")"#)
        XCTAssertEqual(dumpExpr(#""a ) b ( c""#), #""a ) b ( c""#, "parentheses outside \\( are text")
    }

    func testValueSpansPointInsideTheString() throws {
        let text = #"screen S { Text { text: "ab \(count) c" } }"#
        let (syntax, diagnostics) = parse(text)
        XCTAssertTrue(diagnostics.items.isEmpty, "\(diagnostics.items)")
        guard case .stack(let s) = syntax.declarations[0], case .row(let row) = s.body.members[0],
            case .property(let p) = row.body.members[0], case .interpolation(let parts)? = p.value.single?.kind,
            let value = parts.first(where: { $0.expr != nil })?.expr
        else { return XCTFail("no interpolation") }
        let start = text.utf8.distance(from: text.utf8.startIndex, to: text.range(of: "count")!.lowerBound)
        XCTAssertEqual(value.span.start, start)
        XCTAssertEqual(value.span.end, start + 5)
    }

    func testMalformedInterpolationsSayWhat() {
        func messages(_ value: String) -> [String] {
            parse("screen S { Text { text: \(value) } }").1.items.map { "\($0.code.rawValue) \($0.message)" }
        }
        XCTAssertEqual(messages(#""\()""#), [#"E0008 an interpolation needs a value between its parentheses, as in \(count)"#])
        XCTAssertEqual(messages(#""\(a b)""#), ["E0007 expected ')' to end the interpolation, found 'b'"])
        XCTAssertEqual(messages(#""\(a + )""#), ["E0007 expected a value, found ')'"])
        XCTAssertEqual(messages(#""\(a" "#), [#"E0002 unterminated interpolation: '\(' needs a ')' before the string ends, on the same line"#])
        XCTAssertEqual(messages(#""\(a\q)""#).first?.hasPrefix("E0001"), true, "a stray backslash inside a value is not an escape")
    }

    func testInterpolationsNestedPastTheLimitAreRefusedNotRecursed() {
        let deep = String(repeating: #""\("#, count: 40) + "1" + String(repeating: #")""#, count: 40)
        let diagnostics = parse("screen S { Text { text: \(deep) } }").1
        XCTAssertTrue(diagnostics.hasErrors)
    }

    func testAnImportPathCannotInterpolate() {
        let diagnostics = parse(#"import "\(x).stack""#).1
        XCTAssertEqual(diagnostics.items.map(\.message), [#"an import path is plain text: it cannot hold '\(…)'"#])
    }

    func testToolsSeeTheTokensOfValues() {
        let text = #"Text { text: "a \(n + 1) b" }"#
        let bytes = Array(text.utf8)
        var lexer = Lexer(file: FileID(0))
        let tokens = lexer.tokenize(bytes)
        let string = tokens.first { $0.kind == .string }!
        let ranges = Lexer.interpolationRanges(of: string, in: bytes)
        XCTAssertEqual(ranges.map { String(decoding: bytes[$0], as: UTF8.self) }, ["n + 1"])
    }
}
