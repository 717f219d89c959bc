// The language server's core: JSON-RPC messages in, messages out. It keeps
// the open documents, checks a document (and its imports, open buffers
// first) on every change, publishes diagnostics, and answers the requests
// of tooling.md. Transport (stdio framing) is the caller's: this is a pure
// function of the messages, so tests drive it in process.

import StackCompiler
import StackParser

/// A language server for .stack files.
public final class LanguageServer {
    var documents: [String: Document] = [:]
    var encoding: PositionEncoding = .utf16
    var cache = ParseCache()
    public private(set) var shutdownRequested = false
    /// Set when `exit` arrives: the process should end with this status.
    public private(set) var exitCode: Int32?

    public init() {}

    /// Handles one message; returns the messages to send (responses and
    /// notifications), in order.
    public func handle(_ message: [String: Any]) -> [[String: Any]] {
        let method = message["method"] as? String
        let id = message["id"]
        let params = message["params"] as? [String: Any] ?? [:]
        guard let method else {
            // A response from the client (we send no requests): nothing to do.
            return []
        }
        if id == nil {
            return notification(method, params)
        }
        if shutdownRequested, method != "exit" {
            return [error(id, code: -32600, message: "the server is shutting down")]
        }
        switch method {
        case "initialize": return [result(id, initialize(params))]
        case "shutdown":
            shutdownRequested = true
            return [result(id, JSONNull())]
        case "textDocument/hover": return [result(id, withDocument(params) { hover($0, params) })]
        case "textDocument/completion": return [result(id, withDocument(params) { completion($0, params) })]
        case "textDocument/definition": return [result(id, withDocument(params) { definition($0, params) })]
        case "textDocument/references": return [result(id, withDocument(params) { references($0, params) })]
        case "textDocument/prepareRename": return [result(id, withDocument(params) { prepareRename($0, params) })]
        case "textDocument/rename":
            return withDocumentResult(id, params) { (document: Document) throws(RequestError) -> Any in try rename(document, params) }
        case "textDocument/documentSymbol": return [result(id, withDocument(params) { documentSymbols($0) })]
        case "textDocument/foldingRange": return [result(id, withDocument(params) { foldingRanges($0) })]
        case "textDocument/semanticTokens/full": return [result(id, withDocument(params) { semanticTokens($0) })]
        case "textDocument/formatting":
            return withDocumentResult(id, params) { (document: Document) throws(RequestError) -> Any in try formatting(document) }
        case "textDocument/documentColor": return [result(id, withDocument(params) { documentColors($0) })]
        case "textDocument/colorPresentation": return [result(id, colorPresentations(params))]
        case "textDocument/codeAction": return [result(id, withDocument(params) { codeActions($0, params) })]
        default: return [error(id, code: -32601, message: "method not found: \(method)")]
        }
    }

    private func notification(_ method: String, _ params: [String: Any]) -> [[String: Any]] {
        switch method {
        case "exit":
            exitCode = shutdownRequested ? 0 : 1
            return []
        case "textDocument/didOpen":
            guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String, let text = item["text"] as? String else { return [] }
            return update(uri: uri, text: text, version: item["version"] as? Int ?? 0)
        case "textDocument/didChange":
            guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String,
                let changes = params["contentChanges"] as? [[String: Any]], let text = changes.last?["text"] as? String
            else { return [] }
            return update(uri: uri, text: text, version: item["version"] as? Int ?? 0)
        case "textDocument/didSave":
            return []
        case "textDocument/didClose":
            guard let item = params["textDocument"] as? [String: Any], let uri = item["uri"] as? String else { return [] }
            documents[uri] = nil
            // Files importing it now read it from disk.
            return recheckAll() + [publish(uri: uri, diagnostics: [])]
        default:
            return []
        }
    }

    private func initialize(_ params: [String: Any]) -> [String: Any] {
        let general = (params["capabilities"] as? [String: Any])?["general"] as? [String: Any]
        let offered = general?["positionEncodings"] as? [String] ?? []
        encoding = offered.contains("utf-8") ? .utf8 : .utf16
        return [
            "capabilities": [
                "positionEncoding": encoding.rawValue,
                "textDocumentSync": ["openClose": true, "change": 1, "save": true],
                "hoverProvider": true,
                "completionProvider": ["triggerCharacters": [".", ":", " "]],
                "definitionProvider": true,
                "referencesProvider": true,
                "renameProvider": ["prepareProvider": true],
                "documentSymbolProvider": true,
                "foldingRangeProvider": true,
                "semanticTokensProvider": ["legend": ["tokenTypes": SemanticTokens.types, "tokenModifiers": ["declaration"]], "full": true],
                "documentFormattingProvider": true,
                "colorProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            ] as [String: Any],
            "serverInfo": ["name": "stackc", "version": "0.1.0"],
        ]
    }

    // MARK: Documents

    /// Stores the text, re-checks it and every open document that imports
    /// it, and publishes their diagnostics.
    private func update(uri: String, text: String, version: Int) -> [[String: Any]] {
        documents[uri] = analyze(uri: uri, text: text, version: version)
        var out = [publishDiagnostics(for: uri)]
        let changedPath = URIs.path(uri)
        for (other, document) in documents where other != uri && document.check.sources.files.dropFirst().contains(where: { FilePaths.absolute($0.path) == changedPath }) {
            documents[other] = analyze(uri: other, text: document.text, version: document.version)
            out.append(publishDiagnostics(for: other))
        }
        return out
    }

    private func recheckAll() -> [[String: Any]] {
        var out: [[String: Any]] = []
        for (uri, document) in documents.sorted(by: { $0.key < $1.key }) {
            documents[uri] = analyze(uri: uri, text: document.text, version: document.version)
            out.append(publishDiagnostics(for: uri))
        }
        return out
    }

    func analyze(uri: String, text: String, version: Int) -> Document {
        let path = URIs.path(uri)
        let source = SourceFile(path: path, text: text)
        var open: [String: [UInt8]] = [:]
        for (other, document) in documents where other != uri { open[URIs.path(other)] = document.source.bytes }
        let check = Compiler.check(source, loader: OverlayLoader(open: open), cache: &cache)
        var lexer = Lexer(file: FileID(0))
        let tokens = lexer.tokenize(source.bytes)
        let syntax = Parser.parse(source, id: FileID(0)).0
        return Document(uri: uri, path: path, version: version, source: source, tokens: tokens, comments: lexer.comments, syntax: syntax, check: check)
    }

    private func publishDiagnostics(for uri: String) -> [String: Any] {
        guard let document = documents[uri] else { return publish(uri: uri, diagnostics: []) }
        let items = document.check.diagnostics.sorted.filter { $0.span.file == FileID(0) }.map { diagnostic(document, $0) }
        return publish(uri: uri, diagnostics: items, version: document.version)
    }

    private func publish(uri: String, diagnostics: [[String: Any]], version: Int? = nil) -> [String: Any] {
        var params: [String: Any] = ["uri": uri, "diagnostics": diagnostics]
        if let version { params["version"] = version }
        return ["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params]
    }

    /// A diagnostic in LSP form: range, severity, code, message, notes as
    /// related information, and a did-you-mean replacement in `data`.
    func diagnostic(_ document: Document, _ diagnostic: Diagnostic) -> [String: Any] {
        var item: [String: Any] = [
            "range": document.source.range(diagnostic.span.start, diagnostic.span.end, encoding: encoding),
            "severity": diagnostic.severity == .error ? 1 : 2,
            "code": diagnostic.code.rawValue,
            "source": "stackc",
            "message": diagnostic.message,
        ]
        let related = diagnostic.notes.map { note -> [String: Any] in
            let file = document.check.sources[note.span.file]
            return [
                "location": ["uri": note.span.file == FileID(0) ? document.uri : URIs.uri(file.path),
                             "range": file.range(note.span.start, note.span.end, encoding: encoding)],
                "message": note.message,
            ]
        }
        if !related.isEmpty { item["relatedInformation"] = related }
        if let suggestion = Self.suggestion(in: diagnostic.message) { item["data"] = ["replacement": suggestion] }
        return item
    }

    /// The `did you mean 'X'` of a message.
    static func suggestion(in message: String) -> String? {
        let marker = "did you mean '"
        guard let start = message.indices.first(where: { message[$0...].hasPrefix(marker) }) else { return nil }
        let rest = message[start...].dropFirst(marker.count)
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }

    // MARK: Plumbing

    private func withDocument(_ params: [String: Any], _ body: (Document) -> Any) -> Any {
        guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String, let document = documents[uri] else { return JSONNull() }
        return body(document)
    }

    private func withDocumentResult(_ id: Any?, _ params: [String: Any], _ body: (Document) throws(RequestError) -> Any) -> [[String: Any]] {
        guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String, let document = documents[uri] else { return [result(id, JSONNull())] }
        do throws(RequestError) {
            return [result(id, try body(document))]
        } catch {
            return [self.error(id, code: error.code, message: error.message)]
        }
    }

    struct RequestError: Error {
        var code: Int
        var message: String
    }

    /// The byte offset of `params.position` in `document`.
    func offset(_ document: Document, _ params: [String: Any]) -> Int? {
        guard let position = params["position"] as? [String: Any], let line = position["line"] as? Int, let character = position["character"] as? Int else {
            return nil
        }
        return document.source.offset(line: line, character: character, encoding: encoding)
    }

    func result(_ id: Any?, _ value: Any) -> [String: Any] {
        ["jsonrpc": "2.0", "id": id ?? JSONNull(), "result": value]
    }

    func error(_ id: Any?, code: Int, message: String) -> [String: Any] {
        ["jsonrpc": "2.0", "id": id ?? JSONNull(), "error": ["code": code, "message": message]]
    }
}
