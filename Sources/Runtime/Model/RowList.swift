// Row numbers made at once: a bound element's rows, a component
// instance's. Most are one run of consecutive rows (a template without
// stacks of its own), kept as that run: an array each was one allocation
// per element when binding 100,000 of them.

/// Row numbers, in order: a run of consecutive rows or any list.
package struct RowList: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    private enum Storage: Sendable {
        case run(Range<Int>)
        case list([Int])
    }
    // A run in two 32-bit numbers or a list: 16 bytes (a bound element is
    // one of 100,000).
    private var list: [Int]?
    private var lower: Int32 = 0
    private var upper: Int32 = 0

    private var storage: Storage { list.map(Storage.list) ?? .run(Int(lower)..<Int(upper)) }

    /// The rows `run`, in order.
    package init(_ run: Range<Int>) {
        if let lower = Int32(exactly: run.lowerBound), let upper = Int32(exactly: run.upperBound) {
            (self.lower, self.upper) = (lower, upper)
        } else {
            list = Array(run)
        }
    }

    /// `rows`, in their order.
    package init(_ rows: [Int]) { list = rows }

    package init(arrayLiteral rows: Int...) { list = rows }

    package var startIndex: Int { 0 }

    package var endIndex: Int { list?.count ?? Int(upper - lower) }

    package subscript(index: Int) -> Int {
        if let list { return list[index] }
        precondition(index >= 0 && index < Int(upper - lower), "row \(index) of \(upper - lower)")
        return Int(lower) + index
    }

    /// The rows as an array.
    package var array: [Int] { list ?? Array(Int(lower)..<Int(upper)) }

    /// Appends these rows to `list` (the standard library's generic
    /// append of a collection cost as much as making the rows' ids).
    package func append(to list: inout [Int]) {
        switch storage {
        case .run(let run): for row in run { list.append(row) }
        case .list(let rows): list.append(contentsOf: rows)
        }
    }

    package static func == (a: RowList, b: RowList) -> Bool { a.elementsEqual(b) }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for row in self { hasher.combine(row) }
    }
}
