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
    var storedValues: Int { distinct.count }

    subscript(row: Int) -> Value {
        // Inlined, as reading a plain array was: a layout's poses read
        // every row's insets and separator.
        @inline(__always) get { distinct[Int(slots[row])] }
        set {
            guard distinct[Int(slots[row])] != newValue else { return }
            slots[row] = distinct.slot(for: newValue)
            if distinct.count > 2 * slots.count + 16 { compact() }
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

    /// Folds rows, and values, written while another copy held them into
    /// them (`RowColumn.settle()`).
    mutating func settle() {
        slots.settle()
        distinct.settle()
    }

    /// Rows written aside (`RowColumn.rowsWrittenAside`).
    var rowsWrittenAside: Int { slots.rowsWrittenAside }

    /// Values added aside (for tests of the sharing).
    var valuesAddedAside: Int { distinct.addedAside }

    /// Whether anything is written aside: rows, or values.
    var isWrittenAside: Bool { slots.rowsWrittenAside > 0 || distinct.addedAside > 0 }

    /// `RowColumn.foldIfUnique()` of the slots, and of the values.
    mutating func foldIfUnique() {
        slots.foldIfUnique()
        distinct.foldIfUnique()
    }

    /// `RowColumn.detach()` of the slots, and of the values.
    mutating func detach() {
        slots.detach()
        distinct.detach()
    }

    /// Reads rows without bounds or uniqueness checks on each: for the
    /// layout's hot loops (a merged copy, O(n), should anything still be
    /// written aside).
    func withUnsafeReader<R>(_ body: (Reader) throws -> R) rethrows -> R {
        try distinct.withUnsafeValues { values in
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
        var renumbered = [UInt32](repeating: .max, count: distinct.count)
        var kept: [Value] = []
        for index in slots.indices {
            let old = Int(slots[index])
            if renumbered[old] == .max {
                renumbered[old] = UInt32(kept.count)
                kept.append(distinct[old])
            }
            slots[index] = renumbered[old]
        }
        distinct = DistinctValues(kept)
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
///
/// Copies share them (a copy of the live screen, `HostSession.change(at:)`,
/// holds every row's): a value added while another copy holds them goes
/// into a small list of its own (`added`), as a `RowColumn`'s rows do,
/// folded in once nobody else holds them, or by copying them once past an
/// eighth of their number. A card's rows each have text of their own, so
/// the contents' values are about as many as the rows: copied whole, a
/// card pushed into a million through a copy copied a million values.
private struct DistinctValues<Value: Equatable & Sendable>: Sendable {
    /// Held by this copy alone exactly when `values` is (they are copied
    /// together): whether `values` may grow in place. A token beside a
    /// plain array, not a box around it, so that reading a value is
    /// reading an array, as the layout's poses do for every row.
    private final class Owner: Sendable {}

    private var values: [Value]
    private var owner = Owner()
    /// Values added while `values` was shared: slots from its count on.
    private var added: [Value] = []
    /// The slots found or made last, newest first.
    private var recent: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)

    init(_ values: [Value] = []) { self.values = values }

    var count: Int { values.count + added.count }

    /// How many values were added aside (for tests of the sharing).
    var addedAside: Int { added.count }

    subscript(slot: Int) -> Value {
        @inline(__always) get { slot < values.count ? values[slot] : added[slot - values.count] }
    }

    /// The slot of `value`, made if none of the last few holds it.
    mutating func slot(for value: Value) -> UInt32 {
        // The usual case first, read straight from the array: the value
        // the row before had (resolving every row comes here three times;
        // one test of it, asking the slot twice, cost a hundredth more).
        if added.isEmpty, Int(recent.0) < values.count, values[Int(recent.0)] == value { return recent.0 }
        if count > 0 {
            if !added.isEmpty, self[Int(recent.0)] == value { return recent.0 }
            let older = recent
            if self[Int(older.1)] == value { remember(older.1); return older.1 }
            if self[Int(older.2)] == value { remember(older.2); return older.2 }
            if self[Int(older.3)] == value { remember(older.3); return older.3 }
        }
        let made = UInt32(count)
        if isKnownUniquelyReferenced(&owner) {
            if !added.isEmpty { fold() }
            values.append(value)
        } else {
            added.append(value)
            if added.count > Swift.max(64, values.count / 8) { settle() }
        }
        remember(made)
        return made
    }

    /// Folds the values added aside in, copying them first if another
    /// copy holds them: before a full layout (O(n), as it is).
    mutating func settle() {
        guard !added.isEmpty else { return }
        // Appending copies the values another copy shares (once).
        if !isKnownUniquelyReferenced(&owner) { owner = Owner() }
        fold()
    }

    /// Folds the values added aside in when nobody else holds them.
    mutating func foldIfUnique() {
        guard !added.isEmpty, isKnownUniquelyReferenced(&owner) else { return }
        fold()
    }

    /// Settles them and gives them a token of their own (`RowColumn.detach()`):
    /// the first of two copies to add a value copies them, once.
    mutating func detach() {
        settle()
        owner = Owner()
    }

    /// The values in one buffer (merged, O(n), when some were added aside).
    func withUnsafeValues<R>(_ body: (UnsafeBufferPointer<Value>) throws -> R) rethrows -> R {
        if added.isEmpty { return try values.withUnsafeBufferPointer(body) }
        return try (values + added).withUnsafeBufferPointer(body)
    }

    /// Moves `added` into `values`.
    private mutating func fold() {
        values.append(contentsOf: added)
        added = []
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
