// Finding a screen's equal constants. A dictionary keyed by the values kept
// a second copy of every key beside the constants table: at 100,000 rows of
// distinct texts, 3.7 MB of keys and hashes. This table keeps only slot
// numbers, 4 bytes each and at most half full, and compares against the
// constants themselves.

import StackRuntime

/// Slot numbers of `ExpressionTable.constants`, open-addressed by the hash
/// of the value in the slot.
struct ConstantIndex {
    private static let empty = UInt32.max
    private var slots = [UInt32](repeating: ConstantIndex.empty, count: 256)
    private var count = 0

    /// The slot holding a value equal to `value` (whose `hashValue` is
    /// `hash`) among `constants`, if any.
    func find(_ value: RuntimeValue, hash: Int, in constants: [RuntimeValue]) -> UInt32? {
        let mask = slots.count - 1
        var at = hash & mask
        while slots[at] != Self.empty {
            if constants[Int(slots[at])] == value { return slots[at] }
            at = (at + 1) & mask
        }
        return nil
    }

    /// Records that `constants[slot]` holds a value not recorded before,
    /// whose `hashValue` is `hash`.
    mutating func insert(_ slot: UInt32, hash: Int, in constants: [RuntimeValue]) {
        if (count + 1) * 2 > slots.count { grow(constants) }
        place(slot, hash: hash)
        count += 1
    }

    private mutating func place(_ slot: UInt32, hash: Int) {
        let mask = slots.count - 1
        var at = hash & mask
        while slots[at] != Self.empty { at = (at + 1) & mask }
        slots[at] = slot
    }

    private mutating func grow(_ constants: [RuntimeValue]) {
        let old = slots
        slots = [UInt32](repeating: Self.empty, count: old.count * 2)
        for slot in old where slot != Self.empty { place(slot, hash: constants[Int(slot)].hashValue) }
    }
}
