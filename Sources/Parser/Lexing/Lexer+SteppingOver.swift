// Stepping over rows without lexing them. A parser that defers a screen's
// rows only needs to match their braces; this does that with as little
// work a byte as it can, because it runs on the compiler's thread before
// the rows can be parsed on a second one: everything it costs is waited
// for. Only quotes, braces and slashes can change where a row ends (a
// string may hold a brace, a comment may hold anything), so the bytes
// between them are passed over eight at a time, and what a token needs of
// the whitespace before it is worked out, backwards, only for the tokens
// that are kept.

extension Lexer {
    /// Steps over what follows up to the `}` that closes `level` open
    /// braces, or to the end of the file; then appends that `}` (the last
    /// token stepped over) to `tokens` and lexes `count` more into it, as
    /// `lex(_:tokens:into:)` does. Only what can hold a brace or a comment
    /// is scanned as `lex` scans it — comments (recorded), strings (with
    /// their interpolations) — and every other byte is passed over. Where
    /// no byte of the stretch is one `lex` would report, its braces and
    /// comments are the ones `lex` finds; what `lex` would report in it is
    /// not reported here (the parser that parses the stretch again lexes
    /// it, and says so: `DeferredRowParser`). After a row's `}`, the rows
    /// right after it (`rowHeader`) are stepped over too, and appended to
    /// `rows`, up to `maximumRows` of them. Returns a count for the
    /// parser's numbering of tokens — at least one when there was anything
    /// but trivia — and the end of the first stretch, if it closed.
    ///
    /// `ahead`: rows stepped over on a second thread from a place further
    /// on (`RowsSkimmedAhead`); when this comes to that place between two
    /// rows, it takes them, as it would have found them, instead of
    /// stepping over them again.
    mutating func skipBraces(
        _ bytes: [UInt8], level: Int, thenLex count: Int, into tokens: inout [Token],
        rowsAfter rows: inout [DeferredRow], upTo maximumRows: Int, ahead: RowsSkimmedAhead? = nil
    ) -> (stepped: Int, end: Int?) {
        guard !finished else { return (0, nil) }
        return bytes.withUnsafeBufferPointer { b in
            var at = Stretch(end: position, space: spaceBefore, newline: newlineBefore)
            var level = level
            var stepped = 0
            var last = Token(kind: .endOfFile, start: at.end, end: at.end, spaceBefore: at.space, newlineBefore: at.newline)
            // The first stretch's end once it closes, and the kind of the
            // row whose body is being stepped over after it.
            var end: Int?
            var row: Token?
            while true {
                let body = stepOver(b, from: at, level: level)
                at = body.stretch
                stepped += body.stepped
                if let token = body.last { last = token }
                guard body.closed else {
                    // A row cut off by the end of the file ends where the
                    // parser's step over it would: at the last stretch.
                    if let row { rows.append(DeferredRow(token: row, end: UInt32(last.end))) }
                    break
                }
                if let row { rows.append(DeferredRow(token: row, end: UInt32(at.end))) } else { end = at.end }
                // Between two rows, at or past where the rows stepped over
                // ahead begin: those that follow are taken as they are.
                if let ahead, at.end >= ahead.start, rows.count < maximumRows,
                    let taken = ahead.take(after: at.end, upTo: maximumRows - rows.count, into: &rows, comments: &comments)
                {
                    stepped += taken.stepped
                    last = taken.last
                    at = Stretch(end: taken.end, space: false, newline: false)
                }
                // Another row right after, as the parser would find one:
                // its body is stepped over too, without going back to the
                // parser (which did as much for each row).
                guard rows.count < maximumRows, let header = rowHeader(b, from: at.end) else { break }
                row = header.kind
                last = Token(kind: .leftBrace, start: header.body - 1, end: header.body, spaceBefore: header.spaceBeforeBrace, newlineBefore: false)
                at = Stretch(end: header.body, space: false, newline: false)
                level = 1
                stepped += header.tokens
            }
            position = at.end
            spaceBefore = at.space
            newlineBefore = at.newline
            if stepped > 0 { tokens.append(last) }
            scan(b, count: count, stoppingAt: Int.max, into: &tokens)
            return (stepped, end)
        }
    }

    /// The row right after `from`, the end of a row, as `skipBraces` steps
    /// over it: its kind's token, its end, the stretches it adds to the
    /// parser's count of tokens and its closing brace; nil when what
    /// follows is no row (as `rowHeader` finds one), or the row does not
    /// close before the end of the file.
    mutating func stepOverRow(_ b: UnsafeBufferPointer<UInt8>, after from: Int) -> (kind: Token, end: Int, stepped: Int, brace: Token)? {
        guard let header = rowHeader(b, from: from) else { return nil }
        let body = stepOver(b, from: Stretch(end: header.body, space: false, newline: false), level: 1)
        guard body.closed, let brace = body.last else { return nil }
        return (header.kind, body.stretch.end, header.tokens + body.stepped, brace)
    }

    /// A place in the bytes, and what the trivia right before it holds.
    private struct Stretch {
        var end: Int
        var space: Bool
        var newline: Bool
    }

    /// Steps over bytes from `start` to just past the `}` that closes
    /// `level` braces (`closed`), or to the end of the file. `last`: the
    /// last token stepped over (a string, a brace, or a run of other bytes
    /// as an `.invalid` token), if any; `stepped`, how many stretches
    /// (strings, braces, runs of other bytes between them) it passed.
    private mutating func stepOver(
        _ b: UnsafeBufferPointer<UInt8>, from start: Stretch, level: Int
    ) -> (stretch: Stretch, closed: Bool, last: Token?, stepped: Int) {
        let n = b.count
        let raw = UnsafeRawBufferPointer(b)
        var i = start.end
        var level = level
        var stepped = 0
        var last: Token?
        // Where the bytes since the last string, brace or comment began,
        // and the trivia before that place.
        var chunk = start
        // The last run of other bytes, when a comment came after it: it is
        // the last token should the file end before another.
        var runBeforeComment: (chunk: Stretch, end: Int)?
        while true {
            // The next quote, brace or slash: eight bytes at a time.
            found: do {
                while i + 8 <= n {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    let marks = ByteWords.matches(0x22, in: word) | ByteWords.matches(0x27, in: word)
                        | ByteWords.matches(0x7B, in: word) | ByteWords.matches(0x7D, in: word) | ByteWords.matches(0x2F, in: word)
                    if marks != 0 {
                        i += marks.trailingZeroBitCount >> 3
                        break found
                    }
                    i += 8
                }
                while i < n, !Self.stopsStepping(b[i]) { i += 1 }
            }
            if i < n, b[i] == UInt8(ascii: "/"), i + 1 == n || (b[i + 1] != UInt8(ascii: "/") && b[i + 1] != UInt8(ascii: "*")) {
                // A slash that starts no comment is part of a run.
                i += 1
                continue
            }
            let before = Self.trivia(b, in: chunk, to: i)
            if before.runEnd != nil { stepped += 1 }
            guard i < n else {
                if let end = before.runEnd {
                    last = Self.run(b, in: chunk, endingAt: end)
                } else if let run = runBeforeComment {
                    last = Self.run(b, in: run.chunk, endingAt: run.end)
                }
                return (Stretch(end: n, space: before.space, newline: before.newline), false, last, stepped)
            }
            let c = b[i]
            let tokenStart = i
            switch c {
            case UInt8(ascii: "/"):
                if let end = before.runEnd { runBeforeComment = (chunk, end) }
                var space = before.space
                var newline = before.newline
                skipTrivia(b, &i, space: &space, newline: &newline)
                chunk = Stretch(end: i, space: space, newline: newline)
                continue
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let kind = c == UInt8(ascii: "\"") ? scanString(b, &i) : scanSingleQuoted(b, &i)
                last = Token(kind: kind, start: tokenStart, end: i, spaceBefore: before.space, newlineBefore: before.newline)
            default:
                i += 1
                last = Token(
                    kind: c == UInt8(ascii: "{") ? .leftBrace : .rightBrace, start: tokenStart, end: i,
                    spaceBefore: before.space, newlineBefore: before.newline)
                level += c == UInt8(ascii: "{") ? 1 : -1
            }
            stepped += 1
            runBeforeComment = nil
            chunk = Stretch(end: i, space: false, newline: false)
            if level <= 0 { return (chunk, true, last, stepped) }
        }
    }

    /// Whether stepping over stops at `c`: a quote, a brace, a slash.
    @inline(__always)
    private static func stopsStepping(_ c: UInt8) -> Bool {
        c == 0x22 || c == 0x27 || c == 0x7B || c == 0x7D || c == 0x2F
    }

    @inline(__always)
    private static func isWhitespace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A
    }

    /// What stands between `chunk` (just after a string, brace or comment)
    /// and `end`, where no quote, brace or comment is: where its last run
    /// of other bytes ends, if it has one, and the trivia right before
    /// `end` — read backwards, from `end` over whitespace.
    @inline(__always)
    private static func trivia(_ b: UnsafeBufferPointer<UInt8>, in chunk: Stretch, to end: Int) -> (runEnd: Int?, space: Bool, newline: Bool) {
        var i = end
        var newline = false
        while i > chunk.end, isWhitespace(b[i - 1]) {
            if b[i - 1] == 0x0A { newline = true }
            i -= 1
        }
        if i == chunk.end { return (nil, chunk.space || end > chunk.end, chunk.newline || newline) }
        return (i, end > i, newline)
    }

    /// The run of other bytes of `chunk` that ends at `end`, as a token.
    private static func run(_ b: UnsafeBufferPointer<UInt8>, in chunk: Stretch, endingAt end: Int) -> Token {
        var start = end
        while start > chunk.end, !isWhitespace(b[start - 1]) { start -= 1 }
        let before = trivia(b, in: chunk, to: start)
        return Token(kind: .invalid, start: start, end: end, spaceBefore: before.space, newlineBefore: before.newline)
    }

    /// After a row's closing brace at `from`, the head of another row as
    /// the parser finds one (`Parser.atRow`): a kind starting with a
    /// capital (so no keyword), perhaps an id, then `{`, apart by
    /// whitespace alone. Nil for anything else — a comment, a property, a
    /// block, a lower-case kind, the end —: the parser takes it from there,
    /// and as nothing was recorded or reported, the lexer goes back.
    private func rowHeader(_ b: UnsafeBufferPointer<UInt8>, from: Int) -> (kind: Token, body: Int, tokens: Int, spaceBeforeBrace: Bool)? {
        let n = b.count
        var i = from
        var space = false
        var newline = false
        @inline(__always) func whitespace() {
            while i < n {
                let c = b[i]
                if c == 0x20 || c == 0x09 || c == 0x0D {
                    space = true
                } else if c == 0x0A {
                    space = true
                    newline = true
                } else {
                    break
                }
                i += 1
            }
        }
        @inline(__always) func identifier() -> Bool {
            guard i < n, Lexer.isIdentifierStart(b[i]) else { return false }
            i = Lexer.nameEnd(b, from: i + 1)
            return true
        }
        whitespace()
        let start = i
        guard i < n, b[i] >= UInt8(ascii: "A"), b[i] <= UInt8(ascii: "Z"), identifier() else { return nil }
        let kind = Token(kind: .identifier, start: start, end: i, spaceBefore: space, newlineBefore: newline)
        var tokens = 2
        space = false
        newline = false
        whitespace()
        if i < n, b[i] != UInt8(ascii: "{") {
            guard identifier() else { return nil }
            tokens = 3
            space = false
            newline = false
            whitespace()
        }
        guard i < n, b[i] == UInt8(ascii: "{") else { return nil }
        return (kind, i + 1, tokens, space)
    }
}
