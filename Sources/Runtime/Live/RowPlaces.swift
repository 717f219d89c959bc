// Where each row of a `RowSequence` stands: its block and its offset there.
// `HostSession.change(at:)` makes its change on a copy of the live screen,
// and a row inserted there re-indexes the rows after it in its block: in two
// arrays of a slot for every row that copied 8 MB at a million rows. Kept
// in pages of 4,096 rows, a copy shares the pages and a write copies the
// ones it touches. A block's rows are re-indexed a run of rows on one page
// at a time, through one check that the page is this table's alone (write
// by write, through a paged array's subscript, each element pushed into a
// bound list took a third longer).

/// Row → (block, offset), in pages; block -1 for a row not listed.
struct RowPlaces: Sendable {
    struct Place: Sendable, Equatable {
        var block: Int32
        var offset: Int32
    }

    private static var shift: Int { 12 }
    private static var pageSize: Int { 1 << shift }
    private static var mask: Int { pageSize - 1 }
    private static let unlisted = Place(block: -1, offset: 0)

    private var pages: [[Place]] = []

    /// Rows the table has room for (a multiple of the page size).
    var capacity: Int { pages.count << Self.shift }

    /// The place of `row` (below `capacity`).
    subscript(row: Int) -> Place {
        pages[row &>> Self.shift][row & Self.mask]
    }

    /// Whether `row` is listed.
    func contains(_ row: Int) -> Bool {
        row >= 0 && row < capacity && self[row].block >= 0
    }

    /// How many pages this table and `other` hold in the same memory, of
    /// how many (for tests of copies).
    func pagesShared(with other: RowPlaces) -> (shared: Int, of: Int) {
        (zip(pages, other.pages).count { $0.0.sharesBuffer(with: $0.1) }, pages.count)
    }

    /// Room for rows up to `row`, at least doubling.
    mutating func makeRoom(for row: Int) {
        guard row >= capacity else { return }
        let wanted = max(row + 1, capacity * 2)
        while capacity < wanted { pages.append([Place](repeating: Self.unlisted, count: Self.pageSize)) }
    }

    /// `row` is no longer listed.
    mutating func unlist(_ row: Int) {
        pages[row &>> Self.shift][row & Self.mask] = Self.unlisted
    }

    /// Every row unlisted.
    mutating func unlistAll() {
        for page in pages.indices {
            pages[page].withUnsafeMutableBufferPointer { $0.update(repeating: Self.unlisted) }
        }
    }

    /// Rows `rows[offset...]` stand in block `block`, each at its index in
    /// `rows` (each below `capacity`).
    mutating func place(_ rows: [Int32], from offset: Int, inBlock block: Int32) {
        var at = offset
        while at < rows.count {
            let page = Int(rows[at]) &>> Self.shift
            pages[page].withUnsafeMutableBufferPointer { places in
                while at < rows.count, Int(rows[at]) &>> Self.shift == page {
                    places[Int(rows[at]) & Self.mask] = Place(block: block, offset: Int32(at))
                    at += 1
                }
            }
        }
    }
}
