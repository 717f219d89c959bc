// The shape of a document for an editor: symbols (screens, flows, steps,
// components, enums, state, rows with ids), folding ranges (blocks and runs
// of comments), semantic tokens, formatting, colours and quick fixes.

import StackCompiler
import StackParser

enum SemanticTokens {
    static let types = ["keyword", "type", "enum", "enumMember", "property", "variable", "parameter", "function", "string", "number", "comment", "operator"]

    static func index(_ name: String) -> Int { types.firstIndex(of: name) ?? 0 }

    static let keywords: Set<String> = [
        "import", "enum", "component", "screen", "flow", "state", "step", "defaults", "separator", "transition", "from", "to", "props",
        "record", "data", "for", "in", "key",
    ]
}

extension LanguageServer {
    func documentSymbols(_ document: Document) -> Any {
        let source = document.source
        func symbol(_ name: String, _ kind: Int, _ span: Span, _ selection: Span, _ children: [[String: Any]] = [], detail: String? = nil) -> [String: Any] {
            var out: [String: Any] = [
                "name": name, "kind": kind, "range": source.range(span.start, span.end, encoding: encoding),
                "selectionRange": source.range(selection.start, selection.end, encoding: encoding), "children": children,
            ]
            if let detail { out["detail"] = detail }
            return out
        }
        func members(_ block: Block) -> [[String: Any]] {
            var out: [[String: Any]] = []
            for member in block.members {
                switch member {
                case .state(let state): out.append(symbol(state.name.name, 13, state.span, state.name.span, detail: "state"))
                case .row(let row):
                    let inner = members(row.body)
                    if let id = row.id { out.append(symbol(id.name, 8, row.span, id.span, inner, detail: row.kind.name)) } else { out += inner }
                case .data(let data): out.append(symbol(data.name.name, 13, data.span, data.name.span, detail: "data"))
                case .repeating(let syntax): out += members(syntax.body)
                case .block(let nested) where nested.keyword == .step:
                    out.append(symbol(nested.name?.name ?? "step", 2, nested.span, nested.name?.span ?? nested.keywordSpan, members(nested.body), detail: "step"))
                default: break
                }
            }
            return out
        }
        return document.syntax.declarations.map { declaration -> [String: Any] in
            switch declaration {
            case .stack(let decl): return symbol(decl.name.name, 5, decl.span, decl.name.span, members(decl.body), detail: decl.kind.rawValue)
            case .component(let decl): return symbol(decl.name.name, 5, decl.span, decl.name.span, members(decl.body), detail: "component: \(decl.base.name)")
            case .enumeration(let decl):
                return symbol(decl.name.name, 10, decl.span, decl.name.span, decl.cases.map { symbol($0.name, 22, $0.span, $0.span) }, detail: "enum")
            case .record(let decl):
                return symbol(decl.name.name, 23, decl.span, decl.name.span, decl.fields.map { symbol($0.name.name, 8, $0.span, $0.name.span) }, detail: "record")
            }
        }
    }

    func foldingRanges(_ document: Document) -> Any {
        var out: [[String: Any]] = []
        var open: [Int] = []
        let source = document.source
        for token in document.tokens {
            if token.kind == .leftBrace { open.append(token.start) }
            if token.kind == .rightBrace, let start = open.popLast() {
                let a = source.position(of: start, encoding: encoding).line, b = source.position(of: token.start, encoding: encoding).line
                if b > a { out.append(["startLine": a, "endLine": b - 1]) }
            }
        }
        // Runs of line comments on consecutive lines.
        var run: (first: Int, last: Int)?
        for comment in document.comments {
            let line = source.position(of: comment.start, encoding: encoding).line
            if let current = run, current.last + 1 == line {
                run = (current.first, line)
            } else {
                if let current = run, current.last > current.first { out.append(["startLine": current.first, "endLine": current.last, "kind": "comment"]) }
                run = (line, line)
            }
        }
        if let current = run, current.last > current.first { out.append(["startLine": current.first, "endLine": current.last, "kind": "comment"]) }
        return out.sorted { ($0["startLine"] as? Int ?? 0) < ($1["startLine"] as? Int ?? 0) }
    }

    func semanticTokens(_ document: Document) -> Any {
        let project = Project(document)
        let view = project.files[0]
        var entries: [(start: Int, end: Int, type: Int)] = []
        for (index, token) in view.tokens.enumerated() {
            let type: String?
            switch token.kind {
            case .string: type = "string"
            case .number, .percent, .duration, .color: type = "number"
            case .identifier:
                let text = view.text(index)
                if let symbol = project.symbol(file: 0, token: index) {
                    type = switch symbol.kind {
                    case .component: "type"
                    case .enumType: "enum"
                    case .enumCase: "enumMember"
                    case .state: "variable"
                    case .parameter: "parameter"
                    case .rowID, .step: "variable"
                    case .record: "type"
                    case .field: "property"
                    case .data: "variable"
                    }
                } else if project.isPropertyName(view, index) {
                    type = "property"
                } else if RowKind(rawValue: text) != nil {
                    type = "type"
                } else if SemanticTokens.keywords.contains(text) {
                    type = "keyword"
                } else if view.kind(index + 1) == .leftParen {
                    type = "function"
                } else {
                    type = nil
                }
            default: type = nil
            }
            if let type { entries.append((token.start, token.end, SemanticTokens.index(type))) }
        }
        for comment in document.comments { entries.append((comment.start, comment.end, SemanticTokens.index("comment"))) }
        entries.sort { $0.start < $1.start }
        var data: [Int] = []
        var previousLine = 0, previousCharacter = 0
        for entry in entries {
            let a = document.source.position(of: entry.start, encoding: encoding)
            let b = document.source.position(of: entry.end, encoding: encoding)
            // Tokens never span lines except block comments: give those their first line.
            let length = b.line == a.line ? b.character - a.character : max(1, (document.source.position(of: document.source.lineRange(a.line).upperBound, encoding: encoding).character - a.character))
            data += [a.line - previousLine, a.line == previousLine ? a.character - previousCharacter : a.character, length, entry.type, 0]
            previousLine = a.line
            previousCharacter = a.character
        }
        return ["data": data]
    }

    func formatting(_ document: Document) throws(RequestError) -> Any {
        switch Formatter.format(document.source) {
        case .failure(let refusal): throw RequestError(code: -32603, message: refusal.message)
        case .success(let text):
            guard Array(text.utf8) != document.source.bytes else { return [] }
            return [["range": document.source.range(0, document.source.bytes.count, encoding: encoding), "newText": text]]
        }
    }

    func documentColors(_ document: Document) -> Any {
        let view = FileView(id: FileID(0), source: document.source)
        return view.tokens.indices.compactMap { index -> [String: Any]? in
            guard view.tokens[index].kind == .color, let rgba = Self.rgba(view.text(index)) else { return nil }
            return [
                "range": document.source.range(view.tokens[index].start, view.tokens[index].end, encoding: encoding),
                "color": ["red": rgba.0, "green": rgba.1, "blue": rgba.2, "alpha": rgba.3],
            ]
        }
    }

    /// `#RGB`, `#RRGGBB`, `#RRGGBBAA` as fractions.
    static func rgba(_ text: String) -> (Double, Double, Double, Double)? {
        var hex = String(text.dropFirst())
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        if hex.count == 6 { hex += "FF" }
        guard hex.count == 8, let value = UInt32(hex, radix: 16) else { return nil }
        return (Double(value >> 24 & 0xFF) / 255, Double(value >> 16 & 0xFF) / 255, Double(value >> 8 & 0xFF) / 255, Double(value & 0xFF) / 255)
    }

    func colorPresentations(_ params: [String: Any]) -> Any {
        guard let color = params["color"] as? [String: Any] else { return [] }
        func byte(_ key: String) -> Int { Int((JSONObjects.number(color[key]) ?? 0) * 255 + 0.5) }
        func hex(_ byte: Int) -> String {
            let digits = String(min(max(byte, 0), 255), radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        let alpha = byte("alpha")
        let label = "#" + hex(byte("red")) + hex(byte("green")) + hex(byte("blue")) + (alpha == 255 ? "" : hex(alpha))
        var presentation: [String: Any] = ["label": label]
        if let range = params["range"] { presentation["textEdit"] = ["range": range, "newText": label] }
        return [presentation]
    }

    /// Quick fixes: each diagnostic with a did-you-mean replacement.
    func codeActions(_ document: Document, _ params: [String: Any]) -> Any {
        let diagnostics = (params["context"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
        return diagnostics.compactMap { diagnostic -> [String: Any]? in
            guard let replacement = (diagnostic["data"] as? [String: Any])?["replacement"] as? String ?? Self.suggestion(in: diagnostic["message"] as? String ?? ""),
                let range = diagnostic["range"]
            else { return nil }
            return [
                "title": "Replace with '\(replacement)'", "kind": "quickfix", "diagnostics": [diagnostic], "isPreferred": true,
                "edit": ["changes": [document.uri: [["range": range, "newText": replacement]]]],
            ]
        }
    }
}
