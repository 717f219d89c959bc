// Whether two arrays are one buffer: for tests that a copy written to
// shares what it did not write (pages, shards, tables).

extension Array {
    /// Whether this array and `other` hold their elements in the same memory.
    func sharesBuffer(with other: [Element]) -> Bool {
        withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
}
