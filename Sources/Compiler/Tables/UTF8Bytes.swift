// Reading and comparing strings through their UTF-8 bytes in place, the
// same for a `String` and for bytes kept in a table (the row-id table keeps
// spans of the source; the string table keeps the bytes themselves). They
// are hashed by `KeyedHash`.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum UTF8Bytes {
    /// `body` over `string`'s UTF-8 in place: hashing and comparing through
    /// a string's UTF-8 view, a byte at a time, cost 6.6 M instructions of
    /// checking 10,000 rows, twice the row-id table's own work.
    static func withUTF8<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(string.utf8).withUnsafeBufferPointer(body)
    }

    /// Whether two strings are spelt with the same bytes (not whether
    /// Swift calls them equal: a precomposed "é" and "e" with a combining
    /// accent are two spellings, and a file keeps the one it was given).
    static func same(_ one: String, _ other: String) -> Bool {
        withUTF8(one) { one in withUTF8(other) { same(one, $0) } }
    }

    /// Whether `kept` (bytes in a table) are `bytes`: by `memcmp`, where
    /// the generic `elementsEqual` compared a byte at a time through two
    /// kinds of collection (a twentieth of encoding a row's strings).
    static func same(_ kept: ArraySlice<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        kept.withUnsafeBufferPointer { same($0, bytes) }
    }

    /// Whether two runs of bytes are the same, by `memcmp`.
    @inline(__always)
    private static func same(_ one: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard one.count == other.count else { return false }
        guard let first = one.baseAddress, let second = other.baseAddress, !one.isEmpty else { return true }
        return memcmp(first, second, one.count) == 0
    }
}
