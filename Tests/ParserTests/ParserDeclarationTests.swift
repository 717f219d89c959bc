// Every declaration form of the language, parsed into the expected tree.

import StackParser
import XCTest

final class ParserDeclarationTests: XCTestCase {
    func testImportAndEnum() {
        XCTAssertEqual(
            dump(#"import "components.stack"  enum Tab { info, photos, }"#),
            #"(import "components.stack")"# + "\n(enum Tab info photos)")
    }

    func testEnumCasesOnSeparateLines() {
        XCTAssertEqual(dump("enum Mode {\n  light\n  dark\n}"), "(enum Mode light dark)")
    }

    func testComponentWithTypedParametersAndDefaults() {
        XCTAssertEqual(
            dump("component Chip(label: string, tint: color = #E5E5EA): Text { text: label  background: tint }"),
            "(component Chip [(label: string) (tint: color = #E5E5EAFF)] Text (prop text label) (prop background tint))")
    }

    func testComponentWithoutParameters() {
        XCTAssertEqual(dump("component Rule(): Spacer { size: 1 }"), "(component Rule [] Spacer (prop size 1))")
    }

    func testScreenAndFlow() {
        XCTAssertEqual(
            dump("screen A { axis: vertical }\nflow B { growth: down  step One { title: \"1\" } }"),
            "(screen A (prop axis vertical))\n(flow B (prop growth down) (step One (prop title \"1\")))")
    }

    func testStateDeclarations() {
        XCTAssertEqual(
            dump("screen A { state expanded: bool = false\n state tab: Tab = .info\n state n: number = -2 }"),
            "(screen A (state expanded: bool = false) (state tab: Tab = .info) (state n: number = -2))")
    }

    func testRowsWithAndWithoutIDsAndNestedStacks() {
        XCTAssertEqual(
            dump("screen A { Text welcome { text: \"Hi\" }\n Spacer { }\n Stack s { axis: horizontal  Chip { label: \"Pool\" } } }"),
            "(screen A (row Text welcome (prop text \"Hi\")) (row Spacer) (row Stack s (prop axis horizontal) (row Chip (prop label \"Pool\"))))")
    }

    func testDefaultsSeparatorBlockAndNone() {
        XCTAssertEqual(
            dump("screen A { defaults { insets: 12 15\n separator { color: #C6C6C8  thickness: 1  insets: 0 15 } }\n Text { separator: none } }"),
            "(screen A (defaults (prop insets 12 15) (separator (prop color #C6C6C8FF) (prop thickness 1) (prop insets 0 15))) (row Text (prop separator none)))")
    }

    func testTransitionsWithFromAndTo() {
        XCTAssertEqual(
            dump("screen A { Image g { transition show { duration: 1s  curve: spring(0.8)  from { offset: -100 0  alpha: 0 } }\n transition hide { duration: 250ms  to { alpha: 0 } } } }"),
            "(screen A (row Image g (transition show (prop duration 1s) (prop curve spring(0.8)) (from (prop offset -100 0) (prop alpha 0))) (transition hide (prop duration 0.25s) (to (prop alpha 0)))))")
    }

    func testActionLists() {
        XCTAssertEqual(
            dump("screen A { View t { tap: toggle(expanded), emit(\"tagsToggled\"), scroll-to(t, middle), push(Payment), pop(2), set(tab, .info) } }"),
            "(screen A (row View t (prop tap toggle(expanded), emit(\"tagsToggled\"), scroll-to(t, middle), push(Payment), pop(2), set(tab, .info))))")
    }

    func testViewProps() {
        XCTAssertEqual(
            dump("screen A { View { host: \"Map\"  props { zoom: 3  title: \"x\" } } }"),
            "(screen A (row View (prop host \"Map\") (props (prop zoom 3) (prop title \"x\"))))")
    }

    func testFlowSettings() {
        XCTAssertEqual(
            dump("flow F { separation: line(2, #000000)\n fading: tint(#FFFFFF, 0.9, 0.1), gradient(70%)\n navigation: swipe, tap\n transition: 250ms\n head-padding: 0 }"),
            "(flow F (prop separation line(2, #FF)) (prop fading tint(#FFFFFFFF, 0.9, 0.1), gradient(70%)) (prop navigation swipe, tap) (prop transition 0.25s) (prop head-padding 0))")
    }

    func testSemicolonsAndSeveralPropertiesOnALine() {
        XCTAssertEqual(
            dump("screen A { Text { text: \"a\"; font: 12  color: red } }"),
            "(screen A (row Text (prop text \"a\") (prop font 12) (prop color red)))")
    }

    func testCommentsAreKeptInASideTable() {
        let source = "// top\nscreen A { /* block /* nested */ */ Text { } } // end"
        let (syntax, diagnostics) = parse(source)
        XCTAssertTrue(diagnostics.items.isEmpty)
        let file = SourceFile(path: "t", text: source)
        XCTAssertEqual(syntax.comments.map { file.text(of: $0) }, ["// top", "/* block /* nested */ */", "// end"])
    }

    func testSpansCoverTheirSource() {
        let source = "screen Hotel {\n    Text welcome { size: fit }\n}"
        let (syntax, _) = parse(source)
        let file = SourceFile(path: "t", text: source)
        guard case .stack(let screen) = syntax.declarations[0], case .row(let row) = screen.body.members[0] else {
            return XCTFail("unexpected tree")
        }
        XCTAssertEqual(file.text(of: screen.name.span), "Hotel")
        XCTAssertEqual(file.text(of: row.span), "Text welcome { size: fit }")
        XCTAssertEqual(file.location(of: row.id!.span.start), SourceLocation(line: 2, column: 10))
    }
}
