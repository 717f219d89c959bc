// A block of rows inserted or removed by a re-binding (one element of
// bound data), animated as a quick transition: each row its insert or
// remove track as the general transition makes it, the rows after the
// block following the last of them — the nearest change before them — by
// one shift (the block's extent). The splice logs the block
// (IncrementalLayout.ChangeLog); anything else that changed makes it
// the general transition's.

extension QuickTransition {
    /// Rows removed as one block (the log's `removed`), each collapsing
    /// where it was to its `to` effects, drawn there until its track ends;
    /// nil when other rows changed too, or no removed row was shown.
    static func removing(_ log: IncrementalLayout.ChangeLog, live: LiveScreen) -> QuickTransition? {
        guard othersStayed(log, live.incremental) else { return nil }
        var tracks = blockTracks(log.removed.map { ($0.row, $0.before) }, kind: .remove, live: live)
        guard let last = tracks.popLast() else { return nil }
        return QuickTransition(
            row: last.row, position: log.removedAt, lastPosition: log.removedAt - 1, track: last, before: last.before, others: tracks,
            changedRows: Set(log.removed.map(\.row)), shift: -log.removedExtent, removedAt: log.removedAt)
    }

    /// Rows inserted as one block (the log's `inserted`), each growing from
    /// its place collapsed, with its `from` effects; nil when other rows
    /// changed too, or no inserted row is shown.
    static func inserting(_ log: IncrementalLayout.ChangeLog, live: LiveScreen) -> QuickTransition? {
        let incremental = live.incremental
        guard othersStayed(log, incremental), log.inserted.allSatisfy(incremental.lists(rootRow:)) else { return nil }
        var tracks = blockTracks(log.inserted.map { ($0, incremental.pose(ofRootRow: $0)) }, kind: .insert, live: live)
        guard let last = tracks.popLast() else { return nil }
        let first = Int(incremental.position[log.inserted[0]])
        let end = first + log.inserted.count
        let shift = incremental.tree.prefix(end) - incremental.tree.prefix(first)
        return QuickTransition(
            row: last.row, position: first, lastPosition: end - 1, track: last, before: nil, others: tracks,
            changedRows: Set(log.inserted), shift: shift)
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
