// A small JSON reader for bound data (RFC 8259), Foundation-free like the
// rest of the runtime. Bounded: nesting to 64 levels, numbers as doubles;
// an error names the byte offset, line and column.

/// A parsed JSON value. Objects keep their members in order.
package indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let x): hasher.combine(x)
        case .string(let s): hasher.combine(s)
        case .array(let items): hasher.combine(items)
        case .object(let members):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }

    /// What kind of value this is, as an error names it.
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a bool"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The member `key` of an object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Parses `text`; one value, with only whitespace around it.
    package static func parse(_ text: String) throws(RuntimeError) -> JSONValue {
        try JSONParser.reading(text) { (parser: inout JSONParser) throws(RuntimeError) -> JSONValue in
            parser.skipSpace()
            let value = try parser.value(depth: 0)
            parser.skipSpace()
            guard parser.at >= parser.bytes.count else { throw parser.fail("unexpected text after the JSON value") }
            return value
        }
    }
}

struct JSONParser {
    /// The text's UTF-8, valid only inside `reading(_:_:)`: reading
    /// through a pointer leaves out the bounds and uniqueness checks of an
    /// array on every byte (a fifth of reading bound data).
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Runs `body` with a parser at the start of `text`'s UTF-8 (read in
    /// place when the string stores it contiguously, copied otherwise).
    static func reading<T>(_ text: String, _ body: (inout JSONParser) throws(RuntimeError) -> T) throws(RuntimeError) -> T {
        let run = { (buffer: UnsafeBufferPointer<UInt8>) -> Result<T, RuntimeError> in
            var parser = JSONParser(bytes: buffer)
            do throws(RuntimeError) { return .success(try body(&parser)) } catch { return .failure(error) }
        }
        if let result = text.utf8.withContiguousStorageIfAvailable(run) { return try result.get() }
        return try Array(text.utf8).withUnsafeBufferPointer(run).get()
    }

    func fail(_ message: String) -> RuntimeError {
        var line = 1, column = 1
        for byte in bytes[0..<min(at, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return RuntimeError("JSON at line \(line), column \(column): \(message)")
    }

    mutating func skipSpace() {
        while at < bytes.count {
            let c = bytes[at]
            guard c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D else { return }
            at += 1
        }
    }

    mutating func value(depth: Int) throws(RuntimeError) -> JSONValue {
        guard depth < 64 else { throw fail("nested more than 64 levels deep") }
        guard at < bytes.count else { throw fail("expected a value, found the end") }
        switch bytes[at] {
        case UInt8(ascii: "{"):
            at += 1
            var members: [(key: String, value: JSONValue)] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") {
                at += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw fail("expected a member name in double quotes") }
                let key = try string()
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw fail("expected ':' after member \"\(key)\"") }
                at += 1
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard at < bytes.count else { throw fail("an object is not closed with '}'") }
                if bytes[at] == UInt8(ascii: ",") {
                    at += 1
                    continue
                }
                guard bytes[at] == UInt8(ascii: "}") else { throw fail("expected ',' or '}' in an object") }
                at += 1
                return .object(members)
            }
        case UInt8(ascii: "["):
            at += 1
            var items: [JSONValue] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") {
                at += 1
                return .array(items)
            }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard at < bytes.count else { throw fail("an array is not closed with ']'") }
                if bytes[at] == UInt8(ascii: ",") {
                    at += 1
                    continue
                }
                guard bytes[at] == UInt8(ascii: "]") else { throw fail("expected ',' or ']' in an array") }
                at += 1
                return .array(items)
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): return try word("true", .bool(true))
        case UInt8(ascii: "f"): return try word("false", .bool(false))
        case UInt8(ascii: "n"): return try word("null", .null)
        default:
            return .number(try number())
        }
    }

    mutating func word(_ text: String, _ value: JSONValue) throws(RuntimeError) -> JSONValue {
        let utf8 = text.utf8
        guard at + utf8.count <= bytes.count, bytes[at..<(at + utf8.count)].elementsEqual(utf8) else { throw fail("expected a value") }
        at += utf8.count
        return value
    }

    /// Up to 15 significant digits and decimals the value is exact as
    /// mantissa / 10^decimals, one division; longer forms and exponents go
    /// through the standard library.
    mutating func number() throws(RuntimeError) -> Double {
        let start = at
        var negative = false
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") {
            negative = true
            at += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var decimals = 0
        var seenDot = false
        var simple = true
        while at < bytes.count {
            let c = bytes[at]
            if c >= 0x30, c <= 0x39 {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(c - 0x30) }
                if mantissa > 0 || seenDot { digits += 1 }
                if seenDot { decimals += 1 }
            } else if c == UInt8(ascii: "."), !seenDot {
                seenDot = true
            } else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                simple = false
            } else {
                break
            }
            at += 1
        }
        let sawDigit = bytes[start..<at].contains { $0 >= 0x30 && $0 <= 0x39 }
        guard sawDigit else {
            at = start
            throw fail("expected a value")
        }
        if simple, digits <= 15, decimals < JSONParser.powersOfTen.count {
            let value = Double(mantissa) / JSONParser.powersOfTen[decimals]
            return negative ? -value : value
        }
        let text = String(decoding: bytes[start..<at], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            at = start
            throw fail("'\(text)' is not a number")
        }
        return value
    }

    static let powersOfTen: [Double] = (0...15).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    mutating func string() throws(RuntimeError) -> String {
        at += 1
        // Most strings hold no escape: made from the bytes in one go.
        var end = at
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let text = String(decoding: bytes[at..<end], as: UTF8.self)
            at = end + 1
            return text
        }
        var out: [UInt8] = []
        while at < bytes.count {
            let c = bytes[at]
            if c == UInt8(ascii: "\"") {
                at += 1
                return String(decoding: out, as: UTF8.self)
            }
            guard c >= 0x20 else { throw fail("a control character inside a string") }
            guard c == UInt8(ascii: "\\") else {
                out.append(c)
                at += 1
                continue
            }
            guard at + 1 < bytes.count else { break }
            let e = bytes[at + 1]
            at += 2
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar), at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") {
                    at += 2
                    let low = try hex4()
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
            default: throw fail("invalid escape in a string")
            }
        }
        throw fail("a string is not closed with '\"'")
    }

    mutating func hex4() throws(RuntimeError) -> UInt32 {
        guard at + 4 <= bytes.count else { throw fail("'\\u' needs four hexadecimal digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[at]
            let digit: UInt32
            switch c {
            case 0x30...0x39: digit = UInt32(c - 0x30)
            case 0x41...0x46: digit = UInt32(c - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(c - 0x61 + 10)
            default: throw fail("'\\u' needs four hexadecimal digits")
            }
            value = value * 16 + digit
            at += 1
        }
        return value
    }
}
