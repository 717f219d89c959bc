// A change to rows of the screen's own stack, blocks of its rows inserted
// and removed (elements of bound data), or its rows moved (elements in
// another order, a row moved by the host), made while a quick transition
// of such changes still runs (a second tap before the first one's animation
// ends, a feed's next push), animated without a full layout: what the
// general transition makes of it, row by row, worked out for the rows of
// the two changes and for the stretches between them at once.
//
// The general transition takes each row from where it is drawn at the
// instant of the change: a row still headed where it was going carries on
// there over the time its track had left (its curve run again over that
// time); a row with a new place goes there from where it is, with its own
// kind's spec — a row that only moves taking the timing of the nearest
// change before it among the rows now, else of the nearest removed one
// among the rows before (rows moved: else of the nearest change before it
// among the rows then, else its own `move`). An inserted row grows in
// from its place; a removed one collapses from where it is drawn. Between
// the changes, every row of a stretch is drawn the same distance from its
// place (the running transition's segment, found by the row's place before
// the new change) and moves the same distance (the sum of the new changes
// before it, or its run's shift), so one segment stands for each stretch.

extension QuickTransition {
    /// The transition of `log`'s changes (rows of one update, blocks of
    /// rows inserted and removed, or rows moved) made `elapsed` seconds
    /// into `running` (of rows, or of blocks, whose removed rows carry on
    /// where they are drawn), from the rows `old` (as the running
    /// transition ends them; `sameOrder`: in the order they have now) to
    /// `after`; `fallback` has
    /// the specs of rows `after` no longer has. Nil when the new change is
    /// not of rows, blocks or moves alone, or a following row would have no
    /// change to follow (with moves: the rows of a stretch no common timing).
    /// `movesAlike`: every row moves with the same timing
    /// (`movesAlike(_:)` of the model).
    static func interrupting(
        _ running: QuickTransition, elapsed: Double, log: IncrementalLayout.ChangeLog, before old: any RowsBefore, sameOrder: Bool,
        after: LiveScreen, fallback: ScreenModel, movesAlike: Bool = false
    ) -> QuickTransition? {
        let new = after.incremental
        // Changes inside nested stacks compose as the screen's rows do, their
        // holders among the screen's rows, the rows inside on their own
        // tracks (`addInside`), also beside blocks in or out (a count read
        // inside a card while elements come and go).
        let inside = !log.nested.isEmpty || !running.inside.isEmpty || !running.insideGone.isEmpty
        guard !log.full, log.updates <= 1 else { return nil }
        // Rows moved (elements in another order, a row moved): rows the
        // change resized, showed or hid, and changes inside holders, go with
        // them — each changed row on its own track, the stretches between by
        // their run's shift and what the changed rows before them added.
        // With blocks in and out too (IncrementalLayout+MixedSplice), the
        // runs' shifts have the blocks' extents in them already.
        let moved = log.moved
        // After rows were updated in the same change (a state set, then the
        // list bound again), as rows moved alone: the runs' shifts are in
        // the terms the rows had before the change, and what the rows
        // updated added is added below, as a change's rows' is.
        let mixed = moved != nil && !log.blocks.isEmpty
        // Whether the rows now stand in another order than `old`'s: places
        // then are asked of `old` by row.
        let reordered = !log.blocks.isEmpty || moved != nil
        let made = Set(log.blocks.flatMap(\.inserted))
        if log.blocks.isEmpty {
            guard sameOrder || moved != nil else { return nil }
        } else {
            // Blocks not all of the screen's own rows are the general transition's.
            guard log.blocks.allSatisfy({ $0.inserted.allSatisfy(new.lists(rootRow:)) }) else { return nil }
        }
        let axis = new.rootStack.axis
        let spacing = new.rootStack.spacing
        func shifted(_ pose: Pose, _ by: Double) -> Pose {
            var moved = pose
            moved.frame = pose.frame.moved(along: axis, by: by)
            return moved
        }
        // The running transition's rows with a track: each on its own.
        var runningTrack: [Int: RowTrack] = [:]
        for track in running.rootTracks { runningTrack[track.row] = track }
        // The new changes: where each is among the rows now, and how far it
        // moves the rows after it (those from `position + 1` on). A row
        // evaluated again is compared with its pose before the change (with
        // blocks, the log has it from the middle of the splice).
        var shiftAfter: [(position: Int, delta: Double)] = []
        var individual = Set<Int>()
        for (row, _) in log.rows where !made.contains(row) && new.lists(rootRow: row) && old.lists(row) {
            guard let then = old.pose(of: row) else { return nil }
            let now = new.pose(ofRootRow: row)
            // A row that only moved (blocks or rows before it changed) follows them.
            var moved = then
            if axis == .vertical { moved.frame.y = now.frame.y } else { moved.frame.x = now.frame.x }
            guard moved != now, !individual.contains(row) else { continue }
            individual.insert(row)
            shiftAfter.append((new.place(ofRootRow: row), extent(now, axis: axis, spacing: spacing) - extent(then, axis: axis, spacing: spacing)))
        }
        // Blocks: inserted rows grow where they are now; removed ones
        // collapse from where they are drawn (a row that still follows the
        // running change, caught midway), at the place of the row after them.
        var insertedAt: [Int: [Int]] = [:]
        var removedTracks: [(at: Int, tracks: [RowTrack])] = []
        // The place now of each removed block, by its rows.
        var removedAt: [Int: Int] = [:]
        for block in log.blocks {
            if !block.inserted.isEmpty {
                let end = block.at + block.inserted.count
                insertedAt[block.at] = block.inserted
                let extent = new.rootRows.prefix(end) - new.rootRows.prefix(block.at)
                if !mixed {
                    shiftAfter.append((end - 1, extent))
                } else if abs(extent - block.extent) > 1e-9 * max(1, abs(block.extent)) {
                    // The runs' shifts hold the block as the splice made
                    // it: what an update after the splice resized of it
                    // moves the rows after it too (as `movingWithBlocks`).
                    shiftAfter.append((end - 1, extent - block.extent))
                }
                continue
            }
            var drawn: [(row: Int, pose: Pose)] = []
            var caught: Set<Int> = []
            for (row, pose) in block.removed {
                removedAt[row] = block.at
                // A row on a track of its own (one the running change put
                // in, a filter taken back): from where the track has it,
                // if anywhere (not yet drawn: it has no track, as the
                // general transition gives it none) — hidden there too (a
                // row hidden at the instant it was shown), as the general
                // transition takes a row caught midway out.
                if let track = runningTrack[row], !track.isOver(at: elapsed) {
                    if let drawnNow = track.pose(at: elapsed) {
                        drawn.append((row, drawnNow))
                        caught.insert(row)
                    }
                    continue
                }
                let place = old.place(of: row)
                guard place >= 0 else { return nil }
                let inFlight = !running.changedRows.contains(row) && (running.segment(at: place).map(isInFlight) ?? false)
                drawn.append((row, inFlight ? shifted(pose, running.remaining(at: elapsed, position: place)) : pose))
            }
            removedTracks.append((block.at, blockTracks(drawn, kind: .remove, live: after, evenHidden: caught)))
            if !mixed { shiftAfter.append((block.at - 1, -block.extent)) }
        }
        shiftAfter.sort { $0.position < $1.position }
        removedTracks.sort { $0.at < $1.at }
        func isInFlight(_ segment: Segment) -> Bool {
            segment.isOnTracks && (segment.timing.map { elapsed < $0.end || elapsed <= $0.delay } ?? false)
        }
        individual.formUnion(running.changedRows.filter { new.lists(rootRow: $0) && !made.contains($0) })
        let positions = individual.map { new.place(ofRootRow: $0) }.sorted()
        // Where a stretch starts: a segment of the running transition (at
        // the row it started at, if it is still there), a row on its own or
        // a block, or the row after one.
        var starts = Set<Int>()
        for segment in running.segments {
            if !reordered {
                starts.insert(segment.from)
            } else if segment.from < old.rowCount, case let row = old.row(at: segment.from), new.lists(rootRow: row) {
                starts.insert(new.place(ofRootRow: row))
            }
        }
        for position in positions { starts.formUnion([position, position + 1]) }
        for change in shiftAfter { starts.insert(change.position + 1) }
        for at in insertedAt.keys { starts.insert(at) }
        if let moved { starts.formUnion(moved.runs.map(\.at) + [moved.end]) }
        let boundaries = starts.filter { $0 >= 0 && $0 < new.rootRows.count }.sorted()

        var tracks: [RowTrack] = []
        // Removed rows still going: no new place can reach them, so they
        // carry on where they are drawn — before the row they were before,
        // or where that row's block of removed rows now was. (Among rows
        // removed or inserted at the same place they are drawn by row; the
        // general transition may stack them in another order, at the same
        // frames.)
        var removedPlaces: [Int: Int] = [:]
        for track in running.rootTracks where !new.lists(rootRow: track.row) && !track.isOver(at: elapsed) && removedAt[track.row] == nil {
            guard track.after == nil, let place = running.removedPlaces[track.row] else { return nil }
            var now = place
            if reordered {
                if place >= old.rowCount {
                    now = new.rootRows.count
                } else if case let next = old.row(at: place), new.lists(rootRow: next) {
                    now = new.place(ofRootRow: next)
                } else {
                    guard let at = removedAt[old.row(at: place)] else { return nil }
                    now = at
                }
            }
            tracks.append(Transition.continuation(of: track, from: track.pose(at: elapsed), elapsed: elapsed))
            removedPlaces[track.row] = now
        }
        var segments: [Segment] = []
        var ownDuration = 0.0
        // The last track of the nearest change before among the rows now,
        // and of the nearest removed block among the rows before: rows
        // after them follow the first, else the second (the general
        // transition's rule).
        var cause: RowTrack?
        var removal: RowTrack?
        var cache = Transition.SpecCache()
        var change = 0, shift = 0.0, added = 0.0, removals = 0
        let causes: Set<TransitionKind> = [.resize, .show, .hide, .insert, .remove]
        func removeBlocks(before position: Int) {
            while removals < removedTracks.count, removedTracks[removals].at <= position {
                for track in removedTracks[removals].tracks {
                    tracks.append(track)
                    removedPlaces[track.row] = removedTracks[removals].at
                    removal = track
                }
                removals += 1
            }
        }
        // Beside rows moved, what follows no change before it among the rows
        // now: a track (by index) or a stretch (segment index, its rows
        // `start ..< end`), with the place then of its first row.
        var unexplainedTracks: [(index: Int, place: Int)] = []
        var unexplainedStretches: [(index: Int, place: Int, start: Int, end: Int)] = []
        // Rows moved: each run by its own shift, read rather than summed
        // (the rows after the window then move by exactly none).
        var run = 0
        for (boundary, start) in boundaries.enumerated() {
            while change < shiftAfter.count, shiftAfter[change].position < start {
                added += shiftAfter[change].delta
                change += 1
            }
            shift = added
            if let moved {
                // Its run's shift, and what the rows changed before it (now) added.
                while run + 1 < moved.runs.count, moved.runs[run + 1].at <= start { run += 1 }
                shift = (start >= moved.from && start < moved.end ? moved.runs[run].shift : 0) + added
            }
            removeBlocks(before: start)
            if let rows = insertedAt[start] {
                // A block of rows inserted: each grows in, the rows after it follow.
                let made = blockTracks(rows.map { ($0, new.pose(ofRootRow: $0)) }, kind: .insert, live: after)
                if let last = made.last { cause = last }
                tracks += made
                segments.append(Segment(from: start, shift: 0, timing: nil))
                continue
            }
            let row = new.rootRows[start]
            let position = reordered ? old.place(of: row) : start
            let segment = running.segment(at: position)
            // Where a row of the stretch is drawn now, from its place then.
            let drawnOff = running.remaining(at: elapsed, position: position)
            let inFlight = segment.map(isInFlight) ?? false
            if individual.contains(row) {
                // One row: as the general transition takes it.
                guard let then = old.pose(of: row) else { return nil }
                let now = new.pose(ofRootRow: row)
                var current: (pose: Pose?, track: RowTrack)?
                if let track = runningTrack[row] {
                    if !track.isOver(at: elapsed) { current = (track.pose(at: elapsed), track) }
                } else if inFlight, !then.hidden, !running.changedRows.contains(row), let segment, let timing = segment.timing {
                    // The running change's track of it as the general
                    // transition has it, drawn with the separator the
                    // running change draws (it passed one on to the row,
                    // or took one from it, as it moved it).
                    var drawn = shifted(then, drawnOff)
                    drawn.separator = running.separator(of: row, position: position, now: then.separator, at: elapsed, atStart: elapsed <= 0)
                    current = (drawn, running.followingTrack(of: row, to: then, shift: segment.shift, timing: timing, axis: axis))
                }
                guard let made = track(
                    of: row, current: current, then: then, now: now, elapsed: elapsed, screen: after.screen, fallback: fallback,
                    axis: axis, cache: &cache)
                else {
                    segments.append(Segment(from: start, shift: 0, timing: nil))
                    continue
                }
                var track = made.track
                if made.follows, moved != nil, cause == nil {
                    unexplainedTracks.append((tracks.count, position))
                } else if made.follows {
                    guard let cause = cause ?? removal else { return nil }
                    track.follow(cause)
                }
                if causes.contains(track.kind) { cause = track }
                tracks.append(track)
                segments.append(Segment(from: start, shift: 0, timing: nil))
                continue
            }
            let end = boundary + 1 < boundaries.count ? boundaries[boundary + 1] : new.rootRows.count
            // A new place within the last bits of the old one is the old
            // one (the general transition tells a row still headed where it
            // was going so: `Transition.isHeaded`): the deltas summed here
            // may cancel but for rounding.
            var stretch = shift
            if stretch != 0, case let top = new.start(ofPosition: start), !Transition.differ(top, top - stretch) { stretch = 0 }
            if inFlight, stretch == 0, segment?.timing != nil, new.rootRows.visibleCount(before: end) == new.rootRows.visibleCount(before: start) {
                // Hidden rows alone, still on their way: nothing drawn
                // moves, and the general transition gives them no track
                // (their time left kept the change animating past its end).
                segments.append(Segment(from: start, shift: 0, timing: nil))
            } else if inFlight, stretch == 0, let timing = segment?.timing {
                // Still headed where it was going: the rest of the way over
                // the time it had left.
                let delay = max(0, timing.delay - elapsed)
                let duration = max(0, timing.end - max(elapsed, timing.delay))
                let rest = Timing(delay: delay, duration: duration, curve: timing.curve)
                ownDuration = max(ownDuration, rest.end)
                segments.append(Segment(from: start, shift: -drawnOff, timing: rest, continues: true))
            } else if stretch != 0 || inFlight, moved != nil, cause == nil {
                unexplainedStretches.append((segments.count, position, start, end))
                segments.append(Segment(from: start, shift: stretch - drawnOff, timing: nil, caught: inFlight))
            } else if stretch != 0 || inFlight {
                // A new place: from where it is drawn, with the nearest change before it.
                guard let cause = cause ?? removal else { return nil }
                segments.append(Segment(from: start, shift: stretch - drawnOff, timing: Timing(cause), caught: inFlight))
            } else {
                segments.append(Segment(from: start, shift: 0, timing: nil))
            }
        }
        removeBlocks(before: .max)
        if !unexplainedTracks.isEmpty || !unexplainedStretches.isEmpty {
            // The nearest change before among the rows then (the general
            // transition's second walk), else the rows' own `move`.
            let then = tracks.compactMap { causes.contains($0.kind) ? (place: old.place(of: $0.row), track: $0) : nil }
                .filter { $0.place >= 0 }.sorted { $0.place < $1.place }
            func cause(before place: Int) -> RowTrack? { then.last { $0.place < place }?.track }
            for (index, place) in unexplainedTracks {
                guard let cause = cause(before: place) else { continue }
                tracks[index].follow(cause)
            }
            for (index, place, start, end) in unexplainedStretches {
                if let cause = cause(before: place) {
                    segments[index].timing = Timing(cause)
                    continue
                }
                // The rows' own, shown ones' alike (hidden ones are not
                // drawn): when every row moves alike (`movesAlike`), the
                // first one's, O(1) where asking each was O(stretch).
                guard new.rootRows.visibleCount(before: end) > new.rootRows.visibleCount(before: start) else {
                    // Nothing drawn moves.
                    segments[index] = Segment(from: start, shift: 0, timing: nil)
                    continue
                }
                let rows = (start..<(movesAlike ? start + 1 : end)).lazy.map { new.rootRows[$0] }.filter { movesAlike || !new.isHidden($0) }
                guard let own = commonMove(of: rows, screen: after.screen, fallback: fallback, cache: &cache) else { return nil }
                segments[index].timing = own
                ownDuration = max(ownDuration, own.end)
            }
        }
        let changed = Set(tracks.map(\.row))
        let last = tracks.popLast()
        var quick = QuickTransition(
            row: last?.row ?? running.row, track: last, before: last?.before, others: tracks, changedRows: changed, segments: segments,
            removedPlaces: removedPlaces)
        quick.ownDuration = ownDuration
        if inside, !addInside(log, running: running, elapsed: elapsed, live: after, into: &quick) { return nil }
        // A row moving in the running change with a separator that came or
        // went is drawn with the one it had, then either (the one there
        // is), then the new one: the general transition takes it on from
        // where it is drawn, that separator with it. (One carried on to
        // the separator it had, held as well: below.)
        for (row, _) in running.movingSeparators where running.heldSeparators[row] == nil {
            guard new.lists(rootRow: row) else { return nil }
            // Changed by this change too: its track starts from where it is
            // drawn, that separator with it (above).
            if quick.changedRows.contains(row) { continue }
            guard !new.isHidden(row) else { return nil }
            let place = old.place(of: row)
            guard place >= 0, let then = old.pose(of: row) else { return nil }
            // At the running change's own instant it is drawn as at its
            // start (a change at the same instant as the one before it).
            quick.movingSeparators[row] = .some(running.separator(of: row, position: place, now: then.separator, at: elapsed, atStart: elapsed <= 0))
        }
        // A row the running change carried on with the separator its track
        // was headed to: still on that track, it keeps it (carried on
        // again) or goes on from where it is drawn, that separator with it;
        // its track over, the general transition has no track of it and
        // draws it as the layouts do.
        for (row, separator) in running.heldSeparators {
            guard new.lists(rootRow: row), !new.isHidden(row), !quick.changedRows.contains(row) else { return nil }
            let place = old.place(of: row)
            guard place >= 0, running.segment(at: place).map(isInFlight) ?? false else { continue }
            // Drawn with the one held — or, its separator moving in the
            // running change too, that one's mix with the one it had.
            let drawn = running.separator(of: row, position: place, now: separator, at: elapsed, atStart: elapsed <= 0)
            if quick.segment(at: new.place(ofRootRow: row))?.continues == true {
                quick.heldSeparators[row] = separator
                if running.movingSeparators[row] != nil { quick.movingSeparators[row] = drawn }
            } else {
                quick.movingSeparators[row] = drawn
            }
        }
        return quick
    }
}
