// The renderer's text and JSON forms, exactly.

import StackParser
import XCTest

final class DiagnosticRendererTests: XCTestCase {
    private func setup() -> (DiagnosticRenderer, DiagnosticList) {
        var sources = SourceManager()
        let id = sources.add(SourceFile(path: "a.stack", text: "screen S {\n\tText { hiden: true }\n}\n"))
        var list = DiagnosticList()
        list.error(
            .unknownProperty, Span(file: id, start: 19, end: 24), "unknown property 'hiden'",
            notes: [DiagnosticNote(span: Span(file: id, start: 0, end: 6), message: "in this screen")])
        return (DiagnosticRenderer(sources: sources), list)
    }

    func testTextForm() {
        let (renderer, list) = setup()
        XCTAssertEqual(
            renderer.render(list),
            """
            a.stack:2:9: error: unknown property 'hiden' [E0200]
            \tText { hiden: true }
            \t       ^~~~~
            a.stack:1:1: note: in this screen
            screen S {
            ^~~~~~

            """)
    }

    func testColourOnlyWhenAsked() {
        var (renderer, list) = setup()
        XCTAssertFalse(renderer.render(list).contains("\u{1B}["))
        renderer.useColor = true
        XCTAssertTrue(renderer.render(list).contains("\u{1B}[1;31merror:"))
    }

    func testJSONForm() {
        let (renderer, list) = setup()
        XCTAssertEqual(
            renderer.renderJSON(list),
            """
            [
              {"file": "a.stack", "line": 2, "column": 9, "endLine": 2, "endColumn": 14, "severity": "error", "code": "E0200", "message": "unknown property 'hiden'", "notes": [{"file": "a.stack", "line": 1, "column": 1, "endLine": 1, "endColumn": 7, "message": "in this screen"}]}
            ]

            """)
        XCTAssertEqual(DiagnosticRenderer(sources: SourceManager()).renderJSON(DiagnosticList()), "[]\n")
    }

    func testSummaryAndLimit() {
        XCTAssertEqual(DiagnosticRenderer.summary(errors: 2, warnings: 1), "2 errors, 1 warning generated.")
        XCTAssertNil(DiagnosticRenderer.summary(errors: 0, warnings: 0))
        var list = DiagnosticList(limit: 3)
        for _ in 0..<10 { list.error(.expectedToken, Span(file: FileID(0), start: 0, end: 0), "x") }
        XCTAssertEqual(list.items.count, 3)
    }

    func testSuggestions() {
        XCTAssertEqual(Suggestions.closest(to: "hiden", in: ["hidden", "height"]), "hidden")
        XCTAssertEqual(Suggestions.closest(to: "lable", in: ["label", "tint"]), "label")
        XCTAssertNil(Suggestions.closest(to: "zzz", in: ["hidden"]))
        XCTAssertEqual(Suggestions.closest(to: "Txt", in: ["Text", "Stack"]), "Text")
    }
}
