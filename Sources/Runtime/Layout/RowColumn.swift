// A per-row column of the resolved facts (main-axis specs, nested stacks,
// palette slots) that a copy of the screen shares cheaply.
//
// `HostSession.change(at:)` makes its change on a copy of the live screen,
// so that a change that throws halfway leaves nothing done. With plain
// arrays, the copy's first write to each column copied the column whole:
// 56 MB at a million rows for a state that five rows read. Here a write to
// a column another copy still holds goes to a small table of the rows
// written instead; the table is folded into the column at the next write
// once nobody else holds it, or, past an eighth of the rows, by copying
// the column once (so a long run of shared writes costs O(1) a row).

/// A column of one value per row: an array whose copies share storage
/// and remember their own writes, by row, until they can make them in
/// place.
struct RowColumn<Element: Sendable>: Sendable {
    /// Mutated only when uniquely referenced (checked before each write),
    /// so sharing it between copies, and threads, is safe; for the same
    /// reason no access can overlap another, and the dynamic exclusivity
    /// check a class's property costs on each access (doubling the time of
    /// a layout pass) is left out.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var elements: [Element]
        init(_ elements: [Element]) { self.elements = elements }
    }

    private var storage: Storage
    /// Rows written, or appended, while `storage` was shared: these win
    /// over `storage`; appended rows are at `storage.elements.count` and up.
    private var written: [Int: Element] = [:]
    /// Rows in the column, `written`'s appended ones included.
    private(set) var count: Int

    init() {
        storage = Storage([])
        count = 0
    }

    init(_ elements: [Element]) {
        storage = Storage(elements)
        count = elements.count
    }

    /// How many rows are written aside now (for tests of the sharing).
    var rowsWrittenAside: Int { written.count }

    /// How many rows the column holds without growing its storage.
    var capacity: Int { storage.elements.capacity }

    subscript(row: Int) -> Element {
        get {
            if !written.isEmpty, let value = written[row] { return value }
            return storage.elements[row]
        }
        set {
            precondition(row >= 0 && row < count, "row \(row) of a column of \(count)")
            if makeWritable() {
                storage.elements[row] = newValue
            } else {
                written[row] = newValue
                unshareIfLarge()
            }
        }
    }

    mutating func append(_ element: Element) {
        // The common case first: a column being built, held by nobody else.
        if written.isEmpty, isKnownUniquelyReferenced(&storage) {
            storage.elements.append(element)
            count += 1
            return
        }
        if makeWritable() {
            storage.elements.append(element)
        } else {
            written[count] = element
        }
        count += 1
        unshareIfLarge()
    }

    mutating func reserveCapacity(_ capacity: Int) {
        guard makeWritable() else { return }
        storage.elements.reserveCapacity(capacity)
    }

    /// Folds the rows written aside into the column, copying it if
    /// another copy holds it: before a full layout, whose hot loops then
    /// read a plain buffer (O(n), as the layout is).
    mutating func settle() {
        guard !written.isEmpty else { return }
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.elements) }
        fold()
    }

    /// Whether `storage` may be written in place: nobody else holds it
    /// (the rows written meanwhile are folded in first).
    private mutating func makeWritable() -> Bool {
        guard isKnownUniquelyReferenced(&storage) else { return false }
        if !written.isEmpty { fold() }
        return true
    }

    /// Past an eighth of the rows written aside, the column is copied once
    /// with them in.
    private mutating func unshareIfLarge() {
        guard written.count > Swift.max(64, count / 8) else { return }
        storage = Storage(storage.elements)
        fold()
    }

    /// Moves `written` into `storage`, which nobody else holds.
    private mutating func fold() {
        let stored = storage.elements.count
        storage.elements.reserveCapacity(count)
        for (row, value) in written where row < stored { storage.elements[row] = value }
        for row in stored..<count {
            guard let value = written[row] else { preconditionFailure("row \(row) of a column of \(count) was never written") }
            storage.elements.append(value)
        }
        written = [:]
    }

    /// Reads rows through a plain buffer, for the layout's hot loops: a
    /// row costs a load. The layout settles its columns before it runs;
    /// should rows still be written aside, the buffer is a merged copy
    /// (O(n), and correct).
    func withUnsafeReader<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        // One call of `body`, so that it is inlined into the caller's loop.
        let elements = written.isEmpty ? storage.elements : merged()
        return try elements.withUnsafeBufferPointer(body)
    }

    /// The rows, those written aside included, in one array.
    private func merged() -> [Element] {
        var merged = self
        merged.settle()
        return merged.storage.elements
    }
}

extension RowColumn: RandomAccessCollection {
    var startIndex: Int { 0 }
    var endIndex: Int { count }
}
