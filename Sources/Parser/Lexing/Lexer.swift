// The lexer: UTF-8 bytes in, tokens out, in one pass over the bytes. It never
// fails: a bad character becomes an `.invalid` token and a diagnostic, and
// comments go to a side table so a formatter can put them back.

/// Splits a source file into tokens, collecting comments and diagnostics.
public struct Lexer {
    public private(set) var diagnostics = DiagnosticList()
    /// Every comment's span, in order: the trivia side table.
    public internal(set) var comments: [Span] = []
    /// True when an unterminated block comment ran to the end of the file:
    /// the parser then says nothing more about blocks left open.
    public private(set) var endsInComment = false
    private let file: FileID
    /// Where `lex(_:tokens:into:)` goes on, and what precedes that place.
    var position = 0
    var spaceBefore = true
    var newlineBefore = true
    private var checkedEncoding = false
    /// True once `.endOfFile` was produced.
    public private(set) var finished = false

    public init(file: FileID) {
        self.file = file
    }

    /// A lexer that goes on from `token` (a token of a file lexed before):
    /// it lexes `token` again with what preceded it, and reports nothing
    /// about the file's encoding (the first lexer did).
    init(file: FileID, resumingAt token: Token) {
        self.file = file
        position = token.start
        spaceBefore = token.spaceBefore
        newlineBefore = token.newlineBefore
        checkedEncoding = true
    }

    /// Forgets the comments found so far (a parser going on to the next
    /// row with this lexer has no use for the last row's).
    mutating func forgetComments() {
        comments.removeAll(keepingCapacity: true)
    }

    /// Tokenizes the whole file; the last token is always `.endOfFile`.
    public mutating func tokenize(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(bytes.count / 5 + 1)
        while !finished { lex(bytes, tokens: Int.max, into: &tokens) }
        return tokens
    }

    /// Appends up to `count` more tokens of `bytes` to `tokens`, going on
    /// from where the last call stopped; the last token of the file is
    /// `.endOfFile`, and then `finished` is true. The parser lexes this way,
    /// a window at a time, so that a file's tokens never all exist at once
    /// (12 bytes each, about 2.4 times the size of the source).
    public mutating func lex(_ bytes: [UInt8], tokens count: Int, into tokens: inout [Token]) {
        lex(bytes, tokens: count, stoppingAt: Int.max, into: &tokens)
    }

    /// `lex(_:tokens:into:)`, stopping early after the first token that
    /// starts at or after byte `offset` and `more` tokens after it: a row
    /// parsed on its own is lexed to its end and the lookahead past it,
    /// not a window past it that the next row lexes again.
    mutating func lex(_ bytes: [UInt8], tokens count: Int, stoppingAt offset: Int, thenMore more: Int = 0, into tokens: inout [Token]) {
        guard !finished else { return }
        bytes.withUnsafeBufferPointer { buffer in
            if !checkedEncoding, let bad = Lexer.firstInvalidUTF8(buffer) {
                diagnostics.error(
                    .invalidUTF8, span(bad, bad + 1),
                    "the file is not valid UTF-8: byte 0x\(String(buffer[bad], radix: 16, uppercase: true)) cannot start or continue a character")
            }
            checkedEncoding = true
            scan(buffer, count: count, stoppingAt: offset, thenMore: more, into: &tokens)
        }
    }

    /// Tokenizes `bytes[start..<end]` (an interpolation inside a string),
    /// with offsets into the whole file; the last token is `.endOfFile` at `end`.
    public mutating func tokenize(_ bytes: [UInt8], from start: Int, to end: Int) -> [Token] {
        var tokens: [Token] = []
        position = start
        bytes.withUnsafeBufferPointer { buffer in
            scan(UnsafeBufferPointer(rebasing: buffer[0..<end]), count: Int.max, stoppingAt: Int.max, into: &tokens)
        }
        return tokens
    }

    private func span(_ start: Int, _ end: Int) -> Span { Span(file: file, start: start, end: end) }

    mutating func scan(_ b: UnsafeBufferPointer<UInt8>, count: Int, stoppingAt stop: Int, thenMore more: Int = 0, into tokens: inout [Token]) {
        var i = position
        var more = more
        let n = b.count
        var space = spaceBefore
        var newline = newlineBefore
        var left = count
        defer {
            position = i
            spaceBefore = space
            newlineBefore = newline
        }
        // Tokens are made into a small buffer on the stack and appended a
        // buffer at a time: appended one by one, each paid the array's
        // uniqueness and capacity checks, a sixth of lexing a token.
        withUnsafeTemporaryAllocation(of: Token.self, capacity: Self.tokensAtOnce) { made in
            var pending = 0
            scanning: while left > 0 {
                skipTrivia(b, &i, space: &space, newline: &newline)
                guard i < n else {
                    made.initializeElement(at: pending, to: Token(kind: .endOfFile, start: n, end: n, spaceBefore: space, newlineBefore: true))
                    pending += 1
                    finished = true
                    break scanning
                }
                let start = i
                let kind = scanToken(b, &i)
                made.initializeElement(at: pending, to: Token(kind: kind, start: start, end: i, spaceBefore: space, newlineBefore: newline))
                pending += 1
                space = false
                newline = false
                left -= 1
                if start >= stop {
                    if more == 0 { break scanning }
                    more -= 1
                }
                if pending == Self.tokensAtOnce {
                    tokens.append(contentsOf: UnsafeBufferPointer(rebasing: made[..<pending]))
                    pending = 0
                }
            }
            tokens.append(contentsOf: UnsafeBufferPointer(rebasing: made[..<pending]))
        }
    }

    /// Tokens made before they are appended together.
    private static let tokensAtOnce = 64

    /// Whitespace and comments from `i` on: `space` and `newline` say what
    /// was skipped, comments go to `comments`.
    @inline(__always)
    mutating func skipTrivia(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, space: inout Bool, newline: inout Bool) {
        let n = b.count
        while i < n {
            let c = b[i]
            if c == 0x20 || c == 0x09 || c == 0x0D {
                space = true
                i += 1
            } else if c == 0x0A {
                space = true
                newline = true
                i += 1
            } else if c == UInt8(ascii: "/"), i + 1 < n, b[i + 1] == UInt8(ascii: "/") {
                let start = i
                while i < n, b[i] != 0x0A { i += 1 }
                comments.append(span(start, i))
                space = true
            } else if c == UInt8(ascii: "/"), i + 1 < n, b[i + 1] == UInt8(ascii: "*") {
                let start = i
                i = skipBlockComment(b, from: i)
                comments.append(span(start, i))
                if b[start..<i].contains(0x0A) { newline = true }
                space = true
            } else {
                break
            }
        }
    }

    /// Where the name whose first byte is before `from` ends: letters,
    /// digits, `_`, and `-` between two parts (`hide-last-separator`).
    /// The one rule for names, whether lexed or stepped over.
    @inline(__always)
    static func nameEnd(_ b: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        let n = b.count
        var i = from
        while i < n {
            let d = b[i]
            if Lexer.isIdentifierContinue(d) {
                i += 1
            } else if d == UInt8(ascii: "-"), i + 1 < n, Lexer.isIdentifierStart(b[i + 1]) {
                i += 2
            } else {
                break
            }
        }
        return i
    }

    /// Skips a (nesting) block comment starting at `from`; returns the index after it.
    private mutating func skipBlockComment(_ b: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var depth = 0
        var i = from
        while i + 1 < b.count {
            if b[i] == UInt8(ascii: "/"), b[i + 1] == UInt8(ascii: "*") {
                depth += 1
                i += 2
            } else if b[i] == UInt8(ascii: "*"), b[i + 1] == UInt8(ascii: "/") {
                depth -= 1
                i += 2
                if depth == 0 { return i }
            } else {
                i += 1
            }
        }
        endsInComment = true
        diagnostics.error(.unterminatedComment, span(from, from + 2), "unterminated '/*' comment: it runs to the end of the file")
        return b.count
    }

    private mutating func scanToken(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> TokenKind {
        let c = b[i]
        let n = b.count
        @inline(__always) func next(_ byte: Unicode.Scalar) -> Bool {
            i + 1 < n && b[i + 1] == UInt8(ascii: byte)
        }
        if Lexer.isIdentifierStart(c) {
            i = Lexer.nameEnd(b, from: i + 1)
            return .identifier
        }
        if Lexer.isDigit(c) { return scanNumber(b, &i) }
        switch c {
        case UInt8(ascii: "\""): return scanString(b, &i)
        case UInt8(ascii: "'"): return scanSingleQuoted(b, &i)
        case UInt8(ascii: "#"): return scanColor(b, &i)
        case UInt8(ascii: "{"): i += 1; return .leftBrace
        case UInt8(ascii: "}"): i += 1; return .rightBrace
        case UInt8(ascii: "("): i += 1; return .leftParen
        case UInt8(ascii: ")"): i += 1; return .rightParen
        case UInt8(ascii: "["): i += 1; return .leftBracket
        case UInt8(ascii: "]"): i += 1; return .rightBracket
        case UInt8(ascii: ","): i += 1; return .comma
        case UInt8(ascii: ":"): i += 1; return .colon
        case UInt8(ascii: ";"): i += 1; return .semicolon
        case UInt8(ascii: "."): i += 1; return .dot
        case UInt8(ascii: "?"): i += 1; return .question
        case UInt8(ascii: "+"): i += 1; return .plus
        case UInt8(ascii: "-"): i += 1; return .minus
        case UInt8(ascii: "*"): i += 1; return .star
        case UInt8(ascii: "/"): i += 1; return .slash
        case UInt8(ascii: "="):
            if next("=") { i += 2; return .equalEqual }
            i += 1; return .equal
        case UInt8(ascii: "!"):
            if next("=") { i += 2; return .bangEqual }
            i += 1; return .bang
        case UInt8(ascii: "<"):
            if next("=") { i += 2; return .lessEqual }
            i += 1; return .less
        case UInt8(ascii: ">"):
            if next("=") { i += 2; return .greaterEqual }
            i += 1; return .greater
        case UInt8(ascii: "&") where next("&"): i += 2; return .ampAmp
        case UInt8(ascii: "|") where next("|"): i += 2; return .pipePipe
        default:
            return scanInvalid(b, &i)
        }
    }

    private mutating func scanInvalid(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> TokenKind {
        let start = i
        i += 1
        // A whole UTF-8 sequence is one invalid character.
        while i < b.count, b[i] & 0xC0 == 0x80 { i += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
        let shown = b[start] < 0x20 || b[start] == 0x7F ? "U+00\(String(b[start], radix: 16, uppercase: true))" : "'\(text)'"
        var message = "unexpected character \(shown)"
        if b[start] == UInt8(ascii: "&") || b[start] == UInt8(ascii: "|") {
            message += "; did you mean '\(text)\(text)'?"
        }
        diagnostics.error(.invalidCharacter, span(start, i), message)
        return .invalid
    }

    /// Units people write for durations, and whether they mean milliseconds.
    static let durationUnits: [String: Bool] = [
        "sec": false, "secs": false, "second": false, "seconds": false, "msec": true, "msecs": true, "millis": true,
        "millisecond": true, "milliseconds": true, "mil": true,
    ]

    private mutating func scanNumber(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> TokenKind {
        let start = i
        while i < b.count, Lexer.isDigit(b[i]) { i += 1 }
        if i + 1 < b.count, b[i] == UInt8(ascii: "."), Lexer.isDigit(b[i + 1]) {
            i += 1
            while i < b.count, Lexer.isDigit(b[i]) { i += 1 }
        }
        guard i < b.count else { return .number }
        if b[i] == UInt8(ascii: "%") {
            i += 1
            return .percent
        }
        guard Lexer.isIdentifierStart(b[i]) else { return .number }
        let unitStart = i
        while i < b.count, Lexer.isIdentifierContinue(b[i]) { i += 1 }
        let unit = String(decoding: UnsafeBufferPointer(rebasing: b[unitStart..<i]), as: UTF8.self)
        if unit == "ms" || unit == "s" { return .duration }
        let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
        let number = String(decoding: UnsafeBufferPointer(rebasing: b[start..<unitStart]), as: UTF8.self)
        // Other spellings of seconds and milliseconds: one error that says how
        // to write it, and a duration token, so no type error follows.
        if let milliseconds = Lexer.durationUnits[unit.lowercased()] {
            let written = milliseconds ? "\(number)ms" : "\(number)s"
            diagnostics.error(.invalidNumberLiteral, span(start, i), "'\(text)' is not a duration; write '\(written)'")
            return .duration
        }
        var message = "'\(text)' is not a number: unknown unit '\(unit)'"
        message += unit == "px" || unit == "pt" ? "; lengths are plain numbers of points: '\(number)'" : "; expected a number, 'N%', 'Nms' or 'Ns'"
        diagnostics.error(.invalidNumberLiteral, span(start, i), message)
        return .number
    }

    /// `'text'`: JavaScript's and CSS's strings. One error, and a string
    /// token, so the rest of the value is checked as if it were right.
    mutating func scanSingleQuoted(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> TokenKind {
        var end = i + 1
        while end < b.count, b[end] != UInt8(ascii: "'"), b[end] != 0x0A { end += 1 }
        guard end < b.count, b[end] == UInt8(ascii: "'") else { return scanInvalid(b, &i) }
        let body = String(decoding: UnsafeBufferPointer(rebasing: b[(i + 1)..<end]), as: UTF8.self)
        diagnostics.error(.invalidCharacter, span(i, end + 1), "strings are written in double quotes: \"\(body)\"")
        i = end + 1
        return .string
    }

    mutating func scanString(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> TokenKind {
        let start = i
        i += 1
        while i < b.count {
            switch b[i] {
            case UInt8(ascii: "\""):
                i += 1
                return .string
            case 0x0A:
                diagnostics.error(.unterminatedString, span(start, i), "unterminated string: a string must end on the line it starts")
                return .string
            case UInt8(ascii: "\\") where i + 1 < b.count && b[i + 1] == UInt8(ascii: "("):
                // An interpolation: its tokens are the parser's to lex; here
                // only its end is found (nested strings and parentheses).
                guard let end = Lexer.interpolationEnd(b, from: i + 2) else {
                    // Most likely a ')' is missing: the string ends at the
                    // line's last quote, so what follows it still parses.
                    var lineEnd = i
                    while lineEnd < b.count, b[lineEnd] != 0x0A { lineEnd += 1 }
                    var quote = lineEnd - 1
                    while quote > i + 1, b[quote] != UInt8(ascii: "\"") { quote -= 1 }
                    i = quote > i + 1 ? quote + 1 : lineEnd
                    diagnostics.error(
                        .unterminatedString, span(start, i),
                        "unterminated interpolation: '\\(' needs a ')' before the string ends, on the same line")
                    return .string
                }
                i = end
            case UInt8(ascii: "\\"):
                checkEscape(b, &i)
            default:
                i += 1
                // Then eight bytes at a time while none of them ends the
                // string, starts an escape or breaks the line: most of a
                // text is plain (a 60-byte text took 480 instructions).
                let raw = UnsafeRawBufferPointer(b)
                while i + 8 <= b.count {
                    let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    if ByteWords.matches(0x22, in: word) | ByteWords.matches(0x5C, in: word) | ByteWords.matches(0x0A, in: word) != 0 { break }
                    i += 8
                }
            }
        }
        diagnostics.error(.unterminatedString, span(start, i), "unterminated string: it runs to the end of the file")
        return .string
    }

    /// The byte ranges of the values of a string token's `\(…)`
    /// interpolations (between the parentheses), outermost only, in order.
    public static func interpolationRanges(of token: Token, in bytes: [UInt8]) -> [Range<Int>] {
        guard token.kind == .string, token.end - token.start >= 2 else { return [] }
        var closed = token.end
        if bytes[closed - 1] == UInt8(ascii: "\""), closed - 1 > token.start { closed -= 1 }
        var ranges: [Range<Int>] = []
        var i = token.start + 1
        while i + 1 < closed {
            guard bytes[i] == UInt8(ascii: "\\") else {
                i += 1
                continue
            }
            guard bytes[i + 1] == UInt8(ascii: "(") else {
                i += 2
                continue
            }
            let open = i + 2
            let end = bytes.withUnsafeBufferPointer { interpolationEnd($0, from: open) } ?? closed + 1
            // An unclosed one (already reported) runs to the string's end.
            ranges.append(open..<max(open, min(end - 1, closed)))
            i = max(open, end)
        }
        return ranges
    }

    /// Where the interpolation whose expression starts at `from` (after
    /// `\(`) ends: the index after its `)`, skipping parentheses and strings
    /// (with their own interpolations) inside it; nil when a line or the
    /// file ends first, or nesting passes 32 levels.
    static func interpolationEnd(_ b: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        // Each level is an expression (counting open parentheses) or a string.
        var levels: [Int] = [1]  // > 0: expression with that many open '('; -1: string
        var i = from
        while i < b.count, b[i] != 0x0A {
            let c = b[i]
            if levels[levels.count - 1] < 0 {
                if c == UInt8(ascii: "\\"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "(") {
                    levels.append(1)
                    i += 2
                    continue
                }
                if c == UInt8(ascii: "\\") { i += 2; continue }
                if c == UInt8(ascii: "\"") { levels.removeLast() }
                i += 1
                continue
            }
            switch c {
            case UInt8(ascii: "\""): levels.append(-1)
            case UInt8(ascii: "("): levels[levels.count - 1] += 1
            case UInt8(ascii: ")"):
                levels[levels.count - 1] -= 1
                if levels[levels.count - 1] == 0 {
                    levels.removeLast()
                    if levels.isEmpty { return i + 1 }
                }
            default: break
            }
            if levels.count > 32 { return nil }
            i += 1
        }
        return nil
    }

    /// Validates one escape at `i` (pointing at the backslash) and steps over it.
    private mutating func checkEscape(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) {
        let start = i
        guard i + 1 < b.count else { i += 1; return }
        let e = b[i + 1]
        i += 2
        switch e {
        case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "r"), UInt8(ascii: "0"):
            return
        case UInt8(ascii: "u"):
            guard i < b.count, b[i] == UInt8(ascii: "{") else {
                diagnostics.error(.invalidEscape, span(start, i), "'\\u' must be followed by a hexadecimal scalar in braces, as in '\\u{1F600}'")
                return
            }
            var j = i + 1
            while j < b.count, j - i <= 9, Lexer.hexValue(b[j]) != nil { j += 1 }
            let digits = j - i - 1
            guard j < b.count, b[j] == UInt8(ascii: "}"), (1...8).contains(digits) else {
                diagnostics.error(.invalidEscape, span(start, min(j, b.count)), "'\\u{…}' takes 1 to 8 hexadecimal digits and a closing '}'")
                i = j
                return
            }
            var value: UInt32 = 0
            for k in (i + 1)..<j { value = value &* 16 &+ UInt32(Lexer.hexValue(b[k])!) }
            i = j + 1
            if Unicode.Scalar(value) == nil {
                diagnostics.error(.invalidEscape, span(start, i), "'\\u{\(String(value, radix: 16, uppercase: true))}' is not a Unicode scalar value")
            }
        default:
            var end = i
            while end < b.count, b[end] & 0xC0 == 0x80 { end += 1 }
            i = end
            let shown = String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self)
            diagnostics.error(.invalidEscape, span(start, end), "invalid escape '\(shown)' in string; valid escapes are \\n \\t \\r \\0 \\\" \\\\ and \\u{…}, and \\(value) shows a value")
        }
    }

    private mutating func scanColor(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> TokenKind {
        let start = i
        i += 1
        while i < b.count, Lexer.isIdentifierContinue(b[i]) { i += 1 }
        let body = b[(start + 1)..<i]
        let allHex = body.allSatisfy { Lexer.hexValue($0) != nil }
        if !allHex || ![3, 4, 6, 8].contains(body.count) {
            let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
            diagnostics.error(
                .invalidColorLiteral, span(start, i),
                "'\(text)' is not a colour; expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA in hexadecimal digits")
        }
        return .color
    }

    // Which bytes are which, a bit per byte of the ASCII half: one shift
    // and test instead of five comparisons, for every byte of every name
    // (the comparisons were a twentieth of parsing rows).
    /// `A`–`Z` (bits 1–26), `_` (31), `a`–`z` (33–58) of bytes 64–127.
    private static let letterBits: UInt64 = 0x07FF_FFFE_87FF_FFFE
    /// `0`–`9` (bits 48–57) of bytes 0–63.
    private static let digitBits: UInt64 = 0x03FF_0000_0000_0000

    @inline(__always)
    static func isIdentifierStart(_ c: UInt8) -> Bool {
        c >= 64 && c < 128 && (letterBits >> UInt64(c & 63)) & 1 != 0
    }

    @inline(__always)
    static func isIdentifierContinue(_ c: UInt8) -> Bool {
        c < 128 && ((c < 64 ? digitBits : letterBits) >> UInt64(c & 63)) & 1 != 0
    }

    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// The value of a hexadecimal digit (either case), or nil.
    package static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x61...0x66: c - 0x61 + 10
        case 0x41...0x46: c - 0x41 + 10
        default: nil
        }
    }

    /// The offset of the first byte that breaks UTF-8, or nil.
    static func firstInvalidUTF8(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let n = b.count
        let raw = UnsafeRawBufferPointer(b)
        while i < n {
            // Eight ASCII bytes at a time: sources are mostly ASCII.
            while i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
            guard i < n else { break }
            let c = b[i]
            if c < 0x80 { i += 1; continue }
            let length: Int
            var minimum: UInt32
            if c & 0xE0 == 0xC0 { length = 2; minimum = 0x80 }
            else if c & 0xF0 == 0xE0 { length = 3; minimum = 0x800 }
            else if c & 0xF8 == 0xF0 { length = 4; minimum = 0x10000 }
            else { return i }
            guard i + length <= n else { return i }
            var value = UInt32(c) & (0xFF >> (length + 1))
            for k in 1..<length {
                let d = b[i + k]
                guard d & 0xC0 == 0x80 else { return i + k }
                value = value << 6 | UInt32(d & 0x3F)
            }
            if value < minimum || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return i }
            i += length
        }
        return nil
    }
}
