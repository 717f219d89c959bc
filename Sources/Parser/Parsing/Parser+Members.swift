// Blocks and what stands in them: properties, state, nested blocks and rows.

extension Parser {
    /// Parses `{ members }` at the current token. `what` names the block in
    /// "expected '}' to close …". A missing `{` yields an empty invalid block.
    /// `defersRows`: rows among the members are stepped over and kept as
    /// `Member.deferredRows` (a screen's or flow's body, when the parse
    /// defers rows).
    mutating func parseBlock(what: @autoclosure () -> String, defersRows: Bool = false) -> Block {
        guard at(.leftBrace) else {
            reportExpected("'{'", after: "to open \(what())")
            return Block(members: [], span: span(current).atEnd, isInvalid: true)
        }
        let open = current
        guard enter(open, what: "blocks") else {
            skipBalanced(.leftBrace, .rightBrace)
            leave()
            return Block(members: [], span: span(from: open.start), isInvalid: true)
        }
        defer { leave() }
        advance()
        // Members are pushed on one stack for all the blocks being parsed,
        // then moved into an array of their exact count: one allocation
        // per block and no room left over in the tree (rows' blocks
        // reserved for four members held two or three, a third of a
        // 100k-row screen's syntax tree).
        let mark = memberStack.mark
        var deferred: [DeferredRow] = []
        while !at(.rightBrace), !at(.endOfFile) {
            let before = index
            if defersRows, atRow() {
                // In runs of at most `deferredRun`: the checker lets each
                // run go once its rows are checked (one run of a million
                // rows lived, 20 MB, until the last was checked).
                if deferred.count == Self.deferredRun {
                    memberStack.push(.deferredRows(DeferredRows(file: file, rows: deferred)))
                    deferred = []
                    deferred.reserveCapacity(Self.deferredRun)
                }
                skimRows(into: &deferred)
                continue
            }
            if let member = parseMember() {
                if !deferred.isEmpty { memberStack.push(.deferredRows(DeferredRows(file: file, rows: deferred))) }
                deferred = []
                memberStack.push(member)
            }
            if index == before { advance() }
        }
        if !deferred.isEmpty { memberStack.push(.deferredRows(DeferredRows(file: file, rows: deferred))) }
        let taken = memberStack.take(from: mark, reusing: &spareMembers)
        let closed = closeBlock(open: open, what: what())
        return Block(members: taken, span: span(from: open.start), isInvalid: !closed)
    }

    /// The most rows one `.deferredRows` member holds.
    static let deferredRun = 4096

    /// Consumes the `}` matching `open`, or reports the unclosed block once.
    @discardableResult
    mutating func closeBlock(open: Token, what: @autoclosure () -> String) -> Bool {
        if consume(.rightBrace) != nil { return true }
        if !reportedEndOfFile {
            reportedEndOfFile = true
            let location = "line \(lineNumber(of: open.start))"
            let what = what()
            diagnostics.error(
                .unclosedBlock, currentOrEnd,
                "expected '}' to close \(what), opened on \(location)",
                notes: [DiagnosticNote(span: span(open), message: "\(what) opens here")])
        }
        return false
    }

    private func lineNumber(of offset: Int) -> Int {
        var line = 1
        for byte in bytes[0..<offset] where byte == 0x0A { line += 1 }
        return line
    }

    private mutating func parseMember() -> Member? {
        switch current.kind {
        case .semicolon:
            advance()
            return nil
        case .identifier:
            break
        default:
            reportMember()
            synchronizeMember(atMemberStart: true)
            return nil
        }
        let next = peek()
        if next.kind == .colon {
            return parseProperty().map(Member.property)
        }
        if atKeyword("state"), next.kind == .identifier {
            return parseState().map(Member.state)
        }
        if atKeyword("data"), next.kind == .identifier {
            return parseData().map(Member.data)
        }
        if atKeyword("for"), next.kind == .identifier {
            return parseFor().map(Member.repeating)
        }
        // Swift's `var`/`let` for state: said once, then read as state.
        if atKeyword("var") || atKeyword("let"), next.kind == .identifier, peek(2).kind == .colon || peek(2).kind == .equal {
            let type = peek(2).kind == .colon && peek(3).kind == .identifier ? ": " + text(peek(3)) : ""
            diagnostics.error(
                .expectedMember, span(current),
                "state is declared with 'state', not '\(text(current))': 'state \(text(next))\(type) = …'")
            return parseState().map(Member.state)
        }
        if opensBlock(after: next) {
            if let keyword = blockKeyword() {
                return .block(parseNestedBlock(keyword))
            }
            return .row(parseRow())
        }
        reportMember()
        synchronizeMember(atMemberStart: true)
        return nil
    }

    /// `{`, or a name and `{`, follow the current token.
    @inline(__always)
    private func opensBlock(after next: Token) -> Bool {
        next.kind == .leftBrace || (next.kind == .identifier && peek(2).kind == .leftBrace)
    }

    /// True when `parseMember` would parse a row here: the same tests, in
    /// the same order.
    func atRow() -> Bool {
        guard at(.identifier) else { return false }
        let next = peek()
        if next.kind == .colon { return false }
        if next.kind == .identifier, atKeyword("state") || atKeyword("data") || atKeyword("for") { return false }
        if atKeyword("var") || atKeyword("let"), next.kind == .identifier, peek(2).kind == .colon || peek(2).kind == .equal { return false }
        return opensBlock(after: next) && blockKeyword() == nil
    }

    /// Steps over the row at the current token, matching its braces, and
    /// appends where it stands to `deferred` — and so for the rows right
    /// after it that the lexer recognises, up to `deferredRun`. Whether a
    /// row parses to the same end is for `DeferredRowParser` to find out:
    /// a row with a problem may not (`size: {` takes the `{` as a bad
    /// value).
    mutating func skimRows(into deferred: inout [DeferredRow]) {
        let first = current
        // The kind, and the id if there is one: both within the lookahead
        // the parser keeps lexed, so walked without `advance()` (which
        // would lex a window more), as are the tokens lexed already; then
        // the lexer steps over the rest without making tokens of them
        // (`Lexer.skipBraces`), matching the same braces, and over the
        // rows after it.
        var next = index - base + 1
        if tokens[next].kind == .identifier { next += 1 }
        var level = 0
        while next < tokens.count {
            let kind = tokens[next].kind
            if kind == .endOfFile { break }
            if kind == .leftBrace { level += 1 } else if kind == .rightBrace { level -= 1 }
            next += 1
            if level <= 0 { break }
        }
        guard level > 0, next == tokens.count, lexer != nil else {
            index = base + next
            if next + Parser.lookahead >= tokens.count { lexMore() }
            deferred.append(DeferredRow(token: first, end: UInt32(previous.end)))
            return
        }
        // Only the last token stepped over is kept, as the previous one
        // (or, when there was none, the last one walked).
        let walked = tokens[next - 1]
        tokens.removeAll(keepingCapacity: true)
        let at = deferred.count
        deferred.append(DeferredRow(token: first, end: 0))
        if let from = skimAheadFrom, lexer != nil {
            skimAheadFrom = nil
            skimmedAhead = RowsSkimmedAhead.start(bytes, file: file, from: first.start, indentation: indentation(of: first), threshold: from)
        }
        let (stepped, end) = lexer!.skipBraces(
            bytes, level: level, thenLex: Parser.skimmingWindow, into: &tokens, rowsAfter: &deferred, upTo: Self.deferredRun,
            ahead: skimmedAhead)
        if stepped == 0 { tokens.insert(walked, at: 0) }
        if lexer!.finished, lexer!.endsInComment { reportedEndOfFile = true }
        base += next + stepped - 1
        index = base + 1
        if 1 + Parser.lookahead >= tokens.count { lexMore() }
        deferred[at] = DeferredRow(token: first, end: UInt32(end ?? previous.end))
    }

    /// The spaces and tabs between the start of `token`'s line and `token`
    /// (none if anything else stands there).
    private func indentation(of token: Token) -> ArraySlice<UInt8> {
        var start = token.start
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        return start == 0 || bytes[start - 1] == 0x0A ? bytes[start..<token.start] : bytes[token.start..<token.start]
    }

    /// The block keyword at the current token, compared as bytes (rows are
    /// far more common than blocks, and most start with a capital).
    @inline(__always)
    private func blockKeyword() -> BlockKeyword? {
        let first = bytes[current.start]
        guard first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return nil }
        return BlockKeyword.allCases.first { isText(current, $0.rawValue) }
    }

    private mutating func reportMember() {
        guard !at(.invalid) else { return }
        var message = "expected a property, a row or '}', found \(found)"
        let continues: Set<TokenKind> = [.question, .colon, .plus, .minus, .star, .slash, .ampAmp, .pipePipe, .equalEqual, .bangEqual]
        if current.newlineBefore, continues.contains(current.kind) {
            message += "; a value ends at the end of its line — to continue one on the next line, wrap it in parentheses"
        }
        if at(.identifier) {
            let next = peek()
            if next.kind == .equal {
                message += "; properties are written 'name: value'"
            } else if !next.newlineBefore, next.kind != .rightBrace {
                message += "; did you forget ':' after '\(text(current))'?"
            } else if text(current).first?.isUppercase == true {
                message += "; a row needs a body, as in '\(text(current)) { }'"
            }
        }
        diagnostics.error(.expectedMember, span(current), message)
    }

    private mutating func parseProperty() -> Property? {
        let name = identifier()
        advance()  // ':'
        guard let value = parsePropertyValue(after: name.name) else {
            synchronizeMember()
            return nil
        }
        return Property(name: name, value: value, span: name.span.to(value.span))
    }

    /// Comma-separated groups of space-separated expressions, ending at a line
    /// break, `;`, `}`, or the start of the next property on the same line.
    mutating func parsePropertyValue(after name: String) -> PropertyValue? {
        guard startsValue(current), !current.newlineBefore else {
            if !at(.invalid) {
                diagnostics.error(.expectedValue, span(previous), "expected a value after '\(name):', found \(found)")
            }
            return nil
        }
        let start = current.start
        // Any diagnostic while parsing the value means it holds an invalid node.
        let diagnosticsBefore = diagnostics.items.count
        let first = parseExpression()
        if !at(.comma), !(startsValue(current) && !current.newlineBefore && !atNextProperty()) {
            return PropertyValue(
                single: first, span: span(from: start), containsInvalid: diagnostics.items.count > diagnosticsBefore)
        }
        var groups: [[Expr]] = []
        // Room for four at once: grown from one, `insets: 8 15 8 15` took
        // three arrays to make.
        var group: [Expr] = []
        group.reserveCapacity(4)
        group.append(first)
        while true {
            if at(.comma) {
                advance()
                groups.append(group)
                guard startsValue(current) else {
                    if !at(.invalid) {
                        diagnostics.error(.expectedValue, span(previous), "expected a value after ',', found \(found)")
                    }
                    group = [Expr(.invalid, span(current).atEnd)]
                    break
                }
                group = [parseExpression()]
            } else if startsValue(current), !current.newlineBefore, !atNextProperty() {
                group.append(parseExpression())
            } else {
                break
            }
        }
        let containsInvalid = diagnostics.items.count > diagnosticsBefore
        guard !groups.isEmpty else { return PropertyValue(spaced: group, span: span(from: start), containsInvalid: containsInvalid) }
        groups.append(group)
        return PropertyValue(groups: groups, span: span(from: start), containsInvalid: containsInvalid)
    }

    /// An identifier followed by `:` or `{` on the same line begins the next
    /// member (`duration: 300ms  curve: spring(0.8)`), not another value.
    @inline(__always)
    private func atNextProperty() -> Bool {
        guard at(.identifier) else { return false }
        let next = peek().kind
        return next == .colon || next == .leftBrace || (next == .identifier && peek(2).kind == .leftBrace)
    }

    @inline(__always)
    func startsValue(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .number, .percent, .duration, .string, .color, .leftParen, .bang, .minus, .dot:
            true
        default:
            false
        }
    }

    private mutating func parseState() -> StateDecl? {
        let keyword = advance()
        let name = identifier()
        var type: TypeSyntax?
        if !at(.equal) {
            guard expect(.colon, "':' and a type, or '='", after: "after state '\(name.name)'") != nil else {
                synchronizeMember()
                return nil
            }
            guard at(.identifier) else {
                reportExpected("a type", after: "for state '\(name.name)'")
                synchronizeMember()
                return nil
            }
            type = identifier()
        }
        guard expect(.equal, "'=' and an initial value", after: "in state '\(name.name)'") != nil else {
            synchronizeMember()
            return nil
        }
        guard startsValue(current) else {
            reportExpected("an initial value", after: "for state '\(name.name)'")
            synchronizeMember()
            return nil
        }
        let value = parseExpression()
        return StateDecl(name: name, type: type, initialValue: value, span: span(from: keyword.start))
    }

    private mutating func parseNestedBlock(_ keyword: BlockKeyword) -> NestedBlock {
        let keywordToken = advance()
        var name: Identifier?
        if at(.identifier) { name = identifier() }
        let body = parseBlock(what: name.map { "\(keyword.rawValue) '\($0.name)'" } ?? "'\(keyword.rawValue)'")
        return NestedBlock(
            keyword: keyword, keywordSpan: span(keywordToken), name: name, body: body, span: span(from: keywordToken.start))
    }

    /// `data name: [Record]`
    private mutating func parseData() -> DataDecl? {
        let keyword = advance()
        let name = identifier()
        guard expect(.colon, "':' and a type", after: "in data '\(name.name)'") != nil,
            let (type, isList) = parseTypeName(what: "data '\(name.name)'")
        else {
            synchronizeMember()
            return nil
        }
        return DataDecl(name: name, type: type, isList: isList, span: span(from: keyword.start))
    }

    /// `for x in list key x.field { rows }`
    private mutating func parseFor() -> ForSyntax? {
        let keyword = advance()
        let variable = identifier()
        guard atKeyword("in") else {
            reportExpected("'in' and a list", after: "after 'for \(variable.name)'")
            synchronizeMember()
            return nil
        }
        advance()
        let list = parseExpression()
        var key: Expr?
        if atKeyword("key") {
            advance()
            key = parseExpression()
        }
        guard at(.leftBrace) else {
            reportExpected("'{' and the rows to repeat", after: "after the list of 'for'")
            synchronizeMember()
            return nil
        }
        let body = parseBlock(what: "'for \(variable.name)'")
        return ForSyntax(variable: variable, list: list, key: key, body: body, span: span(from: keyword.start))
    }

    mutating func parseRow() -> RowSyntax {
        let kind = identifier()
        var id: Identifier?
        // Not through `names`: ids are spelt once each.
        if at(.identifier) {
            let token = advance()
            id = Identifier(text(token), span(token))
        }
        let body = parseBlock(what: id.map { "\(kind.name) '\($0.name)'" } ?? "'\(kind.name)'")
        return RowSyntax(kind: kind, span: span(from: kind.span.start), id: id, body: body)
    }
}
