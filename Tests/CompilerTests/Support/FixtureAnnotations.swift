// Inline expected diagnostics for golden fixtures. Under the line a
// diagnostic points into stands a comment whose caret sits under the span:
//
//     hiden: true
//  // ^~~~~ error[E0200]: unknown property 'hiden' on Text; did you mean 'hidden'?
//
// (without the leading space: `//` starts the line when the caret is at
// column 3 or later). A span at column 1 or 2 is written `//<1>^~~~ …`.
// Annotation lines are comments, so a fixture is still a valid source file;
// they are stripped before checking and regenerated from the diagnostics.

import StackParser

enum FixtureAnnotations {
    /// True for a line this format generated.
    static func isAnnotation(_ line: Substring) -> Bool {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        guard rest.hasPrefix("//") else { return false }
        rest = rest.dropFirst(2)
        if rest.hasPrefix("<") {
            rest = rest.drop { $0 != ">" }.dropFirst()
        }
        return rest.drop { $0 == " " }.hasPrefix("^")
    }

    /// The source with every annotation line removed.
    static func strip(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !isAnnotation($0) }
            .joined(separator: "\n")
    }

    /// The stripped source with annotations for every diagnostic (and note)
    /// located in `file` inserted under the lines they point into.
    static func annotate(_ source: SourceFile, file: FileID, diagnostics: DiagnosticList) -> String {
        var entries: [(line: Int, order: Int, text: String)] = []
        for diagnostic in diagnostics.sorted {
            if diagnostic.span.file == file {
                let label = "\(diagnostic.severity.rawValue)[\(diagnostic.code.rawValue)]"
                entries.append(entry(source, diagnostic.span, label: label, message: diagnostic.message, order: entries.count))
            }
            for note in diagnostic.notes where note.span.file == file {
                entries.append(entry(source, note.span, label: "note", message: note.message, order: entries.count))
            }
        }
        entries.sort { ($0.line, $0.order) < ($1.line, $1.order) }
        var lines = source.lineStarts.indices.map { source.lineText($0) }
        // The empty "line" after a final newline stays last.
        let lastLine = lines.last == "" ? lines.count - 1 : lines.count
        for item in entries.reversed() {
            lines.insert(item.text, at: min(item.line + 1, lastLine))
        }
        return lines.joined(separator: "\n")
    }

    private static func entry(_ source: SourceFile, _ span: Span, label: String, message: String, order: Int)
        -> (line: Int, order: Int, text: String)
    {
        let location = source.location(of: span.start)
        let lineRange = source.lineRange(location.line - 1)
        let end = max(span.start, min(span.end, lineRange.upperBound))
        let width = max(1, source.text(of: Span(file: span.file, start: span.start, end: end)).unicodeScalars.count)
        let carets = "^" + String(repeating: "~", count: width - 1)
        let prefix = location.column >= 3 ? "//" + String(repeating: " ", count: location.column - 3) : "//<\(location.column)>"
        return (location.line - 1, order, "\(prefix)\(carets) \(label): \(message)")
    }
}
