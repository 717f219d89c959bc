// A change to rows of the screen's own stack while a quick transition of
// such changes still runs (a second tap before the first one's animation
// ends), animated without a full layout: what the general transition makes
// of it, row by row, worked out for the rows of the two changes and for the
// stretches between them at once.
//
// The general transition takes each row from where it is drawn at the
// instant of the change: a row still headed where it was going carries on
// there over the time its track had left (its curve run again over that
// time); a row with a new place goes there from where it is, with its own
// kind's spec — a row that only moves taking the timing of the nearest
// change before it. Between the rows of the two changes, every row of a
// stretch is drawn the same distance from its place (the running
// transition's segment) and moves the same distance (the sum of the new
// changes before it), so one segment stands for each stretch.

extension QuickTransition {
    /// The transition of `log`'s changes (rows of one update, no blocks)
    /// made `elapsed` seconds into `running` (of rows, or of blocks of rows
    /// inserted and removed, whose removed rows carry on where they are
    /// drawn), from `before` (the screen as the running transition ends it)
    /// to `after`. Nil when the new change is not of rows alone or a
    /// following row would have no change to follow.
    static func interrupting(
        _ running: QuickTransition, elapsed: Double, log: IncrementalLayout.ChangeLog, before: LiveScreen, after: LiveScreen
    ) -> QuickTransition? {
        let old = before.incremental, new = after.incremental
        guard !log.full, log.blocks.isEmpty, log.moved == nil, log.updates <= 1, old.rootRows.sameOrder(as: new.rootRows) else { return nil }
        let axis = new.rootStack.axis
        let spacing = new.rootStack.spacing
        func shifted(_ pose: Pose, _ by: Double) -> Pose {
            var moved = pose
            moved.frame = axis == .vertical ? pose.frame.moved(by: 0, by) : pose.frame.moved(by: by, 0)
            return moved
        }
        // The new changes: each row's place and how far it moves the rows after it.
        var shiftAfter: [(position: Int, delta: Double)] = []
        var individual = Set<Int>()
        for (row, logged) in log.rows where new.lists(rootRow: row) {
            let now = new.pose(ofRootRow: row)
            guard now != logged else { continue }
            individual.insert(row)
            shiftAfter.append((new.place(ofRootRow: row), extent(now, axis: axis, spacing: spacing) - extent(logged, axis: axis, spacing: spacing)))
        }
        shiftAfter.sort { $0.position < $1.position }
        // The running transition's rows with a track: each on its own.
        var runningTrack: [Int: RowTrack] = [:]
        for track in running.allTracks { runningTrack[track.row] = track }
        individual.formUnion(running.changedRows.filter { new.lists(rootRow: $0) })
        let positions = individual.map { new.place(ofRootRow: $0) }.sorted()
        // Where a stretch starts: a segment of the running transition, a
        // row on its own, or the row after one.
        var starts = Set(running.segments.map(\.from))
        for position in positions { starts.formUnion([position, position + 1]) }
        for change in shiftAfter { starts.insert(change.position + 1) }
        let boundaries = starts.filter { $0 >= 0 && $0 < new.rootRows.count }.sorted()

        var tracks: [RowTrack] = []
        // Removed rows still going: no new place can reach them, so they
        // carry on where they are drawn (among the same rows as before).
        var removedPlaces: [Int: Int] = [:]
        for track in running.allTracks where !new.lists(rootRow: track.row) && !track.isOver(at: elapsed) {
            guard track.after == nil, let place = running.removedPlaces[track.row] else { return nil }
            tracks.append(Transition.continuation(of: track, from: track.pose(at: elapsed), elapsed: elapsed))
            removedPlaces[track.row] = place
        }
        var segments: [Segment] = []
        var ownDuration = 0.0
        var cause: RowTrack?
        var cache = Transition.SpecCache()
        var change = 0, shift = 0.0
        let causes: Set<TransitionKind> = [.resize, .show, .hide, .insert, .remove]
        for start in boundaries {
            while change < shiftAfter.count, shiftAfter[change].position < start {
                shift += shiftAfter[change].delta
                change += 1
            }
            let row = new.rootRows[start]
            let segment = running.segment(at: start)
            // Where a row of the stretch is drawn now, from its place then.
            let drawnOff = running.remaining(at: elapsed, position: start)
            let inFlight = segment.map { $0.shift != 0 && $0.timing.map { elapsed < $0.end || elapsed <= $0.delay } ?? false } ?? false
            if individual.contains(row) {
                // One row: as the general transition takes it.
                let then = old.pose(ofRootRow: row)
                let now = new.pose(ofRootRow: row)
                var current: (pose: Pose?, track: RowTrack)?
                if let track = runningTrack[row] {
                    if !track.isOver(at: elapsed) { current = (track.pose(at: elapsed), track) }
                } else if inFlight, !then.hidden, !running.changedRows.contains(row), let segment, let timing = segment.timing {
                    let was = shifted(then, -segment.shift)
                    current = (shifted(then, drawnOff), RowTrack(
                        row: row, kind: .move, delay: timing.delay, duration: timing.duration, curve: timing.curve,
                        before: was, from: was, to: then, after: then))
                }
                guard let made = track(
                    of: row, current: current, then: then, now: now, elapsed: elapsed, screen: after.screen, fallback: before.screen.model,
                    axis: axis, cache: &cache)
                else {
                    segments.append(Segment(from: start, shift: 0, timing: nil))
                    continue
                }
                var track = made.track
                if made.follows {
                    guard let cause else { return nil }
                    track = RowTrack(
                        row: row, kind: track.kind, delay: cause.delay, duration: cause.duration, curve: cause.curve,
                        before: track.before, from: track.from, to: track.to, after: track.after)
                }
                if causes.contains(track.kind) { cause = track }
                tracks.append(track)
                segments.append(Segment(from: start, shift: 0, timing: nil))
                continue
            }
            if inFlight, shift == 0, let timing = segment?.timing {
                // Still headed where it was going: the rest of the way over
                // the time it had left.
                let delay = max(0, timing.delay - elapsed)
                let duration = max(0, timing.end - max(elapsed, timing.delay))
                let rest = Timing(delay: delay, duration: duration, curve: timing.curve)
                ownDuration = max(ownDuration, rest.end)
                segments.append(Segment(from: start, shift: -drawnOff, timing: rest))
            } else if shift != 0 || inFlight {
                // A new place: from where it is drawn, with the nearest change before it.
                guard let cause else { return nil }
                segments.append(Segment(from: start, shift: shift - drawnOff, timing: Timing(cause)))
            } else {
                segments.append(Segment(from: start, shift: 0, timing: nil))
            }
        }
        let changed = Set(tracks.map(\.row))
        let last = tracks.popLast()
        var quick = QuickTransition(
            row: last?.row ?? running.row, track: last, before: last?.before, others: tracks, changedRows: changed, segments: segments,
            removedPlaces: removedPlaces)
        quick.ownDuration = ownDuration
        return quick
    }
}
