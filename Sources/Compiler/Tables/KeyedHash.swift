// The hash the compiler's tables of byte strings find things by (row ids,
// the file's strings). It was unkeyed — the same function in every
// process — and ids or texts could be written in advance that all hashed
// alike: 16,384 ids of 224 letters and digits each (two spellings for each
// of 14 sixteen-byte blocks, every pair leaving the hash's state the same)
// made `stackc check` 0.07 → 0.67 s and `stackc compile` 0.09 → 1.17 s,
// quadratic in the ids, and texts did the same to `compile`. Seeding it
// would not have been enough: a difference in the top bit of a word passed
// through its multiply and shift the same whatever the state before.
//
// Here every step is a folded multiply — the high and low halves of a
// 128-bit product, xored — of two operands that each hold a key, so what a
// difference in the input does depends on keys a file cannot know: they
// come from the standard library's per-process random hashing seed (and
// `SWIFT_DETERMINISTIC_HASHING` makes runs repeatable, as it does for
// dictionaries). It costs no more: sixteen bytes a multiply, and a short
// id read in two loads, where its last bytes took a multiply each
// (`stackc compile` of 100,000 rows 3,629.6 → 3,612.2 M instructions,
// `check` 2,027.8 → 2,026.3 M).

/// A hash of byte strings keyed per process: strings crafted to collide
/// cannot be written in advance. Not a cryptographic hash.
struct KeyedHash: Sendable {
    private let keys: (UInt64, UInt64, UInt64)

    /// Keys from the standard library's hashing seed: the same for every
    /// table of one process, different from process to process.
    init() {
        func key(_ salt: Int) -> UInt64 {
            var hasher = Hasher()
            hasher.combine(salt)
            return UInt64(bitPattern: Int64(hasher.finalize()))
        }
        keys = (key(0x5EED_0), key(0x5EED_1), key(0x5EED_2))
    }

    /// Keys given outright (for tests).
    init(keys: (UInt64, UInt64, UInt64)) {
        self.keys = keys
    }

    /// The hash of `bytes`.
    func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        var state = keys.0 ^ UInt64(truncatingIfNeeded: count)
        var first: UInt64 = 0
        var second: UInt64 = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            if count >= 16 {
                var at = 0
                // Whole blocks but the last, which may overlap the one before.
                while at + 16 < count {
                    state = Self.fold(raw.word(at) ^ keys.1, raw.word(at + 8) ^ state)
                    at += 16
                }
                first = raw.word(count - 16)
                second = raw.word(count - 8)
            } else if count >= 8 {
                first = raw.word(0)
                second = raw.word(count - 8)
            } else if count >= 4 {
                first = UInt64(raw.loadUnaligned(as: UInt32.self))
                second = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            } else if count > 0 {
                first = UInt64(base[0]) << 16 | UInt64(base[count >> 1]) << 8 | UInt64(base[count - 1])
            }
        }
        state = Self.fold(first ^ keys.1, second ^ state)
        return Int(truncatingIfNeeded: Self.fold(state ^ keys.2, keys.0 ^ 0x9E37_79B9_7F4A_7C15))
    }

    /// The hash of bytes kept in a table.
    func hash(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer { hash($0) }
    }

    /// The high and low halves of `a` × `b`, xored: every bit of either
    /// reaches the middle of the product.
    private static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }
}

private extension UnsafeRawPointer {
    /// The little-endian word at `offset`.
    func word(_ offset: Int) -> UInt64 {
        UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
