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
        var out: [UInt8] = []
        append(diagnostic, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// All diagnostics, in source order.
    public func render(_ list: DiagnosticList) -> String {
        String(decoding: renderUTF8(list), as: UTF8.self)
    }

    /// All diagnostics, in source order, as the UTF-8 of `render(_:)`.
    /// Written as bytes: a file with thousands of warnings spent a fifth of
    /// `stackc check` building their text a character at a time.
    public func renderUTF8(_ list: DiagnosticList) -> [UInt8] {
        var out: [UInt8] = []
        for diagnostic in list.sorted { append(diagnostic, to: &out) }
        return out
    }

    /// `N errors, M warnings` — the closing line of a run, or nil when clean.
    public static func summary(errors: Int, warnings: Int) -> String? {
        var parts: [String] = []
        if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
        if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ") + " generated."
    }

    private func append(_ diagnostic: Diagnostic, to out: inout [UInt8]) {
        appendEntry(to: &out, span: diagnostic.span, severity: diagnostic.severity, message: diagnostic.message, code: diagnostic.code.rawValue)
        for note in diagnostic.notes {
            appendEntry(to: &out, span: note.span, severity: .note, message: note.message, code: nil)
        }
    }

    /// `path:line:column: severity: message [CODE]`, the line (or the
    /// window of it) and the caret line.
    private func appendEntry(to out: inout [UInt8], span: Span, severity: Severity, message: String, code: String?) {
        let file = sources[span.file]
        let location = file.location(of: span.start)
        paint(&out, "1") { out in
            out.append(contentsOf: file.path.utf8)
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: String(location.line).utf8)
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: String(location.column).utf8)
            out.append(UInt8(ascii: ":"))
        }
        out.append(UInt8(ascii: " "))
        switch severity {
        case .error: paint(&out, "1;31") { $0.append(contentsOf: "error:".utf8) }
        case .warning: paint(&out, "1;35") { $0.append(contentsOf: "warning:".utf8) }
        case .note: paint(&out, "1;36") { $0.append(contentsOf: "note:".utf8) }
        }
        out.append(UInt8(ascii: " "))
        paint(&out, "1") { out in
            out.append(contentsOf: message.utf8)
            if let code {
                out.append(contentsOf: " [".utf8)
                out.append(contentsOf: code.utf8)
                out.append(UInt8(ascii: "]"))
            }
        }
        out.append(UInt8(ascii: "\n"))
        let lineIndex = location.line - 1
        let lineRange = file.lineRange(lineIndex)
        let shown = Self.window(file: file, line: lineRange, around: span.start)
        let ellipsis = "…".utf8
        if shown.lowerBound > lineRange.lowerBound { out.append(contentsOf: ellipsis) }
        let text = file.bytes[shown]
        if text.allSatisfy({ $0 < 0x80 }) {
            out.append(contentsOf: text)
        } else {
            // Bytes that are not UTF-8 show as U+FFFD, as a String makes them.
            out.append(contentsOf: String(decoding: text, as: UTF8.self).utf8)
        }
        if shown.upperBound < lineRange.upperBound { out.append(contentsOf: ellipsis) }
        out.append(UInt8(ascii: "\n"))
        paint(&out, "1;32") { out in
            if shown.lowerBound > lineRange.lowerBound { out.append(UInt8(ascii: " ")) }
            appendCaretLine(to: &out, file: file, lineRange: shown, span: span)
        }
        out.append(UInt8(ascii: "\n"))
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
    private func appendCaretLine(to out: inout [UInt8], file: SourceFile, lineRange: Range<Int>, span: Span) {
        let start = max(lineRange.lowerBound, min(span.start, lineRange.upperBound))
        let end = max(start, min(span.end, lineRange.upperBound))
        for byte in file.bytes[lineRange.lowerBound..<start] {
            if byte == UInt8(ascii: "\t") {
                out.append(byte)
            } else if byte & 0xC0 != 0x80 {
                out.append(UInt8(ascii: " "))
            }
        }
        let width = max(1, file.scalarCount(from: start, to: end))
        out.append(UInt8(ascii: "^"))
        out.append(contentsOf: repeatElement(UInt8(ascii: "~"), count: width - 1))
    }

    /// `body`'s bytes, in ANSI colour `code` when colour is on.
    private func paint(_ out: inout [UInt8], _ code: String, _ body: (inout [UInt8]) -> Void) {
        guard useColor else { return body(&out) }
        out.append(contentsOf: "\u{1B}[".utf8)
        out.append(contentsOf: code.utf8)
        out.append(UInt8(ascii: "m"))
        body(&out)
        out.append(contentsOf: "\u{1B}[0m".utf8)
    }
}
