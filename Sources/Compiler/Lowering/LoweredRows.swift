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
struct LoweredRows: ExpressibleByArrayLiteral {
    /// The rows not handed on.
    private(set) var live: [RowModel] = []
    /// How many rows came before them.
    private(set) var handedOn = 0

    init(arrayLiteral rows: RowModel...) { live = rows }

    /// Rows lowered, handed on or not.
    var count: Int { handedOn + live.count }

    subscript(index: Int) -> RowModel {
        get { live[index - handedOn] }
        _modify { yield &live[index - handedOn] }
    }

    mutating func append(_ row: RowModel) { live.append(row) }

    /// Room for `total` rows in all.
    mutating func reserveCapacity(total: Int) { live.reserveCapacity(total - handedOn) }

    /// Room left before the table grows.
    var spare: Int { live.capacity - live.count }

    /// The rows here, handed to `sink` and let go.
    mutating func handOn(to sink: any LoweredRowSink, code: CodeTable) {
        guard !live.isEmpty else { return }
        sink.take(live, code: code)
        handedOn += live.count
        live.removeAll(keepingCapacity: true)
    }
}
