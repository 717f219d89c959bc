// A per-row (or per-stack) column of the resolved facts (main-axis specs,
// nested stacks, palette slots, stacks' settings) and of the layout's
// numbers (where each row starts and how long it is, each stack's extents
// and origin) that a copy of the screen shares cheaply.
//
// `HostSession.change(at:)` makes its change on a copy of the live screen,
// so that a change that throws halfway leaves nothing done. With plain
// arrays, the copy's first write to each column copied the column whole:
// 56 MB at a million rows for a state that five rows read. Here a write to
// a column another copy still holds goes to a small table of the rows
// written instead; the table is folded into the column once nobody else
// holds it (the change kept, the screen before dropped), or, past an
// eighth of the rows, by copying the column once (so a long run of shared
// writes costs O(1) a row).
//
// Copies are meant to be short-lived: a layout made from the columns takes
// a token of its own for the same buffer (`detach()`), so that the live
// screen's next write copies the buffer once, as an array's would, rather
// than writing aside, and reading aside, for as long as the layout lives.

/// A column of one value per row (or per stack): an array whose copies
/// share storage and remember their own writes, by row, until they can
/// make them in place.
struct RowColumn<Element: Sendable>: Sendable {
    /// The rows, but for those written aside: an array, read as one (a
    /// load a row; through a box of its own, a general transition's poses,
    /// which read several columns a row, took a seventh longer).
    private var elements: [Element]
    /// Shared by the copies of this column that share `elements`: while
    /// another holds it, a write goes aside rather than copying the rows
    /// (the array would copy them itself on a write; this says when).
    private final class Token: Sendable {}
    private var token = Token()
    /// Rows written, or appended, while `token` was shared: these win
    /// over `elements`; appended rows are at `elements.count` and up.
    private var written = Aside()
    /// Rows in the column, `written`'s appended ones included.
    private(set) var count: Int

    init() {
        elements = []
        count = 0
    }

    init(_ elements: [Element]) {
        self.elements = elements
        count = elements.count
    }

    /// How many rows are written aside now (for tests of the sharing).
    var rowsWrittenAside: Int { written.count }

    /// Whether this column and `other` read the same storage (for tests:
    /// a copy that wrote aside still does).
    func sharesStorage(with other: RowColumn) -> Bool { token === other.token }

    /// How many rows the column holds without growing its storage.
    var capacity: Int { elements.capacity }

    subscript(row: Int) -> Element {
        @inline(__always)
        get {
            // One compare with a number kept inline: no row written aside
            // lies below `low` (Int.max when none is).
            if _fastPath(row < written.low) { return elements[row] }
            return Self.read(row, aside: written, elements: elements)
        }
        // The layout's hot loops write rows one by one: nothing aside and
        // nobody else holding the column is the case kept short.
        @inline(__always)
        set {
            precondition(row >= 0 && row < count, "row \(row) of a column of \(count)")
            if written.isEmpty, isKnownUniquelyReferenced(&token) {
                elements[row] = newValue
            } else {
                write(row, newValue)
            }
        }
    }

    // Static, its parts passed alone: as a method, every read copied the
    // whole column struct to the stack to pass it, the common case too.
    @inline(never)
    private static func read(_ row: Int, aside: Aside, elements: [Element]) -> Element {
        if let value = aside[row] { return value }
        return elements[row]
    }

    @inline(never)
    private mutating func write(_ row: Int, _ value: Element) {
        if makeWritable() {
            elements[row] = value
        } else {
            written.set(row, value)
            unshareIfLarge()
        }
    }

    mutating func append(_ element: Element) {
        if makeWritable() {
            elements.append(element)
        } else {
            written.set(count, element)
        }
        count += 1
        unshareIfLarge()
    }

    /// Appends `count` copies of `element` (a layout extended to rows a
    /// splice made): aside, one by one, while another copy holds the
    /// column — the copy of the screen `change(at:)` works on appending
    /// a card's rows copied every row's numbers before.
    mutating func append(repeating element: Element, count added: Int) {
        if makeWritable() {
            elements.append(contentsOf: repeatElement(element, count: added))
            count += added
            return
        }
        for _ in 0..<added { append(element) }
    }

    /// Whether the column may be written in place (nobody else holds it):
    /// a layout's hot loop then writes a plain buffer.
    mutating func isWritableInPlace() -> Bool { makeWritable() }

    /// Writes rows through a plain buffer, for the layout's hot loops:
    /// the rows written aside folded in first, and the column copied once
    /// if another copy holds it (O(n), as an array's first write is).
    @inline(__always)
    mutating func withUnsafeMutableWriter<R>(_ body: (inout UnsafeMutableBufferPointer<Element>) throws -> R) rethrows -> R {
        if !written.isEmpty || !isKnownUniquelyReferenced(&token) { makeOwnSettled() }
        return try elements.withUnsafeMutableBufferPointer(body)
    }

    /// The rows written aside folded in, under a token no other copy holds
    /// (the array copies its buffer on the first write if it is shared).
    @inline(never)
    private mutating func makeOwnSettled() {
        settle()
        if !isKnownUniquelyReferenced(&token) { token = Token() }
    }

    mutating func reserveCapacity(_ capacity: Int) {
        guard makeWritable() else { return }
        elements.reserveCapacity(capacity)
    }

    /// Folds the rows written aside into the column, copying it if
    /// another copy holds it: before a full layout, whose hot loops then
    /// read a plain buffer (O(n), as the layout is).
    mutating func settle() {
        guard !written.isEmpty else { return }
        if !isKnownUniquelyReferenced(&token) { token = Token() }
        fold()
    }

    /// Folds the rows written aside into the column when nobody else
    /// holds it (O(rows written aside)); otherwise leaves them aside.
    mutating func foldIfUnique() {
        guard !written.isEmpty, isKnownUniquelyReferenced(&token) else { return }
        fold()
    }

    /// Settles the column and gives it a token of its own for the same
    /// buffer: a layout's copy, so that it and the live screen's column
    /// never write aside for each other; the first to write copies the
    /// buffer (O(n), once, as an array does).
    mutating func detach() {
        settle()
        token = Token()
    }

    /// Whether `elements` may be written in place: no other copy holds it
    /// (the rows written meanwhile are folded in first).
    private mutating func makeWritable() -> Bool {
        guard isKnownUniquelyReferenced(&token) else { return false }
        if !written.isEmpty { fold() }
        return true
    }

    /// Past an eighth of the rows written aside, the column is copied once
    /// with them in.
    private mutating func unshareIfLarge() {
        guard written.count > Swift.max(64, count / 8) else { return }
        settle()
    }

    /// Moves `written` into `elements`, which no other copy holds.
    private mutating func fold() {
        let stored = elements.count
        // Geometrically, as appending would: room for exactly `count`
        // made the next fold of a row appended copy the whole column again.
        if count > elements.capacity { elements.reserveCapacity(Swift.max(count, elements.capacity * 2)) }
        for (row, value) in written.rows.entries where row < stored { elements[row] = value }
        for row in stored..<count {
            guard let value = written[row] else { preconditionFailure("row \(row) of a column of \(count) was never written") }
            elements.append(value)
        }
        written = Aside()
    }

    /// Reads rows through a plain buffer, for the layout's hot loops: a
    /// row costs a load. The layout settles its columns before it runs;
    /// should rows still be written aside, the buffer is a merged copy
    /// (O(n), and correct).
    func withUnsafeReader<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        // One call of `body`, so that it is inlined into the caller's loop.
        let elements = written.isEmpty ? elements : merged()
        return try elements.withUnsafeBufferPointer(body)
    }

    /// The rows, those written aside included, in one array.
    private func merged() -> [Element] {
        var merged = self
        merged.settle()
        return merged.elements
    }
}

extension RowColumn {
    /// Rows written aside, with a filter (their span, and which of 64
    /// residues they fall on) that answers most reads of other rows
    /// without hashing: a screen copy's one changed row costs the rows
    /// read around it nothing.
    private struct Aside: Sendable {
        private(set) var rows = RowTable<Element>()
        /// The lowest row written (Int.max: none).
        private(set) var low = Int.max
        private var high = Int.min
        private var residues: UInt64 = 0

        var isEmpty: Bool { rows.isEmpty }
        var count: Int { rows.count }

        subscript(row: Int) -> Element? {
            guard row >= low, row <= high, residues & (1 << UInt64(row & 63)) != 0 else { return nil }
            return rows[row]
        }

        mutating func set(_ row: Int, _ value: Element) {
            rows.set(row, value)
            low = Swift.min(low, row)
            high = Swift.max(high, row)
            residues |= 1 << UInt64(row & 63)
        }
    }
}

extension RowColumn: RandomAccessCollection {
    var startIndex: Int { 0 }
    var endIndex: Int { count }
}

extension RowColumn: Equatable where Element: Equatable {
    /// The same rows: O(1) for two copies of one column with nothing
    /// written aside, else O(n).
    static func == (lhs: RowColumn, rhs: RowColumn) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.token === rhs.token, lhs.written.isEmpty, rhs.written.isEmpty { return true }
        return lhs.withUnsafeReader { left in rhs.withUnsafeReader { right in left.elementsEqual(right) } }
    }
}
