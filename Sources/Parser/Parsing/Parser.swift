// The parser: tokens in, syntax tree out, by hand-written recursive descent.
//
// Vocabulary (after swift-syntax):
// - `current` / `peek(n)`: look without consuming.
// - `at(kind)` / `atKeyword(text)`: test the current token.
// - `advance()`: consume one token; `consume(kind)`: consume if it matches.
// - `expect(kind, …)`: consume or report "expected X, found Y".
// Functions that consume input are `mutating`. The parser never throws: a
// problem becomes a diagnostic plus an `.invalid` node or a flagged block, and
// every loop makes progress or stops. `depth` bounds recursion so hostile
// input cannot overflow the stack.

/// Parses one source file. Use `Parser.parse(_:id:)`.
public struct Parser {
    /// Rows, blocks and parenthesised expressions nested deeper than this are
    /// rejected with one diagnostic; real screens stay far below it.
    public static let maximumDepth = 128
    /// Expressions taller than this (counting every operator of a chain such
    /// as `1 + 1 + … + 1` as a level) are rejected with one diagnostic: every
    /// later pass walks expressions recursively, so their height must be bounded.
    public static let maximumExpressionHeight = 256

    let tokens: [Token]
    let bytes: [UInt8]
    let file: FileID
    var index = 0
    var depth = 0
    /// Per nesting level, the members of the block being parsed there.
    var scratch: [[Member]] = []
    /// Open parentheses around the current token: inside them a line break
    /// does not end a value and `-` is always binary.
    var parenDepth = 0
    var diagnostics: DiagnosticList
    /// Set once "unclosed block" is reported, so enclosing blocks stay quiet.
    var reportedEndOfFile = false
    var reportedDepth = false
    var reportedHeight = false

    init(tokens: [Token], bytes: [UInt8], file: FileID, diagnostics: DiagnosticList) {
        self.tokens = tokens
        self.bytes = bytes
        self.file = file
        self.diagnostics = diagnostics
    }

    /// Lexes and parses `source`, returning the tree and every diagnostic found.
    public static func parse(_ source: SourceFile, id: FileID) -> (SourceFileSyntax, DiagnosticList) {
        var lexer = Lexer(file: id)
        let tokens = lexer.tokenize(source.bytes)
        var parser = Parser(tokens: tokens, bytes: source.bytes, file: id, diagnostics: lexer.diagnostics)
        parser.reportedEndOfFile = lexer.endsInComment
        var syntax = parser.parseFile()
        syntax.comments = lexer.comments
        return (syntax, parser.diagnostics)
    }

    // MARK: Looking

    var current: Token { tokens[index] }

    func peek(_ offset: Int = 1) -> Token {
        tokens[min(index + offset, tokens.count - 1)]
    }

    func at(_ kind: TokenKind) -> Bool { tokens[index].kind == kind }

    /// True when the current token is the identifier `text`.
    func atKeyword(_ text: String) -> Bool {
        at(.identifier) && isText(tokens[index], text)
    }

    func isText(_ token: Token, _ text: String) -> Bool {
        let utf8 = text.utf8
        guard token.end - token.start == utf8.count else { return false }
        var i = token.start
        for byte in utf8 {
            if bytes[i] != byte { return false }
            i += 1
        }
        return true
    }

    func text(_ token: Token) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[token.start..<token.end]), as: UTF8.self)
        }
    }

    func span(_ token: Token) -> Span { Span(file: file, start: token.start, end: token.end) }

    /// Where to point when something is missing before the current token:
    /// the token itself, or at the end of the file the end of the last token
    /// (so the caret stands on a line with text).
    var currentOrEnd: Span {
        guard at(.endOfFile), index > 0 else { return span(current) }
        return span(tokens[index - 1]).atEnd
    }

    func span(from start: Int) -> Span {
        let end = index > 0 ? tokens[index - 1].end : start
        return Span(file: file, start: start, end: max(start, end))
    }

    /// How the current token reads in "found …".
    var found: String {
        let token = current
        switch token.kind {
        case .identifier, .number, .percent, .duration, .color:
            let shown = text(token)
            return "'\(shown.count > 40 ? String(shown.prefix(40)) + "…" : shown)'"
        default:
            return token.kind.display
        }
    }

    // MARK: Consuming

    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    mutating func consume(_ kind: TokenKind) -> Token? {
        at(kind) ? advance() : nil
    }

    /// Consumes a token of `kind` or reports what was expected instead.
    /// No report at an `.invalid` token: the lexer already spoke about it.
    mutating func expect(
        _ kind: TokenKind, _ what: @autoclosure () -> String? = nil, after context: @autoclosure () -> String? = nil
    ) -> Token? {
        if let token = consume(kind) { return token }
        reportExpected(what() ?? kind.display, after: context())
        return nil
    }

    mutating func reportExpected(_ what: String, after context: @autoclosure () -> String? = nil) {
        if at(.invalid) { return }
        if at(.endOfFile), reportedEndOfFile { return }
        var message = "expected \(what)"
        if let context = context() { message += " \(context)" }
        message += ", found \(found)"
        diagnostics.error(.expectedToken, currentOrEnd, message)
    }

    mutating func identifier() -> Identifier {
        let token = advance()
        return Identifier(text(token), span(token))
    }

    // MARK: Recovery

    /// Skips to the start of the next member of the enclosing block: a token
    /// on a new line, after a `;`, or a `}` (not consumed) — skipping balanced
    /// brace groups on the way. `atMemberStart` is true when nothing of the
    /// bad member has been consumed yet, so at least one token must go.
    mutating func synchronizeMember(atMemberStart: Bool = false) {
        var braces = 0
        let startIndex = atMemberStart ? index : index - 1
        while !at(.endOfFile) {
            let token = current
            if braces == 0, index > startIndex, token.newlineBefore { return }
            switch token.kind {
            case .leftBrace:
                braces += 1
            case .rightBrace:
                if braces == 0 { return }
                braces -= 1
                if braces == 0 {
                    advance()
                    return
                }
            case .semicolon where braces == 0:
                advance()
                return
            default:
                break
            }
            advance()
        }
    }

    /// Skips a balanced `open … close` group starting at the current `open`
    /// token, without recursion. Used when nesting is too deep to parse.
    mutating func skipBalanced(_ open: TokenKind, _ close: TokenKind) {
        var level = 0
        repeat {
            if at(open) { level += 1 } else if at(close) { level -= 1 }
            advance()
        } while level > 0 && !at(.endOfFile)
    }

    /// Enters one level of nesting; false (after one report per file) when too deep.
    mutating func enter(_ token: Token, what: String) -> Bool {
        depth += 1
        if depth <= Parser.maximumDepth { return true }
        if !reportedDepth {
            reportedDepth = true
            diagnostics.error(
                .nestingTooDeep, span(token),
                "\(what) nested more than \(Parser.maximumDepth) levels deep; the compiler stops here")
        }
        return false
    }

    mutating func leave() { depth -= 1 }
}
