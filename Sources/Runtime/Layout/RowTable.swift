// A table of values by row number, for the rows a copy of the screen
// writes aside (RowColumn). A change through `change(at:)` that a state
// read by thousands of rows makes writes thousands of rows aside, and
// reads each of them several times: through a `Dictionary`, hashing a row
// number (SipHash) was a fifth of such a change. Row numbers are small,
// distinct integers, so a multiplicative hash spreads them well enough,
// and open addressing keeps a lookup to a multiply, a shift and a load or
// two.

/// Values by row number (non-negative), open addressing with linear
/// probing, at most three quarters full.
struct RowTable<Element: Sendable>: Sendable {
    /// The row in each slot, or −1 for an empty one.
    private var keys: [Int] = []
    private var values: [Element?] = []
    /// 64 less the bits of a slot's number (`keys.count` is a power of two).
    private var shift = 64
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The slot where `row` is, or the empty one where it would go.
    @inline(__always)
    private func slot(of row: Int) -> Int {
        let mask = keys.count - 1
        // Fibonacci hashing: the top bits of the product.
        var slot = Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: row)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
        while keys[slot] != row, keys[slot] != -1 { slot = (slot + 1) & mask }
        return slot
    }

    subscript(row: Int) -> Element? {
        guard count > 0 else { return nil }
        return values[slot(of: row)]
    }

    mutating func set(_ row: Int, _ value: Element) {
        precondition(row >= 0, "row \(row) in a table of rows")
        if (count + 1) * 4 > keys.count * 3 { grow() }
        let slot = slot(of: row)
        if keys[slot] == -1 {
            keys[slot] = row
            count += 1
        }
        values[slot] = value
    }

    /// Twice the slots (16 at first), every row put in again.
    private mutating func grow() {
        let old = (keys, values)
        let size = Swift.max(16, keys.count * 2)
        keys = [Int](repeating: -1, count: size)
        values = [Element?](repeating: nil, count: size)
        shift = 64 - size.trailingZeroBitCount
        for index in old.0.indices where old.0[index] != -1 {
            let slot = slot(of: old.0[index])
            keys[slot] = old.0[index]
            values[slot] = old.1[index]
        }
    }

    /// Every row and its value, in no particular order.
    var entries: some Sequence<(row: Int, value: Element)> {
        zip(keys, values).lazy.compactMap { key, value in value.map { (key, $0) } }
    }
}
