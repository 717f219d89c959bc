// Finding equal things by hash without a second copy of them. A dictionary
// keyed by values keeps each key beside its value in a power-of-two table
// at most three quarters full: at 100,000 rows the compiler's tables of
// constants, strings and row ids held tens of bytes an entry that were
// already stored elsewhere. This index holds only entry numbers and half
// of each one's hash, 8 bytes an entry and at most half full; its owner
// keeps the entries and says which one matches.

/// Entry numbers, open-addressed by hash, at most half full. Each slot keeps
/// the low half of its entry's hash beside the number: growing places the
/// entries again without asking for their hashes (which hashed every
/// string constant again at each doubling), and a lookup asks its owner to
/// compare only entries whose hash matches.
struct HashIndex {
    private static let empty = UInt64.max
    private var slots = [UInt64](repeating: HashIndex.empty, count: 64)
    private(set) var count = 0

    /// The entry with hash `hash` for which `matches` holds, if any.
    func find(hash: Int, _ matches: (Int) -> Bool) -> Int? {
        let mask = slots.count - 1
        let bits = UInt64(UInt32(truncatingIfNeeded: hash))
        var at = hash & mask
        while slots[at] != Self.empty {
            let slot = slots[at]
            if slot >> 32 == bits, matches(Int(slot & 0xFFFF_FFFF)) { return Int(slot & 0xFFFF_FFFF) }
            at = (at + 1) & mask
        }
        return nil
    }

    /// Adds entry `entry` (not added before) with hash `hash`.
    mutating func insert(_ entry: Int, hash: Int) {
        if (count + 1) * 2 > slots.count {
            let old = slots
            slots = [UInt64](repeating: Self.empty, count: old.count * 2)
            for slot in old where slot != Self.empty { place(slot) }
        }
        place(UInt64(UInt32(truncatingIfNeeded: entry)) | UInt64(UInt32(truncatingIfNeeded: hash)) << 32)
        count += 1
    }

    /// Places a slot (entry and hash bits) at its hash's first free place.
    private mutating func place(_ slot: UInt64) {
        let mask = slots.count - 1
        var at = Int(truncatingIfNeeded: slot >> 32) & mask
        while slots[at] != Self.empty { at = (at + 1) & mask }
        slots[at] = slot
    }
}
