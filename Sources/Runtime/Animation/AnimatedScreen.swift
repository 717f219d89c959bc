// A live screen whose changes animate: each change that moves rows builds a
// transition from what is on screen at that moment (UIKit's
// beginFromCurrentState) to the new layout. Time is the host's: every call
// says what time it is, in seconds, so tests and the CLI need no clock.

/// A live screen with transitions.
package struct AnimatedScreen: Sendable {
    package private(set) var live: LiveScreen
    /// The transition running (or last run) and when it started.
    package private(set) var transition: Transition?
    package private(set) var startTime: Double = 0
    /// The last time events were reported up to.
    private var reportedUpTo: Double = -.infinity
    /// Events of rows' animations that ended before a scroll, for the next
    /// `advance(to:)` (a scroll returns no transition events).
    private var unreported: [TransitionEvent] = []

    /// The layout after the last change, unless `layoutIsStale`.
    package private(set) var layout: ScreenLayout
    /// Whether changes that touch one of the screen's rows may animate
    /// without a full layout (QuickTransition): hosts yes; the CLI and the
    /// golden tests keep the general transition (and its per-row events).
    package var allowsQuickChanges = false
    /// The quick transition running (or last run).
    private(set) var quick: QuickTransition? {
        didSet { quickIndex = quick.map { QuickTrackIndex($0, axis: live.incremental.rootStack.axis) } }
    }
    /// `quick`'s tracks, as its frames ask for them.
    private(set) var quickIndex: QuickTrackIndex?
    /// Whether the last change animated without a full layout (benches
    /// report it).
    package var changedQuickly: Bool { quick != nil }
    /// How many changes were made on the live screen itself, not a copy:
    /// for tests of that path.
    package private(set) var changesInPlace = 0
    /// Changes made while a quick transition ran and composed with it.
    package private(set) var changesComposed = 0
    /// Of those, changes that moved rows (elements in another order, a
    /// row moved).
    package private(set) var movesComposed = 0
    /// Changes made in place that the quick path did not take after all,
    /// animated by the general transition from the screen before made again.
    package private(set) var remadeBefore = 0
    /// General transitions a quick transition took over as they started
    /// (QuickTransition+TakingOver).
    package private(set) var generalTakenOver = 0
    /// A quick change happened since `layout` was made.
    package private(set) var layoutIsStale = false
    /// No row's move keeps its own timing (rows after a change follow it).
    private(set) var everyMoveFollows: Bool
    /// Every row moves with the same timing (`QuickTransition.movesAlike`).
    private var movesAlike: Bool

    package init(_ live: LiveScreen) {
        var live = live
        layout = live.layout()
        everyMoveFollows = Self.everyMoveFollows(live.screen.model)
        movesAlike = QuickTransition.movesAlike(live.screen.model)
        self.live = live
    }

    /// Whether every row — and every row a component or a `for` may make
    /// later, without the model being looked at again — follows the change
    /// that moves it.
    static func everyMoveFollows(_ model: ScreenModel) -> Bool {
        func follow(_ rows: some Sequence<RowModel>) -> Bool { !rows.contains { $0.transitions.contains { $0.kind == .move && !$0.follows } } }
        return model.rows.allPagesSatisfy(follow) && model.components.allSatisfy { follow($0.rows) } && model.repeaters.allSatisfy { follow($0.template.rows) }
    }

    /// When the running animation ends (nil when none ran).
    package var animationEnd: Double? {
        if let quickIndex { return startTime + quickIndex.duration }
        return transition.map { startTime + $0.duration }
    }

    /// Makes a change to the live screen at `time`: returns the change's
    /// own events and the transition events it causes at once (interrupted
    /// rows ending, animated rows beginning). If `body` throws, the screen is
    /// as it was.
    package mutating func change(
        at time: Double, _ body: (inout LiveScreen) throws(RuntimeError) -> [LiveEvent]
    ) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        let oldOffset = live.offset
        let running = isAnimating(at: time)
        // On a copy, so that a change that throws halfway leaves nothing done.
        var changed = live
        changed.incremental.beginChangeLog()
        let events = try body(&changed)
        var pending = advance(to: time)
        // Rows of the screen's own stack changed in place, nothing else:
        // animate them from the incremental layout, without laying the
        // screen out.
        if var next = quickTransition(to: changed, running: running, at: time) {
            next.oldContentSize = (live.contentWidth, live.contentHeight)
            next.oldOffset = oldOffset
            if running { changesComposed += 1 }
            if running, changed.incremental.changeLog.moved != nil { movesComposed += 1 }
            // The copy becomes the live screen and the screen before is
            // gone: the rows it wrote aside go into its columns now.
            live = consume changed
            live.incremental.foldWrittenAside()
            quick = next
            transition = nil
            layoutIsStale = true
            startTime = time
            reportedUpTo = time
            pending += beginEvents()
            return (events, pending)
        }
        pending += generalTransition(from: live, to: changed, oldOffset: oldOffset, running: running, at: time)
        return (events, pending)
    }

    /// Animates the change from `before` (the screen before it; its layout,
    /// unless `layoutIsStale`, is `layout`) to `changed` by the general
    /// transition, which becomes the live screen; returns the events at the
    /// start.
    private mutating func generalTransition(
        from before: LiveScreen, to changed: LiveScreen, oldOffset: Double, running: Bool, at time: Double
    ) -> [TransitionEvent] {
        // The general transition. After quick changes the layout before this
        // change is made now; a quick transition still running hands on the
        // poses of its rows and of every row after them.
        let old = layoutIsStale ? before.incremental.layoutKeepingExtents() : layout
        var carried: [RowTrack] = []
        if running, let quick {
            // Their end poses as the full layout has them, bit for bit: the
            // general transition tells a track that carries on by equality.
            // Every row after the change: the general transition this one
            // becomes is O(rows) anyway, and a row left out would stand
            // still when a later scroll brings it into view mid-animation.
            // Rows inside a holder: relative to the rows holding them, as the layout has them.
            carried = quick.tracks(in: before.incremental, low: -.infinity, high: .infinity).map { track in
                // A removed row is in no layout any more: its track goes on as it was.
                guard before.incremental.lists(rootRow: track.row)
                    || (quick.inside[track.row] != nil && track.row < old.rowCount && quick.insideLingering[track.row] == nil)
                else {
                    return track
                }
                var end = old.pose(of: track.row, heldBy: before.incremental.holder(ofStack: old.parent(of: track.row)))
                end.effects = track.to.effects
                // The separator as the track draws it: under
                // `hide-last-separator` a row caught on its way may not
                // have the one the layout gives it now (a row pushed last,
                // then others after it), and the general transition goes
                // on drawing the one its track ends with.
                end.separator = track.to.separator
                let after = track.after.map { var pose = end; pose.effects = $0.effects; pose.separator = $0.separator; return pose }
                return RowTrack(
                    row: track.row, kind: track.kind, delay: track.delay, duration: track.duration, curve: track.curve,
                    before: track.before, from: track.from, to: end, after: after)
            }
        }
        let modelChanged = changed.screen.model.rows.count != before.screen.model.rows.count
        live = changed
        let new = live.layout()
        layout = new
        layoutIsStale = false
        if modelChanged {
            everyMoveFollows = Self.everyMoveFollows(live.screen.model)
            movesAlike = QuickTransition.movesAlike(live.screen.model)
        }
        let runningTransition = transition.flatMap { time - startTime < $0.duration ? $0 : nil }
        let fallback = running
            ? quick?.fallback(
                in: before.screen.model, snapshot: before.incremental.snapshot, rootRows: before.incremental.rootRows,
                listedNow: live.incremental.rootRows.contains) ?? .init()
            : Transition.CarriedFallback()
        let next = Transition(
            from: old, offset: oldOffset, to: new, offset: live.offset, screen: live.screen,
            interrupting: runningTransition, carrying: carried, carryingFallback: fallback, elapsed: time - startTime)
        startTime = time
        reportedUpTo = time
        // For hosts: when a quick transition can hold it, it runs as one,
        // so that a change made while it runs composes with it rather than
        // building the general transition again. Its rows report their
        // begin and end as a quick change's do; the rows it interrupts,
        // their end as the general transition reports it.
        if allowsQuickChanges, everyMoveFollows,
            var taken = QuickTransition.takingOver(next, live: live, wasLast: before.incremental.lastVisibleRootRow())
        {
            taken.oldContentSize = (before.contentWidth, before.contentHeight)
            taken.oldOffset = oldOffset
            transition = nil
            quick = taken
            generalTakenOver += 1
            return next.startEvents.filter { if case .didEnd = $0 { true } else { false } } + beginEvents()
        }
        transition = next
        quick = nil
        return next.startEvents
    }

    /// `invalidateSize(of:)` at `time`, animated by the row's `resize`
    /// transition: O(log n) for one of the screen's own rows when the quick
    /// path applies (then nothing is copied); a change like any other when
    /// it does not.
    package mutating func invalidateSize(of key: RowKey, at time: Double) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        let inPlace = quickApplies(to: key.row, at: time) || quickAppliesInside(to: key.row, at: time)
        return try change(inPlace: inPlace, at: time) {
            (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.invalidateSize(of: key)
        }
    }

    /// `setHidden(_:_:)` at `time`, animated by the row's show or hide
    /// transition; O(log n) as `invalidateSize(of:at:)`.
    package mutating func setHidden(_ key: RowKey, _ hidden: Bool, at time: Double) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        let inPlace = quickApplies(to: key.row, at: time) || quickAppliesInside(to: key.row, at: time) || quickAppliesToHolder(key.row, at: time)
        // Under `hide-last-separator`, a row at or after the last shown one
        // moves a separator: the quick path mostly takes it all the same
        // (`separatorsFollow`); should it not, the screen before is made
        // again with the row as it was.
        let wasHidden = inPlace && live.incremental.isHidden(key.row)
        return try change(
            inPlace: inPlace, at: time,
            { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setHidden(key, hidden) },
            remakeBefore: { before in _ = try? before.setHidden(key, wasHidden) })
    }

    /// `insert(_:json:at:)` of one element of list `name` at `time`,
    /// animated: made in place (nothing copied: a few milliseconds at
    /// 100,000 elements) when the element goes in alone and the quick path
    /// is sure to take it; a change like any other when not.
    package mutating func insertElement(
        _ name: String, json: String, index: Int, at time: Double
    ) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        if composesInPlace(name, at: time) { return try insertComposing(name, json: json, index: index, at: time) }
        return try change(
            inPlace: elementChangeStaysLocal(name, at: time), at: time,
            { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.insert(name, json: json, at: index) },
            remakeBefore: { before in
                if let key = before.elementKey(name, at: index) { _ = try? before.remove(name, key: key) }
            })
    }

    /// `remove(_:key:)` at `time`, animated; in place as `insertElement`.
    package mutating func removeElement(
        _ name: String, key: String, at time: Double
    ) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        let bound = live.boundElement(name, key: key)
        if composesInPlace(name, at: time), let (element, index) = bound {
            return try removeComposing(name, element, at: index, time: time)
        }
        return try change(
            inPlace: bound != nil && elementChangeStaysLocal(name, at: time), at: time,
            { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.remove(name, key: key) },
            remakeBefore: { before in
                if let (element, index) = bound { _ = before.restore(name, element, at: index) }
            })
    }

    /// Whether an element pushed into list `name` now, while a quick
    /// transition runs, is made in place and composed with it: as
    /// `elementChangeStaysLocal(_:at:)`, but animating.
    private mutating func composesInPlace(_ name: String, at time: Double) -> Bool {
        guard quickMayCompose(at: time), live.elementChangeStaysLocal(name) != nil
        else { return false }
        // Under `hide-last-separator`, some row shown: the separators then
        // follow a new last shown row (`separatorsFollow`), or the screen
        // before is made again.
        let incremental = live.incremental
        return !incremental.rootStack.hideLastSeparator || incremental.lastVisibleRootRow() != nil
    }

    /// An element pushed while a quick transition runs, made on the live
    /// screen itself (nothing copied: O(log n) where a copy was O(n)) and
    /// composed with the running transition. The composing needs the rows
    /// before the change: the rows now without the pushed ones, and the
    /// poses of the rows it takes one by one, taken first. When it cannot
    /// compose (a rare case), the general transition animates it from the
    /// screen before, made again on a copy by taking the element out.
    private mutating func insertComposing(
        _ name: String, json: String, index: Int, at time: Double
    ) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        try composing(
            at: time, readers: countReaders(of: name), { (live) throws(RuntimeError) in try live.insert(name, json: json, at: index) },
            rowsBefore: { log, now, poses in
                guard log.blocks.count == 1, let block = log.blocks.first, block.removed.isEmpty, !block.inserted.isEmpty else { return nil }
                return RowsBeforeInsert(now: now, at: block.at, count: block.inserted.count, poses: poses)
            },
            remakeBefore: { before in
                if let key = before.elementKey(name, at: index) { _ = try? before.remove(name, key: key) }
            })
    }

    /// An element removed while a quick transition runs, made on the live
    /// screen itself and composed with it, as `insertComposing`: the rows
    /// before are the rows now with the removed ones back at their place
    /// (their poses are in the change log). When it cannot compose, the
    /// screen before is made again on a copy by putting the element back
    /// with the rows it had.
    private mutating func removeComposing(
        _ name: String, _ element: BoundElement, at index: Int, time: Double
    ) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        try composing(
            at: time, readers: countReaders(of: name), { (live) throws(RuntimeError) in try live.remove(name, key: element.record.key) },
            rowsBefore: { log, now, poses in
                guard log.blocks.count == 1, let block = log.blocks.first, block.inserted.isEmpty, !block.removed.isEmpty else { return nil }
                return RowsBeforeRemove(now: now, at: block.at, removed: block.removed.map(\.row), poses: poses)
            },
            remakeBefore: { before in _ = before.restore(name, element, at: index) })
    }

    /// The screen's rows that read the count of list `name`: for a reader
    /// inside a holder (a count in a card), the holder.
    private func countReaders(of name: String) -> [Int] {
        let incremental = live.incremental
        return live.countReaders(of: name).compactMap { incremental.rootHolder(of: $0) }
    }

    /// A change by `body` — one element of a list in or out, a row moved,
    /// state set — made on the live screen and composed with the running
    /// quick transition: the poses of the rows it composes one by one (the
    /// running change's, and `readers`) are taken first; `rowsBefore` gives
    /// the rows before from the change's log, the rows now and those poses
    /// (nil: not this change's kind); `sameOrder`, that the change moves no
    /// row among the others. When it does not compose, the general
    /// transition animates it from the screen before, made again on a copy
    /// by `remakeBefore`.
    mutating func composing(
        at time: Double, readers: [Int], sameOrder: Bool = false, _ body: (inout LiveScreen) throws(RuntimeError) -> [LiveEvent],
        rowsBefore: (IncrementalLayout.ChangeLog, RowSequence, [Int: Pose]) -> (any RowsBefore)?,
        remakeBefore: (inout LiveScreen) -> Void
    ) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        guard let running = quick else { return try change(at: time, body) }
        var poses: [Int: Pose] = [:]
        do {
            let incremental = live.incremental
            for row in running.changedRows.union(readers).union(running.movingSeparators.keys) where incremental.lists(rootRow: row) {
                poses[row] = incremental.pose(ofRootRow: row)
            }
        }
        let lastShown = live.incremental.lastVisibleRootRow()
        let oldOffset = live.offset
        let oldContent = (live.contentWidth, live.contentHeight)
        live.incremental.beginChangeLog()
        let events = try body(&live)
        changesInPlace += 1
        var pending = advance(to: time)
        let log = live.incremental.changeLog
        if let before = rowsBefore(log, live.incremental.rootRows, poses),
            var next = QuickTransition.interrupting(
                running, elapsed: time - startTime, log: log, before: before, sameOrder: sameOrder, after: live, fallback: live.screen.model,
                movesAlike: movesAlike),
            Self.separatorsFollow(&next, was: lastShown, after: live, running: true)
        {
            next.separatorsAtStart = Self.separatorsAtStart(next.separatorsAtStart, over: running, elapsed: time - startTime) { before.place(of: $0) }
            next.oldContentSize = oldContent
            next.oldOffset = oldOffset
            changesComposed += 1
            if log.moved != nil { movesComposed += 1 }
            quick = next
            transition = nil
            layoutIsStale = true
            startTime = time
            reportedUpTo = time
            pending += beginEvents()
            return (events, pending)
        }
        var before = live
        remakeBefore(&before)
        pending += generalTransition(from: before, to: live, oldOffset: oldOffset, running: true, at: time)
        return (events, pending)
    }

    /// Whether an element in or out of list `name` is made in place:
    /// nothing animating, the element alone in its rows, and with
    /// `hide-last-separator` some row shown. It mostly takes the quick path
    /// then; when it does not — a row reading the list's count grew or
    /// shrank before the row that gains or loses the separator
    /// (`separatorsFollow`) — the screen before is made again on a copy for
    /// the general transition (`changeInPlace`'s `remakeBefore`): what
    /// every change cost while such a reader stood before that row.
    private mutating func elementChangeStaysLocal(_ name: String, at time: Double) -> Bool {
        guard quickMayApply(at: time), live.elementChangeStaysLocal(name) != nil else { return false }
        let incremental = live.incremental
        return !incremental.rootStack.hideLastSeparator || incremental.lastVisibleRootRow() != nil
    }

    /// Whether a one-row change to `row`, one of the screen's own rows, is
    /// made in place: the quick path takes it (a change on a copy would
    /// copy every row's arrays: O(n)), or, for a row shown or hidden that
    /// moves a separator it cannot draw, the caller makes the screen before
    /// again.
    func quickApplies(to row: Int, at time: Double) -> Bool {
        let incremental = live.incremental
        guard quickMayApply(at: time), incremental.fillRowsFollow, incremental.lists(rootRow: row), row < live.screen.model.rows.count else {
            return false
        }
        if case .stack = live.screen.model.rows[row].content { return false }
        return true
    }

    /// Whether `row`, one of the screen's own rows holding a stack, shown or
    /// hidden, is made in place: the quick path mostly takes it (what the
    /// stack holds comes or goes with it, up to `ChangeLog.maximumNestedRows`
    /// rows inside; one that fills is laid out at its share); should it
    /// not, the caller makes the screen before again.
    func quickAppliesToHolder(_ row: Int, at time: Double) -> Bool {
        let incremental = live.incremental
        guard quickMayApply(at: time), incremental.fillRowsFollow, row < live.screen.model.rows.count, incremental.lists(rootRow: row),
            case .stack = live.screen.model.rows[row].content
        else { return false }
        return incremental.rowsInside(row) != nil
    }

    /// Whether a change to `row`, inside a nested stack, is sure to take the
    /// quick path (QuickTransition+Nested), so that it can be made in place:
    /// its holder shown (it stays shown, so under `hide-last-separator` no
    /// separator moves), at most `ChangeLog.maximumRows` rows inside it,
    /// and not a stack shown or hidden.
    func quickAppliesInside(to row: Int, at time: Double) -> Bool {
        let incremental = live.incremental
        return quickMayApply(at: time) && incremental.fillRowsFollow && row < live.screen.model.rows.count && !incremental.lists(rootRow: row)
            && incremental.rootHolder(of: row).map { !incremental.isHidden($0) && incremental.rowsInside($0) != nil } == true
    }

    /// What every quick change made in place needs: quick changes allowed,
    /// every move following its cause, nothing animating.
    func quickMayApply(at time: Double) -> Bool {
        allowsQuickChanges && everyMoveFollows && !isAnimating(at: time)
    }

    /// What every change made in place and composed with a running one
    /// needs: quick changes allowed, every move following its cause, and
    /// a quick transition (not the general one) still running.
    func quickMayCompose(at time: Double) -> Bool {
        allowsQuickChanges && everyMoveFollows && quick != nil && transition == nil && isAnimating(at: time)
    }

    /// `changeInPlace` when `inPlace` (the caller made sure the quick path
    /// takes it, or gave `remakeBefore`), else `change(at:)`.
    mutating func change(
        inPlace: Bool, at time: Double, _ body: (inout LiveScreen) throws(RuntimeError) -> [LiveEvent],
        remakeBefore: ((inout LiveScreen) -> Void)? = nil
    ) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        inPlace ? try changeInPlace(at: time, body, remakeBefore: remakeBefore) : try change(at: time, body)
    }

    /// A change whose body changes nothing before it throws, that takes the
    /// quick path: made on the live screen itself. Should the quick path
    /// not take it after all, `remakeBefore` makes the screen before again
    /// from a copy of the changed one, for the general transition.
    private mutating func changeInPlace(
        at time: Double, _ body: (inout LiveScreen) throws(RuntimeError) -> [LiveEvent],
        remakeBefore: ((inout LiveScreen) -> Void)? = nil
    ) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        changesInPlace += 1
        let oldOffset = live.offset
        let oldContent = (live.contentWidth, live.contentHeight)
        let lastShown = live.incremental.lastVisibleRootRow()
        live.incremental.beginChangeLog()
        let events = try body(&live)
        var pending = advance(to: time)
        guard var next = QuickTransition.make(from: live.incremental.changeLog, live: live, movesAlike: movesAlike),
            Self.separatorsFollow(&next, was: lastShown, after: live, running: false)
        else {
            if let remakeBefore {
                var before = live
                remakeBefore(&before)
                remadeBefore += 1
                pending += generalTransition(from: before, to: live, oldOffset: oldOffset, running: false, at: time)
                return (events, pending)
            }
            // Not expected (quickApplies said so): lay out in full, unanimated.
            layout = live.layout()
            layoutIsStale = false
            transition = nil
            quick = nil
            return (events, pending)
        }
        next.oldContentSize = oldContent
        next.oldOffset = oldOffset
        quick = next
        transition = nil
        layoutIsStale = true
        startTime = time
        reportedUpTo = time
        pending += beginEvents()
        return (events, pending)
    }

    /// `willBegin` for each track of the quick transition that takes time,
    /// in row order as the general transition reports them.
    private func beginEvents() -> [TransitionEvent] {
        guard let tracks = quickIndex?.tracks else { return [] }
        return tracks.indices.filter { tracks[$0].duration > 0 }.sorted { tracks[$0].row < tracks[$1].row }.map {
            .willBegin(row: RowKey(tracks[$0].row), kind: tracks[$0].kind, hiding: tracks[$0].kind.hides)
        }
    }

    /// The quick transition from `live` to `changed`, composed with the
    /// one running if `running`; nil when the change takes the general one.
    private func quickTransition(to changed: LiveScreen, running: Bool, at time: Double) -> QuickTransition? {
        guard allowsQuickChanges, everyMoveFollows else { return nil }
        let log = changed.incremental.changeLog
        let next: QuickTransition?
        if running {
            // Only over a quick transition: a general one has no segments to compose.
            guard let current = quick, transition == nil else { return nil }
            next = QuickTransition.interrupting(
                current, elapsed: time - startTime, log: log, before: live.incremental,
                sameOrder: live.incremental.rootRows.sameOrder(as: changed.incremental.rootRows), after: changed, fallback: live.screen.model,
                movesAlike: movesAlike)
        } else {
            next = QuickTransition.make(from: log, live: changed, movesAlike: movesAlike)
        }
        guard var next else { return nil }
        let lastShown = live.incremental.lastVisibleRootRow()
        if !Self.separatorsFollow(&next, was: lastShown, after: changed, running: running) {
            return nil
        }
        if running, let current = quick {
            next.separatorsAtStart = Self.separatorsAtStart(next.separatorsAtStart, over: current, elapsed: time - startTime) { live.incremental.place(ofRootRow: $0) }
        }
        return next
    }

    /// Over a running change the general transition draws the separators
    /// as they are now from the first instant: no row keeps the one it
    /// had — but at the running change's own instant (a change at the same
    /// instant as the one before it), a row that change moves is drawn
    /// where it is and as it was, with the separator it had then. `starts`:
    /// the separators rows had before the change; `place`: a row's place
    /// among the screen's rows then.
    private static func separatorsAtStart(
        _ starts: [Int: Rect?], over running: QuickTransition, elapsed: Double, place: (Int) -> Int
    ) -> [Int: Rect?] {
        guard elapsed <= 0 else { return [:] }
        var kept: [Int: Rect?] = [:]
        for (row, separator) in starts where running.changedRows.contains(row) || running.before(position: place(row)) != 0 {
            kept[row] = running.separatorsAtStart[row] ?? separator
        }
        return kept
    }

    /// With `hide-last-separator`, a row that becomes the last shown one,
    /// or stops being it, takes a separator from or gives one to another
    /// row: that change is not one row's. The last shown row changing and
    /// staying last (resized, say) moves no separator. `was`: the last
    /// shown row before the change.
    private static func separatorsStay(was: Int?, after: LiveScreen) -> Bool {
        guard after.incremental.rootStack.hideLastSeparator else { return true }
        return was == after.incremental.lastVisibleRootRow()
    }

    /// Whether `next` draws the separators as the general transition does:
    /// they stay, or the last shown row changed — rows added after it (a
    /// message appended to a chat), or it removed or hidden. A row that
    /// was last and is not, or is last and was not, without changing
    /// itself, gains or loses its separator, which the general transition
    /// shows from the change's first instant on when the row stands still,
    /// and from when its `move` track starts when a change before it moves
    /// it (a row above grew as the last one hid): `next` draws it so too
    /// (`separatorsAtStart`, `movingSeparators`). Over a running change
    /// (`running`), only when such a row does not move: the general
    /// transition then starts it from where it is drawn. A changed row's
    /// track has its poses right.
    private static func separatorsFollow(_ next: inout QuickTransition, was: Int?, after: LiveScreen, running: Bool) -> Bool {
        if separatorsStay(was: was, after: after) { return true }
        let incremental = after.incremental
        let now = incremental.lastVisibleRootRow()
        func listed(_ row: Int) -> Bool {
            !next.holders.contains(row) && incremental.lists(rootRow: row) && !incremental.isHidden(row)
        }
        var starts: [Int: Rect?] = [:]
        // Those a running change's moving and held separators carried over (interrupting).
        var moving = next.movingSeparators
        var held = next.heldSeparators
        func keep(_ separator: Rect?, of row: Int) -> Bool {
            let segment = next.segment(at: incremental.place(ofRootRow: row))
            if moving[row] != nil {
                // Its separator moving in the running change too: carried
                // over (`interrupting`) as it is drawn, which the general
                // transition's track of it starts from — on a track here,
                // moving or caught. Carried on along the running change's
                // track, from there to the separator that track was headed
                // to (the one it had before this change), held to the end
                // as the general transition holds a carried-on track's end
                // pose. Left standing (its move in the running change
                // over), drawn as the layout has it from the change's first
                // instant, as the general transition draws a row it has no
                // track of.
                guard let segment else { return false }
                if running, segment.continues {
                    held[row] = .some(separator)
                } else if !segment.isOnTracks {
                    moving[row] = nil
                }
                return true
            }
            if running, segment?.continues == true {
                // Carrying on along a running change's track — if only for
                // the last bits of its time, rebased change after change —
                // the general transition draws it with the separator the
                // track is headed to (held already if a change before
                // carried it on too), to the end.
                if held[row] == nil { held[row] = .some(separator) }
                return true
            }
            if let segment, segment.shift != 0 || segment.caught {
                // On a track: moving, or caught on its way and sent on from
                // where it is drawn, if to right there.
                moving[row] = .some(separator)
            } else {
                starts[row] = .some(separator)
            }
            return true
        }
        if let was, !next.changedRows.contains(was) {
            guard listed(was), keep(nil, of: was) else { return false }
        }
        if let now, !next.changedRows.contains(now) {
            // The separator it had: of its style then, where the change
            // logged it (a state its separator reads set), as the general
            // transition's layout before has it.
            guard listed(now), let frame = incremental.frame(ofRootRow: now),
                keep(QuickTransition.loggedSeparatorAtStart(of: now, live: after) ?? incremental.pose(ofRootRow: now, frame: frame, lastShown: was).separator, of: now)
            else { return false }
        }
        next.separatorsAtStart = starts
        next.movingSeparators = moving
        next.heldSeparators = held
        return true
    }

    /// Scrolls to `offset` at `time`, as a host following a finger does.
    /// While nothing animates no transition is built: O(log n). A scroll
    /// moves no row, so a running transition goes on as it was, seen from
    /// the new offset: O(log n) too. (A general transition used to be built
    /// again, O(rows), which restarted each running row's curve from where
    /// it was — a spring's bounce changed mid-flight — and reported every
    /// running row interrupted and begun again.) Rows' animations that
    /// ended before `time` are reported by the next `advance(to:)`, as if no
    /// scroll had come between.
    package mutating func scroll(to offset: Double, at time: Double) -> [LiveEvent] {
        // Held past a change below, which would report them and drop them with its begin events.
        let ended = advance(to: time)
        defer { unreported = ended }
        if isAnimating(at: time) {
            // At the change's own instant the screen still shows the offset before it: a change then.
            if time > startTime {
                if quick != nil { return live.scroll(to: offset) }
                if let running = transition, !layoutIsStale {
                    let events = live.scroll(to: offset)
                    transition = running.scrolled(to: live.offset)
                    return events
                }
            }
            return (try? change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in live.scroll(to: offset) })?.events ?? []
        }
        // The finished transition would present its own end offset: drop it.
        transition = nil
        quick = nil
        return live.scroll(to: offset)
    }

    /// A finger down at a point of the viewport: highlight only, no layout.
    package mutating func press(x: Double, y: Double) -> RowKey? { live.press(x: x, y: y) }

    /// The press ends without a tap.
    package mutating func cancelPress() { live.cancel() }

    /// The transition events between the last report and `time` (rows whose
    /// animation ended).
    package mutating func advance(to time: Double) -> [TransitionEvent] {
        let held = unreported
        unreported = []
        guard time > reportedUpTo else { return held }
        defer { reportedUpTo = time }
        return held + newlyEnded(through: time)
    }

    /// The rows' animations that ended after `reportedUpTo`, through `time`.
    private func newlyEnded(through time: Double) -> [TransitionEvent] {
        if let quickIndex {
            return quickIndex.ending(after: reportedUpTo, through: time, startTime: startTime).map {
                let track = quickIndex.tracks[$0]
                return .didEnd(row: RowKey(track.row), kind: track.kind, hiding: track.hides, finished: true)
            }
        }
        guard let transition else { return [] }
        return transition.events(after: reportedUpTo - startTime, through: time - startTime)
    }

    /// The screen as drawn at `time`; with `visibleOnly`, only the rows that
    /// may show in the viewport then.
    /// `margin` widens the viewport before and after (a host's window).
    package func presented(at time: Double, visibleOnly: Bool = false, margin: Double = 0) -> PresentedScreen {
        if quick != nil || layoutIsStale { return presentedQuickly(at: time, margin: visibleOnly ? margin : .infinity) }
        guard let transition else { return PresentedScreen(layout, offset: live.offset, time: 0, visibleOnly: visibleOnly, margin: margin) }
        return transition.sample(at: time - startTime, visibleOnly: visibleOnly, margin: margin)
    }

    /// Whether a transition is still running at `time`: the host needs another frame.
    package func isAnimating(at time: Double) -> Bool {
        if let quickIndex { return time - startTime < quickIndex.duration }
        return transition.map { time - startTime < $0.duration } ?? false
    }
}

extension Transition {
    /// Rows whose animation ends in `t0 < t ≤ t1` (seconds from the start).
    package func events(after t0: Double, through t1: Double) -> [TransitionEvent] {
        // By index: a track is a large value, and sorting copies of 50,000
        // of them was most of advancing past a transition's end.
        // Through a buffer: read through the array, each was copied too.
        tracks.withUnsafeBufferPointer { tracks in
            ends.ending(after: t0, through: t1)
                .sorted { (tracks[$0].end, tracks[$0].row) < (tracks[$1].end, tracks[$1].row) }
                .map { .didEnd(row: RowKey(tracks[$0].row), kind: tracks[$0].kind, hiding: tracks[$0].kind.hides, finished: true) }
        }
    }
}
