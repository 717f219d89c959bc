// Growing large tables by a quarter rather than doubling them. An array
// that doubles is on average a quarter empty and, just after it grew, half
// empty: at 100,000 rows the tables that live until a screen is encoded
// (row ids, strings, the encoded rows) held 2 MB they did not use. Growing by
// a quarter copies each element about four times instead of twice.

extension Array {
    /// Appends `element`, making room for a quarter more first when full.
    mutating func appendGrowingModestly(_ element: Element) {
        if count == capacity { reserveCapacity(count + count / 4 + 16) }
        append(element)
    }

    /// Room for at least `extra` more elements, grown by a quarter at a time.
    mutating func reserveModestly(_ extra: Int) {
        if capacity - count < extra { reserveCapacity(Swift.max(count + count / 4, count + extra) + 16) }
    }
}
