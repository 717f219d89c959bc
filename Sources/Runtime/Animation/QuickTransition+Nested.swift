// A change inside a nested stack (a row inside a card shown, hidden or
// resized) animated without a full layout: the screen's row holding it
// changes as one row does — its own track, the rows after it following —
// and the rows inside it take the tracks the general transition gives them.
// That transition compares rows by their poses relative to the rows holding
// them, so rows inside other holders, which move with their holders, get
// none; the holder's rows are all there is to compare (at most
// `ChangeLog.maximumRows` of them, else the general transition).

extension QuickTransition {
    /// The change `log` holds when it is one holder's rows alone; nil when
    /// it is something else, or something the general transition is for:
    /// a row inside that holds a stack shown or hidden (what it holds comes
    /// and goes with it). Each row inside gets the track `track(of:…)`
    /// gives it, as Transition.init does.
    static func changingInside(_ nested: IncrementalLayout.NestedChange, _ log: IncrementalLayout.ChangeLog, live: LiveScreen) -> QuickTransition? {
        guard !log.full, log.rows.isEmpty, log.blocks.isEmpty, log.moved == nil else { return nil }
        let incremental = live.incremental
        let holder = nested.holder
        guard incremental.lists(rootRow: holder) else { return nil }
        let model = live.screen.model
        let after = incremental.pose(ofRootRow: holder)
        // A holder shown or hidden takes its rows with it: the general transition.
        guard !nested.before.hidden, !after.hidden else { return nil }
        let axis = incremental.rootStack.axis
        let spacing = incremental.rootStack.spacing
        let shift = extent(after, axis: axis, spacing: spacing) - extent(nested.before, axis: axis, spacing: spacing)
        var cache = Transition.SpecCache()
        let holderTrack = Self.track(
            of: holder, current: nil, then: nested.before, now: after, elapsed: 0, screen: live.screen, fallback: model, axis: axis,
            cache: &cache)?.track

        // The rows inside, as Transition.init takes each row.
        var tracks: [RowTrack] = []
        var followers: [Int] = []
        for (row, then) in nested.rows {
            let now = incremental.nestedPose(of: row)
            // Drawn neither before nor after: inside a hidden stack.
            guard then != nil || now != nil else { continue }
            // Drawn before or after only: it came or went with a stack that
            // holds it, shown or hidden (the general transition's).
            guard let then, let now else { return nil }
            if then.hidden != now.hidden, case .stack = model.rows[row].content { return nil }
            let stackAxis = incremental.snapshot.axis(of: model.rows[row].parent)
            guard let (track, follows) = Self.track(
                of: row, current: nil, then: then, now: now, elapsed: 0, screen: live.screen, fallback: model, axis: stackAxis, cache: &cache)
            else { continue }
            if follows { followers.append(tracks.count) }
            tracks.append(track)
        }
        follow(&tracks, followers: followers, in: model)
        var inside: [Int: RowTrack] = [:]
        for track in tracks { inside[track.row] = track }
        // A holder that keeps its frame is drawn where it is, as any row.
        var quick = QuickTransition(
            row: holder, track: holderTrack, before: nested.before, changedRows: holderTrack == nil ? [] : [holder],
            segments: [Segment(from: incremental.place(ofRootRow: holder) + 1, shift: shift, timing: holderTrack.map(Timing.init))])
        quick.inside = inside
        return quick
    }

    /// Transition.follow over the stacks of the rows that follow: a row that
    /// only moves takes the timing of the nearest change before it in its
    /// stack (the lists are the same before and after: nothing came or went).
    private static func follow(_ tracks: inout [RowTrack], followers: [Int], in model: ScreenModel) {
        guard !followers.isEmpty else { return }
        let causes: Set<TransitionKind> = [.resize, .show, .hide, .insert, .remove]
        var index: [Int: Int] = [:]
        for (at, track) in tracks.enumerated() { index[track.row] = at }
        let isFollower = Set(followers)
        for stack in Set(followers.map { model.rows[tracks[$0].row].parent }) {
            var last: Int?
            for row in model.stacks[stack].rows {
                guard let at = index[row] else { continue }
                if causes.contains(tracks[at].kind) {
                    last = at
                } else if let cause = last, isFollower.contains(at) {
                    let track = tracks[at], source = tracks[cause]
                    tracks[at] = RowTrack(
                        row: track.row, kind: track.kind, delay: source.delay, duration: source.duration, curve: source.curve,
                        before: track.before, from: track.from, to: track.to, after: track.after)
                }
            }
        }
    }
}
