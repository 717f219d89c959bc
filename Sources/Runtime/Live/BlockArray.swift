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
struct BlockArray<Element>: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
    static var maximumBlock: Int { 512 }
    static var fillBlock: Int { 256 }

    private var blocks: [[Element]] = []
    private var counts = PrefixSums([])
    private(set) var count = 0

    init() {}

    init(_ elements: some Collection<Element>) {
        var all: [Element] = []
        all.reserveCapacity(elements.count)
        all.append(contentsOf: elements)
        blocks = Self.split(all[...])
        count = all.count
        renumber()
    }

    init(arrayLiteral elements: Element...) { self.init(elements) }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> Element {
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
    struct Iterator: IteratorProtocol {
        fileprivate var blocks: [[Element]]
        fileprivate var block = 0
        fileprivate var offset = 0

        mutating func next() -> Element? {
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

    func makeIterator() -> Iterator { Iterator(blocks: blocks) }

    /// The elements in one array: O(n).
    var array: [Element] {
        var out: [Element] = []
        out.reserveCapacity(count)
        for block in blocks { out += block }
        return out
    }

    /// Makes a list element by element, block by block: as cheap as
    /// appending to an array (a list made by appending to a `BlockArray`
    /// kept its sums up to date at every element).
    struct Builder {
        private var blocks: [[Element]] = []
        private var current: [Element] = []
        private var count = 0

        init() { current.reserveCapacity(BlockArray.fillBlock) }

        mutating func append(_ element: Element) {
            current.append(element)
            count += 1
            if current.count == BlockArray.fillBlock {
                blocks.append(current)
                current = []
                current.reserveCapacity(BlockArray.fillBlock)
            }
        }

        /// The list made.
        consuming func finish() -> BlockArray {
            if !current.isEmpty { blocks.append(current) }
            var list = BlockArray()
            list.blocks = blocks
            list.count = count
            list.renumber()
            return list
        }
    }

    /// Puts `element` in at `index` (0 ... count).
    mutating func insert(_ element: Element, at index: Int) {
        count += 1
        guard !blocks.isEmpty else {
            blocks = [[element]]
            renumber()
            return
        }
        let (block, offset) = index >= count - 1 ? (blocks.count - 1, blocks[blocks.count - 1].count) : locate(index)
        blocks[block].insert(element, at: offset)
        if blocks[block].count > Self.maximumBlock {
            let halves = Self.split(blocks[block][...])
            blocks.replaceSubrange(block...block, with: halves)
            renumber()
        } else {
            counts.add(1, at: block)
        }
    }

    /// Takes the element at `index` out and returns it.
    @discardableResult
    mutating func remove(at index: Int) -> Element {
        let (block, offset) = locate(index)
        let element = blocks[block].remove(at: offset)
        count -= 1
        if blocks[block].isEmpty {
            blocks.remove(at: block)
            renumber()
        } else {
            counts.add(-1, at: block)
        }
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
