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
    private var storage: Storage

    /// The rows `run`, in order.
    package init(_ run: Range<Int>) { storage = .run(run) }

    /// `rows`, in their order.
    package init(_ rows: [Int]) { storage = .list(rows) }

    package init(arrayLiteral rows: Int...) { storage = .list(rows) }

    package var startIndex: Int { 0 }

    package var endIndex: Int {
        switch storage {
        case .run(let run): run.count
        case .list(let rows): rows.count
        }
    }

    package subscript(index: Int) -> Int {
        switch storage {
        case .run(let run):
            precondition(index >= 0 && index < run.count, "row \(index) of \(run.count)")
            return run.lowerBound + index
        case .list(let rows): return rows[index]
        }
    }

    /// The rows as an array.
    package var array: [Int] {
        switch storage {
        case .run(let run): Array(run)
        case .list(let rows): rows
        }
    }

    package static func == (a: RowList, b: RowList) -> Bool { a.elementsEqual(b) }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for row in self { hasher.combine(row) }
    }
}
