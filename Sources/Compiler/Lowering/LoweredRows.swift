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
    /// The rows not handed on: full pages, then the page being filled
    /// (alone while rows are handed on as each root row is lowered, so
    /// that a row is read and appended through one array, as before pages).
    private var full: [[RowModel]] = []
    private var current: [RowModel] = []
    /// How many rows came before them.
    private(set) var handedOn = 0

    /// The model's page size (`PagedArray` takes pages of other sizes by
    /// copying them; a test holds the two equal). Said here: read from the
    /// runtime's module, it was a call for every row.
    static let pageShift = 10
    private static var pageMask: Int { (1 << pageShift) - 1 }

    init(arrayLiteral rows: RowModel...) {
        for row in rows { append(row) }
    }

    /// Rows lowered, handed on or not.
    var count: Int { handedOn + (full.count << Self.pageShift) + current.count }

    /// The rows not handed on, as the model keeps them (no copy).
    var live: PagedArray<RowModel> { PagedArray(pages: current.isEmpty ? full : full + [current]) }

    subscript(index: Int) -> RowModel {
        get {
            let place = index - handedOn, page = place >> Self.pageShift
            return page < full.count ? full[page][place & Self.pageMask] : current[place & Self.pageMask]
        }
        // Set, not modified in place: a `_modify` that yields in one of two
        // places allocated its frame on the heap, a malloc for every row.
        set {
            let place = index - handedOn, page = place >> Self.pageShift
            if page < full.count {
                full[page][place & Self.pageMask] = newValue
            } else {
                current[place & Self.pageMask] = newValue
            }
        }
    }

    mutating func append(_ row: consuming RowModel) {
        if current.count == 1 << Self.pageShift {
            full.append(current)
            // Past the first page the rows are many: a page takes its room
            // at once. The first grows as an array does (a screen of ten
            // rows takes room for ten).
            current = []
            current.reserveCapacity(1 << Self.pageShift)
        }
        current.append(row)
    }

    /// The rows here, handed to `sink` and let go (the page being filled
    /// keeps its room for the rows of the next root row).
    mutating func handOn(to sink: any LoweredRowSink, code: CodeTable) {
        guard !current.isEmpty || !full.isEmpty else { return }
        for page in full { sink.take(page, code: code) }
        if !current.isEmpty { sink.take(current, code: code) }
        handedOn += (full.count << Self.pageShift) + current.count
        full = []
        current.removeAll(keepingCapacity: true)
    }
}
