// LSP positions (line, character) and byte offsets. Characters count UTF-16
// code units unless the client accepted UTF-8 (`positionEncoding`).

import StackParser

enum PositionEncoding: String {
    case utf16 = "utf-16"
    case utf8 = "utf-8"
}

extension SourceFile {
    /// The byte offset of an LSP position, clamped into the file.
    func offset(line: Int, character: Int, encoding: PositionEncoding) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lineStarts.count else { return bytes.count }
        let start = Int(lineStarts[line])
        let end = line + 1 < lineStarts.count ? Int(lineStarts[line + 1]) : bytes.count
        if encoding == .utf8 { return min(start + max(0, character), end) }
        var units = 0
        var offset = start
        while offset < end, units < character {
            let byte = bytes[offset]
            if byte == 0x0A { break }
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            units += length == 4 ? 2 : 1
            offset += length
        }
        return min(offset, end)
    }

    /// The LSP position of a byte offset.
    func position(of offset: Int, encoding: PositionEncoding) -> (line: Int, character: Int) {
        let clamped = max(0, min(offset, bytes.count))
        let line = lineIndex(of: clamped)
        let start = Int(lineStarts[line])
        if encoding == .utf8 { return (line, clamped - start) }
        var units = 0
        var index = start
        while index < clamped {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            units += length == 4 ? 2 : 1
            index += length
        }
        return (line, units)
    }

    /// A span as an LSP range object.
    func range(_ start: Int, _ end: Int, encoding: PositionEncoding) -> [String: Any] {
        let a = position(of: start, encoding: encoding), b = position(of: end, encoding: encoding)
        return ["start": ["line": a.line, "character": a.character], "end": ["line": b.line, "character": b.character]]
    }
}
