// Rows moved with blocks in and out in one change (a list bound again in
// another order as elements come and go), animated as a quick transition:
// inserted and removed rows on their tracks as for blocks alone, and each
// run of kept rows (IncrementalLayout+MixedSplice) moved by its shift with
// the timing the general transition gives its rows — that of the nearest
// inserted block before it among the rows now, else of the nearest removed
// one before it among the rows before, else the rows' own `move`.

extension QuickTransition {
    /// The blocks and runs of `moved` of a change logged from rest; nil
    /// when a row evaluated again with them changed other than by moving,
    /// the last shown row under `hide-last-separator` is another, changes
    /// inside holders go with them, or rows moving by their own timing
    /// differ in it (the general transition then).
    static func movingWithBlocks(
        _ moved: IncrementalLayout.ChangeLog.Moved, _ log: IncrementalLayout.ChangeLog, live: LiveScreen, movesAlike: Bool
    ) -> QuickTransition? {
        let incremental = live.incremental
        guard !log.full, log.nested.isEmpty else { return nil }
        if incremental.rootStack.hideLastSeparator, incremental.lastVisibleRootRow() != log.lastShownAtStart { return nil }
        let made = Set(log.blocks.flatMap(\.inserted))
        let axis = incremental.rootStack.axis
        // Rows evaluated again with the blocks (a count read elsewhere): moved only, with their runs.
        for (row, before) in log.rows where !made.contains(row) && incremental.lists(rootRow: row) {
            let now = incremental.pose(ofRootRow: row)
            var moved = before
            if axis == .vertical { moved.frame.y = now.frame.y } else { moved.frame.x = now.frame.x }
            guard moved == now else { return nil }
        }
        var tracks: [RowTrack] = []
        var changed = Set<Int>()
        var removedPlaces: [Int: Int] = [:]
        // The causes a moved row may follow: inserted blocks by their
        // places now, removed ones by their places before (each the timing
        // of its last track: rows all hidden make none, and no cause).
        var inserted: [(at: Int, timing: Timing)] = []
        var removed: [(was: Int, timing: Timing)] = []
        for block in log.blocks {
            if !block.inserted.isEmpty {
                guard block.inserted.allSatisfy(incremental.lists(rootRow:)) else { return nil }
                let made = blockTracks(block.inserted.map { ($0, incremental.pose(ofRootRow: $0)) }, kind: .insert, live: live)
                changed.formUnion(block.inserted)
                if let last = made.last { inserted.append((block.at, Timing(last))) }
                tracks += made
            } else {
                let made = blockTracks(block.removed.map { ($0.row, $0.before) }, kind: .remove, live: live)
                for (row, _) in block.removed {
                    changed.insert(row)
                    removedPlaces[row] = block.at
                }
                if let last = made.last { removed.append((block.was, Timing(last))) }
                tracks += made
            }
        }
        removed.sort { $0.was < $1.was }
        var segments: [Segment] = []
        segments.reserveCapacity(moved.runs.count)
        var cache = Transition.SpecCache()
        var ownDuration = 0.0
        var firstMoved: Int?
        var nextInserted = 0
        var cause: Timing?
        for (index, run) in moved.runs.enumerated() {
            while nextInserted < inserted.count, inserted[nextInserted].at < run.at {
                cause = inserted[nextInserted].timing
                nextInserted += 1
            }
            guard run.shift != 0 else {
                segments.append(Segment(from: run.at, shift: 0, timing: nil))
                continue
            }
            var timing = cause ?? removed.last(where: { $0.was < run.was })?.timing
            if timing == nil {
                // Nothing before it explains the move: its rows' own.
                let end = index + 1 < moved.runs.count ? moved.runs[index + 1].at : incremental.rootRows.count
                let rows = (run.at..<(movesAlike ? run.at + 1 : end)).lazy.map { incremental.rootRows[$0] }.filter { !made.contains($0) }
                guard let own = commonMove(of: rows, screen: live.screen, fallback: live.screen.model, cache: &cache) else { return nil }
                timing = own
                ownDuration = max(ownDuration, own.end)
            }
            if firstMoved == nil { firstMoved = incremental.rootRows[run.at] }
            segments.append(Segment(from: run.at, shift: run.shift, timing: timing))
        }
        guard let last = tracks.popLast() else {
            // Only hidden rows came or went: the runs alone, if any moves.
            guard let firstMoved else { return QuickTransition(row: 0, track: nil, before: nil, segments: []) }
            var quick = QuickTransition(
                row: firstMoved, track: nil, before: nil, changedRows: changed, segments: segments, removedPlaces: removedPlaces)
            quick.ownDuration = ownDuration
            return quick
        }
        var quick = QuickTransition(
            row: last.row, track: last, before: last.before, others: tracks, changedRows: changed, segments: segments,
            removedPlaces: removedPlaces)
        quick.ownDuration = ownDuration
        return quick
    }
}
