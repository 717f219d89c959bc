// What a bound list's elements add to a screen. Each brings values of its
// own, appended as constants when its rows are made; code of its own when
// the template's rows cannot share one copy of its code (a tap reading the
// element, a stack reading a parameter, state of its own); and a state
// slot and its value for each state of its own. `HostSession.change(at:)`
// makes its change on a copy of the live screen, and one element pushed
// there appended to arrays the copy shared with the screen before, so the
// append copied every constant (300,000 values, each retained, at 100,000
// elements), all the code (45 ms at a million elements) and every state
// slot and value (80 ms). Pages share, but every read through two arrays
// made resolving a compiled screen 5.5% slower. So what a screen is made
// with stays in one array, and what is appended once it is a `Screen`
// goes into pages: reading one is a comparison more than an array's read.

/// What `ValueTable`, `CodeTable` and `StateSlots` hold: the elements a
/// screen was made with in an array, the ones appended after
/// `appendInPages()` in a `PagedArray`, one collection to every reader
/// (equal and hashed as the array of them all).
struct GrowingTable<Element: Sendable>: Sendable {
    /// The first elements: those the table was made with and appended
    /// before `appendInPages()` (hot loops may read these directly).
    private(set) var array: [Element]
    private var tail = PagedArray<Element>()
    /// Whether `append` goes to the pages (the array is no longer written
    /// but in place).
    private var appendsToPages = false

    init(_ elements: [Element] = []) {
        array = elements
    }

    /// From here on, appended elements go into pages: a copy of the table
    /// that appends one copies a page, not every element.
    mutating func appendInPages() {
        appendsToPages = true
    }

    mutating func append(_ element: Element) {
        if appendsToPages { tail.append(element) } else { array.append(element) }
    }

    mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        if appendsToPages { tail.append(contentsOf: elements) } else { array.append(contentsOf: elements) }
    }

    /// Whether this table and `other` hold their first elements in the
    /// same array, and how many of their pages they share (for tests: a
    /// copy that appends one element shares the array and all its pages
    /// but the last).
    func sharing(with other: GrowingTable) -> (array: Bool, pages: Int) {
        (array.sharesBuffer(with: other.array), tail.pagesShared(with: other.tail))
    }

    /// Room for `capacity` elements in all: in the array while it takes
    /// appends (pages take their room as they start).
    mutating func reserveCapacity(_ capacity: Int) {
        if !appendsToPages { array.reserveCapacity(capacity) }
    }
}

extension GrowingTable: RandomAccessCollection, MutableCollection {
    /// Said, not inferred: inferred as `DefaultIndices`, `count` walked
    /// every element (and the compiler's lowering went quadratic).
    typealias Indices = Range<Int>

    var count: Int { array.count + tail.count }
    var startIndex: Int { 0 }
    var endIndex: Int { array.count + tail.count }

    subscript(index: Int) -> Element {
        // The array's read inlined into every reader, the pages' out of
        // line: inlined whole (or called whole), resolving every row of a
        // compiled screen took a tenth longer.
        @inline(__always) get {
            if index < array.count { return array[index] }
            return paged(index)
        }
        set {
            if index < array.count { array[index] = newValue } else { tail[index - array.count] = newValue }
        }
    }
}

extension GrowingTable: RangeReplaceableCollection {
    init() {
        self.init([])
    }

    /// In the array while it takes appends (the compiler emits and drops
    /// code so); a range reaching into the pages (nothing here replaces
    /// one) makes the table one array again.
    mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with elements: C) where C.Element == Element {
        if !appendsToPages || (tail.isEmpty && range.upperBound <= array.count) {
            array.replaceSubrange(range, with: elements)
            return
        }
        var all = Array(self)
        all.replaceSubrange(range, with: elements)
        array = all
        tail = PagedArray()
    }
}

extension GrowingTable {
    /// The elements in `range` as an array's slice (of the array itself
    /// when they are in it).
    func elements(in range: Range<Int>) -> ArraySlice<Element> {
        range.upperBound <= array.count ? array[range] : ArraySlice(self[range])
    }

    @inline(never)
    private func paged(_ index: Int) -> Element {
        tail[index - array.count]
    }
}

extension GrowingTable: Equatable where Element: Equatable {
    static func == (lhs: GrowingTable, rhs: GrowingTable) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

extension GrowingTable: Hashable where Element: Hashable {
    /// As an array of them all hashes.
    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension GrowingTable: Codable where Element: Codable {
    /// As an array: the same JSON.
    init(from decoder: any Decoder) throws {
        self.init(try [Element](from: decoder))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in self { try container.encode(element) }
    }
}
