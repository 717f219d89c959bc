// Rows moved with blocks in and out in one change (a list bound again in
// another order as elements come and go), animated as a quick transition:
// inserted and removed rows on their tracks as for blocks alone, rows
// evaluated again with them that resized (a count read elsewhere) on their
// own tracks, and each run of kept rows (IncrementalLayout+MixedSplice)
// moved by its shift plus what the resized rows before it added, with the
// timing the general transition gives its rows — that of the nearest
// change before it among the rows now (an inserted block, a resized row),
// else of the nearest one before it among the rows before (a removed
// block, a resized row), else the rows' own `move`.

extension QuickTransition {
    /// The blocks and runs of `moved` of a change logged from rest (rows
    /// inside holders are added to it by `changingInside`, the holders
    /// among the rows resized here); nil when, under `hide-last-separator`,
    /// the separator a row evaluated again had when the change began is
    /// not known (`withSeparatorAtStart`), or rows moving by their own
    /// timing differ in it (the general transition then).
    static func movingWithBlocks(
        _ moved: IncrementalLayout.ChangeLog.Moved, _ log: IncrementalLayout.ChangeLog, live: LiveScreen, movesAlike: Bool
    ) -> QuickTransition? {
        let incremental = live.incremental
        guard !log.full else { return nil }
        let runs = moved.runs
        // The run holding the kept row at `position` (now).
        func run(at position: Int) -> Int? { runs.lastIndex(atOrBefore: { $0.at <= position }) }
        var tracks: [RowTrack] = []
        var changed = Set<Int>()
        var removedPlaces: [Int: Int] = [:]
        // The causes a moved row may follow: inserted blocks and resized
        // rows by their places now, removed blocks and resized rows by
        // their places before (each the timing of its last track: rows all
        // hidden make none, and no cause).
        var causesNow: [(at: Int, timing: Timing)] = []
        var causesThen: [(was: Int, timing: Timing)] = []
        // Rows, and inserted blocks, that grew or shrank after the splice,
        // by their places now (the last row's, for a block).
        var resized: [(position: Int, extent: Double)] = []
        let made = Set(log.blocks.flatMap(\.inserted))
        for block in log.blocks {
            if !block.inserted.isEmpty {
                guard block.inserted.allSatisfy(incremental.lists(rootRow:)) else { return nil }
                let made = blockTracks(block.inserted.map { ($0, incremental.pose(ofRootRow: $0)) }, kind: .insert, live: live)
                changed.formUnion(block.inserted)
                if let last = made.last { causesNow.append((block.at + block.inserted.count - 1, Timing(last))) }
                tracks += made
                // Its rows resized by an update after the splice (a state
                // set after the list was bound again): the rows after it
                // move by that too, the runs' shifts holding the block as
                // the splice made it.
                let end = block.at + block.inserted.count
                let grown = incremental.rootRows.prefix(end) - incremental.rootRows.prefix(block.at) - block.extent
                if abs(grown) > 1e-9 * max(1, abs(block.extent)) { resized.append((end - 1, grown)) }
            } else {
                let made = blockTracks(block.removed.map { ($0.row, $0.before) }, kind: .remove, live: live)
                for (row, _) in block.removed {
                    changed.insert(row)
                    removedPlaces[row] = block.at
                }
                if let last = made.last { causesThen.append((block.was + block.removed.count - 1, Timing(last))) }
                tracks += made
            }
        }
        // Rows evaluated again with the blocks (a count read elsewhere):
        // moved with their runs, or resized on tracks of their own from
        // where they were (their pose at the splice, less their run's
        // shift), the rows after them moving by what they added.
        var cache = Transition.SpecCache()
        let changedRows = changedAfterMoving(log, live: live).filter { !made.contains($0.row) }
        let hidden = HiddenAtSplice(runs: runs, changed: changedRows.filter { !$0.beforeMove }, live: live)
        for (position, row, logged, now, beforeSplice) in changedRows {
            // A row logged before the splice (a state set, then the list
            // bound again) was where the log has it; one hidden at the
            // splice (shown now), where its run moved it from, drawn or not.
            guard let index = run(at: position) else { return nil }
            let movedBy = beforeSplice ? 0 : logged.hidden ? hidden.movedBy(position, run: index, live: live) : runs[index].moved
            guard let (track, extent) = changedAfterSplice(
                row, logged: logged, now: now, movedBy: movedBy, lastShownAtStart: log.lastShownAtStart, live: live, cache: &cache)
            else { return nil }
            changed.insert(row)
            tracks.append(track)
            resized.append((position, extent))
            causesNow.append((position, Timing(track)))
            causesThen.append((runs[index].was + position - runs[index].at, Timing(track)))
        }
        causesNow.sort { $0.at < $1.at }
        causesThen.sort { $0.was < $1.was }
        resized.sort { $0.position < $1.position }
        // A stretch starts at each run and after each resized row.
        let starts = Set(runs.map(\.at) + resized.map { $0.position + 1 }).filter { $0 < incremental.rootRows.count }.sorted()
        var segments: [Segment] = []
        segments.reserveCapacity(starts.count)
        var ownDuration = 0.0
        var firstMoved: Int?
        var nextCause = 0, nextResized = 0
        var cause: Timing?
        var added = 0.0
        for (index, start) in starts.enumerated() {
            while nextCause < causesNow.count, causesNow[nextCause].at < start {
                cause = causesNow[nextCause].timing
                nextCause += 1
            }
            while nextResized < resized.count, resized[nextResized].position < start {
                added += resized[nextResized].extent
                nextResized += 1
            }
            guard let number = run(at: start) else { continue }
            let shift = runs[number].shift + added
            let top = incremental.start(ofPosition: start)
            let end = index + 1 < starts.count ? starts[index + 1] : incremental.rootRows.count
            // Nothing drawn moves: within the rounding of the sums (the
            // general transition sees no move there), or hidden rows alone.
            guard shift != 0, Transition.differ(top, top - shift),
                incremental.rootRows.visibleCount(before: end) > incremental.rootRows.visibleCount(before: start)
            else {
                segments.append(Segment(from: start, shift: 0, timing: nil))
                continue
            }
            let was = runs[number].was + start - runs[number].at
            var timing = cause ?? causesThen.lastIndex(atOrBefore: { $0.was < was }).map { causesThen[$0].timing }
            if timing == nil {
                // Nothing before it explains the move: its rows' own.
                let rows = (start..<(movesAlike ? start + 1 : end)).lazy.map { incremental.rootRows[$0] }.filter { !made.contains($0) }
                guard let own = commonMove(of: rows, screen: live.screen, fallback: live.screen.model, cache: &cache) else { return nil }
                timing = own
                ownDuration = max(ownDuration, own.end)
            }
            if firstMoved == nil { firstMoved = incremental.rootRows[start] }
            segments.append(Segment(from: start, shift: shift, timing: timing))
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
