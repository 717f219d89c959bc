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

    /// The tokens from the one before `index` to at least `lookahead` past
    /// it (or to the end of the file): `tokens[0]` is token number `base`.
    var tokens: [Token]
    var base = 0
    /// Lexes more tokens as the parser moves on; nil when `tokens` is all.
    var lexer: Lexer?
    let bytes: [UInt8]
    let file: FileID
    /// The current token's number in the file.
    var index = 0
    var depth = 0
    /// The members of the blocks being parsed.
    let memberStack = MemberStack()
    /// Open parentheses around the current token: inside them a line break
    /// does not end a value and `-` is always binary.
    var parenDepth = 0
    var diagnostics: DiagnosticList
    /// Set once "unclosed block" is reported, so enclosing blocks stay quiet.
    var reportedEndOfFile = false
    var reportedDepth = false
    var reportedHeight = false
    /// Rows of screens and flows that parse cleanly are let go, kept as
    /// spans (`Member.deferredRows`).
    var defersRows = false
    /// The strings of names parsed so far, by spelling.
    var names = NameCache()
    /// Emptied arrays of rows done with (`keep`), for the members of the
    /// blocks to come: on a worker, a row's array made and freed was a
    /// twentieth of parsing it. (Here, not in the member stack: a class's
    /// array is changed under a run-time exclusivity check.)
    var spareMembers: [[Member]] = []
    /// Rows stepped over ahead on a second thread (`RowsSkimmedAhead`),
    /// started at the first run of rows of a file at least `skimAheadFrom`
    /// long (nil once started, and unless asked for).
    var skimmedAhead: RowsSkimmedAhead?
    var skimAheadFrom: Int?

    /// How far `peek` may look.
    static let lookahead = 3
    /// How many tokens are lexed at a time: 4,096 by default (48 KB).
    static let defaultWindow = 4096
    var window = Parser.defaultWindow

    /// A parser of `tokens`, all of them.
    init(tokens: [Token], bytes: [UInt8], file: FileID, diagnostics: DiagnosticList) {
        self.tokens = tokens
        self.bytes = bytes
        self.file = file
        self.diagnostics = diagnostics
    }

    /// A parser that lexes `bytes` as it goes, `window` tokens at a time.
    init(lexing bytes: [UInt8], file: FileID, window: Int = Parser.defaultWindow) {
        self.tokens = []
        self.lexer = Lexer(file: file)
        self.bytes = bytes
        self.file = file
        self.diagnostics = DiagnosticList()
        self.window = max(window, 1)
        lexMore()
    }

    /// A parser that lexes `bytes` from `token` on, first up to byte `end`
    /// (the end of the row stepped over there), then a short window at a time.
    init(resuming token: Token, through end: Int, bytes: [UInt8], file: FileID) {
        self.tokens = []
        self.bytes = bytes
        self.file = file
        self.diagnostics = DiagnosticList()
        self.window = Parser.resumedWindow
        restart(at: token, through: end)
    }

    /// Goes on from `token` of the same file, as a new parser would, but
    /// keeping the buffers this one has grown; lexing first up to byte
    /// `end` (the end of a row stepped over).
    mutating func restart(at token: Token, through end: Int) {
        let goesOn = goOn(at: token)
        if !goesOn { tokens.removeAll(keepingCapacity: true) }
        base = 0
        index = 0
        depth = 0
        parenDepth = 0
        diagnostics = DiagnosticList()
        reportedEndOfFile = false
        reportedDepth = false
        reportedHeight = false
        // With the lookahead past the row's end: lexed when the parse
        // reached the end, those few tokens cost a second call into the
        // lexer for every row (a fifteenth of parsing rows).
        if goesOn {
            if tokens[tokens.count - 1].start < end {
                lexer!.lex(bytes, tokens: Int.max, stoppingAt: end, thenMore: Parser.lookahead, into: &tokens)
            }
        } else {
            var resumed = Lexer(file: file, resumingAt: token)
            resumed.lex(bytes, tokens: Int.max, stoppingAt: end, thenMore: Parser.lookahead, into: &tokens)
            lexer = resumed
        }
        lexMore()
    }

    /// Whether the tokens lexed past the last row's end (for the lookahead)
    /// start with `token`, the next row's first: then they are kept and
    /// the lexer goes on after them — as a lexer starting at `token` would
    /// have lexed them — instead of lexing them again (a sixth of lexing
    /// rows one after another). What the lexer reported of them stays, as
    /// it would have been reported again.
    private mutating func goOn(at token: Token) -> Bool {
        guard lexer != nil, !lexer!.finished else { return false }
        var at = tokens.count - 1
        while at >= 0, tokens[at].start > token.start { at -= 1 }
        guard at >= 0 else { return false }
        let kept = tokens[at]
        guard kept.start == token.start, kept.kind == token.kind, kept.end == token.end,
            kept.spaceBefore == token.spaceBefore, kept.newlineBefore == token.newlineBefore
        else { return false }
        tokens.removeSubrange(0..<at)
        lexer!.forgetComments()
        return true
    }

    /// Lexed this many tokens after each run of rows stepped over (`skimRows`):
    /// the next row's `Kind id {` and one more, as many as the lookahead
    /// past the current token needs, so that in a run of rows the lexer
    /// steps over most of each and `lexMore` (a window of thousands,
    /// walked token by token) is not called.
    static let skimmingWindow = Parser.lookahead + 1

    /// Lexed this many tokens at a time when a row is parsed on its own,
    /// past what `restart(at:through:)` lexed: what is lexed past a row's
    /// end is lexed again with the next row (a window of 24 lexed a third
    /// more than the rows).
    static let resumedWindow = 4

    /// Lexes and parses `source`, returning the tree and every diagnostic found.
    public static func parse(_ source: SourceFile, id: FileID) -> (SourceFileSyntax, DiagnosticList) {
        parse(source, id: id, window: Parser.defaultWindow)
    }

    /// `parse(_:id:)`; with `deferringRows`, the rows of screens and flows
    /// are stepped over, their braces matched, and kept as where they stand
    /// (`Member.deferredRows`), to be parsed one at a time by a
    /// `DeferredRowParser` as they are needed: a compiler that checks a
    /// large screen row by row never holds its rows' syntax all at once, and
    /// parses each row once. Should a row have a problem, the file must be
    /// parsed again without deferring (`DeferredRowParser` says so), to
    /// report and recover as this parse would.
    ///
    /// With `steppingOverAhead` as well, the rows of a large file
    /// (`RowsSkimmedAhead.threshold`) are stepped over on a second thread
    /// too, from halfway through it, and taken when the parse gets there:
    /// the same syntax and diagnostics, sooner.
    public static func parse(
        _ source: SourceFile, id: FileID, deferringRows: Bool, steppingOverAhead: Bool = false
    ) -> (SourceFileSyntax, DiagnosticList) {
        parse(
            source, id: id, window: Parser.defaultWindow, deferringRows: deferringRows,
            skimmingAheadFrom: steppingOverAhead ? RowsSkimmedAhead.threshold : nil
        ).0
    }

    /// `parse(_:id:)`, lexing `window` tokens at a time (tests try small ones).
    static func parse(_ source: SourceFile, id: FileID, window: Int, deferringRows: Bool = false) -> (SourceFileSyntax, DiagnosticList) {
        parse(source, id: id, window: window, deferringRows: deferringRows, skimmingAheadFrom: nil).0
    }

    /// `parse(_:id:window:deferringRows:)`, stepping over rows on a second
    /// thread as well in files at least `skimmingAheadFrom` long (nil:
    /// never; tests try small ones); and how many rows were taken from it.
    static func parse(
        _ source: SourceFile, id: FileID, window: Int, deferringRows: Bool, skimmingAheadFrom: Int?
    ) -> ((SourceFileSyntax, DiagnosticList), rowsSkimmedAhead: Int) {
        var parser = Parser(lexing: source.bytes, file: id, window: window)
        parser.defersRows = deferringRows
        parser.skimAheadFrom = skimmingAheadFrom
        var syntax = parser.parseFile()
        // Stopped, should it not have been come to.
        parser.skimmedAhead?.cancel()
        let skimmedAhead = parser.skimmedAhead?.rowsTaken ?? 0
        parser.skimmedAhead = nil
        // The lexer's diagnostics first, as when the file was lexed before parsing.
        var diagnostics = parser.lexer?.diagnostics ?? DiagnosticList()
        diagnostics.append(contentsOf: parser.diagnostics)
        syntax.comments = parser.lexer?.comments ?? []
        return ((syntax, diagnostics), skimmedAhead)
    }

    /// Empties `members`, the array of a block done with, keeping its
    /// room for a block to come.
    mutating func keep(_ members: inout [Member]) {
        guard spareMembers.count < Self.spareArrays, members.capacity > 0 else { return }
        var emptied: [Member] = []
        swap(&emptied, &members)
        emptied.removeAll(keepingCapacity: true)
        spareMembers.append(emptied)
    }

    /// Emptied arrays kept, at most: two batches of rows' worth.
    static let spareArrays = 64

    /// Drops the tokens before the previous one and lexes the next window
    /// (or more, until `lookahead` tokens follow the current one).
    @inline(never)
    mutating func lexMore() {
        // The lexer is changed where it is stored: taken out and put back,
        // it was copied (its tables retained and released) for every row.
        guard lexer != nil, !lexer!.finished else { return }
        let drop = max(index - 1 - base, 0)
        if drop > 0 {
            tokens.removeSubrange(0..<drop)
            base += drop
        }
        while !lexer!.finished && tokens.count <= index - base + Parser.lookahead {
            lexer!.lex(bytes, tokens: window, into: &tokens)
        }
        // An unterminated comment at the end was reported by the lexer: say
        // nothing more about blocks left open.
        if lexer!.finished, lexer!.endsInComment { reportedEndOfFile = true }
    }

    // MARK: Looking

    @inline(__always)
    var current: Token { tokens[index - base] }

    /// The token before the current one.
    @inline(__always)
    var previous: Token { tokens[index - 1 - base] }

    @inline(__always)
    func peek(_ offset: Int = 1) -> Token {
        assert(offset <= Parser.lookahead)
        return tokens[min(index + offset - base, tokens.count - 1)]
    }

    @inline(__always)
    func at(_ kind: TokenKind) -> Bool { tokens[index - base].kind == kind }

    /// True when the current token is the identifier `text`.
    @inline(__always)
    func atKeyword(_ text: String) -> Bool {
        at(.identifier) && isText(current, text)
    }

    @inline(__always)
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

    @inline(__always)
    func text(_ token: Token) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[token.start..<token.end]), as: UTF8.self)
        }
    }

    @inline(__always)
    func span(_ token: Token) -> Span { Span(file: file, start: token.start, end: token.end) }

    /// Where to point when something is missing before the current token:
    /// the token itself, or at the end of the file the end of the last token
    /// (so the caret stands on a line with text).
    var currentOrEnd: Span {
        guard at(.endOfFile), index > 0 else { return span(current) }
        return span(previous).atEnd
    }

    @inline(__always)
    func span(from start: Int) -> Span {
        let end = index > 0 ? previous.end : start
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
        let token = current
        if index - base < tokens.count - 1 {
            index += 1
            if index - base + Parser.lookahead >= tokens.count { lexMore() }
        }
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
        return Identifier(name(token), span(token))
    }

    /// The text of `token`, a name, made once for each spelling kept in
    /// `names`. (A name holds no backslash; any other token passed here
    /// that does is made as it is.)
    @inline(__always)
    mutating func name(_ token: Token) -> String {
        cachedPlainText(from: token.start, to: token.end) ?? text(token)
    }

    /// Inlined: called, the parser was copied to pass it.
    @inline(__always)
    func nameKey(from start: Int, to end: Int) -> NameCache.Key {
        NameCache.key(bytes, from: start, to: end)
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
