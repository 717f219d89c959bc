// The screen's own rows as they were before a change, as composing the
// change with a running quick transition asks for them: their order, each
// one's place, and the poses of the few rows composed one by one. Either
// the layout before itself (the change made on a copy of the screen), or —
// for an element pushed or removed, or state set, in place, with nothing
// of the screen copied — the rows now without the pushed ones (or with the
// removed ones back, or as they are), and poses taken before the change.

/// The screen's own rows before a change.
protocol RowsBefore {
    var rowCount: Int { get }
    /// The row at `place`, in `0 ..< rowCount`.
    func row(at place: Int) -> Int
    /// The place of `row`; -1 when it was not among the rows.
    func place(of row: Int) -> Int
    /// The pose of `row`; nil when it is not known.
    func pose(of row: Int) -> Pose?
}

extension RowsBefore {
    func lists(_ row: Int) -> Bool { place(of: row) >= 0 }
}

extension IncrementalLayout: RowsBefore {
    var rowCount: Int { rootRows.count }
    func row(at place: Int) -> Int { rootRows[place] }
    func place(of row: Int) -> Int { place(ofRootRow: row) }
    func pose(of row: Int) -> Pose? { lists(rootRow: row) ? pose(ofRootRow: row) : nil }
}

/// The rows before one block of `count` rows was inserted at `at`: the
/// rows `now` without them, and `poses` taken before the insertion.
struct RowsBeforeInsert: RowsBefore {
    let now: RowSequence
    let at: Int
    let count: Int
    let poses: [Int: Pose]

    var rowCount: Int { now.count - count }
    func row(at place: Int) -> Int { now[place < at ? place : place + count] }
    func place(of row: Int) -> Int {
        guard let place = now.place(of: row), place < at || place >= at + count else { return -1 }
        return place < at ? place : place - count
    }
    func pose(of row: Int) -> Pose? { poses[row] }
}

/// The rows before one block of rows `removed` left from `at`: the rows
/// `now` with them back there, and `poses` taken before the removal.
struct RowsBeforeRemove: RowsBefore {
    let now: RowSequence
    let at: Int
    let removed: [Int]
    let poses: [Int: Pose]

    var rowCount: Int { now.count + removed.count }
    func row(at place: Int) -> Int {
        place < at ? now[place] : place < at + removed.count ? removed[place - at] : now[place - removed.count]
    }
    func place(of row: Int) -> Int {
        // A block is a few rows: one element's.
        if let index = removed.firstIndex(of: row) { return at + index }
        guard let place = now.place(of: row) else { return -1 }
        return place < at ? place : place + removed.count
    }
    func pose(of row: Int) -> Pose? { poses[row] }
}

/// The rows before one row moved from place `from` to place `to`: the rows
/// `now` with it back at `from`, and `poses` taken before the move.
struct RowsBeforeMove: RowsBefore {
    let now: RowSequence
    let from: Int
    let to: Int
    let poses: [Int: Pose]

    var rowCount: Int { now.count }
    func row(at place: Int) -> Int {
        if place == from { return now[to] }
        // Among the other rows, then `to` made room for it.
        let other = place < from ? place : place - 1
        return now[other < to ? other : other + 1]
    }
    func place(of row: Int) -> Int {
        guard let place = now.place(of: row) else { return -1 }
        if place == to { return from }
        let other = place < to ? place : place - 1
        return other < from ? other : other + 1
    }
    func pose(of row: Int) -> Pose? { poses[row] }
}

/// The rows before a change that moved none of them among the others
/// (state set: rows resized, shown or hidden): the rows `now`, in the
/// order they had, and `poses` taken before the change.
struct RowsBeforeInOrder: RowsBefore {
    let now: RowSequence
    let poses: [Int: Pose]

    var rowCount: Int { now.count }
    func row(at place: Int) -> Int { now[place] }
    func place(of row: Int) -> Int { now.place(of: row) ?? -1 }
    func pose(of row: Int) -> Pose? { poses[row] }
}
