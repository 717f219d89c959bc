// A change inside a nested stack (a row inside a card shown, hidden or
// resized) animated without a full layout: the screen's row holding it
// changes as one row does — its own track, the rows after it following —
// and the rows inside it take the tracks the general transition gives them.
// That transition compares rows by their poses relative to the rows holding
// them, so rows inside other holders, which move with their holders, get
// none; the holder's rows are all there is to compare (at most
// `ChangeLog.maximumNestedRows` of them, else the general transition).

extension QuickTransition {
    /// The changes `log` holds inside holders (with rows of the screen's
    /// own, of one update, and blocks a splice made among them, or rows
    /// moved); nil when the log is full.
    /// The holders and the screen's rows change as one update's rows do
    /// (`changingBlocks`); each row inside gets the track `track(of:…)`
    /// gives it, as Transition.init does. What a stack inside that is shown
    /// or hidden holds comes and goes with it, with no track of its own:
    /// shown, it is drawn where it is now; hidden, where it was
    /// (`insideGone`) until the stack is.
    static func changingInside(_ log: IncrementalLayout.ChangeLog, live: LiveScreen, movesAlike: Bool = false) -> QuickTransition? {
        guard !log.full else { return nil }
        let incremental = live.incremental
        if let moved = log.moved {
            // Rows moved (with blocks in and out too): the holders move and
            // change as any of the screen's rows (`moving`,
            // `movingWithBlocks`), and the rows inside, whose poses are
            // relative to their holders, take their tracks as without a move.
            let outside = log.blocks.isEmpty
                ? moving(moved, log, live: live, movesAlike: movesAlike) : movingWithBlocks(moved, log, live: live, movesAlike: movesAlike)
            guard var quick = outside else { return nil }
            let unchanged = log.nested.allSatisfy { change in
                change.rows.allSatisfy { incremental.nestedPose(of: $0.row) == $0.before }
            }
            guard unchanged || addInside(log, running: nil, elapsed: 0, live: live, into: &quick) else { return nil }
            return quick
        }
        // The screen's rows: as one update's, when any moved or resized, or
        // with the blocks of a splice; a holder that keeps its frame is
        // drawn where it is, as any row.
        var quick: QuickTransition
        if !log.blocks.isEmpty
            || log.rows.contains(where: { incremental.lists(rootRow: $0.row) && incremental.pose(ofRootRow: $0.row) != $0.before })
        {
            guard let rows = changingBlocks(log, live: live) else { return nil }
            quick = rows
        } else {
            quick = QuickTransition(row: log.nested[0].holder, track: nil, before: nil, segments: [])
        }
        guard addInside(log, running: nil, elapsed: 0, live: live, into: &quick) else { return nil }
        return quick
    }

    /// The tracks of the rows inside the holders `log` changed, as
    /// Transition.init takes each row, added to `quick` — each from where
    /// `running` draws it `elapsed` seconds in, when this change interrupts
    /// one, whose rows inside holders this change leaves alone carry on
    /// where they were going. False when the change is the general
    /// transition's: a holder that went away, or one a running change
    /// animates inside that is hidden now.
    static func addInside(
        _ log: IncrementalLayout.ChangeLog, running: QuickTransition?, elapsed: Double, live: LiveScreen, into quick: inout QuickTransition
    ) -> Bool {
        let incremental = live.incremental
        let model = live.screen.model
        // A holder shown or hidden: what it holds comes or goes with it
        // (no `then` or no `now` below), as a stack inside one does.
        for change in log.nested {
            guard incremental.lists(rootRow: change.holder) else { return false }
        }
        let changedHolders = Set(log.nested.map(\.holder))
        var holders = changedHolders
        if let running {
            // What the running change animates inside holders this one leaves
            // alone goes on: tracks to where they were going, rows drawn
            // where they were while the stack holding them hides.
            for (row, track) in running.inside where !track.isOver(at: elapsed) {
                guard row < model.rows.count, let holder = incremental.rootHolder(of: row), incremental.lists(rootRow: holder),
                    !incremental.isHidden(holder)
                else {
                    return false
                }
                // A row on its way out goes on, whatever changes beside it.
                if let place = running.insideLingering[row] { quick.insideLingering[row] = place }
                guard !changedHolders.contains(holder) || running.insideLingering[row] != nil else { continue }
                quick.inside[row] = Transition.continuation(of: track, from: track.pose(at: elapsed), elapsed: elapsed)
                holders.insert(holder)
            }
            quick.insideGone = running.insideGone
            // A stack that hides listing the rows it held: a change to it or
            // inside it, or that shows it again, is the general transition's.
            if !running.goneChildren.isEmpty {
                for change in log.nested {
                    guard running.goneChildren[change.holder] == nil, !change.rows.contains(where: { running.goneChildren[$0.row] != nil }) else { return false }
                }
                quick.goneChildren = running.goneChildren
            }
            // Rows on their way out still drawn hold theirs too (a general
            // transition taken over: the layout now has none of them).
            for holder in running.holders where incremental.lists(rootRow: holder) || quick.removedPlaces[holder] != nil { holders.insert(holder) }
        }

        var cache = Transition.SpecCache()
        var tracks: [RowTrack] = []
        var followers: [Int] = []
        for change in log.nested {
            for (row, then) in change.rows {
                let now = incremental.nestedPose(of: row)
                // Drawn before or after only: it comes or goes with a stack
                // that holds it, shown or hidden (the general transition's);
                // drawn neither time, it may still be on its way out.
                guard let then, let now else {
                    if let then { quick.insideGone[row] = then } else if now != nil { quick.insideGone[row] = nil }
                    continue
                }
                quick.insideGone[row] = nil
                var current: (pose: Pose?, track: RowTrack)?
                if let track = running?.inside[row], !track.isOver(at: elapsed) { current = (track.pose(at: elapsed), track) }
                let stackAxis = incremental.snapshot.axis(of: model.rows[row].parent)
                guard let (track, follows) = Self.track(
                    of: row, current: current, then: then, now: now, elapsed: elapsed, screen: live.screen, fallback: model, axis: stackAxis,
                    cache: &cache)
                else { continue }
                if follows { followers.append(tracks.count) }
                tracks.append(track)
            }
        }
        follow(&tracks, followers: followers, in: model)
        for track in tracks { quick.inside[track.row] = track }
        quick.holders = holders
        return true
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
                    tracks[at].follow(tracks[cause])
                }
            }
        }
    }

    /// What a general transition that takes over needs to draw the rows
    /// inside stacks that are hiding as this one draws them: their poses
    /// before, and the rows of each such stack (the general transition's
    /// fallback poses and children) — stacks inside a changed holder, and
    /// the stacks of the screen's own rows this one hides or removes, whose
    /// rows it draws as `snapshot` (the last full layout) has them
    /// relative to their holder — and where its rows on their way out are
    /// drawn (the general transition's lingering rows).
    func fallback(in model: ScreenModel, snapshot: ScreenLayout, rootRows: RowSequence, listedNow: (Int) -> Bool) -> Transition.CarriedFallback {
        var poses = insideGone
        var children: [Int: [Int]] = [:]
        func holdsShown(_ row: Int, hidden: Bool) {
            if !hidden, let stack = model.stack(heldBy: row) { children[row] = goneChildren[row] ?? model.stacks[stack].rows.array }
        }
        for (row, track) in inside where track.kind == .hide { holdsShown(row, hidden: false) }
        for (row, pose) in insideGone { holdsShown(row, hidden: pose.hidden) }
        // A screen's row on its way out holding a stack: its rows (and
        // theirs), as the quick pass draws them — where the change left
        // them (`insideGone`), else where `snapshot` has them. Without the
        // holder's rows listed, a general transition taking over drew it
        // empty.
        var outgoing: [Int] = []
        if let track, track.kind == .hide || track.kind == .remove { outgoing.append(track.row) }
        for track in others where track.kind == .hide || track.kind == .remove { outgoing.append(track.row) }
        while let holder = outgoing.popLast() {
            guard let stack = model.stack(heldBy: holder), children[holder] == nil else { continue }
            let rows = goneChildren[holder] ?? model.stacks[stack].rows.array
            children[holder] = rows
            let laidOut = holder < snapshot.rowCount && !snapshot.isHidden(holder)
            for row in rows {
                if poses[row] == nil, laidOut, row < snapshot.rowCount { poses[row] = snapshot.pose(of: row, heldBy: holder) }
                if let pose = poses[row], !pose.hidden { outgoing.append(row) }
            }
        }
        // Rows on their way out, of the screen's own: after the nearest row
        // before each (in `rootRows`, the rows of the screen this one
        // draws) that the screen still lists (`listedNow`), as the general
        // transition lists the rows it removes.
        var lingering = insideLingering
        for (row, place) in removedPlaces where place <= rootRows.count {
            var before = place - 1
            while before >= 0, !listedNow(rootRows[before]) { before -= 1 }
            lingering[row] = (model.rootStack, before >= 0 ? rootRows[before] : nil)
        }
        return Transition.CarriedFallback(poses: poses, children: children, lingering: lingering)
    }

    /// `rows` of `stack` (inside the screen's rows) plus its rows on their
    /// way out whose tracks still run (all at the change's instant), each
    /// after the row it followed — as the general transition lists them.
    func drawnInside(_ rows: [Int], stack: Int, at t: Double, atStart: Bool) -> [Int] {
        guard !insideLingering.isEmpty else { return rows }
        return Transition.listing(insideLingering, among: rows, stack: stack) { row in
            guard let track = inside[row] else { return false }
            return atStart || !track.isOver(at: t)
        }
    }
}
