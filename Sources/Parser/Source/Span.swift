// Byte ranges into a source file. Every token and syntax node carries one.

/// A half-open byte range `start..<end` in one file.
public struct Span: Hashable, Sendable {
    public var file: FileID
    public var start: Int
    public var end: Int

    public init(file: FileID, start: Int, end: Int) {
        self.file = file
        self.start = start
        self.end = end
    }

    public var length: Int { end - start }

    /// The smallest span covering both (they must be in the same file).
    public func to(_ other: Span) -> Span {
        Span(file: file, start: min(start, other.start), end: max(end, other.end))
    }

    /// An empty span at this span's end.
    public var atEnd: Span { Span(file: file, start: end, end: end) }
}
