// Blocks of rows inserted or removed by a re-binding (elements of bound
// data), animated as a quick transition: each row its insert or remove
// track as the general transition makes it, and the rows after each block
// following the nearest change before them by the blocks' shifts so far —
// the nearest inserted block before them among the rows now, else the
// nearest removed one among the rows before, as the general transition
// picks it. The splice logs the blocks (IncrementalLayout.ChangeLog);
// anything else that changed makes it the general transition's.

extension QuickTransition {
    /// The blocks of `log`: inserted rows growing from their places
    /// collapsed with their `from` effects, removed ones collapsing where
    /// they were to their `to` effects (drawn there until their tracks end).
    /// Nil when other rows changed too, or a block has no row shown (the
    /// timing of the rows after it would come from further back).
    static func changingBlocks(_ log: IncrementalLayout.ChangeLog, live: LiveScreen) -> QuickTransition? {
        let incremental = live.incremental
        guard othersStayed(log, incremental) else { return nil }
        var tracks: [RowTrack] = []
        var changed = Set<Int>()
        var removedPlaces: [Int: Int] = [:]
        var segments: [Segment] = []
        var shift = 0.0
        // The last track of the nearest inserted block so far.
        var inserted: RowTrack?
        for block in log.blocks {
            if !block.inserted.isEmpty {
                guard block.inserted.allSatisfy(incremental.lists(rootRow:)) else { return nil }
                let made = blockTracks(block.inserted.map { ($0, incremental.pose(ofRootRow: $0)) }, kind: .insert, live: live)
                guard let last = made.last else { return nil }
                let end = block.at + block.inserted.count
                shift += incremental.tree.prefix(end) - incremental.tree.prefix(block.at)
                inserted = last
                tracks += made
                changed.formUnion(block.inserted)
                segments.append(Segment(from: end, shift: shift, timing: last))
            } else {
                let made = blockTracks(block.removed.map { ($0.row, $0.before) }, kind: .remove, live: live)
                guard let last = made.last else { return nil }
                shift -= block.extent
                tracks += made
                for (row, _) in block.removed {
                    changed.insert(row)
                    removedPlaces[row] = block.at
                }
                segments.append(Segment(from: block.at, shift: shift, timing: inserted ?? last))
            }
        }
        guard let last = tracks.popLast() else { return nil }
        return QuickTransition(
            row: last.row, track: last, before: last.before, others: tracks, changedRows: changed, segments: segments,
            removedPlaces: removedPlaces)
    }

    /// Whether the rows evaluated again alongside the block (a count read
    /// elsewhere) are where they were, and nothing else was logged.
    private static func othersStayed(_ log: IncrementalLayout.ChangeLog, _ incremental: IncrementalLayout) -> Bool {
        !log.full && !log.rows.contains { incremental.lists(rootRow: $0.row) && incremental.pose(ofRootRow: $0.row) != $0.before }
    }

    /// The tracks of a block's shown rows, `pose` being each one's pose
    /// after (inserted) or before (removed) the change.
    private static func blockTracks(_ rows: [(row: Int, pose: Pose)], kind: TransitionKind, live: LiveScreen) -> [RowTrack] {
        let axis = live.incremental.rootStack.axis
        var cache = Transition.SpecCache()
        var tracks: [RowTrack] = []
        for (row, pose) in rows where !pose.hidden {
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
