// A screen's state slots, in a `GrowingTable`: an element whose component
// has state of its own adds a slot, and through `HostSession.change(at:)`
// (a copy of the live screen) one element pushed copied every slot the
// copy shared with the screen before (80 ms at a million elements). A type
// of its own rather than the generic table, as the code's is: the compiler
// and the command line, other modules, read and write the slots.

/// A screen's state slots: those it was made with in an array, those
/// appended once it is a `Screen` in pages (see `GrowingTable`).
package struct StateSlots: Hashable, Sendable {
    private(set) var table: GrowingTable<StateSlot>

    package init(_ slots: [StateSlot] = []) {
        table = GrowingTable(slots)
    }

    /// From here on, appended slots go into pages.
    package mutating func appendInPages() { table.appendInPages() }

    package mutating func append(_ slot: StateSlot) { table.append(slot) }

    package mutating func append<S: Sequence>(contentsOf slots: S) where S.Element == StateSlot { table.append(contentsOf: slots) }

    /// Whether this table and `other` share their array, and how many
    /// pages (for tests).
    func sharing(with other: StateSlots) -> (array: Bool, pages: Int) { table.sharing(with: other.table) }
}

extension StateSlots: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, ExpressibleByArrayLiteral {
    package typealias Indices = Range<Int>
    package var startIndex: Int { 0 }
    package var endIndex: Int { table.count }
    package var count: Int { table.count }

    package init() { self.init([]) }

    package init(arrayLiteral slots: StateSlot...) { self.init(slots) }

    package subscript(index: Int) -> StateSlot {
        get { table[index] }
        set { table[index] = newValue }
    }

    package mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with slots: C) where C.Element == StateSlot {
        table.replaceSubrange(range, with: slots)
    }
}

extension StateSlots: Codable {
    /// As an array: the same JSON.
    package init(from decoder: any Decoder) throws { table = try GrowingTable(from: decoder) }
    package func encode(to encoder: any Encoder) throws { try table.encode(to: encoder) }
}
