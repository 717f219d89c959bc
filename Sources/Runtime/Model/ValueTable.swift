// A screen's constants, and its state's values, in a `GrowingTable`. A
// type of its own rather than the generic table: the compiler, another
// module, builds the constants value by value, and the generic table's
// methods ran there unspecialized.

/// Runtime values: those a screen was made with in an array, those
/// appended once it is a `Screen` in pages (see `GrowingTable`) — a bound
/// element's constants, and the values of its own state.
package struct ValueTable: Hashable, Sendable {
    private(set) var table: GrowingTable<RuntimeValue>

    package init(_ values: [RuntimeValue] = []) {
        table = GrowingTable(values)
    }

    /// From here on, appended values go into pages.
    package mutating func appendInPages() { table.appendInPages() }

    package mutating func append(_ value: RuntimeValue) { table.append(value) }

    package mutating func append<S: Sequence>(contentsOf values: S) where S.Element == RuntimeValue { table.append(contentsOf: values) }

    /// Room for `capacity` values in all (in the array while it takes
    /// appends).
    package mutating func reserveCapacity(_ capacity: Int) { table.reserveCapacity(capacity) }

    /// Whether this table and `other` share their array, and how many
    /// pages (for tests).
    func sharing(with other: ValueTable) -> (array: Bool, pages: Int) { table.sharing(with: other.table) }
}

extension ValueTable: RandomAccessCollection, MutableCollection {
    package typealias Indices = Range<Int>
    package var startIndex: Int { 0 }
    package var endIndex: Int { table.count }
    package var count: Int { table.count }

    package subscript(index: Int) -> RuntimeValue {
        @inline(__always) get { table[index] }
        set { table[index] = newValue }
    }
}

extension ValueTable: Codable {
    /// As an array: the same JSON.
    package init(from decoder: any Decoder) throws { table = try GrowingTable(from: decoder) }
    package func encode(to encoder: any Encoder) throws { try table.encode(to: encoder) }
}
