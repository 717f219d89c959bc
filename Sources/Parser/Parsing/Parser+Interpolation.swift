// String interpolation: `"\(nights) nights"`. The lexer keeps the whole
// literal as one string token and only finds where each `\(…)` ends; here
// the literal is split into text and values, and each value is lexed and
// parsed on its own, with offsets into the file so that diagnostics, hover
// and go-to-definition point inside the string.

extension Parser {
    /// Whether the string token holds a `\(` interpolation.
    func hasInterpolation(_ token: Token) -> Bool {
        var i = token.start + 1
        while i + 1 < token.end {
            if bytes[i] == UInt8(ascii: "\\") {
                if bytes[i + 1] == UInt8(ascii: "(") { return true }
                i += 2
            } else {
                i += 1
            }
        }
        return false
    }

    /// The interpolated string literal `token`, as text and values.
    mutating func parseInterpolation(_ token: Token) -> Expr {
        var parts: [InterpolationPart] = []
        var closed = token.end
        if closed > token.start + 1, bytes[closed - 1] == UInt8(ascii: "\"") { closed -= 1 }
        var literalStart = token.start + 1
        let ranges = Lexer.interpolationRanges(of: token, in: bytes)
        // One without its ')' was reported by the lexer: nothing more to say.
        if let last = ranges.last, last.upperBound >= bytes.count || bytes[last.upperBound] != UInt8(ascii: ")") {
            return Expr(.invalid, span(token))
        }
        for range in ranges {
            // The text before `\(`.
            let textEnd = range.lowerBound - 2
            if textEnd > literalStart { parts.append(.text(decodeBytes(from: literalStart, to: textEnd))) }
            parts.append(.expr(parseInterpolatedValue(from: range.lowerBound, to: range.upperBound)))
            literalStart = min(range.upperBound + 1, closed)
        }
        if closed > literalStart { parts.append(.text(decodeBytes(from: literalStart, to: closed))) }
        return Expr(.interpolation(parts), span(token))
    }

    /// One `\(…)`: the bytes between the parentheses, lexed and parsed as
    /// an expression that must use them all.
    private mutating func parseInterpolatedValue(from start: Int, to end: Int) -> Expr {
        // With its closing parenthesis, so that "expected a value" finds ')'.
        let closing = end < bytes.count && bytes[end] == UInt8(ascii: ")") ? end + 1 : end
        var lexer = Lexer(file: file)
        let tokens = lexer.tokenize(bytes, from: start, to: closing)
        var inner = Parser(tokens: tokens, bytes: bytes, file: file, diagnostics: lexer.diagnostics)
        inner.depth = depth + 1
        inner.parenDepth = 1
        inner.reportedHeight = reportedHeight
        let whole = Span(file: file, start: max(start - 2, 0), end: min(end + 1, bytes.count))
        var value: Expr
        if inner.at(.endOfFile) || inner.at(.rightParen) && inner.peek().kind == .endOfFile {
            inner.diagnostics.error(.expectedValue, whole, "an interpolation needs a value between its parentheses, as in \\(count)")
            value = Expr(.invalid, whole)
        } else if inner.depth > Parser.maximumDepth {
            inner.diagnostics.error(.nestingTooDeep, whole, "interpolations nested more than \(Parser.maximumDepth) levels deep")
            value = Expr(.invalid, whole)
        } else {
            value = inner.parseExpression()
            if closing > end, inner.at(.rightParen) { inner.advance() }
            if !inner.at(.endOfFile) {
                inner.reportExpected("')' to end the interpolation")
                value = Expr(.invalid, value.span)
            }
        }
        diagnostics.append(contentsOf: inner.diagnostics)
        reportedHeight = reportedHeight || inner.reportedHeight
        return value
    }
}
