// A name's first byte, for the checks that run on every row (a kind that
// is a misspelt block keyword, an id's case) and the property catalogue.

extension String {
    /// The first UTF-8 byte, 0 for the empty string: read where the bytes
    /// are (a small string's on the stack). `utf8.first` was a call
    /// through the generic collection, a fortieth of checking a row.
    @inline(__always)
    var firstByte: UInt8 {
        utf8.withContiguousStorageIfAvailable { $0.first ?? 0 } ?? utf8.first ?? 0
    }
}
