// Expressions, one function per precedence level, lowest first:
// ternary `?:`, then the binary operators by `BinaryOperator.precedence`
// (|| && ==/!= comparisons +/- * /), unary `!` and `-`, postfix `.member`,
// and primaries (literals, names, calls, `.case`, parentheses).
//
// Outside parentheses a value ends at a line break, and `-` with a space
// before and none after starts a new value: `insets: 12 -15` is two values,
// `12 - 15` and `12-15` are one (Swift's rule for prefix operators).

extension Parser {
    mutating func parseExpression() -> Expr {
        // Nearly every value is one literal or name: read first, and then
        // given back when nothing after it continues it, it does without
        // a call at every level of precedence (a tenth of parsing a row).
        // What continues it is exactly what the levels would have taken.
        guard !at(.bang), !at(.minus) else { return parseTernary() }
        let first = parsePostfix()
        if binaryOperator() == nil, !continuesAsTernary() { return first }
        return parseTernary(startingWith: first)
    }

    /// Whether a `?` at the current token makes a conditional of what
    /// came before.
    @inline(__always)
    private func continuesAsTernary() -> Bool {
        at(.question) && (parenDepth > 0 || !current.newlineBefore)
    }

    /// `Expr(kind, span)`, unless that would be taller than
    /// `Parser.maximumExpressionHeight`: then one report per file and an
    /// `.invalid` node, so no tree the later passes see is taller.
    private mutating func node(_ kind: Expr.Kind, _ span: Span) -> Expr {
        let expr = Expr(kind, span)
        guard expr.height > Parser.maximumExpressionHeight else { return expr }
        if !reportedHeight {
            reportedHeight = true
            diagnostics.error(
                .nestingTooDeep, span,
                "this expression is more than \(Parser.maximumExpressionHeight) operators deep; split it over several properties or state")
        }
        return Expr(.invalid, span)
    }

    /// `startingWith`: the first operand's postfix expression, already read.
    private mutating func parseTernary(startingWith first: Expr? = nil) -> Expr {
        let condition = parseBinary(minimumPrecedence: 1, startingWith: first)
        guard continuesAsTernary() else { return condition }
        let question = advance()
        guard enter(question, what: "expressions") else {
            leave()
            skipExpressionRest()
            return Expr(.invalid, condition.span.to(span(from: question.start)))
        }
        defer { leave() }
        let whenTrue = parseTernary()
        guard expect(.colon, "':'", after: "in a conditional 'condition ? a : b'") != nil else {
            return node(.ternary(condition, whenTrue, Expr(.invalid, span(current).atEnd)), condition.span.to(whenTrue.span))
        }
        let whenFalse = parseTernary()
        return node(.ternary(condition, whenTrue, whenFalse), condition.span.to(whenFalse.span))
    }

    private mutating func parseBinary(minimumPrecedence: Int, startingWith first: Expr? = nil) -> Expr {
        var lhs = first ?? parseUnary()
        while let op = binaryOperator(), op.precedence >= minimumPrecedence {
            advance()
            let rhs = parseBinary(minimumPrecedence: op.precedence + 1)
            lhs = node(.binary(op, lhs, rhs), lhs.span.to(rhs.span))
        }
        return lhs
    }

    /// The binary operator at the current token, if it continues this value.
    @inline(__always)
    private func binaryOperator() -> BinaryOperator? {
        let token = current
        if parenDepth == 0 {
            if token.newlineBefore { return nil }
            if token.kind == .minus, token.spaceBefore, !peek().spaceBefore { return nil }
        }
        switch token.kind {
        case .pipePipe: return .or
        case .ampAmp: return .and
        case .equalEqual: return .equal
        case .bangEqual: return .notEqual
        case .less: return .less
        case .lessEqual: return .lessEqual
        case .greater: return .greater
        case .greaterEqual: return .greaterEqual
        case .plus: return .add
        case .minus: return .subtract
        case .star: return .multiply
        case .slash: return .divide
        default: return nil
        }
    }

    private mutating func parseUnary() -> Expr {
        guard at(.bang) || at(.minus) else { return parsePostfix() }
        let opToken = advance()
        let op: UnaryOperator = opToken.kind == .bang ? .not : .negate
        guard enter(opToken, what: "expressions") else {
            leave()
            while at(.bang) || at(.minus) { advance() }
            let operand = parsePostfix()
            return Expr(.invalid, span(opToken).to(operand.span))
        }
        defer { leave() }
        let operand = parseUnary()
        let whole = span(opToken).to(operand.span)
        // Fold a directly attached minus into a literal: `-100` is one number.
        if op == .negate, operand.span.start == opToken.end {
            switch operand.kind {
            case .number(let value): return Expr(.number(-value), whole)
            case .percent(let value): return Expr(.percent(-value), whole)
            case .duration(let value): return Expr(.duration(-value), whole)
            default: break
            }
        }
        return node(.unary(op, operand), whole)
    }

    private mutating func parsePostfix() -> Expr {
        var base = parsePrimary()
        while at(.dot), !current.spaceBefore, peek().kind == .identifier, !peek().spaceBefore {
            advance()
            let member = identifier()
            base = node(.member(base, member), base.span.to(member.span))
        }
        return base
    }

    private mutating func parsePrimary() -> Expr {
        let token = current
        switch token.kind {
        case .number:
            advance()
            return Expr(.number(Self.numberValue(bytes, token.start, numberEnd(token))), span(token))
        case .percent:
            advance()
            return Expr(.percent(Self.numberValue(bytes, token.start, token.end - 1)), span(token))
        case .duration:
            advance()
            // `ms`, `s`, or a spelling the lexer already reported (`2sec`, `300msec`).
            let end = numberEnd(token)
            let isMilliseconds = end < token.end && bytes[end] == UInt8(ascii: "m")
            let value = Self.numberValue(bytes, token.start, end)
            return Expr(.duration(isMilliseconds ? value / 1000 : value), span(token))
        case .string:
            advance()
            if let plain = plainString(token) { return Expr(.string(plain), span(token)) }
            if hasInterpolation(token) { return parseInterpolation(token) }
            return Expr(.string(decodeString(token)), span(token))
        case .color:
            advance()
            return Expr(.color(Self.colorValue(bytes, token)), span(token))
        case .identifier:
            return parseName()
        case .dot:
            advance()
            guard at(.identifier), !current.spaceBefore else {
                reportExpected("an enum case name", after: "after '.'")
                return Expr(.invalid, span(token))
            }
            let name = identifier()
            return Expr(.enumCase(name.name), span(token).to(name.span))
        case .leftParen:
            return parseParenthesized()
        default:
            reportExpected("a value")
            if !at(.rightBrace), !at(.rightParen), !at(.endOfFile), !at(.comma) { advance() }
            return Expr(.invalid, span(token))
        }
    }

    private mutating func parseName() -> Expr {
        // `true` and `false` told from the bytes: no string made for them.
        if isText(current, "true") { return Expr(.bool(true), span(advance())) }
        if isText(current, "false") { return Expr(.bool(false), span(advance())) }
        let name = identifier()
        guard at(.leftParen), !current.spaceBefore else { return Expr(.name(name.name), name.span) }
        let open = current
        guard enter(open, what: "expressions") else {
            leave()
            skipBalanced(.leftParen, .rightParen)
            return Expr(.invalid, name.span.to(span(from: open.start)))
        }
        defer { leave() }
        advance()
        parenDepth += 1
        defer { parenDepth -= 1 }
        var arguments: [Expr] = []
        while !at(.rightParen), !at(.endOfFile), !at(.rightBrace) {
            arguments.append(parseArgument())
            if consume(.comma) == nil { break }
        }
        if expect(.rightParen, "',' or ')'", after: "in the arguments of '\(name.name)'") == nil {
            arguments.append(Expr(.invalid, span(current).atEnd))
        }
        return node(.call(name, arguments), name.span.to(span(from: open.start)))
    }

    /// One argument of a call: `label: value` (`after: tags`), a row
    /// (`Chip { label: "Sauna" }`, `Chip sauna { … }`), or a value.
    private mutating func parseArgument() -> Expr {
        if at(.identifier), peek().kind == .colon {
            let label = identifier()
            advance()
            let value = parseArgument()
            return node(.labeled(label, value), label.span.to(value.span))
        }
        if at(.identifier), let first = bytes[current.start...].first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"),
            peek().kind == .leftBrace || (peek().kind == .identifier && peek(2).kind == .leftBrace)
        {
            // A row's block reads values that end at line breaks, as anywhere else.
            let outerParens = parenDepth
            parenDepth = 0
            defer { parenDepth = outerParens }
            let row = parseRow()
            return Expr(.row(row), row.span)
        }
        return parseExpression()
    }

    private mutating func parseParenthesized() -> Expr {
        let open = current
        guard enter(open, what: "expressions") else {
            leave()
            skipBalanced(.leftParen, .rightParen)
            return Expr(.invalid, span(from: open.start))
        }
        defer { leave() }
        advance()
        parenDepth += 1
        var inner = parseExpression()
        parenDepth -= 1
        if expect(.rightParen, "')'", after: "to close '('") == nil {
            inner = Expr(.invalid, inner.span)
        }
        inner.span = span(from: open.start)
        return inner
    }

    /// Where the digits of a number token end (before a unit, reported or not).
    @inline(__always)
    private func numberEnd(_ token: Token) -> Int {
        var end = token.start
        while end < token.end, bytes[end] == UInt8(ascii: ".") || (bytes[end] >= 0x30 && bytes[end] <= 0x39) { end += 1 }
        return end
    }

    /// Skips the rest of a value that is too deep to parse.
    private mutating func skipExpressionRest() {
        var parens = 0
        while !at(.endOfFile) {
            if parens == 0, parenDepth == 0, current.newlineBefore { return }
            switch current.kind {
            case .leftParen: parens += 1
            case .rightParen:
                if parens == 0 { return }
                parens -= 1
            case .rightBrace: return
            case .semicolon, .comma:
                if parens == 0 { return }
            default: break
            }
            advance()
        }
    }
}
