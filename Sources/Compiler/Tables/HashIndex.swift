// Finding equal things by hash without a second copy of them. A dictionary
// keyed by values keeps each key beside its value in a power-of-two table
// at most three quarters full: at 100,000 rows the compiler's tables of
// constants, strings and row ids held tens of bytes an entry that were
// already stored elsewhere. This index holds only entry numbers, 4 bytes
// each; its owner keeps the entries and says which one matches.
//
// The table is any size, not a power of two, and between a third and 70 %
// full: a hash picks its slot by multiplying, not masking. Powers of two at
// most half full took 8 to 16 bytes an entry (at 100,000 entries, 1 MB an
// index); this takes 6 to 12, and a miss probes about six slots at worst.

/// Entry numbers, open-addressed by hash, at most 70 % full.
struct HashIndex {
    private static let empty = UInt32.max
    private var slots = [UInt32](repeating: HashIndex.empty, count: 64)
    private(set) var count = 0

    /// The entry with hash `hash` for which `matches` holds, if any.
    func find(hash: Int, _ matches: (Int) -> Bool) -> Int? {
        var at = Self.start(hash, slots.count)
        while slots[at] != Self.empty {
            if matches(Int(slots[at])) { return Int(slots[at]) }
            at += 1
            if at == slots.count { at = 0 }
        }
        return nil
    }

    /// Adds entry `entry` (not added before) with hash `hash`; `hashOf`
    /// gives the hash of any entry added before, for growing.
    mutating func insert(_ entry: Int, hash: Int, hashOf: (Int) -> Int) {
        if (count + 1) * 10 > slots.count * 7 {
            let old = slots
            slots = [UInt32](repeating: Self.empty, count: (count + 1) * 2)
            for other in old where other != Self.empty { place(Int(other), hash: hashOf(Int(other))) }
        }
        place(entry, hash: hash)
        count += 1
    }

    /// Where a hash's probe starts: mixed (owners' hashes need not have
    /// good high bits), then its high bits scaled to the table.
    @inline(__always)
    private static func start(_ hash: Int, _ size: Int) -> Int {
        let mixed = UInt64(truncatingIfNeeded: hash) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed.multipliedFullWidth(by: UInt64(size)).high)
    }

    private mutating func place(_ entry: Int, hash: Int) {
        var at = Self.start(hash, slots.count)
        while slots[at] != Self.empty {
            at += 1
            if at == slots.count { at = 0 }
        }
        slots[at] = UInt32(entry)
    }
}
