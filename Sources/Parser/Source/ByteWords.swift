// Finding a byte in eight at a time: the lexer looks for what ends a string
// this way, and stepping over rows for quotes and braces (the line table,
// one byte sought, uses the C library's `memchr` where there is one).

enum ByteWords {
    /// The high bit of exactly those bytes of `word` that are `byte`, and
    /// no other bits (the sum cannot carry from one byte into the next, so
    /// there are no false ones).
    @inline(__always)
    static func matches(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return ~(((x & low) &+ low) | x) & 0x8080_8080_8080_8080
    }
}
