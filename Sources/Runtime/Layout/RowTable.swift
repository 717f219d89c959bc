// A table of values by row number, for the rows a copy of the screen
// writes aside (RowColumn). A change through `change(at:)` that a state
// read by thousands of rows makes writes thousands of rows aside, and
// reads each of them several times: through a `Dictionary`, hashing a row
// number (SipHash) and probing for it was about a tenth of such a change.
// Row numbers are small, distinct integers, so a multiplicative hash
// spreads them well enough, and open addressing keeps a lookup to a
// multiply, a shift and a load or two.
//
// One word, as the dictionary was: every read of a column carries this
// table along (RowColumn's `Aside`), and a first cut holding two arrays
// and a shift inline made the general transitions of the host bench 5.6%
// more instructions (their poses read several columns a row), one array
// and a count 4%; in a box, as the dictionary's storage is, they are as
// they were.

/// Values by row number (non-negative), open addressing with linear
/// probing, at most three quarters full.
struct RowTable<Element: Sendable>: Sendable {
    /// A row (−1: the slot is empty) and its value.
    private struct Slot: Sendable {
        var row: Int
        var value: Element?
    }

    /// The slots (a power of two of them) and how many are taken, in a
    /// box: the table is one word, copied on a write while another copy
    /// holds it; none until a row is written (a column makes an empty
    /// table whenever it folds its rows in). Mutable, so `Sendable` on
    /// trust: a table writes its box only while it alone holds it.
    private final class Storage: @unchecked Sendable {
        // Unchecked for the same reason (and no access to it overlaps
        // another); checked, each read of a row aside began and ended an
        // access in the runtime, which cost more than the hashing the
        // table saves.
        @exclusivity(unchecked) var slots: [Slot] = []
        @exclusivity(unchecked) var count = 0

        init() {}

        init(copying other: Storage) {
            slots = other.slots
            count = other.count
        }
    }

    private var storage: Storage?

    var count: Int { storage?.count ?? 0 }
    var isEmpty: Bool { count == 0 }

    /// The slot where `row` is, or the empty one where it would go.
    @inline(__always)
    private static func slot(of row: Int, in slots: UnsafeBufferPointer<Slot>) -> Int {
        let mask = slots.count - 1
        // Fibonacci hashing: the top bits of the product.
        let shift = UInt64(64 - slots.count.trailingZeroBitCount)
        var slot = Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: row)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while slots[slot].row != row, slots[slot].row != -1 { slot = (slot + 1) & mask }
        return slot
    }

    subscript(row: Int) -> Element? {
        guard let storage, storage.count > 0 else { return nil }
        return storage.slots.withUnsafeBufferPointer { $0[Self.slot(of: row, in: $0)].value }
    }

    mutating func set(_ row: Int, _ value: Element) {
        precondition(row >= 0, "row \(row) in a table of rows")
        if !isKnownUniquelyReferenced(&storage) { storage = storage.map(Storage.init(copying:)) ?? Storage() }
        guard let storage else { preconditionFailure("a row table's storage was just made") }
        if (storage.count + 1) * 4 > storage.slots.count * 3 { Self.grow(storage) }
        let slot = storage.slots.withUnsafeBufferPointer { Self.slot(of: row, in: $0) }
        if storage.slots[slot].row == -1 {
            storage.slots[slot].row = row
            storage.count += 1
        }
        storage.slots[slot].value = value
    }

    /// Twice the slots (16 at first), every row put in again.
    private static func grow(_ storage: Storage) {
        let old = storage.slots
        storage.slots = [Slot](repeating: Slot(row: -1, value: nil), count: Swift.max(16, old.count * 2))
        for entry in old where entry.row != -1 {
            let slot = storage.slots.withUnsafeBufferPointer { Self.slot(of: entry.row, in: $0) }
            storage.slots[slot] = entry
        }
    }

    /// Every row and its value, in no particular order.
    var entries: some Sequence<(row: Int, value: Element)> {
        (storage?.slots ?? []).lazy.compactMap { slot in slot.value.map { (slot.row, $0) } }
    }
}
