// The code's constants. A bound list's elements bring values of their own,
// appended as constants when their rows are made; `HostSession.change(at:)`
// makes its change on a copy of the live screen, and one element pushed
// there appended to an array the copy shared with the screen before, so
// the append copied every constant (300,000 values, each retained, at
// 100,000 elements — then the screen before let go of them all). Pages
// share, but every constant read through two arrays made resolving a
// compiled screen 5.5% slower. So the constants a screen is made with stay
// in one array, and those appended once it is a `Screen` go into pages:
// reading one is a comparison more than an array's read.

/// A screen's constants: the ones it was made with in an array, the ones
/// appended after `appendInPages()` in a `PagedArray`, one collection to
/// every reader (equal and hashed as the array of them all).
package struct ConstantTable: Sendable {
    private var base: [RuntimeValue]
    private var tail = PagedArray<RuntimeValue>()
    /// Whether `append` goes to the pages (the array is no longer written
    /// but in place).
    private var appendsToPages = false

    package init(_ constants: [RuntimeValue] = []) {
        base = constants
    }

    /// From here on, appended constants go into pages: a copy of the table
    /// that appends one copies a page, not every constant.
    package mutating func appendInPages() {
        appendsToPages = true
    }

    package mutating func append(_ value: RuntimeValue) {
        if appendsToPages { tail.append(value) } else { base.append(value) }
    }

    /// Whether this table and `other` hold their first constants in the
    /// same array, and how many of their pages they share (for tests: a
    /// copy that appends one constant shares the array and all its pages
    /// but the last).
    func sharing(with other: ConstantTable) -> (array: Bool, pages: Int) {
        (base.sharesBuffer(with: other.base), tail.pagesShared(with: other.tail))
    }

    /// Room for `capacity` constants in all: in the array while it takes
    /// appends (pages take their room as they start).
    package mutating func reserveCapacity(_ capacity: Int) {
        if !appendsToPages { base.reserveCapacity(capacity) }
    }
}

extension ConstantTable: RandomAccessCollection, MutableCollection {
    package var startIndex: Int { 0 }
    package var endIndex: Int { base.count + tail.count }

    package subscript(index: Int) -> RuntimeValue {
        // The array's read inlined into every reader, the pages' out of
        // line: inlined whole (or called whole), resolving every row of a
        // compiled screen took a tenth longer.
        @inline(__always) get {
            if index < base.count { return base[index] }
            return paged(index)
        }
        set {
            if index < base.count { base[index] = newValue } else { tail[index - base.count] = newValue }
        }
    }
}

extension ConstantTable {
    @inline(never)
    private func paged(_ index: Int) -> RuntimeValue {
        tail[index - base.count]
    }
}

extension ConstantTable: Hashable {
    package static func == (lhs: ConstantTable, rhs: ConstantTable) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    /// As an array of them all hashes.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for value in self { hasher.combine(value) }
    }
}

extension ConstantTable: Codable {
    /// As an array: the same JSON.
    package init(from decoder: any Decoder) throws {
        self.init(try [RuntimeValue](from: decoder))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for value in self { try container.encode(value) }
    }
}
