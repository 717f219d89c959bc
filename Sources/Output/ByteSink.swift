// The one writer of the CLI's outputs: UTF-8 bytes appended to a buffer
// that is handed to `flush` whenever it fills, so a large layout streams to
// its file instead of being built as one string. Numbers are formatted here
// from integers — four decimals, no trailing zeros, no `-0`, exactly as
// NumberText.format (a test holds them equal) — without Foundation.

import StackRuntime

/// A buffer of output bytes.
package struct ByteSink {
    package private(set) var buffer: [UInt8] = []
    private let capacity: Int
    private let flushing: (([UInt8]) -> Void)?

    /// Collects everything in memory (`bytes` at the end).
    package init() {
        capacity = Int.max
        flushing = nil
        buffer.reserveCapacity(1 << 16)
    }

    /// Hands the bytes to `flush` in chunks of about `capacity` bytes;
    /// call `finish()` for the rest.
    package init(capacity: Int = 1 << 16, flush: @escaping ([UInt8]) -> Void) {
        self.capacity = capacity
        flushing = flush
        buffer.reserveCapacity(capacity + 256)
    }

    /// What was collected (without a flush closure).
    package var bytes: [UInt8] { buffer }
    package var string: String { String(decoding: buffer, as: UTF8.self) }

    @inline(__always)
    private mutating func check() {
        if buffer.count >= capacity, let flushing {
            flushing(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    package mutating func finish() {
        if let flushing, !buffer.isEmpty { flushing(buffer) }
        buffer.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    package mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
        check()
    }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        buffer.append(byte)
    }

    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        check()
    }

    /// A JSON string literal of `text` (JSONText.quote's escaping).
    package mutating func appendQuoted(_ text: String) {
        buffer.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): buffer.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): buffer.append(contentsOf: [92, 92])
            case 0x0A: buffer.append(contentsOf: [92, UInt8(ascii: "n")])
            case 0x0D: buffer.append(contentsOf: [92, UInt8(ascii: "r")])
            case 0x09: buffer.append(contentsOf: [92, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                buffer.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
        check()
    }

    /// `value` as NumberText.format writes it.
    package mutating func appendNumber(_ value: Double) {
        guard value.isFinite else { return buffer.append(UInt8(ascii: "0")) }
        let magnitude = abs(value)
        guard magnitude < 1e15 else { return append(NumberText.format(value)) }
        let scaled = (magnitude * 10_000).rounded()
        if scaled == 0 { return buffer.append(UInt8(ascii: "0")) }
        var whole = UInt64(scaled / 10_000)
        var fraction = UInt64(scaled - Double(whole) * 10_000)
        // The same split NumberText makes from the rounded value.
        if fraction >= 10_000 {
            whole += 1
            fraction -= 10_000
        }
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        appendDigits(whole)
        guard fraction > 0 else { return }
        buffer.append(UInt8(ascii: "."))
        var digits = 4
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var divisor: UInt64 = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            buffer.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    @inline(__always)
    private mutating func appendDigits(_ value: UInt64) {
        if value < 10 { return buffer.append(UInt8(ascii: "0") + UInt8(value)) }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { raw in
            while rest > 0 {
                raw[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { buffer.append(raw[index]) }
        }
    }

    /// `text` as XML character data (LayoutSVG's escaping): the five
    /// markup characters as entities; NUL, other control characters but
    /// tab and newlines, U+FFFE and U+FFFF — which XML 1.0 cannot hold even
    /// escaped — as U+FFFD.
    package mutating func appendEscapedXML(_ text: String) {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: buffer.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])  // &amp;
            case 0x3C: buffer.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])  // &lt;
            case 0x3E: buffer.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])  // &gt;
            case 0x22: buffer.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])  // &quot;
            case 0x09, 0x0A, 0x0D: buffer.append(UInt8(scalar.value))
            case 0..<0x20, 0xFFFE, 0xFFFF: buffer.append(contentsOf: [0xEF, 0xBF, 0xBD])  // U+FFFD
            case 0x20..<0x80: buffer.append(UInt8(scalar.value))
            default: UTF8.encode(scalar) { buffer.append($0) }
            }
        }
        check()
    }

    /// `value` as an uppercase hexadecimal number of at least `digits` digits.
    package mutating func appendHex(_ value: UInt32, digits: Int) {
        let hex: StaticString = "0123456789ABCDEF"
        var count = 1
        while count < 8, value >> (4 * UInt32(count)) != 0 { count += 1 }
        for shift in stride(from: max(count, digits) - 1, through: 0, by: -1) {
            let nibble = shift < 8 ? Int(value >> (4 * UInt32(shift)) & 0xF) : 0
            buffer.append(hex.utf8Start[nibble])
        }
    }

    /// `[a, b]`.
    package mutating func appendPair(_ a: Double, _ b: Double) {
        buffer.append(UInt8(ascii: "["))
        appendNumber(a)
        buffer.append(contentsOf: [44, 32])
        appendNumber(b)
        buffer.append(UInt8(ascii: "]"))
    }

    /// A JSON string literal of `text`, or `null`.
    package mutating func appendQuotedOrNull(_ text: String?) {
        if let text { appendQuoted(text) } else { append("null") }
    }

    /// `[x, y, width, height]`, or `null`.
    package mutating func appendRectOrNull(_ r: Rect?) {
        if let r { appendRect(r) } else { append("null") }
    }

    package mutating func appendRect(_ r: Rect) {
        buffer.append(UInt8(ascii: "["))
        appendNumber(r.x)
        buffer.append(contentsOf: [44, 32])
        appendNumber(r.y)
        buffer.append(contentsOf: [44, 32])
        appendNumber(r.width)
        buffer.append(contentsOf: [44, 32])
        appendNumber(r.height)
        buffer.append(UInt8(ascii: "]"))
    }
}
