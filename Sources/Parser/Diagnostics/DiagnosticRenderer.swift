// Turns diagnostics into the text compilers print and editors' problem
// matchers read: `path:line:column: error: message [CODE]`, the source line,
// and a caret line under the span.

/// Renders diagnostics as text or JSON against the files they point into.
public struct DiagnosticRenderer: Sendable {
    public var sources: SourceManager
    /// ANSI colour; the CLI turns it on only for a TTY without `NO_COLOR`.
    public var useColor: Bool

    public init(sources: SourceManager, useColor: Bool = false) {
        self.sources = sources
        self.useColor = useColor
    }

    /// One diagnostic with its notes, each ending in a newline.
    public func render(_ diagnostic: Diagnostic) -> String {
        var out = ""
        appendEntry(
            to: &out, span: diagnostic.span, severity: diagnostic.severity,
            message: diagnostic.message + " [\(diagnostic.code.rawValue)]")
        for note in diagnostic.notes {
            appendEntry(to: &out, span: note.span, severity: .note, message: note.message)
        }
        return out
    }

    /// All diagnostics, in source order.
    public func render(_ list: DiagnosticList) -> String {
        list.sorted.map(render).joined()
    }

    /// `N errors, M warnings` — the closing line of a run, or nil when clean.
    public static func summary(errors: Int, warnings: Int) -> String? {
        var parts: [String] = []
        if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
        if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ") + " generated."
    }

    private func appendEntry(to out: inout String, span: Span, severity: Severity, message: String) {
        let file = sources[span.file]
        let location = file.location(of: span.start)
        let label: String
        switch severity {
        case .error: label = paint("error:", "1;31")
        case .warning: label = paint("warning:", "1;35")
        case .note: label = paint("note:", "1;36")
        }
        out += paint("\(file.path):\(location.line):\(location.column):", "1")
        out += " \(label) \(paint(message, "1"))\n"
        let lineIndex = location.line - 1
        let lineRange = file.lineRange(lineIndex)
        out += file.lineText(lineIndex) + "\n"
        out += paint(caretLine(file: file, lineRange: lineRange, span: span), "1;32") + "\n"
    }

    /// Spaces (tabs kept, so the caret lines up) to the span, then `^~~~`
    /// to the span's end or the end of the line, whichever comes first.
    private func caretLine(file: SourceFile, lineRange: Range<Int>, span: Span) -> String {
        let start = max(lineRange.lowerBound, min(span.start, lineRange.upperBound))
        let end = max(start, min(span.end, lineRange.upperBound))
        var line = ""
        var index = lineRange.lowerBound
        while index < start {
            let byte = file.bytes[index]
            if byte == UInt8(ascii: "\t") {
                line += "\t"
            } else if byte & 0xC0 != 0x80 {
                line += " "
            }
            index += 1
        }
        let width = max(1, file.scalarCount(from: start, to: end))
        line += "^" + String(repeating: "~", count: width - 1)
        return line
    }

    private func paint(_ text: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
