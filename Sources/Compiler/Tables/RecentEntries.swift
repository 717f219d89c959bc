// A direct-mapped cache whose room grows with use. Lowering and encoding
// keep the constants, constant slots and row styles they found lately in
// such caches, each a screen's own. At full size from the start, a file of
// 20,000 one-row screens made and let go of 1,024 empty entries for each
// screen — 20 million, each let go through a generic witness: a fifth of
// compiling it. Room now comes as entries are stored: none for a screen
// that stores none, a few for one that stores a few.

/// Entries found by the top bits of a well-mixed 64-bit key, one per slot;
/// a slot holds the entry stored there last. What a slot holds must be
/// checked against what is sought: any two keys may share a slot.
///
/// It starts with no room. The first entry stored makes room for 8; an
/// entry stored where another one is makes four times the room, empty
/// again (a cache may forget), until the room reaches the largest its
/// user allows. Nothing but the entries is kept, so the cache is no
/// larger than the array it replaced (a cache of four fields made the
/// copies lowering then made of the compiler holding two of them larger).
struct RecentEntries<Entry> {
    /// The entries by slot: read the one for a key at `slot(for:)`, in
    /// place (an entry returned by a method was copied out whole for every
    /// lookup).
    private(set) var entries: [Entry?] = []

    /// The slots it has room for now.
    var room: Int { entries.count }

    /// The slot of `key`, or nil while there is no room.
    @inline(__always)
    func slot(for key: UInt64) -> Int? {
        entries.isEmpty ? nil : Self.slot(for: key, room: entries.count)
    }

    /// Keeps `entry` in `key`'s slot, making room first if the slot holds
    /// another entry and the room is below `largest` (a power of two).
    @inline(__always)
    mutating func store(_ entry: Entry, for key: UInt64, largest: Int) {
        if entries.isEmpty || (entries.count < largest && entries[Self.slot(for: key, room: entries.count)] != nil) {
            grow(largest: largest)
        }
        entries[Self.slot(for: key, room: entries.count)] = entry
    }

    /// Forgets every entry and lets go of the room.
    mutating func removeAll() {
        entries = []
    }

    @inline(__always)
    private static func slot(for key: UInt64, room: Int) -> Int {
        // Shifted by the full width when the room is one slot: 0.
        Int(truncatingIfNeeded: key >> UInt64(64 - room.trailingZeroBitCount))
    }

    @inline(never)
    private mutating func grow(largest: Int) {
        entries = Array(repeating: nil, count: min(max(entries.count * 4, 8), largest))
    }
}
