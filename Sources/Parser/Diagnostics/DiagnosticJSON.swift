// Diagnostics as JSON for editors and CI (`stackc check --format json`).
// Written by hand: the shape is a contract and must not depend on an encoder's
// key order or number formatting.

extension DiagnosticRenderer {
    /// A JSON array of every diagnostic, each with its location, span end,
    /// severity, code, message and notes.
    public func renderJSON(_ list: DiagnosticList) -> String {
        let entries = list.sorted.map { diagnostic -> String in
            var fields = locationFields(diagnostic.span)
            fields.append("\"severity\": \(JSONText.quote(diagnostic.severity.rawValue))")
            fields.append("\"code\": \(JSONText.quote(diagnostic.code.rawValue))")
            fields.append("\"message\": \(JSONText.quote(diagnostic.message))")
            let notes = diagnostic.notes.map { note -> String in
                var noteFields = locationFields(note.span)
                noteFields.append("\"message\": \(JSONText.quote(note.message))")
                return "{" + noteFields.joined(separator: ", ") + "}"
            }
            fields.append("\"notes\": [" + notes.joined(separator: ", ") + "]")
            return "  {" + fields.joined(separator: ", ") + "}"
        }
        return entries.isEmpty ? "[]\n" : "[\n" + entries.joined(separator: ",\n") + "\n]\n"
    }

    private func locationFields(_ span: Span) -> [String] {
        let file = sources[span.file]
        let start = file.location(of: span.start)
        let end = file.location(of: span.end)
        return [
            "\"file\": \(JSONText.quote(file.path))",
            "\"line\": \(start.line)", "\"column\": \(start.column)",
            "\"endLine\": \(end.line)", "\"endColumn\": \(end.column)",
        ]
    }
}

/// JSON string quoting, shared by everything that prints JSON.
public enum JSONText {
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
