// The files an editor has open, by URI, and what the server knows of each:
// its text (unsaved edits included), its tokens and syntax, and the check of
// it with its imports — imports read from open buffers first, so an unsaved
// edit to an imported file is seen at once.

import StackCompiler
import StackParser

/// One open document and its analysis.
struct Document {
    var uri: String
    var path: String
    var version: Int
    var source: SourceFile
    var tokens: [Token]
    var comments: [Span]
    var syntax: SourceFileSyntax
    /// The check of the document and its imports (file 0 is the document).
    var check: CheckResult

    var text: String { String(decoding: source.bytes, as: UTF8.self) }
}

/// Reads imports from open documents first, then from disk.
struct OverlayLoader: SourceLoader {
    let open: [String: [UInt8]]
    let disk = FileSystemLoader()

    func read(_ path: String) throws -> [UInt8] {
        if let bytes = open[FilePaths.absolute(path)] { return bytes }
        return try disk.read(path)
    }

    func canonicalPath(_ path: String) -> String {
        disk.canonicalPath(path)
    }
}

/// `file:///a/b.stack` ↔ `/a/b.stack`, with bytes outside a URI's path
/// characters percent-encoded (`file:///a/my%20screen.stack`).
enum URIs {
    /// The path of a `file:` URI; any other URI is returned as it is.
    static func path(_ uri: String) -> String {
        let scheme = "file://"
        guard uri.utf8.count >= scheme.utf8.count, uri.prefix(scheme.count).lowercased() == scheme else { return uri }
        var rest = uri.utf8.dropFirst(scheme.utf8.count)
        // The authority (empty, or "localhost") ends where the path starts.
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")) else { return uri }
        rest = rest[slash...]
        if let end = rest.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) { rest = rest[..<end] }
        var bytes: [UInt8] = []
        var index = rest.startIndex
        while index != rest.endIndex {
            let byte = rest[index]
            if byte == UInt8(ascii: "%"), let high = rest.index(index, offsetBy: 1, limitedBy: rest.endIndex), high != rest.endIndex,
               let low = rest.index(high, offsetBy: 1, limitedBy: rest.endIndex), low != rest.endIndex,
               let h = hexValue(rest[high]), let l = hexValue(rest[low]) {
                bytes.append(h << 4 | l)
                index = rest.index(after: low)
            } else {
                bytes.append(byte)
                index = rest.index(after: index)
            }
        }
        guard let path = String(validating: bytes, as: UTF8.self) else { return uri }
        return FilePaths.absolute(path)
    }

    /// The `file:` URI of a path (made absolute first).
    static func uri(_ path: String) -> String {
        var text = "file://"
        for byte in FilePaths.absolute(path).utf8 {
            if isPathCharacter(byte) {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                text.unicodeScalars.append("%")
                text.unicodeScalars.append(digits[Int(byte >> 4)])
                text.unicodeScalars.append(digits[Int(byte & 15)])
            }
        }
        return text
    }

    /// RFC 3986's unreserved characters, sub-delimiters, ":", "@" and "/".
    private static func isPathCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return "-._~!$&'()*+,;=:@/".utf8.contains(byte)
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
