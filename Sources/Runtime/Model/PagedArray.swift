// The model's rows, in pages. `HostSession.change(at:)` makes its change on
// a copy of the live screen (so that a change that throws changes nothing),
// and a change that inserts a row appends to the model's rows: in one array
// that append copied every row of the screen the copy shared with the
// screen before — 64 MB at a million rows for one row inserted. Kept in
// pages of 1,024, a copy shares the pages, and a write copies the list of
// pages (a pointer for each 1,024 rows) and the one page written; reading
// row i is one more load than in an array (its page, then the row).

/// An array kept in pages of 1,024 elements, so that a copy that writes an
/// element or appends one copies a page, not the whole array. Reads are
/// O(1); appends are amortised O(1); other edits of the range rebuild it.
package struct PagedArray<Element> {
    private var pages: [[Element]] = []
    /// The elements in all pages: every page but the last is full.
    package private(set) var count = 0

    package static var pageShift: Int { 10 }
    static var pageSize: Int { 1 << pageShift }
    static var pageMask: Int { pageSize - 1 }

    package init() {}

    /// The elements in order: the first page takes room for as many as it
    /// is given (ten rows, room for ten), later ones a full page.
    package init(_ elements: some Sequence<Element>) {
        reserveCapacity(elements.underestimatedCount)
        append(contentsOf: elements)
    }

    /// Elements already in pages: every page but the last holds `pageSize`
    /// (as a lowering makes a screen's rows), else they are paged again.
    package init(pages: [[Element]]) {
        let full = pages.dropLast().allSatisfy { $0.count == Self.pageSize }
        guard full, pages.last.map({ !$0.isEmpty }) ?? true else {
            self.init(pages.joined())
            return
        }
        self.init()
        self.pages = pages
        count = pages.reduce(0) { $0 + $1.count }
    }

    /// Adds `element` at the end: into the last page, or a new one.
    package mutating func append(_ element: consuming Element) {
        startPageIfFull()
        pages[pages.count - 1].append(element)
        count += 1
    }

    /// A new last page when the last is full (or there is none).
    private mutating func startPageIfFull() {
        guard count & Self.pageMask == 0 else { return }
        // Past the first page the array is known to be large: the new page
        // gets its full room at once, not by doubling (each doubling moved
        // it). The first grows as an array does, so that a screen of ten
        // rows does not take room for 1,024.
        var page: [Element] = []
        if count > 0 { page.reserveCapacity(Self.pageSize) }
        pages.append(page)
    }

    /// Empties the array.
    package mutating func removeAll(keepingCapacity: Bool = false) {
        pages = []
        count = 0
    }

    /// How many pages this array and `other` hold in the same memory (for
    /// tests: a copy that wrote one row shares every page but that row's).
    func pagesShared(with other: PagedArray) -> Int {
        zip(pages, other.pages).count { $0.0.sharesBuffer(with: $0.1) }
    }
}

extension PagedArray: RandomAccessCollection, MutableCollection {
    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(index: Int) -> Element {
        // Read in place: `rows[i].parent` reads a field, not a copy of the
        // row (a retain and a release of what it holds). The two arrays'
        // own checks stop any index outside the elements (every page but
        // the last is full): a check of its own cost a layout's poses,
        // which read a stack's tables for every row, a tenth more.
        _read {
            yield pages[index &>> Self.pageShift][index & Self.pageMask]
        }
        _modify {
            precondition(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
            yield &pages[index &>> Self.pageShift][index & Self.pageMask]
        }
    }

    /// Walks the pages: O(1) an element, reading each page's elements
    /// as an array's iterator does.
    package struct Iterator: IteratorProtocol {
        fileprivate let pages: [[Element]]
        fileprivate var page = 0
        fileprivate var current: IndexingIterator<[Element]>

        fileprivate init(pages: [[Element]]) {
            self.pages = pages
            current = (pages.first ?? []).makeIterator()
        }

        @inline(__always)
        package mutating func next() -> Element? {
            if let element = current.next() { return element }
            page += 1
            guard page < pages.count else { return nil }
            current = pages[page].makeIterator()
            return current.next()
        }
    }

    package func makeIterator() -> Iterator { Iterator(pages: pages) }

    /// Calls `body` with each element's index and the element, in order,
    /// read in place (the iterator, as an array's, hands out copies).
    package func forEachWithIndex(_ body: (Int, borrowing Element) throws -> Void) rethrows {
        var start = 0
        for page in pages {
            try page.withUnsafeBufferPointer { elements in
                for offset in elements.indices { try body(start + offset, elements[offset]) }
            }
            start += page.count
        }
    }

    /// Whether `body` holds for every element, read page by page as plain
    /// buffers (`allSatisfy` went through the iterator's copies).
    package func allPagesSatisfy(_ body: (UnsafeBufferPointer<Element>) throws -> Bool) rethrows -> Bool {
        for page in pages where try !page.withUnsafeBufferPointer(body) { return false }
        return true
    }

    /// Calls `body` with each page's elements in order, as a plain buffer:
    /// for hot loops over every element (an element costs a load, as in an
    /// array; through the iterator's calls, resolving every row of a
    /// screen took a tenth longer).
    package func forEachPage(_ body: (UnsafeBufferPointer<Element>) throws -> Void) rethrows {
        for page in pages { try page.withUnsafeBufferPointer(body) }
    }
}

extension PagedArray: RangeReplaceableCollection {
    package mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        // A page at a time, through one access to it: each element through
        // `append(_:)` checked both arrays' uniqueness (a row sequence grows
        // its tables by thousands of rows at once).
        let copied: Void? = elements.withContiguousStorageIfAvailable { buffer in
            var start = 0
            while start < buffer.count {
                startPageIfFull()
                let end = Swift.min(buffer.count, start + Self.pageSize - (count & Self.pageMask))
                pages[pages.count - 1].append(contentsOf: buffer[start..<end])
                count += end - start
                start = end
            }
        }
        if copied != nil { return }
        var iterator = elements.makeIterator()
        var next = iterator.next()
        func fill(_ page: inout [Element]) {
            while page.count < Self.pageSize, let element = next {
                page.append(element)
                next = iterator.next()
            }
        }
        while next != nil {
            startPageIfFull()
            let before = pages[pages.count - 1].count
            fill(&pages[pages.count - 1])
            count += pages[pages.count - 1].count - before
        }
    }

    /// Room in the list of pages (each page takes its room as it starts).
    package mutating func reserveCapacity(_ n: Int) {
        pages.reserveCapacity((n + Self.pageMask) >> Self.pageShift)
    }

    /// Appends in place; any other edit rebuilds the pages (O(n)): the
    /// model's rows are only ever appended to or written.
    package mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with elements: C) where C.Element == Element {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range \(range) out of 0..<\(count)")
        if range.isEmpty, range.lowerBound == count {
            append(contentsOf: elements)
            return
        }
        var all = Array(self)
        all.replaceSubrange(range, with: elements)
        self = PagedArray(all)
    }
}

extension PagedArray: ExpressibleByArrayLiteral {
    package init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension PagedArray: Sendable where Element: Sendable {}

extension PagedArray: Equatable where Element: Equatable {
    package static func == (lhs: PagedArray, rhs: PagedArray) -> Bool {
        lhs.count == rhs.count && lhs.pages == rhs.pages
    }
}

extension PagedArray: Hashable where Element: Hashable {
    package func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension PagedArray: Codable where Element: Codable {
    /// As an array: the same JSON.
    package init(from decoder: any Decoder) throws {
        self.init(try [Element](from: decoder))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in self { try container.encode(element) }
    }
}
