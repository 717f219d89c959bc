// `stackc fmt`: the canonical layout of a .stack file, computed from its
// tokens and comments. Only whitespace changes, and only where it cannot
// change what the parser reads: line breaks stay where they are (a line
// break ends a property value), a space before `-`, `(` or `.` is kept or
// left out as written (it decides between `a - b` and `12 -15`), and the
// result is lexed again and must give the same tokens — otherwise the file
// is refused rather than changed.
//
// The canonical form: 4-space indentation by brace depth (a line inside
// parentheses one more), one space after `:` and `,` and around binary
// operators as written, two spaces between properties written on one line,
// a space inside `{ … }` on one line, no trailing whitespace, at most one
// blank line in a row, none after `{` or before `}` or at the ends, one
// newline at the end. Comments stay where they are; a trailing comment
// keeps its distance from the code before it.

/// Formats source text.
public enum Formatter {
    /// Why a file is not formatted.
    public struct Refusal: Error, Sendable {
        public var diagnostics: DiagnosticList
        public var message: String
    }

    /// The canonical form of `source`, or why not (syntax errors).
    public static func format(_ source: SourceFile) -> Result<String, Refusal> {
        let (_, diagnostics) = Parser.parse(source, id: FileID(0))
        if diagnostics.hasErrors {
            return .failure(Refusal(diagnostics: diagnostics, message: "'\(source.path)' has syntax errors; fix them first"))
        }
        var lexer = Lexer(file: FileID(0))
        let tokens = lexer.tokenize(source.bytes)
        var printer = Printer(bytes: source.bytes, tokens: tokens, comments: lexer.comments)
        let text = printer.print()
        // The safety net: the same tokens, the same line breaks, the same
        // spaces where the parser looks at them.
        var relexer = Lexer(file: FileID(0))
        let again = relexer.tokenize(Array(text.utf8))
        guard Self.sameReading(tokens, source.bytes, again, Array(text.utf8)), relexer.comments.count == lexer.comments.count else {
            return .failure(Refusal(
                diagnostics: DiagnosticList(),
                message: "'\(source.path)' could not be formatted without changing it (a formatter bug; please report the file)"))
        }
        return .success(text)
    }

    static func sameReading(_ a: [Token], _ aBytes: [UInt8], _ b: [Token], _ bBytes: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            guard x.kind == y.kind, x.newlineBefore == y.newlineBefore,
                aBytes[x.start..<x.end].elementsEqual(bBytes[y.start..<y.end])
            else { return false }
            if [.minus, .leftParen, .dot].contains(x.kind), x.spaceBefore != y.spaceBefore { return false }
        }
        return true
    }
}

/// Prints tokens and comments in the canonical layout.
private struct Printer {
    let bytes: [UInt8]
    let tokens: [Token]
    let comments: [Span]
    private var out: [UInt8] = []
    private var lineHasContent = false
    private var braceDepth = 0
    private var parenDepth = 0
    /// `?` waiting for their `:` at each parenthesis depth (a ternary's colon is spaced).
    private var pendingQuestions: [Int] = [0]
    private var blankLinePending = false
    /// Whether the tokens so far on this member are its head (`Text foo`,
    /// `transition show`, `state x`): names before its `:` or `{`.
    private var inHead = true

    init(bytes: [UInt8], tokens: [Token], comments: [Span]) {
        self.bytes = bytes
        self.tokens = tokens
        self.comments = comments
    }

    /// An item of the file in order: a token (by index) or a comment.
    enum Item {
        case token(Int)
        case comment(Span)

        func start(_ printer: Printer) -> Int {
            switch self {
            case .token(let i): printer.tokens[i].start
            case .comment(let span): span.start
            }
        }

        func end(_ printer: Printer) -> Int {
            switch self {
            case .token(let i): printer.tokens[i].end
            case .comment(let span): span.end
            }
        }
    }

    mutating func print() -> String {
        var items: [Item] = []
        var c = 0
        for index in tokens.indices where tokens[index].kind != .endOfFile {
            while c < comments.count, comments[c].start < tokens[index].start {
                items.append(.comment(comments[c]))
                c += 1
            }
            items.append(.token(index))
        }
        while c < comments.count {
            items.append(.comment(comments[c]))
            c += 1
        }
        var previousEnd = 0
        var previous: Item?
        for (position, item) in items.enumerated() {
            let start = item.start(self)
            let gap = bytes[previousEnd..<start]
            let newlines = gap.count(where: { $0 == 0x0A })
            let spaces = gap.count - newlines
            if previous == nil {
                // Nothing before the first item.
            } else if newlines > 0 {
                newLine(blank: newlines > 1)
            } else {
                space(before: item, after: previous, gapWidth: spaces, position: position, items: items)
            }
            emit(item)
            previousEnd = item.end(self)
            previous = item
        }
        if !out.isEmpty { out.append(0x0A) }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func newLine(blank: Bool) {
        inHead = true
        trimTrailingSpaces()
        out.append(0x0A)
        lineHasContent = false
        blankLinePending = blank
    }

    private mutating func trimTrailingSpaces() {
        while let last = out.last, last == 0x20 { out.removeLast() }
    }

    /// Indentation for a line that starts with `item`.
    private mutating func startLine(with item: Item) {
        var depth = braceDepth
        if case .token(let i) = item, tokens[i].kind == .rightBrace { depth -= 1 }
        // A blank line is kept unless it follows `{` or precedes `}`.
        if blankLinePending {
            let afterBrace = lastNonSpace == UInt8(ascii: "{")
            let beforeBrace: Bool = if case .token(let i) = item { tokens[i].kind == .rightBrace } else { false }
            if !afterBrace, !beforeBrace, !out.isEmpty { out.append(0x0A) }
            blankLinePending = false
        }
        let continuation = parenDepth > 0 ? 1 : 0
        out += [UInt8](repeating: 0x20, count: 4 * max(0, depth + continuation))
        lineHasContent = true
    }

    private var lastNonSpace: UInt8? {
        var index = out.count - 1
        while index >= 0, out[index] == 0x20 || out[index] == 0x0A { index -= 1 }
        return index >= 0 ? out[index] : nil
    }

    private func kind(_ item: Item?) -> TokenKind? {
        if case .token(let i)? = item { return tokens[i].kind }
        return nil
    }

    private func text(_ index: Int) -> String {
        String(decoding: bytes[tokens[index].start..<tokens[index].end], as: UTF8.self)
    }

    /// The spaces between two items on one line.
    private mutating func space(before item: Item, after previous: Item?, gapWidth: Int, position: Int, items: [Item]) {
        let next = kind(item), last = kind(previous)
        if case .comment = item {
            // A trailing comment keeps its distance (at least one space).
            out += [UInt8](repeating: 0x20, count: max(1, gapWidth))
            return
        }
        if case .comment = previous {
            out.append(0x20)
            return
        }
        guard let next, let last else { return }
        let written = gapWidth > 0 ? 1 : 0
        var width: Int
        switch (last, next) {
        case (_, .comma), (_, .semicolon), (_, .rightParen), (_, .rightBracket): width = 0
        case (.leftParen, _), (.leftBracket, _): width = 0
        case (_, .colon): width = pendingQuestions[pendingQuestions.count - 1] > 0 ? 1 : 0
        case (.comma, _), (.colon, _), (.semicolon, _): width = 1
        case (.leftBrace, _), (_, .rightBrace), (_, .leftBrace): width = 1
        case (_, .minus), (.minus, _), (_, .leftParen), (_, .dot), (.dot, _), (.bang, _): width = written
        case (.question, _), (_, .question), (.equal, _), (_, .equal): width = 1
        case (_, let op) where Self.isBinary(op), (let op, _) where Self.isBinary(op): width = 1
        default: width = 1
        }
        // Two spaces between members written on one line: a name after a
        // value that starts a property (`name:`) or a block or row (`name {`,
        // `Kind id {`, `transition show {`).
        if width == 1, next == .identifier, parenDepth == 0, !inHead, Self.endsValue(last),
            case .token(let i) = item, startsMember(at: i)
        {
            width = 2
            inHead = true
        }
        out += [UInt8](repeating: 0x20, count: width)
    }

    /// Whether the identifier at `index` begins a member: names up to a `:` or `{`.
    private func startsMember(at index: Int) -> Bool {
        var j = index
        while j < tokens.count, tokens[j].kind == .identifier, j - index < 3 {
            j += 1
            if j < tokens.count, tokens[j].newlineBefore { return false }
        }
        guard j < tokens.count else { return false }
        return tokens[j].kind == .colon || tokens[j].kind == .leftBrace
    }

    private static func isBinary(_ kind: TokenKind) -> Bool {
        switch kind {
        case .ampAmp, .pipePipe, .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual, .plus, .star, .slash: true
        default: false
        }
    }

    private static func endsValue(_ kind: TokenKind) -> Bool {
        switch kind {
        case .identifier, .number, .percent, .duration, .string, .color, .rightParen, .rightBrace: true
        default: false
        }
    }

    private mutating func emit(_ item: Item) {
        if !lineHasContent { startLine(with: item) }
        switch item {
        case .comment(let span):
            var text = Array(bytes[span.start..<span.end])
            while let last = text.last, last == 0x20 || last == 0x09 || last == 0x0D { text.removeLast() }
            out += text
        case .token(let i):
            let token = tokens[i]
            // A member's head is its names; `{` starts the next member's.
            inHead = token.kind == .leftBrace || token.kind == .semicolon || (inHead && token.kind == .identifier)
            switch token.kind {
            case .leftBrace:
                braceDepth += 1
                pendingQuestions.append(0)
            case .rightBrace:
                braceDepth = max(0, braceDepth - 1)
                if pendingQuestions.count > 1 { pendingQuestions.removeLast() }
            case .leftParen:
                parenDepth += 1
                pendingQuestions.append(0)
            case .rightParen:
                parenDepth = max(0, parenDepth - 1)
                if pendingQuestions.count > 1 { pendingQuestions.removeLast() }
            case .question:
                pendingQuestions[pendingQuestions.count - 1] += 1
            case .colon where pendingQuestions[pendingQuestions.count - 1] > 0:
                pendingQuestions[pendingQuestions.count - 1] -= 1
            default: break
            }
            out += bytes[token.start..<token.end]
        }
    }
}
