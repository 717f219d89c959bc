// Literals and expressions: precedence, associativity, unary operators,
// ternaries, calls, members, and the rule that separates juxtaposed values.

import StackParser
import XCTest

final class ParserExpressionTests: XCTestCase {
    func testLiterals() {
        XCTAssertEqual(dumpExpr("12"), "12")
        XCTAssertEqual(dumpExpr("0.5"), "0.5")
        XCTAssertEqual(dumpExpr("-100"), "-100")
        XCTAssertEqual(dumpExpr("50%"), "50%")
        XCTAssertEqual(dumpExpr("300ms"), "0.3s")
        XCTAssertEqual(dumpExpr("1s"), "1s")
        XCTAssertEqual(dumpExpr("0.25s"), "0.25s")
        XCTAssertEqual(dumpExpr("true"), "true")
        XCTAssertEqual(dumpExpr("false"), "false")
        XCTAssertEqual(dumpExpr(".info"), ".info")
    }

    func testColorForms() {
        XCTAssertEqual(dumpExpr("#F00"), "#FF0000FF")
        XCTAssertEqual(dumpExpr("#F008"), "#FF000088")
        XCTAssertEqual(dumpExpr("#F2F2F7"), "#F2F2F7FF")
        XCTAssertEqual(dumpExpr("#11223344"), "#11223344")
        XCTAssertEqual(dumpExpr("clear"), "clear")
    }

    func testStringEscapes() {
        let (syntax, diagnostics) = parse(#"screen S { Text { text: "a\nb\t\"q\"\\ \u{1F600}" } }"#)
        XCTAssertTrue(diagnostics.items.isEmpty)
        guard case .stack(let s) = syntax.declarations[0], case .row(let row) = s.body.members[0],
            case .property(let p) = row.body.members[0], case .string(let text) = p.value.single?.kind
        else { return XCTFail("no string") }
        XCTAssertEqual(text, "a\nb\t\"q\"\\ 😀")
    }

    func testPrecedenceLowestToHighest() {
        XCTAssertEqual(dumpExpr("a || b && c"), "(|| a (&& b c))")
        XCTAssertEqual(dumpExpr("a && b == c"), "(&& a (== b c))")
        XCTAssertEqual(dumpExpr("a == b < c"), "(== a (< b c))")
        XCTAssertEqual(dumpExpr("a < b + c"), "(< a (+ b c))")
        XCTAssertEqual(dumpExpr("a + b * c"), "(+ a (* b c))")
        XCTAssertEqual(dumpExpr("!a * b"), "(* (! a) b)")
        XCTAssertEqual(dumpExpr("a != b >= c <= d > e"), "(!= a (> (<= (>= b c) d) e))")
    }

    func testLeftAssociativity() {
        XCTAssertEqual(dumpExpr("a - b - c"), "(- (- a b) c)")
        XCTAssertEqual(dumpExpr("a / b / c"), "(/ (/ a b) c)")
    }

    func testTernaryIsRightAssociativeAndLowest() {
        XCTAssertEqual(dumpExpr("a ? 1 : b ? 2 : 3"), "(? a 1 (? b 2 3))")
        XCTAssertEqual(dumpExpr("a || b ? x + 1 : y"), "(? (|| a b) (+ x 1) y)")
    }

    func testUnaryAndParentheses() {
        XCTAssertEqual(dumpExpr("-(a + b)"), "(- (+ a b))")
        XCTAssertEqual(dumpExpr("!!a"), "(! (! a))")
        XCTAssertEqual(dumpExpr("(a + b) * c"), "(* (+ a b) c)")
        XCTAssertEqual(dumpExpr("- x"), "(- x)")
    }

    func testCallsAndMembers() {
        XCTAssertEqual(dumpExpr("min(a, b)"), "min(a, b)")
        XCTAssertEqual(dumpExpr("clamp(x, 0, viewport.width / 2)"), "clamp(x, 0, (/ viewport.width 2))")
        XCTAssertEqual(dumpExpr("viewport.height"), "viewport.height")
        XCTAssertEqual(dumpExpr("fill(2)"), "fill(2)")
        XCTAssertEqual(dumpExpr("4/3"), "(/ 4 3)")
    }

    func testJuxtaposedValuesAndTheMinusRule() {
        XCTAssertEqual(dumpExpr("12 15"), "12 15")
        XCTAssertEqual(dumpExpr("12 -15"), "12 -15")
        XCTAssertEqual(dumpExpr("12 - 15"), "(- 12 15)")
        XCTAssertEqual(dumpExpr("12-15"), "(- 12 15)")
        XCTAssertEqual(dumpExpr("(12 -15)"), "(- 12 15)")
        XCTAssertEqual(dumpExpr("-100 0"), "-100 0")
        XCTAssertEqual(dumpExpr("1 2 3 4"), "1 2 3 4")
    }

    func testHyphenatedNames() {
        XCTAssertEqual(dumpExpr("ease-in-out"), "ease-in-out")
        XCTAssertEqual(dumpExpr("snap-hide(top)"), "snap-hide(top)")
        XCTAssertEqual(dumpExpr("a-1"), "(- a 1)")
    }

    func testCommaGroups() {
        XCTAssertEqual(dumpExpr("toggle(a), emit(\"b\")"), "toggle(a), emit(\"b\")")
        XCTAssertEqual(dumpExpr("swipe,\n tap"), "swipe, tap")
    }

    func testLineBreakEndsAValueOutsideParentheses() {
        XCTAssertEqual(
            dump("screen S { Text { size: a\n + 1 } }").hasPrefix("DIAGNOSTICS"), true)
        XCTAssertEqual(dumpExpr("(a\n + 1)"), "(+ a 1)")
        XCTAssertEqual(dumpExpr("a &&\n b"), "(&& a b)")
    }

    func testLongNumbersStayExact() {
        XCTAssertEqual(dumpExpr("0.1"), "0.1")
        XCTAssertEqual(dumpExpr("123456789012345678"), "1.2345678901234568e+17")
        XCTAssertEqual(dumpExpr("3.14159265358979323846"), "3.141592653589793")
    }
}
