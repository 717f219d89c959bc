// A column of per-row values where most rows hold one of a few values —
// insets and separators: a screen of a million rows has a handful of
// distinct ones. Each row keeps a 4-byte slot into the distinct values
// instead of the value itself (32 and 56 bytes), which is most of what
// brings a laid-out row under 200 bytes (issue 18).

/// Per-row values stored as slots into the distinct values seen.
///
/// A value is looked for among the few most recently used ones only (no
/// hashing: rows next to each other almost always agree), so a column
/// whose values are all different costs 4 bytes a row more than a plain
/// array, never a table of every value. Values no row uses any more are
/// dropped when they outnumber the rows.
struct Palette<Value: Equatable & Sendable>: Sendable {
    private var distinct = DistinctValues<Value>()
    private var slots = RowColumn<UInt32>()

    init() {}

    /// The rows' values in order.
    init(_ values: some Sequence<Value>) {
        var builder = Builder()
        for value in values { builder.append(value) }
        self = builder.build()
    }

    var count: Int { slots.count }
    var capacity: Int { slots.capacity }
    /// How many values are kept (some perhaps no longer used by any row).
    var storedValues: Int { distinct.values.count }

    subscript(row: Int) -> Value {
        get { distinct.values[Int(slots[row])] }
        set {
            guard distinct.values[Int(slots[row])] != newValue else { return }
            slots[row] = distinct.slot(for: newValue)
            if distinct.values.count > 2 * slots.count + 16 { compact() }
        }
    }

    mutating func append(_ value: Value) {
        slots.append(distinct.slot(for: value))
    }

    /// Adds a row holding what row `row` holds.
    mutating func append(copyOf row: Int) {
        slots.append(slots[row])
    }

    mutating func reserveCapacity(_ count: Int) {
        slots.reserveCapacity(count)
    }

    /// Folds rows written while another copy held the slots into them
    /// (`RowColumn.settle()`).
    mutating func settle() { slots.settle() }

    /// Rows written aside (`RowColumn.rowsWrittenAside`).
    var rowsWrittenAside: Int { slots.rowsWrittenAside }

    /// `RowColumn.foldIfUnique()` of the slots.
    mutating func foldIfUnique() { slots.foldIfUnique() }

    /// `RowColumn.detach()` of the slots.
    mutating func detach() { slots.detach() }

    /// Reads rows without bounds or uniqueness checks on each: for the
    /// layout's hot loops.
    func withUnsafeReader<R>(_ body: (Reader) throws -> R) rethrows -> R {
        try distinct.values.withUnsafeBufferPointer { values in
            try slots.withUnsafeReader { slots in try body(Reader(values: values, slots: slots)) }
        }
    }

    /// Rows' values through buffers (valid inside `withUnsafeReader` only).
    struct Reader {
        let values: UnsafeBufferPointer<Value>
        let slots: UnsafeBufferPointer<UInt32>

        subscript(row: Int) -> Value { values[Int(slots[row])] }
    }

    /// Keeps only the values some row holds.
    private mutating func compact() {
        var renumbered = [UInt32](repeating: .max, count: distinct.values.count)
        var kept = DistinctValues<Value>()
        for index in slots.indices {
            let old = Int(slots[index])
            if renumbered[old] == .max {
                renumbered[old] = UInt32(kept.values.count)
                kept.values.append(distinct.values[old])
            }
            slots[index] = renumbered[old]
        }
        distinct = kept
    }

    /// A palette made row by row, its slots in a plain array until `build()`
    /// (a column's appends check for sharing; a million rows built at once
    /// need not).
    struct Builder {
        private var distinct = DistinctValues<Value>()
        private var slots: [UInt32] = []

        init() {}

        mutating func append(_ value: Value) {
            slots.append(distinct.slot(for: value))
        }

        mutating func reserveCapacity(_ count: Int) {
            slots.reserveCapacity(count)
        }

        consuming func build() -> Palette {
            var palette = Palette()
            palette.distinct = distinct
            palette.slots = RowColumn(slots)
            return palette
        }
    }
}

/// The distinct values of a palette, and the slots found or made last.
private struct DistinctValues<Value: Equatable & Sendable>: Sendable {
    var values: [Value] = []
    /// The slots found or made last, newest first.
    private var recent: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)

    /// The slot of `value`, made if none of the last few holds it.
    mutating func slot(for value: Value) -> UInt32 {
        if !values.isEmpty {
            if values[Int(recent.0)] == value { return recent.0 }
            let older = recent
            if values[Int(older.1)] == value { remember(older.1); return older.1 }
            if values[Int(older.2)] == value { remember(older.2); return older.2 }
            if values[Int(older.3)] == value { remember(older.3); return older.3 }
        }
        let made = UInt32(values.count)
        values.append(value)
        remember(made)
        return made
    }

    private mutating func remember(_ slot: UInt32) {
        if slot == recent.1 {
            recent = (slot, recent.0, recent.2, recent.3)
        } else if slot == recent.2 {
            recent = (slot, recent.0, recent.1, recent.3)
        } else {
            recent = (slot, recent.0, recent.1, recent.2)
        }
    }
}
