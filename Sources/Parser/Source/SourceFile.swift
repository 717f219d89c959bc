// A source file held as UTF-8 bytes, with a line table so that byte offsets
// become line:column only when a human needs to read them.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Identifies one source file within a `SourceManager`.
public struct FileID: Hashable, Sendable, Comparable {
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: FileID, b: FileID) -> Bool { a.rawValue < b.rawValue }
}

/// A 1-based line and column. Columns count Unicode scalars, not bytes.
public struct SourceLocation: Hashable, Sendable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// One file's text. Immutable once made; cheap to copy (the bytes are shared).
public struct SourceFile: Sendable {
    /// The path as the user wrote it (used in diagnostics), or `<stdin>`.
    public let path: String
    public let bytes: [UInt8]
    /// Byte offset of the first byte of each line (sources are capped far
    /// below 4 GiB; 4 bytes a line, not 8, at a million lines 4 MB less).
    public let lineStarts: [UInt32]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts: [UInt32] = [0]
        bytes.withUnsafeBytes { raw in
            // Counted first: grown by doubling, a million lines' table had
            // room for two million.
            var lines = 1
            Self.forEachNewline(raw) { _ in lines += 1 }
            starts.reserveCapacity(lines)
            Self.forEachNewline(raw) { starts.append(UInt32(truncatingIfNeeded: $0 + 1)) }
        }
        self.lineStarts = starts
    }

    /// Calls `body` with the offset of each `\n` in `raw`, in order.
    /// The C library's `memchr` reads a vector at a time: eight bytes at a
    /// time in Swift, the line table was 4 instructions a byte, and 3% of
    /// checking a large screen before any row is parsed.
    @inline(__always)
    private static func forEachNewline(_ raw: UnsafeRawBufferPointer, _ body: (Int) -> Void) {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        guard let base = raw.baseAddress else { return }
        var i = 0
        while i < raw.count, let found = memchr(base + i, 0x0A, raw.count - i) {
            let at = base.distance(to: UnsafeRawPointer(found))
            body(at)
            i = at + 1
        }
        #else
        var i = 0
        while i + 8 <= raw.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            var found = ByteWords.matches(0x0A, in: word)
            while found != 0 {
                body(i + found.trailingZeroBitCount / 8)
                found &= found &- 1
            }
            i += 8
        }
        while i < raw.count {
            if raw[i] == UInt8(ascii: "\n") { body(i) }
            i += 1
        }
        #endif
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The 0-based index of the line holding `offset`.
    public func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(lineStarts[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The line and column of a byte offset (an offset past the end is the end).
    public func location(of offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        let line = lineIndex(of: clamped)
        let column = scalarCount(from: Int(lineStarts[line]), to: clamped) + 1
        return SourceLocation(line: line + 1, column: column)
    }

    /// The text of a 0-based line, without its line break.
    public func lineText(_ lineIndex: Int) -> String {
        let range = lineRange(lineIndex)
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// The byte range of a 0-based line, without its line break.
    public func lineRange(_ lineIndex: Int) -> Range<Int> {
        let start = Int(lineStarts[lineIndex])
        var end = lineIndex + 1 < lineStarts.count ? Int(lineStarts[lineIndex + 1]) - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<max(start, end)
    }

    /// The source text of a span.
    public func text(of span: Span) -> String {
        let start = max(0, min(span.start, bytes.count))
        let end = max(start, min(span.end, bytes.count))
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Unicode scalars between two byte offsets: continuation bytes don't count.
    func scalarCount(from start: Int, to end: Int) -> Int {
        var count = 0
        var index = start
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }
}

/// The files of one compilation, addressed by `FileID`.
public struct SourceManager: Sendable {
    public private(set) var files: [SourceFile] = []

    public init() {}

    @discardableResult
    public mutating func add(_ file: SourceFile) -> FileID {
        files.append(file)
        return FileID(files.count - 1)
    }

    public subscript(id: FileID) -> SourceFile { files[id.rawValue] }
}
