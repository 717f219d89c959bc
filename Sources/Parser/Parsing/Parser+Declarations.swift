// Top-level declarations: import, enum, component, screen and flow.

extension Parser {
    static let declarationKeywords = ["import", "localize", "enum", "record", "component", "screen", "flow"]

    mutating func parseFile() -> SourceFileSyntax {
        var imports: [ImportDecl] = []
        var declarations: [Declaration] = []
        var localize: LocalizeDecl?
        while !at(.endOfFile) {
            let before = index
            if atKeyword("import") {
                if let decl = parseImport() { imports.append(decl) }
            } else if atKeyword("localize") {
                if let decl = parseLocalize() {
                    if let first = localize {
                        diagnostics.error(
                            .duplicateDeclaration, decl.span, "a file is localized from one catalog; it already names '\(first.path)'")
                    } else {
                        localize = decl
                    }
                }
            } else if atKeyword("enum") {
                if let decl = parseEnum() { declarations.append(.enumeration(decl)) }
            } else if atKeyword("record") {
                if let decl = parseRecord() { declarations.append(.record(decl)) }
            } else if atKeyword("component") {
                if let decl = parseComponent() { declarations.append(.component(decl)) }
            } else if atKeyword("screen") || atKeyword("flow") {
                if let decl = parseStackDecl() { declarations.append(.stack(decl)) }
            } else if at(.semicolon) {
                advance()
            } else {
                reportTopLevel()
                synchronizeDeclaration()
            }
            if index == before { advance() }
        }
        var syntax = SourceFileSyntax(file: file, imports: imports, declarations: declarations, comments: [])
        syntax.localize = localize
        return syntax
    }

    /// `localize from "Localizable.xcstrings"`
    private mutating func parseLocalize() -> LocalizeDecl? {
        let keyword = advance()
        guard atKeyword("from") else {
            reportExpected("'from' and a String Catalog's path", after: "after 'localize'")
            synchronizeMember()
            return nil
        }
        advance()
        guard let pathToken = expect(.string, "a String Catalog's path in quotes", after: "after 'localize from'") else {
            synchronizeMember()
            return nil
        }
        if hasInterpolation(pathToken) {
            diagnostics.error(.expectedToken, span(pathToken), "a catalog path is plain text: it cannot hold '\\(…)'")
        }
        return LocalizeDecl(path: decodeString(pathToken), pathSpan: span(pathToken), span: span(from: keyword.start))
    }

    private mutating func reportTopLevel() {
        guard !at(.invalid) else { return }
        var message = "expected 'import', 'localize', 'enum', 'record', 'component', 'screen' or 'flow', found \(found)"
        if at(.identifier), peek().kind == .leftBrace || peek().kind == .identifier {
            let name = text(current)
            if let suggestion = Suggestions.closest(to: name, in: Parser.declarationKeywords) {
                message += "; did you mean '\(suggestion)'?"
            } else if name.first?.isUppercase == true {
                message += "; rows belong inside a screen, flow or component"
            }
        }
        diagnostics.error(.expectedDeclaration, span(current), message)
    }

    /// Skips to the next line that starts with a declaration keyword.
    private mutating func synchronizeDeclaration() {
        advance()
        var braces = 0
        while !at(.endOfFile) {
            if braces == 0, current.newlineBefore, at(.identifier),
                Parser.declarationKeywords.contains(where: { atKeyword($0) })
            {
                return
            }
            if at(.leftBrace) { braces += 1 }
            if at(.rightBrace) { braces = max(0, braces - 1) }
            advance()
        }
    }

    private mutating func parseImport() -> ImportDecl? {
        let keyword = advance()
        guard let pathToken = expect(.string, "a file path in quotes", after: "after 'import'") else {
            synchronizeMember()
            return nil
        }
        if hasInterpolation(pathToken) {
            diagnostics.error(.expectedToken, span(pathToken), "an import path is plain text: it cannot hold '\\(…)'")
        }
        let path = decodeString(pathToken)
        return ImportDecl(path: path, pathSpan: span(pathToken), span: span(from: keyword.start))
    }

    private mutating func parseEnum() -> EnumDecl? {
        let keyword = advance()
        guard at(.identifier) else {
            reportExpected("an enum name", after: "after 'enum'")
            synchronizeDeclaration()
            return nil
        }
        let name = identifier()
        var cases: [Identifier] = []
        guard let open = expect(.leftBrace, after: "after the enum name") else {
            synchronizeDeclaration()
            return nil
        }
        while !at(.rightBrace), !at(.endOfFile) {
            if at(.identifier) {
                cases.append(identifier())
                if !at(.rightBrace), consume(.comma) == nil {
                    if current.newlineBefore, at(.identifier) { continue }
                    reportExpected("',' or '}'", after: "after an enum case")
                    skipTo(.rightBrace)
                }
            } else if at(.dot), peek().kind == .identifier {
                // `enum Tab { .info }` — accept the case, say how it is written.
                diagnostics.error(.expectedToken, span(current), "enum cases are declared without a leading '.'")
                advance()
            } else {
                reportExpected("an enum case name", after: "in enum '\(name.name)'")
                skipTo(.rightBrace)
            }
        }
        closeBlock(open: open, what: "enum '\(name.name)'")
        return EnumDecl(name: name, cases: cases, span: span(from: keyword.start))
    }

    private mutating func parseRecord() -> RecordDecl? {
        let keyword = advance()
        guard at(.identifier) else {
            reportExpected("a record name", after: "after 'record'")
            synchronizeDeclaration()
            return nil
        }
        let name = identifier()
        guard let open = expect(.leftBrace, after: "after the record name") else {
            synchronizeDeclaration()
            return nil
        }
        var fields: [FieldDecl] = []
        while !at(.rightBrace), !at(.endOfFile) {
            if at(.semicolon) || at(.comma) {
                advance()
                continue
            }
            guard at(.identifier), peek().kind == .colon else {
                reportExpected("a field ('name: type')", after: "in record '\(name.name)'")
                skipTo(.rightBrace)
                break
            }
            let field = identifier()
            advance()
            guard let (type, isList) = parseTypeName(what: "field '\(field.name)'") else {
                skipTo(.rightBrace)
                break
            }
            var value: Expr?
            if consume(.equal) != nil { value = parseExpression() }
            fields.append(FieldDecl(name: field, type: type, isList: isList, defaultValue: value, span: span(from: field.span.start)))
        }
        closeBlock(open: open, what: "record '\(name.name)'")
        return RecordDecl(name: name, fields: fields, span: span(from: keyword.start))
    }

    /// `type` or `[type]`.
    mutating func parseTypeName(what: String) -> (TypeSyntax, Bool)? {
        let isList = consume(.leftBracket) != nil
        guard at(.identifier) else {
            reportExpected("a type", after: "for \(what)")
            return nil
        }
        let type = identifier()
        if isList, expect(.rightBracket, "']'", after: "to close the list type") == nil { return nil }
        return (type, isList)
    }

    /// Skips up to (not past) `kind` or the end of the file.
    mutating func skipTo(_ kind: TokenKind) {
        while !at(kind), !at(.endOfFile) { advance() }
    }

    private mutating func parseComponent() -> ComponentDecl? {
        let keyword = advance()
        guard at(.identifier) else {
            reportExpected("a component name", after: "after 'component'")
            synchronizeDeclaration()
            return nil
        }
        let name = identifier()
        var parameters: [ParameterDecl] = []
        if consume(.leftParen) != nil {
            while !at(.rightParen), !at(.endOfFile), !at(.leftBrace) {
                guard let parameter = parseParameter() else {
                    while !at(.rightParen), !at(.comma), !at(.leftBrace), !at(.endOfFile) { advance() }
                    _ = consume(.comma)
                    continue
                }
                parameters.append(parameter)
                if !at(.rightParen), consume(.comma) == nil {
                    reportExpected("',' or ')'", after: "after a parameter")
                    while !at(.rightParen), !at(.leftBrace), !at(.endOfFile) { advance() }
                }
            }
            _ = expect(.rightParen, after: "to close the parameter list")
        }
        guard expect(.colon, "':' and the row kind it builds on", after: "after the component's parameters") != nil,
            at(.identifier)
        else {
            if !at(.leftBrace) { synchronizeDeclaration(); return nil }
            if previous.kind == .colon { reportExpected("a row kind such as 'Text'") }
            let body = parseBlock(what: "component '\(name.name)'")
            return ComponentDecl(
                name: name, parameters: parameters, base: Identifier("", span(current).atEnd),
                body: Block(members: body.members, span: body.span, isInvalid: true), span: span(from: keyword.start))
        }
        let base = identifier()
        let body = parseBlock(what: "component '\(name.name)'")
        return ComponentDecl(name: name, parameters: parameters, base: base, body: body, span: span(from: keyword.start))
    }

    private mutating func parseParameter() -> ParameterDecl? {
        guard at(.identifier) else {
            reportExpected("a parameter name")
            return nil
        }
        let name = identifier()
        guard expect(.colon, after: "after parameter '\(name.name)'") != nil else { return nil }
        guard at(.identifier) else {
            reportExpected("a type", after: "for parameter '\(name.name)'")
            return nil
        }
        let type = identifier()
        var defaultValue: Expr?
        if consume(.equal) != nil {
            defaultValue = parseExpression()
        }
        return ParameterDecl(name: name, type: type, defaultValue: defaultValue)
    }

    private mutating func parseStackDecl() -> StackDecl? {
        let keywordToken = advance()
        let kind: StackDeclKind = isText(keywordToken, "screen") ? .screen : .flow
        guard at(.identifier) else {
            reportExpected("a \(kind.rawValue) name", after: "after '\(kind.rawValue)'")
            if at(.leftBrace) {
                _ = parseBlock(what: kind.rawValue)
            } else {
                synchronizeDeclaration()
            }
            return nil
        }
        let name = identifier()
        let body = parseBlock(what: "\(kind.rawValue) '\(name.name)'", defersRows: defersRows)
        return StackDecl(kind: kind, keyword: span(keywordToken), name: name, body: body, span: span(from: keywordToken.start))
    }
}
