// The names a parser has made strings of, by their bytes. A screen spells
// the same few names again and again — `text`, `font`, `Text`, `expanded` —
// and making a string of a name's bytes (checking them as UTF-8 first) was
// about a tenth of parsing a row. Names of up to 16 bytes are kept in a
// small table indexed by a hash of their bytes, read as two words; a name
// found there is the string made of the same bytes before. What is cached
// is only ever what `String(decoding:as:)` made of those exact bytes, so a
// parse reads the same with or without it.

/// Strings made of short byte sequences, by those bytes.
struct NameCache {
    /// A name's bytes as two little-endian words, zero past its length.
    struct Key: Equatable {
        var low: UInt64
        var high: UInt64
        var length: Int
    }

    /// One slot: a key (length 0 when empty) and its string.
    private struct Slot {
        var key = Key(low: 0, high: 0, length: 0)
        var string = ""
    }

    /// Slots in the table: a power of two. A screen's names that repeat
    /// are a few dozen (row ids, spelt once each, are made without it).
    private static let slotBits = 8
    private var slots: [Slot] = []

    /// The longest name kept.
    static let longest = 16

    /// The string kept for `key`, if any.
    @inline(__always)
    func string(for key: Key) -> String? {
        let slot = Self.slot(key)
        guard slot < slots.count, slots[slot].key == key else { return nil }
        return slots[slot].string
    }

    /// Keeps `string`, made of the bytes of `key`.
    @inline(never)
    mutating func remember(_ string: String, for key: Key) {
        if slots.isEmpty { slots = Array(repeating: Slot(), count: 1 << Self.slotBits) }
        slots[Self.slot(key)] = Slot(key: key, string: string)
    }

    /// The key of `bytes[start..<end]` (1 to 16 bytes): two loads where
    /// 16 bytes can be read, else a byte at a time.
    @inline(__always)
    static func key(_ bytes: [UInt8], from start: Int, to end: Int) -> Key {
        bytes.withUnsafeBufferPointer { key($0, from: start, to: end) }
    }

    @inline(__always)
    private static func key(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Key {
        let length = end - start
        var low: UInt64 = 0
        var high: UInt64 = 0
        if start + 16 <= bytes.count {
            let raw = UnsafeRawBufferPointer(bytes)
            low = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self))
            if length < 8 {
                low &= (1 << UInt64(length * 8)) &- 1
                high = 0
            } else if length < 16 {
                high &= (1 << UInt64((length - 8) * 8)) &- 1
            }
        } else {
            for offset in 0..<length {
                let byte = UInt64(bytes[start + offset])
                if offset < 8 { low |= byte << UInt64(offset * 8) } else { high |= byte << UInt64((offset - 8) * 8) }
            }
        }
        return Key(low: low, high: high, length: length)
    }

    @inline(__always)
    private static func slot(_ key: Key) -> Int {
        let mixed = (key.low ^ (key.high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(truncatingIfNeeded: key.length)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - slotBits))
    }
}
