// Compiled screens embedded in Swift source as base64 text (what
// `stackc generate swift` writes): decoded here, without Foundation.

extension ScreenDecoder {
    /// The screens of a compiled file given as base64 text (RFC 4648, with
    /// or without padding; whitespace and line breaks are skipped).
    public static func decode(base64 text: String) throws(LoadError) -> [ScreenModel] {
        try decode(try Base64.decode(text))
    }
}

package enum Base64 {
    /// The bytes of `text`, or a `LoadError` at the first character that is
    /// not base64.
    static func decode(_ text: String) throws(LoadError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count / 4 * 3)
        var accumulator: UInt32 = 0
        var bits = 0
        var padding = 0
        for (offset, byte) in text.utf8.enumerated() {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                padding += 1
                continue
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
            default:
                throw LoadError(section: "base64", offset: offset, message: "byte \(byte) is not base64")
            }
            guard padding == 0 else {
                throw LoadError(section: "base64", offset: offset, message: "base64 text continues after its '=' padding")
            }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        return out
    }

    /// `bytes` as base64 text with padding, in lines of `lineLength` characters.
    package static func encode(_ bytes: [UInt8], lineLength: Int = 76) -> [String] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let a = UInt32(bytes[index])
            let b = index + 1 < bytes.count ? UInt32(bytes[index + 1]) : 0
            let c = index + 2 < bytes.count ? UInt32(bytes[index + 2]) : 0
            let triple = a << 16 | b << 8 | c
            text.append(alphabet[Int(triple >> 18 & 63)])
            text.append(alphabet[Int(triple >> 12 & 63)])
            text.append(index + 1 < bytes.count ? alphabet[Int(triple >> 6 & 63)] : UInt8(ascii: "="))
            text.append(index + 2 < bytes.count ? alphabet[Int(triple & 63)] : UInt8(ascii: "="))
            index += 3
        }
        var lines: [String] = []
        var start = 0
        while start < text.count {
            let end = min(start + max(4, lineLength), text.count)
            lines.append(String(decoding: text[start..<end], as: UTF8.self))
            start = end
        }
        return lines
    }
}
