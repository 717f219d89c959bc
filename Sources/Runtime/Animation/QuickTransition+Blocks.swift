// Blocks of rows inserted or removed by a re-binding (elements of bound
// data), animated as a quick transition: each row its insert or remove
// track as the general transition makes it, and the rows after each block
// following the nearest change before them by the blocks' shifts so far —
// the nearest inserted block before them among the rows now, else the
// nearest removed one among the rows before, as the general transition
// picks it. The splice logs the blocks (IncrementalLayout.ChangeLog); rows
// of the screen's own stack evaluated again with them (a count read
// elsewhere) that resize, show or hide are changes among them; anything
// else makes it the general transition's.

extension QuickTransition {
    /// The blocks of `log`: inserted rows growing from their places
    /// collapsed with their `from` effects, removed ones collapsing where
    /// they were to their `to` effects (drawn there until their tracks end),
    /// and the rows evaluated again with them that changed. Nil when the log
    /// is full, a block's rows are not all of the screen's own, a row
    /// evaluated again moved rather than changed, or nothing is shown.
    static func changingBlocks(_ log: IncrementalLayout.ChangeLog, live: LiveScreen) -> QuickTransition? {
        let incremental = live.incremental
        guard !log.full else { return nil }
        // Every change in the order of the rows now: a removed block before
        // the row now at its place, rows evaluated again (a count read
        // elsewhere) that moved or resized, at theirs.
        enum Change {
            case block(IncrementalLayout.ChangeLog.Block)
            case row(Int, before: Pose, now: Pose, beforeSplice: Bool)
        }
        // The changes, and their order sorted apart from them: sorting the
        // changes themselves moved their poses about.
        var changes: [Change] = log.blocks.map { .block($0) }
        var order: [(at: Int, order: Int, index: Int)] = log.blocks.indices.map { (log.blocks[$0].at, log.blocks[$0].removed.isEmpty ? 1 : 0, $0) }
        // Room for every row of the log at once: a change may log a quarter
        // of the screen's rows, and growing by doubling copied them.
        changes.reserveCapacity(log.blocks.count + log.rows.count)
        order.reserveCapacity(log.blocks.count + log.rows.count)
        let made = Set(log.blocks.flatMap(\.inserted))
        // A row that only moved (rows before it changed) follows them; the
        // rows of the blocks are theirs (looked for only when there are
        // blocks: hashing each row was much of what a changed row cost).
        for change in changedAfterMoving(log, live: live) where made.isEmpty || !made.contains(change.row) {
            order.append((change.at, 1, changes.count))
            changes.append(.row(change.row, before: change.before, now: change.now, beforeSplice: change.beforeMove))
        }
        order.sort { ($0.at, $0.order, $0.index) < ($1.at, $1.order, $1.index) }
        var tracks: [RowTrack] = []
        tracks.reserveCapacity(changes.count + made.count)
        var changed = Set<Int>(minimumCapacity: changes.count + made.count)
        var removedPlaces: [Int: Int] = [:]
        var segments: [Segment] = []
        segments.reserveCapacity(changes.count)
        // How far the changes before a row moved it, and how far the
        // blocks alone had when the splice made them (`blockShift`).
        var shift = 0.0, blockShift = 0.0
        // The last track of the nearest change before among the rows now
        // (an inserted block, a row changed): the rows after it follow it.
        var cause: RowTrack?
        var cache = Transition.SpecCache()
        for (at, _, index) in order {
            switch changes[index] {
            case .block(let block) where !block.inserted.isEmpty:
                guard block.inserted.allSatisfy(incremental.lists(rootRow:)) else { return nil }
                let made = blockTracks(block.inserted.map { ($0, incremental.pose(ofRootRow: $0)) }, kind: .insert, live: live)
                let end = at + block.inserted.count
                let extent = incremental.rootRows.prefix(end) - incremental.rootRows.prefix(at)
                changed.formUnion(block.inserted)
                // The rows logged after the splice saw the block as the
                // splice made it, before an update resized its rows.
                blockShift += block.extent
                // Rows all hidden: nothing shows or moves.
                guard let last = made.last else {
                    if extent != 0 { return nil }
                    continue
                }
                shift += extent
                cause = last
                tracks += made
                segments.append(Segment(from: end, shift: shift, timing: Timing(last)))
            case .block(let block):
                let made = blockTracks(block.removed.map { ($0.row, $0.before) }, kind: .remove, live: live)
                for (row, _) in block.removed {
                    changed.insert(row)
                    removedPlaces[row] = at
                }
                guard let last = made.last else {
                    if block.extent != 0 { return nil }
                    continue
                }
                shift -= block.extent
                blockShift -= block.extent
                tracks += made
                segments.append(Segment(from: at, shift: shift, timing: Timing(cause ?? last)))
            case .row(let row, let logged, let now, let beforeSplice):
                // Logged after the splice placed the rows: where it was is
                // that, less how far the blocks before it moved it; logged
                // before the splice, where it was.
                guard let (track, extent) = changedAfterSplice(
                    row, logged: logged, now: now, movedBy: beforeSplice ? 0 : blockShift, lastShownAtStart: log.lastShownAtStart, live: live,
                    cache: &cache)
                else { return nil }
                shift += extent
                changed.insert(row)
                cause = track
                tracks.append(track)
                segments.append(Segment(from: at + 1, shift: shift, timing: Timing(track)))
            }
        }
        // No track: only hidden rows came or went, nothing drawn moves (no
        // layout to make, as for a state set to the value it had).
        guard let last = tracks.popLast() else { return segments.isEmpty ? QuickTransition(row: 0, track: nil, before: nil, segments: []) : nil }
        return QuickTransition(
            row: last.row, track: last, before: last.before, others: tracks, changedRows: changed, segments: segments,
            removedPlaces: removedPlaces)
    }

    /// Rows moved (an element moved among the others, a few swapped, a
    /// list sorted again): every row of the window where the orders differ
    /// moves with its run, and as no change before them explains it, each
    /// by its own `move` transition — the same one for all of them here,
    /// or nil (the general transition then). Rows the same change resized,
    /// showed or hid after moving them are changes among the runs
    /// (`moving(_:changed:…)`); anything else makes it the general
    /// transition's. When every row moves alike (`movesAlike`), the first
    /// row's timing is every row's: O(runs), where asking each row was
    /// O(window).
    static func moving(
        _ moved: IncrementalLayout.ChangeLog.Moved, _ log: IncrementalLayout.ChangeLog, live: LiveScreen, movesAlike: Bool = false
    ) -> QuickTransition? {
        let incremental = live.incremental
        guard !log.full, log.blocks.isEmpty else { return nil }
        var cache = Transition.SpecCache()
        let rows = (moved.from..<(movesAlike ? min(moved.from + 1, moved.end) : moved.end)).lazy.map { incremental.rootRows[$0] }
        guard let timing = commonMove(of: rows, screen: live.screen, fallback: live.screen.model, cache: &cache) else { return nil }
        let changed = changedAfterMoving(log, live: live)
        if !changed.isEmpty {
            return moving(moved, changed: changed, lastShownAtStart: log.lastShownAtStart, live: live, ownTiming: timing, cache: &cache)
        }
        // Only hidden rows moved: nothing drawn moves (no layout to make).
        guard moved.runs.contains(where: { $0.shift != 0 }) else { return QuickTransition(row: 0, track: nil, before: nil, segments: []) }
        var quick = QuickTransition(
            row: incremental.rootRows[moved.from], track: nil, before: nil,
            segments: moved.runs.map { Segment(from: $0.at, shift: $0.shift, timing: timing) } + [Segment(from: moved.end, shift: 0, timing: nil)])
        quick.ownDuration = timing.end
        return quick
    }

    /// The `move` timing every row of `rows` has; nil when they differ, or
    /// there are none.
    static func commonMove(
        of rows: some Sequence<Int>, screen: Screen, fallback: ScreenModel, cache: inout Transition.SpecCache
    ) -> Timing? {
        var common: Timing?
        for row in rows {
            let spec = Transition.spec(.move, of: row, screen: screen, fallback: fallback, cache: &cache)
            guard let known = common else {
                common = Timing(delay: spec.delay, duration: spec.duration, curve: spec.curve)
                continue
            }
            guard known.delay == spec.delay, known.duration == spec.duration, known.curve == spec.curve else { return nil }
        }
        return common
    }

    /// Whether every row of `model` — and every row a component or a `for`
    /// may make later — has the same `move` timing (delay, duration,
    /// curve: the same expressions), reading no component parameter (an
    /// instance's copy of such an expression would differ): then the
    /// timing of any row moved is that of all. O(rows), once per model.
    static func movesAlike(_ model: ScreenModel) -> Bool {
        var common: (delay: ExprRef, duration: ExprRef, curve: CurveModel)??
        func alike(_ rows: some Sequence<RowModel>) -> Bool {
            for row in rows {
                let move = row.transitions.first { $0.kind == .move }.map { (delay: $0.delay, duration: $0.duration, curve: $0.curve) }
                guard let seen = common else {
                    common = .some(move)
                    continue
                }
                guard seen?.delay == move?.delay, seen?.duration == move?.duration, seen?.curve == move?.curve else { return false }
            }
            return true
        }
        guard model.rows.allPagesSatisfy(alike), model.components.allSatisfy({ alike($0.rows) }), model.repeaters.allSatisfy({ alike($0.template.rows) }) else {
            return false
        }
        guard case .some(.some(let timing)) = common else { return true }
        let code = model.expressions.code
        for ref in [timing.delay, timing.duration] {
            let range = min(Int(ref.start), code.count)..<min(Int(ref.start) + Int(ref.count), code.count)
            if code[range].contains(where: { if case .parameter = $0 { true } else { false } }) { return false }
        }
        return true
    }

    /// The tracks of a block's shown rows (and of rows `evenHidden`),
    /// `pose` being each one's pose after (inserted) or before (removed)
    /// the change.
    static func blockTracks(_ rows: [(row: Int, pose: Pose)], kind: TransitionKind, live: LiveScreen, evenHidden: Set<Int> = []) -> [RowTrack] {
        let axis = live.incremental.rootStack.axis
        var cache = Transition.SpecCache()
        var tracks: [RowTrack] = []
        for (row, pose) in rows where !pose.hidden || evenHidden.contains(row) {
            let spec = Transition.spec(kind, of: row, screen: live.screen, fallback: live.screen.model, cache: &cache)
            let collapsed = pose.frame.collapsed(along: axis)
            tracks.append(kind == .insert
                ? RowTrack(row: row, kind: kind, delay: spec.delay, duration: spec.duration, curve: spec.curve, before: nil,
                    from: Pose(frame: collapsed, content: nil, separator: nil, effects: spec.from), to: pose, after: pose)
                : RowTrack(row: row, kind: kind, delay: spec.delay, duration: spec.duration, curve: spec.curve, before: pose,
                    from: pose, to: Pose(frame: collapsed, content: nil, separator: nil, effects: spec.to), after: nil))
        }
        return tracks
    }
}
