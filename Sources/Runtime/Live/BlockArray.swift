// A list that takes an element in or out anywhere without moving the
// others: the elements of a bound list, where a feed's new post goes in at
// the top of 100,000 (in one array that moved 7 MB, and the first insert
// after a binding copied them all to grow). Elements live in blocks of at
// most `maximumBlock`, in order, with prefix sums of the blocks' counts:
// reading element i is O(log(n / B)), iterating is O(1) an element, an
// insert or removal is O(B + log n); a block that splits or empties
// renumbers the blocks' sums (O(n / B), at most once per B/2 inserts there
// or per block emptied).

/// A random-access list with cheap inserts and removals anywhere; see the
/// top of this file for the costs.
package struct BlockArray<Element>: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
    static var maximumBlock: Int { 512 }
    static var fillBlock: Int { 256 }

    private var blocks: [[Element]] = []
    private var counts = PrefixSums([])
    package private(set) var count = 0

    package init() {}

    /// The elements of an array, split into blocks straight from it (a
    /// lowered screen's root stack lists a million rows).
    package init(_ elements: [Element]) {
        blocks = Self.split(elements[...])
        count = elements.count
        renumber()
    }

    package init(_ elements: some Collection<Element>) {
        var all: [Element] = []
        all.reserveCapacity(elements.count)
        all.append(contentsOf: elements)
        blocks = Self.split(all[...])
        count = all.count
        renumber()
    }

    package init(arrayLiteral elements: Element...) { self.init(elements) }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(index: Int) -> Element {
        get {
            let (block, offset) = locate(index)
            return blocks[block][offset]
        }
        set {
            let (block, offset) = locate(index)
            blocks[block][offset] = newValue
        }
    }

    /// Walks the blocks: O(1) an element.
    package struct Iterator: IteratorProtocol {
        fileprivate var blocks: [[Element]]
        fileprivate var block = 0
        fileprivate var offset = 0

        package mutating func next() -> Element? {
            while block < blocks.count {
                if offset < blocks[block].count {
                    defer { offset += 1 }
                    return blocks[block][offset]
                }
                block += 1
                offset = 0
            }
            return nil
        }
    }

    package func makeIterator() -> Iterator { Iterator(blocks: blocks) }

    /// The elements in one array: O(n).
    package var array: [Element] {
        var out: [Element] = []
        out.reserveCapacity(count)
        for block in blocks { out += block }
        return out
    }

    /// Makes a list element by element, block by block: as cheap as
    /// appending to an array (a list made by appending to a `BlockArray`
    /// kept its sums up to date at every element).
    package struct Builder {
        private var blocks: [[Element]] = []
        private var current: [Element] = []
        private var count = 0

        package init() { current.reserveCapacity(BlockArray.fillBlock) }

        package mutating func append(_ element: Element) {
            current.append(element)
            count += 1
            if current.count == BlockArray.fillBlock {
                blocks.append(current)
                current = []
                current.reserveCapacity(BlockArray.fillBlock)
            }
        }

        /// The list made.
        package consuming func finish() -> BlockArray {
            if !current.isEmpty { blocks.append(current) }
            var list = BlockArray()
            list.blocks = blocks
            list.count = count
            list.renumber()
            return list
        }
    }

    /// The elements at `range` (within 0 ..< count): O(log n + k).
    package func elements(in range: Range<Int>) -> [Element] {
        guard !range.isEmpty else { return [] }
        var out: [Element] = []
        out.reserveCapacity(range.count)
        var (block, offset) = locate(range.lowerBound)
        while out.count < range.count, block < blocks.count {
            let take = Swift.min(range.count - out.count, blocks[block].count - offset)
            out += blocks[block][offset..<(offset + take)]
            block += 1
            offset = 0
        }
        return out
    }

    /// The first index whose element `belongs` (false for every element
    /// before it, true from it on): a binary search over the blocks' last
    /// elements, then inside one block — O(log n), each element read directly.
    package func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0, high = blocks.count
        while low < high {
            let mid = (low + high) / 2
            if belongs(blocks[mid][blocks[mid].count - 1]) { high = mid } else { low = mid + 1 }
        }
        guard low < blocks.count else { return count }
        let block = blocks[low]
        var first = 0, last = block.count
        while first < last {
            let mid = (first + last) / 2
            if belongs(block[mid]) { last = mid } else { first = mid + 1 }
        }
        return Int(counts.prefix(low)) + first
    }

    /// Puts `elements` in from `index` (0 ... count) on: O(k + B + log n).
    package mutating func insert(contentsOf elements: some Collection<Element>, at index: Int) {
        guard !elements.isEmpty else { return }
        guard !blocks.isEmpty else {
            self = BlockArray(elements)
            return
        }
        let (block, offset) = index >= count ? (blocks.count - 1, blocks[blocks.count - 1].count) : locate(index)
        count += elements.count
        blocks[block].insert(contentsOf: elements, at: offset)
        if blocks[block].count > Self.maximumBlock {
            let parts = Self.split(blocks[block][...])
            blocks.replaceSubrange(block...block, with: parts)
            renumber()
        } else {
            counts.add(Double(elements.count), at: block)
        }
    }

    /// Puts `element` in at the end.
    package mutating func append(_ element: Element) { insert(element, at: count) }

    /// Takes the elements at `range` (within 0 ..< count) out: O(k + B + log n).
    package mutating func removeSubrange(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "BlockArray range \(range) out of range 0..<\(count)")
        guard !range.isEmpty else { return }
        var (block, offset) = locate(range.lowerBound)
        var left = range.count
        var emptied = false
        while left > 0, block < blocks.count {
            let take = Swift.min(left, blocks[block].count - offset)
            blocks[block].removeSubrange(offset..<(offset + take))
            if blocks[block].isEmpty { emptied = true } else { counts.add(-Double(take), at: block) }
            left -= take
            block += 1
            offset = 0
        }
        count -= range.count
        if emptied {
            blocks.removeAll { $0.isEmpty }
            renumber()
        }
        // Many small blocks (most elements removed): made again, full.
        if blocks.count > 8 + 2 * count / Self.fillBlock { self = BlockArray(array) }
    }

    /// The elements at `range` replaced by `elements`.
    package mutating func replaceSubrange(_ range: Range<Int>, with elements: some Collection<Element>) {
        removeSubrange(range)
        insert(contentsOf: elements, at: range.lowerBound)
    }

    /// Calls `body` with each block's elements, in order: how a loop over
    /// every element reads them as fast as an array's.
    package func withEachBuffer(_ body: (UnsafeBufferPointer<Element>) throws -> Void) rethrows {
        for block in blocks { try block.withUnsafeBufferPointer(body) }
    }

    /// Puts `element` in at `index` (0 ... count).
    package mutating func insert(_ element: Element, at index: Int) { insert(contentsOf: CollectionOfOne(element), at: index) }

    /// Takes the element at `index` out and returns it.
    @discardableResult
    package mutating func remove(at index: Int) -> Element {
        let element = self[index]
        removeSubrange(index..<(index + 1))
        return element
    }

    /// The block holding `index` (0 ..< count) and the index's offset in it.
    private func locate(_ index: Int) -> (block: Int, offset: Int) {
        precondition(index >= 0 && index < count, "BlockArray index \(index) out of range 0..<\(count)")
        let block = counts.firstExceeding(Double(index))
        return (block, index - Int(counts.prefix(block)))
    }

    private mutating func renumber() {
        counts = PrefixSums(blocks.map { Double($0.count) })
    }

    /// `elements` in blocks of `fillBlock`.
    private static func split(_ elements: ArraySlice<Element>) -> [[Element]] {
        var out: [[Element]] = []
        var start = elements.startIndex
        while start < elements.endIndex {
            let end = Swift.min(elements.endIndex, start + fillBlock)
            out.append(Array(elements[start..<end]))
            start = end
        }
        return out
    }
}

extension BlockArray: Sendable where Element: Sendable {}
extension BlockArray.Iterator: Sendable where Element: Sendable {}

extension BlockArray where Element: Equatable {
    /// The first index of `element`, walking the blocks (the collection's
    /// own walk reads each element through its index: O(log n) each).
    package func firstIndex(of element: Element) -> Int? {
        var base = 0
        for block in blocks {
            if let offset = block.firstIndex(of: element) { return base + offset }
            base += block.count
        }
        return nil
    }
}

extension BlockArray: Equatable where Element: Equatable {
    package static func == (lhs: BlockArray, rhs: BlockArray) -> Bool { lhs.count == rhs.count && lhs.elementsEqual(rhs) }
}

extension BlockArray: Hashable where Element: Hashable {
    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

/// Coded as an array.
extension BlockArray: Codable where Element: Codable {
    package init(from decoder: any Decoder) throws { self.init(try [Element](from: decoder)) }
    package func encode(to encoder: any Encoder) throws { try array.encode(to: encoder) }
}

extension BlockArray where Element == Int {
    /// A stack's rows as lowering lists them, made where the element type
    /// is known: a caller in another module reached the generic
    /// initializer unspecialized, and a nested stack of four rows cost ten
    /// thousand instructions in its witness calls.
    package init(rows: [Int32]) { self.init(rows.map(Int.init)) }
}
