// Hashing and comparing strings through their UTF-8 bytes in place, the
// same for a `String` and for bytes kept in a table (the row-id table keeps
// spans of the source; the string table keeps the bytes themselves).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum UTF8Hashing {
    /// `body` over `string`'s UTF-8 in place: hashing and comparing through
    /// a string's UTF-8 view, a byte at a time, cost 6.6 M instructions of
    /// checking 10,000 rows, twice the row-id table's own work.
    static func withUTF8<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(string.utf8).withUnsafeBufferPointer(body)
    }

    /// The same for a string and its bytes wherever they are kept: eight
    /// bytes at a time, each word mixed in by a multiply and a shift
    /// (FNV-1a a byte at a time was a third of numbering a file's strings,
    /// most of them a row's words), then the last few bytes one by one.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var at = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while at + 8 <= bytes.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
                hash ^= hash >> 29
                at += 8
            }
        }
        while at < bytes.count {
            hash = (hash ^ UInt64(bytes[at])) &* 0x100_0000_01b3
            at += 1
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    /// `hash` of bytes kept in a table.
    static func hash(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer { hash($0) }
    }

    /// Whether `kept` (bytes in a table) are `bytes`: by `memcmp`, where
    /// the generic `elementsEqual` compared a byte at a time through two
    /// kinds of collection (a twentieth of encoding a row's strings).
    static func same(_ kept: ArraySlice<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard kept.count == bytes.count else { return false }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        return kept.withUnsafeBufferPointer { keptBytes in
            guard let keptBase = keptBytes.baseAddress else { return false }
            return memcmp(keptBase, base, bytes.count) == 0
        }
    }
}
