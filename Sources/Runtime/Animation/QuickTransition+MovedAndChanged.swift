// Rows moved and, in the same change after the move, rows resized, shown
// or hidden (a tap that moves an element and sets a state one of its rows
// reads; a host's `change(at:)` that moves a row, then invalidates a
// size), animated as a quick transition. The general transition gives each
// changed row its track from where it was before the change, and every
// other row whose place changed a `move` track that follows the nearest
// change before it among the rows now, else the nearest one before it among
// the rows then, else its own `move`. Here the rows between changes go in
// segments, each one shift and one timing: the run's shift plus what the
// changes before it (now) added. O((runs + changes) log n), not O(rows).

extension QuickTransition {
    /// A row of the screen's own stack that changed after a splice moved
    /// rows: its place now, its pose the splice left it with and its pose
    /// now.
    typealias ChangedAfterMoving = (at: Int, row: Int, before: Pose, now: Pose, beforeMove: Bool)

    /// The rows of `log` that changed after the splice moved them — drawn
    /// otherwise than where the move took them, not only further along (a
    /// row before them changed) — in the order of the rows now. The first
    /// pose logged of each is its pose after the move and before any update
    /// (IncrementalLayout+Updates).
    static func changedAfterMoving(_ log: IncrementalLayout.ChangeLog, live: LiveScreen) -> [ChangedAfterMoving] {
        let incremental = live.incremental
        var changed: [ChangedAfterMoving] = []
        // Rows logged twice looked for only when there may be any: hashing
        // each row was much of what a changed row of a large change cost.
        let distinct = log.rowsAreDistinct
        var seen = Set<Int>(minimumCapacity: distinct ? 0 : log.rows.count)
        let lastNow = incremental.lastShownForSeparators()
        for (number, (row, before)) in log.rows.enumerated() where incremental.lists(rootRow: row) && (distinct || seen.insert(row).inserted) {
            let now = incremental.pose(ofRootRow: row)
            if changedBeyondMoving(row, logged: before, now: now, lastShownAtStart: log.lastShownAtStart, lastNow: lastNow, live: live) {
                changed.append((incremental.place(ofRootRow: row), row, before, now, number < log.loggedBeforeSplice))
            }
        }
        // In order of place, each moved once: sorted in place, their two
        // poses were moved about at every step.
        return changed.indices.sorted { changed[$0].at < changed[$1].at }.map { changed[$0] }
    }

    /// Whether `row`, logged as `logged`, is drawn otherwise `now` than
    /// where moving along the axis takes it (rows before it changed),
    /// beyond the separator the last shown row passes on
    /// (`onlySeparatorPassed`).
    static func changedBeyondMoving(_ row: Int, logged: Pose, now: Pose, lastShownAtStart: Int?, lastNow: Int?, live: LiveScreen) -> Bool {
        var along = logged
        if live.incremental.rootStack.axis == .vertical { along.frame.y = now.frame.y } else { along.frame.x = now.frame.x }
        return along != now && !onlySeparatorPassed(row, along: along, now: now, lastShownAtStart: lastShownAtStart, lastNow: lastNow, live: live)
    }

    /// Under `hide-last-separator`, whether `row`, logged as `along` (at
    /// its place along the axis now), is as it is `now` but for the
    /// separator the last shown row gives up and another takes: with the
    /// separator it had when the change began (it may have been logged as
    /// the last shown one in between), as it is now; or the last shown one
    /// when the change began and not now, or now and not then — whatever
    /// separator its style gives it now: the one it had is drawn from the
    /// log (`loggedSeparatorAtStart`). The splice passed the separator on,
    /// as it does for a row not logged: the separators' own drawing
    /// (AnimatedScreen's `separatorsFollow`) has it, where a track of its
    /// own would be a `move`, which no changed row's track is.
    static func onlySeparatorPassed(_ row: Int, along: Pose, now: Pose, lastShownAtStart: Int?, lastNow: Int?, live: LiveScreen) -> Bool {
        guard live.incremental.rootStack.hideLastSeparator,
            var start = withSeparatorAtStart(along, of: row, lastShownAtStart: lastShownAtStart, live: live)
        else { return false }
        if lastShownAtStart != lastNow, row == lastShownAtStart || row == lastNow {
            start.separator = now.separator
        }
        return start == now
    }

    /// `moved`'s runs with `changed` rows among them, each changed row its
    /// resize, show or hide track (a hidden row shown from where its run
    /// was, though a run of hidden rows draws no move); nil when a change
    /// is something else, or, under `hide-last-separator`, the separator a
    /// changed row had when the change began is not known
    /// (`withSeparatorAtStart`; `lastShownAtStart`: the last shown row
    /// then). `ownTiming`: the moved rows' own `move`.
    static func moving(
        _ moved: IncrementalLayout.ChangeLog.Moved, changed: [ChangedAfterMoving], lastShownAtStart: Int?, live: LiveScreen,
        ownTiming: Timing, cache: inout Transition.SpecCache
    ) -> QuickTransition? {
        let runs = moved.runs
        // The run holding place `at` (now), if the moved window does.
        func run(at place: Int) -> Int? {
            guard place >= moved.from, place < moved.end else { return nil }
            return runs.lastIndex(atOrBefore: { $0.at <= place })
        }
        func runShift(_ place: Int) -> Double { run(at: place).map { runs[$0].shift } ?? 0 }
        func placeBefore(_ place: Int) -> Int { run(at: place).map { runs[$0].was + place - runs[$0].at } ?? place }

        var tracks: [RowTrack] = []
        var extents: [Double] = [], placesBefore: [Int] = []
        tracks.reserveCapacity(changed.count)
        let rootRows = live.incremental.rootRows
        let hidden = HiddenAtSplice(runs: runs, changed: changed, live: live)
        for (at, row, logged, now, beforeMove) in changed {
            // A hidden row was where its run moved it from, drawn or not;
            // a row logged before the move, where it was.
            let movedBy = beforeMove ? 0 : logged.hidden ? hidden.movedBy(at, run: run(at: at), live: live) : runShift(at)
            guard let (track, extent) = changedAfterSplice(
                row, logged: logged, now: now, movedBy: movedBy, lastShownAtStart: lastShownAtStart, live: live, cache: &cache)
            else { return nil }
            tracks.append(track)
            extents.append(extent)
            placesBefore.append(placeBefore(at))
        }

        // Where a segment starts: each run, the window's end, each changed
        // row and the row after it. A run's rows were together before too,
        // so a changed row's place then splits no run but its own: every
        // row of a segment had the same changes before it then as now.
        var starts = Set(runs.map(\.at))
        starts.insert(moved.end)
        for change in changed {
            starts.insert(change.at)
            starts.insert(change.at + 1)
        }
        // The changed row whose place then is the nearest before `place`.
        let byPlaceBefore = placesBefore.indices.sorted { placesBefore[$0] < placesBefore[$1] }
        func nearestBefore(_ place: Int) -> Int? { byPlaceBefore.lastIndex(atOrBefore: { placesBefore[$0] < place }).map { byPlaceBefore[$0] } }
        var segments: [Segment] = []
        segments.reserveCapacity(starts.count)
        var passed = 0, added = 0.0, movesOwn = false
        let sortedStarts = starts.sorted()
        for (number, start) in sortedStarts.enumerated() {
            while passed < changed.count, changed[passed].at < start {
                added += extents[passed]
                passed += 1
            }
            let runShift = runShift(start)
            var shift = runShift + added
            if abs(shift) <= 1e-9 * max(1, abs(runShift), abs(added)) { shift = 0 }
            let timing: Timing?
            if passed > 0 {
                timing = Timing(tracks[passed - 1])
            } else if run(at: start) != nil {
                // The nearest change before it among the rows then.
                let cause = nearestBefore(placeBefore(start))
                timing = cause.map { Timing(tracks[$0]) } ?? ownTiming
                // Rows on tracks of their own timing, if any of them is
                // shown (hidden ones have no track: their move takes no time).
                // (A changed row's own segment is the one starting at its place: `changed[passed]`.)
                let isChangedRow = passed < changed.count && changed[passed].at == start
                if cause == nil, shift != 0, !isChangedRow {
                    let end = number + 1 < sortedStarts.count ? sortedStarts[number + 1] : rootRows.count
                    if rootRows.visibleCount(before: end) > rootRows.visibleCount(before: start) { movesOwn = true }
                }
            } else {
                timing = nil
            }
            segments.append(Segment(from: start, shift: shift, timing: timing))
        }
        let last = tracks.removeLast()
        var quick = QuickTransition(
            row: last.row, track: last, before: last.before, others: tracks, changedRows: Set(changed.map(\.row)), segments: segments)
        quick.ownDuration = movesOwn ? ownTiming.end : 0
        return quick
    }

    /// The track of `row`, which a splice placed and an update after it
    /// changed: from its pose `logged` after the splice, less `shift` (how
    /// far the splice moved it), with the separator it had when the change
    /// began (`withSeparatorAtStart`; `lastShownAtStart`: the last shown
    /// row then), to its pose `now`, and how much its extent changed; nil
    /// unless it resized, showed or hid, or when that separator is not
    /// known.
    static func changedAfterSplice(
        _ row: Int, logged: Pose, now: Pose, movedBy shift: Double, lastShownAtStart: Int?, live: LiveScreen,
        cache: inout Transition.SpecCache
    ) -> (track: RowTrack, extent: Double)? {
        // `live.incremental` read in place: a copy of it in a constant
        // (every table retained and released) was most of a changed row's
        // cost.
        let axis = live.incremental.rootStack.axis, spacing = live.incremental.rootStack.spacing
        guard var before = withSeparatorAtStart(logged, of: row, lastShownAtStart: lastShownAtStart, live: live) else { return nil }
        before.frame = logged.frame.moved(along: axis, by: -shift)
        guard let track = track(
            of: row, current: nil, then: before, now: now, elapsed: 0, screen: live.screen, fallback: live.screen.model, axis: axis,
            cache: &cache)?.track,
            [.resize, .show, .hide].contains(track.kind)
        else { return nil }
        return (track, extent(now, axis: axis, spacing: spacing) - extent(logged, axis: axis, spacing: spacing))
    }
}
