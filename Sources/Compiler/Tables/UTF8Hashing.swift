// Hashing and comparing strings through their UTF-8 bytes in place, the
// same for a `String` and for bytes kept in a table (the row-id table keeps
// spans of the source; the string table keeps the bytes themselves).

enum UTF8Hashing {
    /// `body` over `string`'s UTF-8 in place: hashing and comparing through
    /// a string's UTF-8 view, a byte at a time, cost 6.6 M instructions of
    /// checking 10,000 rows, twice the row-id table's own work.
    static func withUTF8<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(string.utf8).withUnsafeBufferPointer(body)
    }

    /// FNV-1a: the same for a string and its bytes wherever they are kept.
    static func hash(_ bytes: some Sequence<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
