// Definition, references and rename of the names Project resolves, across
// the document and the files it imports.

import StackCompiler
import StackParser

extension LanguageServer {
    /// The symbol under the cursor and the project it was resolved in.
    func symbolAtCursor(_ document: Document, _ params: [String: Any]) -> (Project, Symbol, token: Int)? {
        guard let offset = offset(document, params) else { return nil }
        let project = Project(document)
        guard let index = project.files[0].token(at: offset), let symbol = project.symbol(file: 0, token: index) else { return nil }
        return (project, symbol, index)
    }

    func location(_ project: Project, _ document: Document, file: Int, span: Span) -> [String: Any] {
        let source = project.files[file].source
        return ["uri": file == 0 ? document.uri : URIs.uri(source.path), "range": source.range(span.start, span.end, encoding: encoding)]
    }

    func definition(_ document: Document, _ params: [String: Any]) -> Any {
        // An import's path: the file it names.
        if let offset = offset(document, params),
            let decl = document.syntax.imports.first(where: { $0.pathSpan.start <= offset && offset <= $0.pathSpan.end }),
            let file = document.check.sources.files.dropFirst().first(where: { FilePaths.lastComponent($0.path) == FilePaths.lastComponent(decl.path) })
        {
            return ["uri": URIs.uri(file.path), "range": file.range(0, 0, encoding: encoding)]
        }
        guard let (project, symbol, _) = symbolAtCursor(document, params), let (file, span) = project.declaration(of: symbol) else {
            return JSONNull()
        }
        return location(project, document, file: file, span: span)
    }

    func references(_ document: Document, _ params: [String: Any]) -> Any {
        guard let (project, symbol, _) = symbolAtCursor(document, params) else { return [] }
        let includeDeclaration = ((params["context"] as? [String: Any])?["includeDeclaration"] as? Bool) ?? true
        let declaration = project.declaration(of: symbol)
        return project.occurrences(of: symbol)
            .filter { includeDeclaration || !(declaration?.file == $0.file && declaration?.span == $0.span) }
            .map { location(project, document, file: $0.file, span: $0.span) }
    }

    func prepareRename(_ document: Document, _ params: [String: Any]) -> Any {
        guard let (project, symbol, index) = symbolAtCursor(document, params) else { return JSONNull() }
        let token = project.files[0].tokens[index]
        return ["range": document.source.range(token.start, token.end, encoding: encoding), "placeholder": symbol.name]
    }

    func rename(_ document: Document, _ params: [String: Any]) throws(RequestError) -> Any {
        guard let newName = params["newName"] as? String else { throw RequestError(code: -32602, message: "rename needs newName") }
        guard let (project, symbol, _) = symbolAtCursor(document, params) else {
            throw RequestError(code: -32602, message: "nothing here can be renamed: put the cursor on a component, enum, case, state, row id, parameter, step, record, field or data")
        }
        guard Self.isIdentifier(newName) else {
            throw RequestError(code: -32602, message: "'\(newName)' is not a name: letters, digits, '_' and '-' between letters")
        }
        var changes: [String: [[String: Any]]] = [:]
        for (file, span) in project.occurrences(of: symbol) {
            let place = location(project, document, file: file, span: span)
            guard let uri = place["uri"] as? String else { continue }
            changes[uri, default: []].append(["range": place["range"] ?? [:], "newText": newName])
        }
        return ["changes": changes]
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
            && !name.hasSuffix("-")
    }
}
