// Building a general transition is O(rows), and so was every change made
// while one ran: the general transition again, each of its rows still
// moving caught midway. Often most of its tracks are what a quick transition
// holds as segments — rows that only follow a change, each run of them
// moving by one shift with one timing — and the rest few. Such a transition
// is handed to a quick transition as it starts: the rows on tracks of their own
// keep them, the runs become segments, and a change made while it runs
// composes with it (QuickTransition+Interrupting) in proportion to what
// changes, where it built the general transition again.

extension QuickTransition {
    /// The quick transition that draws what `general` draws, on `live`
    /// (whose layout is `general`'s new one); nil when `general` has what a
    /// quick transition does not hold — rows on tracks inside stacks no row
    /// of the screen's holds (but for rows on their way out of a card on
    /// its way out), a stack that hides listing a row it no longer
    /// holds that is past the live screen's rows or holds a stack — or more
    /// rows on tracks of their own, or more runs, than a change may log
    /// (then a change while it runs costs about as much either way).
    /// `wasLast`: the last shown row of the screen's own before the change.
    static func takingOver(_ general: Transition, live: LiveScreen, wasLast: Int?) -> QuickTransition? {
        let incremental = live.incremental
        let rootRows = incremental.rootRows
        let axis = incremental.rootStack.axis
        // Rows on their way out, of the screen's own: each drawn before the
        // row now after the one it followed among the rows still drawn, as
        // a removed block's rows are (among rows removed at one place, by
        // row: the general transition may stack them in another order, at
        // the same frames).
        var removedPlaces: [Int: Int] = [:]
        var removed: [RowTrack] = []
        var insideLingering: [Int: (stack: Int, after: Int?)] = [:]
        var afterUnlisted: [(row: Int, after: Int)] = []
        for (row, place) in general.lingering {
            guard let index = general.trackIndex(row) else { return nil }
            // Of a stack inside the screen's rows: on its track among the
            // rows inside (below), drawn in its stack as the general
            // transition draws it.
            guard place.stack == general.old.rootStack else {
                insideLingering[row] = place
                continue
            }
            if let after = place.after {
                if let at = rootRows.place(of: after) { removedPlaces[row] = at + 1 } else { afterUnlisted.append((row, after)) }
            } else {
                removedPlaces[row] = 0
            }
            removed.append(general.tracks[index])
        }
        // A row on its way out after one no longer listed (a general
        // transition built over another keeps the places of the rows that
        // one removed, and this change removed the rows before them): the
        // general transition lists it after that row when that one is on
        // its way out too and listed before it (by row), else first. (A
        // place orders how rows are stacked; its track, where it is drawn.)
        for (row, after) in afterUnlisted.sorted(by: { $0.row < $1.row }) {
            removedPlaces[row] = after < row ? removedPlaces[after] ?? 0 : 0
        }
        // Rows inside the screen's rows (a card's) on tracks: the general
        // transition's tracks of them are relative to the rows holding
        // them, as the quick transition's rows inside holders are — drawn
        // on them, the rows without one where the layout has them.
        var inside: [Int: RowTrack] = [:]
        var holders: Set<Int> = []
        // A row on its way out of a card that is on its way out too (of the
        // screen's own): held by that card.
        func outgoingHolder(of row: Int) -> Int? {
            guard let place = insideLingering[row] else { return nil }
            return removedPlaces.keys.first { general.old.model.stack(heldBy: $0) == place.stack }
        }
        let insideHeld = general.tracks.withUnsafeBufferPointer { tracks in
            tracks.indices.allSatisfy { index in
                let row = tracks[index].row
                guard !rootRows.contains(row), removedPlaces[row] == nil else { return true }
                guard let holder = incremental.rootHolder(of: row) ?? outgoingHolder(of: row) else { return false }
                inside[row] = tracks[index]
                holders.insert(holder)
                return true
            }
        }
        guard insideHeld else { return nil }
        // Stacks that hide, or go with the rows holding them: their rows
        // drawn where they were, relative to the rows holding them, as the
        // general transition draws them — the quick transition's rows
        // inside a stack that hides (`insideGone`), their holder among the
        // screen's rows drawing them (the layout now has no poses for them).
        // Stacks the general transition no longer draws so (shown again,
        // or not drawn at all) are left out, as it leaves them.
        var insideGone: [Int: Pose] = [:]
        var goneChildren: [Int: [Int]] = [:]
        let model = live.screen.model
        var listedBy: [Int: [Int]]?
        for (row, children) in general.fallbackChildren where general.newDrawn[row] != false {
            let onTrack = general.trackIndex(row) != nil
            guard onTrack || general.fallbackPoses[row] != nil else { continue }
            // Not in the new layout: held by a row on its way out, if drawn.
            var outgoing: Int?
            if !onTrack, general.newDrawn[row] == nil {
                let listers = listedBy ?? Self.listers(general.fallbackChildren)
                listedBy = listers
                guard let drawnBy = Self.drawingRow(of: row, in: general, listedBy: listers) else { continue }
                outgoing = removedPlaces[drawnBy] != nil ? drawnBy : nil
            }
            guard let holder = removedPlaces[row] != nil ? row : outgoing ?? incremental.rootHolder(of: row), let stack = model.stack(heldBy: row)
            else { return nil }
            if !children.elementsEqual(model.stacks[stack].rows) {
                // Rows put in it or taken out as it hides: it lists the rows
                // it held, those gone drawn alone (no stack of their own in
                // either model, where a slot taken again may hold one).
                let listed = Set(model.stacks[stack].rows)
                for child in children where !listed.contains(child) {
                    guard child < model.rows.count, model.stack(heldBy: child) == nil, general.old.model.stack(heldBy: child) == nil else { return nil }
                }
                goneChildren[row] = children
            }
            holders.insert(holder)
            for child in children where general.trackIndex(child) == nil {
                guard let pose = general.fallbackPoses[child] else { return nil }
                insideGone[child] = pose
            }
        }
        let limit = IncrementalLayout.ChangeLog.maximumRows(screenRows: rootRows.count)
        var others: [RowTrack] = []
        var segments: [Segment] = []
        var ownDuration = 0.0
        var fits = true
        // A run goes on while each row moves as the run does; a row that
        // moves on a track of its own, or is not drawn, may stand anywhere
        // in one (the frames draw it apart, or not at all).
        func extend(from place: Int, shift: Double, timing: Timing?) {
            if let last = segments.last {
                if !Transition.differ(last.shift, shift), Timing.same(last.timing, timing) { return }
            } else if shift == 0, timing == nil {
                return
            }
            segments.append(Segment(from: place, shift: shift, timing: timing))
            if let timing { ownDuration = max(ownDuration, timing.end) }
            if segments.count > limit { fits = false }
        }
        // Under `hide-last-separator`, the last shown row before the change
        // and the one now (`lastShown`, asked of again below). Over a
        // running change, a row still headed where it was going carries on
        // along its track to its end pose, whatever separator the layout
        // gives it now: such a row of those two drawn with another than the
        // layout's keeps its track. (Constants for the walk below: a
        // variable its closure captured was read through a box for every row.)
        let lastShown: Set<Int> = incremental.rootStack.hideLastSeparator
            ? Set([wasLast, incremental.lastVisibleRootRow()].compactMap { $0 }).filter { rootRows.contains($0) } : []
        let separatorMoved: Set<Int> = !general.interrupts ? [] : lastShown.filter { row in
            guard let index = general.trackIndex(row) else { return false }
            return general.tracks[index].to.separator != incremental.pose(ofRootRow: row).separator
        }
        general.tracks.withUnsafeBufferPointer { tracks in
            rootRows.forEach { place, entry in
                guard fits else { return }
                guard let index = general.trackIndex(entry.row) else {
                    if entry.visible { extend(from: place, shift: 0, timing: nil) }
                    return
                }
                if separatorMoved.isEmpty || !separatorMoved.contains(entry.row),
                    let shift = RowTrack.followingShift(of: tracks.baseAddress! + index, along: axis)
                {
                    extend(from: place, shift: shift, timing: Timing(delay: tracks[index].delay, duration: tracks[index].duration, curve: tracks[index].curve))
                } else {
                    others.append(tracks[index])
                    if others.count > limit { fits = false }
                }
            }
        }
        others += removed
        guard fits, others.count + inside.count <= limit else { return nil }
        var quick = QuickTransition(row: 0, track: nil, before: nil, segments: segments)
        quick.removedPlaces = removedPlaces
        quick.inside = inside
        quick.insideGone = insideGone
        quick.goneChildren = goneChildren
        quick.insideLingering = insideLingering
        quick.holders = holders
        quick.changedRows = Set(others.map(\.row))
        quick.others = others
        quick.ownDuration = ownDuration
        // Under `hide-last-separator`, the row that was the last shown one
        // and the one that is now, when on no track: at the change's
        // instant drawn with the separator they had, as the general
        // transition shows the layout before then — but over a running
        // change, which it draws as they are now.
        if !general.interrupts {
            for row in lastShown where general.trackIndex(row) == nil && general.old.rowCount > row {
                quick.separatorsAtStart[row] = general.old.pose(of: row, heldBy: nil).separator
            }
        }
        return quick
    }

    /// The rows listing each row among the rows they held as the general
    /// transition's layouts before had them (`fallbackChildren`).
    private static func listers(_ children: [Int: [Int]]) -> [Int: [Int]] {
        var listedBy: [Int: [Int]] = [:]
        for (holder, rows) in children {
            for row in rows { listedBy[row, default: []].append(holder) }
        }
        return listedBy
    }

    /// The row on a track through which `general` may draw `row`, which is
    /// on no track and not in its new layout: only as a row an outgoing
    /// row lists, and so only when one on a track lists it, or lists a row
    /// that does (the first such row found; nil when none does). A
    /// transition keeps what its outgoing rows held for as long as it and
    /// the transitions after it run — also for a row removed before it was
    /// ever drawn (an insert whose delay had not passed), which gets no
    /// track — and such a row, drawn by nothing, is no reason to keep the
    /// general transition.
    private static func drawingRow(of row: Int, in general: Transition, listedBy: [Int: [Int]]) -> Int? {
        var pending = [row]
        var seen: Set<Int> = [row]
        while let current = pending.popLast() {
            for holder in listedBy[current] ?? [] where seen.insert(holder).inserted {
                if general.trackIndex(holder) != nil { return holder }
                // In the new layout: its rows are the layout's (or none, hidden).
                if general.newDrawn[holder] == nil { pending.append(holder) }
            }
        }
        return nil
    }
}
