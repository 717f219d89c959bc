// The few string operations the commands need that live in Foundation
// proper (trimming, percent-decoding), which stackc does not link: it loads
// FoundationEssentials only, megabytes lighter at every start.

import StackParser

extension StringProtocol {
    /// The text without the spaces and tabs around it.
    var trimmingSpaces: String {
        let isSpace = { (c: Character) in c == " " || c == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }

    /// `%XX` sequences decoded as UTF-8 bytes; nil when one is malformed
    /// or the bytes are not UTF-8 (Foundation's `removingPercentEncoding`).
    var removingPercentEncoding: String? {
        var bytes: [UInt8] = []
        let utf8 = Array(self.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%") {
                guard index + 2 < utf8.count, let high = Lexer.hexValue(utf8[index + 1]), let low = Lexer.hexValue(utf8[index + 2]) else { return nil }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
