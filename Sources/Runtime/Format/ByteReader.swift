// Reading a compiled screen without trusting it: every read is bounds-checked
// and a failure names the section and the byte offset.

struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    /// Where this reader's window starts in the file (for messages).
    let base: Int
    var position: Int
    let end: Int
    var section: String

    init(bytes: UnsafeRawBufferPointer, base: Int, start: Int, end: Int, section: String) {
        self.bytes = bytes
        self.base = base
        self.position = start
        self.end = end
        self.section = section
    }

    var remaining: Int { end - position }
    var offset: Int { base + position }

    func fail(_ message: String) -> LoadError {
        LoadError(section: section, offset: offset, message: message)
    }

    mutating func u8() throws(LoadError) -> UInt8 {
        guard position < end else { throw fail("unexpected end of section") }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func u16() throws(LoadError) -> UInt16 {
        guard remaining >= 2 else { throw fail("unexpected end of section") }
        defer { position += 2 }
        return UInt16(bytes[position]) | UInt16(bytes[position + 1]) << 8
    }

    mutating func u32() throws(LoadError) -> UInt32 {
        guard remaining >= 4 else { throw fail("unexpected end of section") }
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(bytes[position + index]) << UInt32(8 * index) }
        position += 4
        return value
    }

    mutating func f64() throws(LoadError) -> Double {
        guard remaining >= 8 else { throw fail("unexpected end of section") }
        var bits: UInt64 = 0
        for index in 0..<8 { bits |= UInt64(bytes[position + index]) << UInt64(8 * index) }
        position += 8
        return Double(bitPattern: bits)
    }

    /// A finite f64: NaN and infinities are never written.
    mutating func finite() throws(LoadError) -> Double {
        let start = offset
        let value = try f64()
        guard value.isFinite else { throw LoadError(section: section, offset: start, message: "a number that is not finite") }
        return value
    }

    /// An unsigned LEB128 varint of at most 5 bytes (values below 2^32).
    mutating func varint() throws(LoadError) -> Int {
        var value = 0
        var shift = 0
        while true {
            let byte = try u8()
            value |= Int(byte & 0x7F) << shift
            if byte & 0x80 == 0 { break }
            shift += 7
            if shift >= 35 { throw fail("a number longer than five bytes") }
        }
        guard value <= Int(UInt32.max) else { throw fail("a number larger than 2^32") }
        return value
    }

    /// A varint that must be below `limit` (an index into a table of `limit` entries).
    mutating func index(below limit: Int, _ what: @autoclosure () -> String) throws(LoadError) -> Int {
        let start = offset
        let value = try varint()
        guard value < limit else {
            throw LoadError(section: section, offset: start, message: "\(what()) \(value) is out of range (there are \(limit))")
        }
        return value
    }

    /// A count of records each at least `minimumSize` bytes: a count the
    /// remaining bytes cannot hold is refused before anything is allocated.
    mutating func count(minimumSize: Int, _ what: @autoclosure () -> String) throws(LoadError) -> Int {
        let start = offset
        let value = try varint()
        guard value <= remaining / max(1, minimumSize) else {
            throw LoadError(
                section: section, offset: start,
                message: "\(what()) count \(value) cannot fit in the \(remaining) bytes left in the section")
        }
        return value
    }

    /// A byte that must be one of a few values.
    mutating func tag(below limit: UInt8, _ what: @autoclosure () -> String) throws(LoadError) -> UInt8 {
        let start = offset
        let value = try u8()
        guard value < limit else { throw LoadError(section: section, offset: start, message: "unknown \(what()) \(value)") }
        return value
    }

    mutating func bytesSlice(_ count: Int) throws(LoadError) -> UnsafeRawBufferPointer {
        guard count <= remaining else { throw fail("a length of \(count) bytes runs past the end of the section") }
        defer { position += count }
        return UnsafeRawBufferPointer(rebasing: bytes[position..<(position + count)])
    }
}
