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

    /// A diagnostic on a long line shows a window around the caret, so output
    /// stays proportional to the number of diagnostics, whatever the line.
    func testLongLinesAreShownAroundTheCaret() {
        for filler in ["x", "é", "🙂", "\t"] {
            for length in [159, 160, 161, 1_000, 1_000_000] {
                let prefix = String(repeating: filler, count: length / 2)
                let text = "screen S { Text { " + prefix + " hiden: true " + prefix + " } }"
                var sources = SourceManager()
                let id = sources.add(SourceFile(path: "a.stack", text: text))
                let start = "screen S { Text { ".utf8.count + prefix.utf8.count + 1
                var list = DiagnosticList()
                for _ in 0..<(length > 10_000 ? 5 : 100) { list.error(.unknownProperty, Span(file: id, start: start, end: start + 5), "unknown property 'hiden'") }
                let output = DiagnosticRenderer(sources: sources).render(list)
                let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
                XCTAssertLessThan(output.utf8.count, 100 * (200 + 4 * DiagnosticRenderer.maximumLineWidth), "\(filler) × \(length)")
                let source = lines[1], caret = lines[2]
                XCTAssertTrue(source.contains("hiden: true"), "\(filler) × \(length)")
                XCTAssertLessThanOrEqual(source.unicodeScalars.count, DiagnosticRenderer.maximumLineWidth + 2)
                // The caret stands under the name, counting characters.
                let caretColumn = caret.unicodeScalars.firstIndex(of: "^").map { caret.unicodeScalars.distance(from: caret.unicodeScalars.startIndex, to: $0) }
                let nameColumn = source.unicodeScalars.firstIndex(of: "h").map { source.unicodeScalars.distance(from: source.unicodeScalars.startIndex, to: $0) }
                if filler != "x" { XCTAssertEqual(caretColumn, nameColumn, "\(filler) × \(length)") }
                XCTAssertTrue(caret.hasSuffix("^~~~~"), "\(filler) × \(length)")
            }
        }
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
        XCTAssertEqual(list.errorCount, 10)
        XCTAssertEqual(list.dropped, 7)
    }

    /// Warnings that fill the list do not hide a later error: it takes the
    /// place of the last warning kept, and the list still has errors.
    func testAnErrorPastTheLimitIsKeptAndCounted() {
        let span = Span(file: FileID(0), start: 0, end: 0)
        var list = DiagnosticList(limit: 3)
        for n in 0..<5 { list.append(Diagnostic(.unusedState, span, "warning \(n)")) }
        XCTAssertFalse(list.hasErrors)
        list.error(.expectedToken, span, "the error")
        XCTAssertTrue(list.hasErrors)
        XCTAssertEqual(list.items.map(\.message), ["warning 0", "warning 1", "the error"])
        XCTAssertEqual(list.errorCount, 1)
        XCTAssertEqual(list.warningCount, 5)
        XCTAssertEqual(list.dropped, 3)
        // Later errors take the places of the warnings left, then are
        // dropped, counted, once the list holds errors only.
        for _ in 0..<4 { list.error(.expectedToken, span, "more") }
        XCTAssertEqual(list.items.map(\.message), ["the error", "more", "more"])
        XCTAssertEqual(list.errorCount, 5)
        XCTAssertEqual(list.warningCount, 5)
        XCTAssertEqual(list.dropped, 7)
        var merged = DiagnosticList()
        merged.append(contentsOf: list)
        XCTAssertEqual(merged.errorCount, list.errorCount)
        XCTAssertEqual(merged.warningCount, list.warningCount)
    }

    func testSuggestions() {
        XCTAssertEqual(Suggestions.closest(to: "hiden", in: ["hidden", "height"]), "hidden")
        XCTAssertEqual(Suggestions.closest(to: "lable", in: ["label", "tint"]), "label")
        XCTAssertNil(Suggestions.closest(to: "zzz", in: ["hidden"]))
        XCTAssertEqual(Suggestions.closest(to: "Txt", in: ["Text", "Stack"]), "Text")
    }
}
