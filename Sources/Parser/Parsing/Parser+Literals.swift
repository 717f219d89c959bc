// Decoding literal tokens into values. The lexer has already validated them
// and reported problems, so these only compute (with safe fallbacks).

extension Parser {
    /// The decimal number in `bytes[start..<end]`. Static, as
    /// `colorValue`, and so given the bytes: a method reading the parser,
    /// called from its mutating ones, had the whole parser (264 bytes)
    /// copied for every number and colour parsed.
    static func numberValue(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Double {
        // Up to 15 significant digits the mantissa and the power of ten are
        // exact doubles, so one division rounds correctly; longer ones go
        // through the standard library.
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenDot = false
        var i = start
        while i < end {
            let c = bytes[i]
            if c == UInt8(ascii: ".") {
                seenDot = true
            } else {
                mantissa = mantissa &* 10 &+ UInt64(c &- 0x30)
                if mantissa > 0 || seenDot { digits += 1 }
                if seenDot { fractionDigits += 1 }
            }
            i += 1
        }
        if digits <= 15 {
            return Double(mantissa) / Parser.powersOfTen[fractionDigits]
        }
        return Double(String(decoding: bytes[start..<end], as: UTF8.self)) ?? .infinity
    }

    private static let powersOfTen: [Double] = (0...15).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The value of a string literal token, escapes decoded. An unterminated
    /// literal yields what was there.
    func decodeString(_ token: Token) -> String {
        let (start, end) = stringBody(token)
        return decodeBytes(from: start, to: end)
    }

    /// The value of a string literal token without a backslash (so with
    /// neither escapes nor interpolations) — nearly all of them — found in
    /// one pass over its bytes; nil for the others.
    mutating func plainString(_ token: Token) -> String? {
        let (start, end) = stringBody(token)
        return cachedPlainText(from: start, to: end)
    }

    /// `plainText`, made once for each short spelling kept in `names`
    /// (names go through it too): a spelling found there was made of the
    /// same bytes, so it holds no backslash either.
    @inline(__always)
    mutating func cachedPlainText(from start: Int, to end: Int) -> String? {
        guard end - start > 0, end - start <= NameCache.longest else { return plainText(from: start, to: end) }
        let key = nameKey(from: start, to: end)
        if let known = names.string(for: key) { return known }
        guard let made = plainText(from: start, to: end) else { return nil }
        names.remember(made, for: key)
        return made
    }

    /// The text of `bytes[start..<end]` when it holds no backslash.
    private func plainText(from start: Int, to end: Int) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            let body = UnsafeBufferPointer(rebasing: buffer[start..<end])
            return Parser.holdsBackslash(body) ? nil : String(decoding: body, as: UTF8.self)
        }
    }

    /// Whether `body` holds a backslash, read eight bytes at a time: a
    /// byte at a time, this was the slower of the two reads a string's
    /// text gets before it is a String (the other, the standard library's
    /// check that it is ASCII, reads words too).
    static func holdsBackslash(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(body)
        var i = 0
        while i + 8 <= raw.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            if ByteWords.matches(UInt8(ascii: "\\"), in: word) != 0 { return true }
            i += 8
        }
        while i < raw.count {
            if raw[i] == UInt8(ascii: "\\") { return true }
            i += 1
        }
        return false
    }

    /// Where a string literal's text stands: inside its quotes (an
    /// unterminated one runs to its end).
    private func stringBody(_ token: Token) -> (Int, Int) {
        let start = token.start + 1
        var end = token.end
        if end > start, bytes[end - 1] == bytes[token.start] { end -= 1 }
        return (min(start, end), end)
    }

    /// The text of `bytes[start..<end]` inside a string literal, escapes decoded.
    func decodeBytes(from start: Int, to end: Int) -> String {
        if let plain = plainText(from: start, to: end) { return plain }
        let body = bytes[start..<end]
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var i = start
        while i < end {
            let c = bytes[i]
            guard c == UInt8(ascii: "\\"), i + 1 < end else {
                out.append(c)
                i += 1
                continue
            }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "0"): out.append(0x00)
            case UInt8(ascii: "u"):
                var value: UInt32 = 0
                var j = i + 1
                while j < end, j - i <= 9, let digit = Lexer.hexValue(bytes[j]) {
                    value = value &* 16 &+ UInt32(digit)
                    j += 1
                }
                i = min(end, j + 1)
                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: out.append(e)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The RGBA value of a colour token: `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`.
    /// Invalid ones (already reported) are opaque black.
    static func colorValue(_ bytes: [UInt8], _ token: Token) -> UInt32 {
        // Accumulated as it is read, for both widths at once: an array of
        // nibbles cost an allocation per colour.
        var short: UInt32 = 0  // each nibble doubled, for #RGB and #RGBA
        var long: UInt32 = 0
        let count = token.end - token.start - 1
        for i in (token.start + 1)..<token.end {
            guard let value = Lexer.hexValue(bytes[i]) else { return 0x0000_00FF }
            let nibble = UInt32(value)
            short = short << 8 | nibble << 4 | nibble
            long = long << 4 | nibble
        }
        switch count {
        case 3: return short << 8 | 0xFF
        case 4: return short
        case 6: return long << 8 | 0xFF
        case 8: return long
        default: return 0x0000_00FF
        }
    }
}
