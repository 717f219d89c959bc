// Byte ranges into a source file. Every token and syntax node carries one.

/// A half-open byte range `start..<end` in one file.
public struct Span: Hashable, Sendable {
    // Stored as 32-bit values: every syntax node carries spans, and 12 bytes
    // instead of 24 make the tree smaller and faster to copy. Sources are
    // capped far below 4 GiB, and offsets are clamped into range.
    private var fileIndex: UInt32
    private var startOffset: UInt32
    private var endOffset: UInt32

    public init(file: FileID, start: Int, end: Int) {
        self.fileIndex = UInt32(clamping: file.rawValue)
        self.startOffset = UInt32(clamping: start)
        self.endOffset = UInt32(clamping: end)
    }

    public var file: FileID {
        get { FileID(Int(fileIndex)) }
        set { fileIndex = UInt32(clamping: newValue.rawValue) }
    }

    public var start: Int {
        get { Int(startOffset) }
        set { startOffset = UInt32(clamping: newValue) }
    }

    public var end: Int {
        get { Int(endOffset) }
        set { endOffset = UInt32(clamping: newValue) }
    }

    public var length: Int { end - start }

    /// The smallest span covering both (they must be in the same file).
    public func to(_ other: Span) -> Span {
        Span(file: file, start: min(start, other.start), end: max(end, other.end))
    }

    /// An empty span at this span's end.
    public var atEnd: Span { Span(file: file, start: end, end: end) }
}
