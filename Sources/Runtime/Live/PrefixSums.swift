// A Fenwick tree: point updates, prefix sums and "where does the running sum
// pass x" in O(log n). The live screen's rows keep their extents in blocks
// with one of these inside each and one over the blocks (`RowSequence`), so
// a row that grows moves every row after it without touching them.

struct PrefixSums {
    private var tree: [Double]

    /// Sums over `values`, built in O(n).
    init(_ values: [Double]) {
        tree = [0] + values
        var index = 1
        while index < tree.count {
            let parent = index + (index & -index)
            if parent < tree.count { tree[parent] += tree[index] }
            index += 1
        }
    }

    var count: Int { tree.count - 1 }

    /// Adds `delta` to value `index`.
    mutating func add(_ delta: Double, at index: Int) {
        var i = index + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// The sum of values `0..<end`.
    func prefix(_ end: Int) -> Double {
        var sum = 0.0
        var i = min(end, count)
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }

    var total: Double { prefix(count) }

    /// The first index whose running sum (through it) exceeds `target`
    /// (values must not be negative); `count` if none does.
    func firstExceeding(_ target: Double) -> Int {
        var position = 0
        var remaining = target
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count, tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return position
    }
}
