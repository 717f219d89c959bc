// A screen's lowered rows, which may be handed on as they are made. At
// 100,000 rows the model's row table and the details of rows that share no
// look with the row before were 11.7 MB of the 37 MB `stackc compile` held
// at its peak; a compiled file holds the same rows in about 13 bytes each.
// A sink that takes rows as each root row is lowered (the encoder, which
// writes them straight away) lets the lowering keep only the rows of the
// root row it is working on.

import StackRuntime

/// Takes a screen's rows, in order, as they are lowered. A class: the
/// lowering and whoever made the sink share what it has taken.
protocol LoweredRowSink: AnyObject {
    /// The screen's next rows, whose expressions are in `code` (the
    /// screen's code so far: later rows only add to it).
    func take(_ rows: [RowModel], code: CodeTable)
    /// State slots renumbered after the last row was taken (StreamingLowering).
    func renumber(_ renumbering: SlotRenumbering)
    /// The screen's long string constants, once its last row was taken:
    /// its model holds an empty string in their slots.
    func take(longStrings: ConstantStrings)
}

/// Rows by their number in the screen, those handed on to a sink included
/// (they keep their numbers, though only the rows after them are here).
/// Kept in pages as the model keeps them (`PagedArray`), which takes them
/// as they are: one array of a million rows grew by copies into fresh
/// memory, then was copied again into the model's pages, while both lived.
struct LoweredRows: ExpressibleByArrayLiteral {
    /// The rows not handed on: every page but the last holds `pageSize`.
    private var pages: [[RowModel]] = []
    /// How many rows the pages hold.
    private var liveCount = 0
    /// How many rows came before them.
    private(set) var handedOn = 0

    private static var pageShift: Int { PagedArray<RowModel>.pageShift }
    private static var pageMask: Int { (1 << pageShift) - 1 }

    init(arrayLiteral rows: RowModel...) {
        for row in rows { append(row) }
    }

    /// Rows lowered, handed on or not.
    var count: Int { handedOn + liveCount }

    /// The rows not handed on, as the model keeps them (no copy).
    var live: PagedArray<RowModel> { PagedArray(pages: pages) }

    subscript(index: Int) -> RowModel {
        get {
            let place = index - handedOn
            return pages[place >> Self.pageShift][place & Self.pageMask]
        }
        _modify {
            let place = index - handedOn
            yield &pages[place >> Self.pageShift][place & Self.pageMask]
        }
    }

    mutating func append(_ row: RowModel) {
        if liveCount & Self.pageMask == 0, pages.count <= liveCount >> Self.pageShift {
            // Past the first page the rows are many: a page takes its room
            // at once. The first grows as an array does (a screen of ten rows
            // takes room for ten), and is kept, emptied, when rows are handed on.
            var page: [RowModel] = []
            if liveCount > 0 { page.reserveCapacity(1 << Self.pageShift) }
            pages.append(page)
        }
        pages[pages.count - 1].append(row)
        liveCount += 1
    }

    /// The rows here, handed to `sink` and let go (the first page's room
    /// kept for the rows of the next root row).
    mutating func handOn(to sink: any LoweredRowSink, code: CodeTable) {
        guard liveCount > 0 else { return }
        for page in pages where !page.isEmpty { sink.take(page, code: code) }
        handedOn += liveCount
        liveCount = 0
        pages.removeSubrange(1...)
        pages[0].removeAll(keepingCapacity: true)
    }
}
