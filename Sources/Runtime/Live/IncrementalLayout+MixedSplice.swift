// Rows moved and blocks in and out at once (a list bound again sorted
// another way as elements come and go; a message moved to the top as a new
// one arrives): logged for a quick transition as the blocks, whose rows
// come and go on their own tracks, and the runs of the rows kept — rows
// next to each other before and after — each moved by one shift (the `fill`
// rows sized again after the splice are rows the change resized, as after
// blocks alone). From rest, or after rows were updated in the same change
// (a state set, then the list bound again); anything else is laid out in
// full, as before.

extension IncrementalLayout {
    /// The change `mixed(old:new:…)` finds.
    struct Mixed {
        /// Rows inserted together, the first at place `at` among the rows now.
        var inserted: [(rows: [Int], at: Int)] = []
        /// Rows removed together, the first at place `was` among the rows
        /// before; `after`: the row kept before them then, if any (a
        /// removed row is drawn after it, as the general transition draws it).
        var removed: [(rows: [Int], was: Int, after: Int?)] = []
        /// Runs of kept rows, next to each other before and after: `count`
        /// rows at place `at` now were at `was`. They cover the kept rows.
        var runs: [(at: Int, was: Int, count: Int)] = []
        /// Each run before the change: where it started, and whether a row
        /// of it, and a row before it, was shown (filled in before the splice).
        var before: [(start: Double, shows: Bool, shownBefore: Bool)] = []
    }

    /// The blocks and runs that make `new` from `old` when rows `removed`
    /// leave and `inserted` come and the rest may change their order; nil
    /// when a row of `new` is neither kept nor inserted, a row is listed
    /// twice, or the change has more than `limit` blocks or runs (the rows
    /// a change may log). O(rows), marks in arrays.
    static func mixed(old: [Int], new: [Int], rowCount: Int, inserted: [Int], removed: [Int], limit: Int) -> Mixed? {
        guard old.count - removed.count + inserted.count == new.count,
            old.allSatisfy({ $0 >= 0 && $0 < rowCount }), new.allSatisfy({ $0 >= 0 && $0 < rowCount })
        else { return nil }
        var isInserted = [Bool](repeating: false, count: rowCount)
        var isRemoved = [Bool](repeating: false, count: rowCount)
        for row in inserted where row < rowCount { isInserted[row] = true }
        for row in removed where row < rowCount { isRemoved[row] = true }
        // Each kept row's place before, cleared as the new order takes it.
        var placeBefore = [Int32](repeating: -1, count: rowCount)
        // The rows of `order` from `index` on that `marked` holds, taken.
        func take(_ order: [Int], from index: inout Int, marked: [Bool]) -> [Int] {
            var rows: [Int] = []
            while index < order.count, marked[order[index]] {
                rows.append(order[index])
                index += 1
            }
            return rows
        }
        var mixed = Mixed()
        var keptBefore: Int?
        var i = 0
        while i < old.count {
            let row = old[i]
            if isRemoved[row] {
                let was = i
                mixed.removed.append((take(old, from: &i, marked: isRemoved), was, keptBefore))
                if mixed.removed.count > limit { return nil }
                continue
            }
            guard placeBefore[row] < 0 else { return nil }
            placeBefore[row] = Int32(i)
            keptBefore = row
            i += 1
        }
        var j = 0
        while j < new.count {
            let row = new[j]
            if isInserted[row] {
                let at = j
                mixed.inserted.append((take(new, from: &j, marked: isInserted), at))
                if mixed.inserted.count + mixed.removed.count > limit { return nil }
                continue
            }
            let was = Int(placeBefore[row])
            guard was >= 0 else { return nil }
            placeBefore[row] = -1
            if let run = mixed.runs.last, run.at + run.count == j, run.was + run.count == was {
                mixed.runs[mixed.runs.count - 1].count += 1
            } else {
                guard mixed.runs.count < limit else { return nil }
                mixed.runs.append((j, was, 1))
            }
            j += 1
        }
        return mixed
    }

    /// What the rows were before the change, to log: where each run
    /// started and whether it showed anything (`Mixed.before`), and the
    /// removed blocks with their rows' poses and extents. `prefix`, `shown`
    /// and `removedPose` tell them by places before the splice, less what
    /// rows updated earlier in the change did.
    static func beforeSplice(
        _ mixed: Mixed, prefix: (Int) -> Double, shown: (Int) -> Int, removedPose: (Int, Int) -> Pose
    ) -> (runs: [(start: Double, shows: Bool, shownBefore: Bool)], removed: [ChangeLog.Block]) {
        let runs = mixed.runs.map { run in
            let shownBefore = shown(run.was)
            return (prefix(run.was), shown(run.was + run.count) > shownBefore, shownBefore > 0)
        }
        let removed = mixed.removed.map { block in
            ChangeLog.Block(
                removed: block.rows.enumerated().map { offset, row in (row, removedPose(row, block.was + offset)) }, at: -1,
                extent: prefix(block.was + block.rows.count) - prefix(block.was), was: block.was)
        }
        return (runs, removed)
    }

    /// Logs the change once the splice made the order now: the blocks by
    /// their places now (a removed block just after the row kept before it,
    /// before an inserted block there), the runs with their shifts.
    /// `updatedFirst`: rows were updated before the splice; a run's shift
    /// is then in the terms the rows had before the change (the rows
    /// updated before it now counted as they were), as the rows logged
    /// after it are (`poseBeforeChange`), and what those rows added is the
    /// quick transition's to add, as it adds what later updates do.
    mutating func logAfterSplice(_ mixed: Mixed, updatedFirst: Bool) {
        var sums: BeforeChange?
        if updatedFirst {
            sums = BeforeChange(axis: rootStack.axis, spacing: rootStack.spacing)
            sums?.catchUp(with: self)
        }
        var blocks: [(order: Int, block: ChangeLog.Block)] = []
        for (index, removed) in mixed.removed.enumerated() {
            var block = changeLog.blocks[index]
            block.at = removed.after.map { (rootRows.place(of: $0) ?? -1) + 1 } ?? 0
            blocks.append((0, block))
        }
        for inserted in mixed.inserted { blocks.append((1, ChangeLog.Block(inserted: inserted.rows, at: inserted.at))) }
        changeLog.blocks = blocks.sorted { ($0.block.at, $0.order) < ($1.block.at, $1.order) }.map(\.block)
        var runs: [ChangeLog.Moved.Run] = []
        runs.reserveCapacity(mixed.runs.count)
        for (index, run) in mixed.runs.enumerated() {
            let now = rootRows.prefix(run.at) - (sums?.change(before: run.at).growth ?? 0), was = mixed.before[index].start
            let shift = now - was
            // A run of hidden rows moves nothing drawn; nor does a shift
            // within the rounding of the sums (the general transition sees
            // no move there).
            let drawn = mixed.before[index].shows && abs(shift) > 1e-9 * max(1, abs(now), abs(was))
            runs.append(ChangeLog.Moved.Run(
                at: run.at, was: run.was, shift: drawn ? shift : 0, moved: shift, shownBefore: mixed.before[index].shownBefore))
        }
        changeLog.moved = ChangeLog.Moved(from: 0, end: rootRows.count, runs: runs)
    }
}
