// Finding equal things by hash without a second copy of them. A dictionary
// keyed by values keeps each key beside its value in a power-of-two table
// at most three quarters full: at 100,000 rows the compiler's tables of
// constants, strings and row ids held tens of bytes an entry that were
// already stored elsewhere. This index holds only entry numbers, 4 bytes
// each and at most half full; its owner keeps the entries and says which
// one matches.

/// Entry numbers, open-addressed by hash, at most half full.
struct HashIndex {
    private static let empty = UInt32.max
    private var slots = [UInt32](repeating: HashIndex.empty, count: 64)
    private(set) var count = 0

    /// The entry with hash `hash` for which `matches` holds, if any.
    func find(hash: Int, _ matches: (Int) -> Bool) -> Int? {
        let mask = slots.count - 1
        var at = hash & mask
        while slots[at] != Self.empty {
            if matches(Int(slots[at])) { return Int(slots[at]) }
            at = (at + 1) & mask
        }
        return nil
    }

    /// Adds entry `entry` (not added before) with hash `hash`; `hashOf`
    /// gives the hash of any entry added before, for growing.
    mutating func insert(_ entry: Int, hash: Int, hashOf: (Int) -> Int) {
        if (count + 1) * 2 > slots.count {
            let old = slots
            slots = [UInt32](repeating: Self.empty, count: old.count * 2)
            for other in old where other != Self.empty { place(Int(other), hash: hashOf(Int(other))) }
        }
        place(entry, hash: hash)
        count += 1
    }

    private mutating func place(_ entry: Int, hash: Int) {
        let mask = slots.count - 1
        var at = hash & mask
        while slots[at] != Self.empty { at = (at + 1) & mask }
        slots[at] = UInt32(entry)
    }
}
