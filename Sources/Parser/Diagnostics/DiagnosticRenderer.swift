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
        let shown = Self.window(file: file, line: lineRange, around: span.start)
        out += (shown.lowerBound > lineRange.lowerBound ? "…" : "")
        out += String(decoding: file.bytes[shown], as: UTF8.self)
        out += (shown.upperBound < lineRange.upperBound ? "…" : "") + "\n"
        let lead = shown.lowerBound > lineRange.lowerBound ? " " : ""
        out += paint(lead + caretLine(file: file, lineRange: shown, span: span), "1;32") + "\n"
    }

    /// Source lines longer than this many characters are shown as a window
    /// of this width around the caret, with `…` where text is left out: a
    /// megabyte-long line must not be printed once per diagnostic.
    public static let maximumLineWidth = 160

    /// The bytes of `line` to show: all of it, or `maximumLineWidth`
    /// characters starting a quarter of that before `offset`.
    static func window(file: SourceFile, line: Range<Int>, around offset: Int) -> Range<Int> {
        let bytes = file.bytes
        func step(_ index: Int, by count: Int, limit: Int) -> Int {
            var index = index
            var left = count
            while left > 0, index != limit {
                index += count > 0 ? 1 : -1
                while index != limit, index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += count > 0 ? 1 : -1 }
                left -= 1
            }
            return index
        }
        // A character is one to four bytes: count characters only when the
        // byte count leaves it open, so a huge line costs nothing here.
        if line.count <= maximumLineWidth { return line }
        if line.count <= 4 * maximumLineWidth, file.scalarCount(from: line.lowerBound, to: line.upperBound) <= maximumLineWidth {
            return line
        }
        let anchor = max(line.lowerBound, min(offset, line.upperBound))
        var start = anchor
        var left = maximumLineWidth / 4
        while left > 0, start > line.lowerBound {
            start -= 1
            while start > line.lowerBound, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            left -= 1
        }
        let end = step(start, by: maximumLineWidth, limit: line.upperBound)
        return start..<end
    }

    /// Spaces (tabs kept, so the caret lines up) to the span, then `^~~~`
    /// to the span's end or the end of the shown line, whichever comes first.
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
