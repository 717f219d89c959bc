// A screen's constants, in a `GrowingTable`. A type of its own rather than
// the generic table: the compiler, another module, builds the table value
// by value, and the generic table's methods ran there unspecialized.

/// A screen's constants: those it was made with in an array, those
/// appended once it is a `Screen` in pages (see `GrowingTable`).
package struct ConstantTable: Hashable, Sendable {
    private(set) var table: GrowingTable<RuntimeValue>

    package init(_ constants: [RuntimeValue] = []) {
        table = GrowingTable(constants)
    }

    /// From here on, appended constants go into pages.
    package mutating func appendInPages() { table.appendInPages() }

    package mutating func append(_ value: RuntimeValue) { table.append(value) }

    /// Room for `capacity` constants in all (in the array while it takes
    /// appends).
    package mutating func reserveCapacity(_ capacity: Int) { table.reserveCapacity(capacity) }

    /// Whether this table and `other` share their array, and how many
    /// pages (for tests).
    func sharing(with other: ConstantTable) -> (array: Bool, pages: Int) { table.sharing(with: other.table) }
}

extension ConstantTable: RandomAccessCollection, MutableCollection {
    package typealias Indices = Range<Int>
    package var startIndex: Int { 0 }
    package var endIndex: Int { table.count }
    package var count: Int { table.count }

    package subscript(index: Int) -> RuntimeValue {
        @inline(__always) get { table[index] }
        set { table[index] = newValue }
    }
}

extension ConstantTable: Codable {
    /// As an array: the same JSON.
    package init(from decoder: any Decoder) throws { table = try GrowingTable(from: decoder) }
    package func encode(to encoder: any Encoder) throws { try table.encode(to: encoder) }
}
