// A screen's expression code, in a `GrowingTable`: a bound element whose
// template cannot share one copy of its code (a tap reading the element, a
// stack reading a parameter, state of its own) appends code of its own.
// A type of its own rather than the generic table: the compiler, another
// module, emits and drops code instruction by instruction, and the generic
// table's methods ran there unspecialized (lowering a screen took 7%
// longer, much of it looking up generic metadata).

/// A screen's code: the code it was made with in an array, code appended
/// once it is a `Screen` in pages (see `GrowingTable`).
package struct CodeTable: Hashable, Sendable {
    private(set) var table: GrowingTable<Instruction>

    package init(_ code: [Instruction] = []) {
        table = GrowingTable(code)
    }

    /// The code the table was made with and appended before
    /// `appendInPages()`, as one array (hot loops read it directly).
    var array: [Instruction] { table.array }

    /// From here on, appended code goes into pages.
    package mutating func appendInPages() { table.appendInPages() }

    package mutating func append(_ instruction: Instruction) { table.append(instruction) }

    package mutating func append<S: Sequence>(contentsOf code: S) where S.Element == Instruction { table.append(contentsOf: code) }

    /// Room for `capacity` instructions in all (in the array while it
    /// takes appends).
    package mutating func reserveCapacity(_ capacity: Int) { table.reserveCapacity(capacity) }

    /// The instructions in `range` as an array's slice (of the array itself
    /// when they are in it): a slice of the table, read by another module,
    /// went through the standard library's generic code.
    package func elements(in range: Range<Int>) -> ArraySlice<Instruction> { table.elements(in: range) }

    /// Whether this table and `other` share their array, and how many
    /// pages (for tests).
    func sharing(with other: CodeTable) -> (array: Bool, pages: Int) { table.sharing(with: other.table) }
}

extension CodeTable: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    package typealias Indices = Range<Int>
    package var startIndex: Int { 0 }
    package var endIndex: Int { table.count }
    package var count: Int { table.count }

    package init() { self.init([]) }

    package subscript(index: Int) -> Instruction {
        @inline(__always) get { table[index] }
        set { table[index] = newValue }
    }

    package mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with code: C) where C.Element == Instruction {
        table.replaceSubrange(range, with: code)
    }
}

extension CodeTable: Codable {
    /// As an array: the same JSON.
    package init(from decoder: any Decoder) throws { table = try GrowingTable(from: decoder) }
    package func encode(to encoder: any Encoder) throws { try table.encode(to: encoder) }
}
