// The seeds' imperative calls — rows inserted, removed, moved, replaced —
// made at a host's time and animated. Where the rows are the screen's own
// and the quick path takes them, the change is made on the live screen
// itself: a change on a copy copies what it writes of the tables it
// shares — a page of the model's rows, a shard of the ids, but the code's
// tables whole — more than the splice's O(k log n).

extension AnimatedScreen {
    /// `LiveScreen.insert(_:at:in:)` at `time`, animated by the rows'
    /// `insert` transitions. In place when the instances go into the
    /// screen's own stack, bring no stacks of their own, and nothing
    /// animates; should the quick path not take them after all (a sticky
    /// row among them, a separator it cannot move), the screen
    /// before is made again on a copy by taking them out.
    package mutating func insertRows(
        _ instances: [ComponentInstance], at position: InsertPosition, in holder: RowKey?, at time: Double
    ) throws(RuntimeError) -> (rows: [RowKey], events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        var rows: [RowKey] = []
        let result = try change(
            inPlace: holder == nil && holdNoStacks(instances) && rowsSpliceInPlace(at: time), at: time,
            { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                let made = try live.insert(instances, at: position, in: holder)
                rows = made.rows
                return made.events
            },
            remakeBefore: { before in _ = try? before.remove(rows: rows) })
        return (rows, result.events, result.transitionEvents)
    }

    /// `LiveScreen.remove(rows:)` at `time`, animated by the rows' `remove`
    /// transitions: in place when they are plain rows of the screen's own
    /// stack (none holding a stack) and nothing animates; the
    /// screen before is made again, should it be needed, by putting them
    /// back where they were.
    package mutating func removeRows(_ keys: [RowKey], at time: Double) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        let places = placesInPlace(of: keys.map(\.row), at: time)
        return try change(
            inPlace: places != nil, at: time,
            { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.remove(rows: keys).events },
            remakeBefore: { before in before.putBack(places ?? []) })
    }

    /// `LiveScreen.move(_:to:)` at `time`, animated by the rows' `move`
    /// transitions: in place for one of the screen's own rows when nothing
    /// animates; the screen before is made again, should it be needed, by
    /// moving the row back.
    package mutating func moveRow(_ key: RowKey, to index: Int, at time: Double) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        var from: Int?
        if rowsComposeInPlace(at: time), live.incremental.lists(rootRow: key.row), live.incremental.place(ofRootRow: key.row) != index {
            // While a change runs: in place, composed with it.
            return try composing(
                at: time, readers: [],
                { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    let moved = try live.move(key, to: index)
                    if case .rowMoved(_, let was, _)? = moved.changes.first { from = was }
                    return moved.events
                },
                rowsBefore: { log, now, poses in
                    guard log.moved != nil, log.blocks.isEmpty, let from else { return nil }
                    return RowsBeforeMove(now: now, from: from, to: index, poses: poses)
                },
                remakeBefore: { before in if let from { _ = try? before.move(key, to: from) } })
        }
        return try change(
            inPlace: rowsSpliceInPlace(at: time) && quickApplies(to: key.row, at: time), at: time,
            { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                let moved = try live.move(key, to: index)
                if case .rowMoved(_, let was, _)? = moved.changes.first { from = was }
                return moved.events
            },
            remakeBefore: { before in if let from { _ = try? before.move(key, to: from) } })
    }

    /// `LiveScreen.replace(_:with:)` at `time`, animated: in place as
    /// `removeRows` and `insertRows` are; the screen before is made again,
    /// should it be needed, by taking the new row out and putting the old
    /// one back (its layout as it was; the id it passed on stays with the
    /// new row, which no layout reads).
    package mutating func replaceRow(
        _ key: RowKey, with instance: ComponentInstance, at time: Double
    ) throws(RuntimeError) -> (row: RowKey, events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        let place = holdNoStacks([instance]) ? placesInPlace(of: [key.row], at: time)?.first?.place : nil
        var new: RowKey?
        let result = try change(
            inPlace: place != nil, at: time,
            { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                let made = try live.replace(key, with: instance)
                new = made.row
                return made.events
            },
            remakeBefore: { before in
                if let new { _ = try? before.remove(rows: [new]) }
                if let place { before.putBack([(key.row, place)]) }
            })
        return (new ?? key, result.events, result.transitionEvents)
    }

    /// `LiveScreen.setHidden(_:_:)` of several rows at `time`, as one
    /// update animated by their show or hide transitions (ScrollStackController's
    /// `setRowsHidden`): in place when each is a row `setHidden(_:_:at:)`
    /// makes in place (one of the screen's own, a row inside a shown holder,
    /// or a holder) and nothing animates; the screen before is made again,
    /// should it be needed, by setting each back as it was.
    package mutating func setHidden(_ keys: [RowKey], _ hidden: Bool, at time: Double) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        let was = hiddenInPlace(keys.map(\.row), at: time)
        return try change(
            inPlace: was != nil, at: time,
            { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setHidden(keys, hidden) },
            remakeBefore: { before in
                for (row, hidden) in was ?? [] { _ = try? before.setHidden(RowKey(row), hidden) }
            })
    }

    /// Whether each of `rows` is hidden now, when hiding or showing them
    /// all is made in place (see `setHidden(_:_:at:)`); else nil.
    private func hiddenInPlace(_ rows: [Int], at time: Double) -> [(row: Int, hidden: Bool)]? {
        guard !rows.isEmpty, rows.count <= live.incremental.maximumLoggedRows else { return nil }
        var was: [(row: Int, hidden: Bool)] = []
        for row in Set(rows).sorted() {
            guard quickApplies(to: row, at: time) || quickAppliesInside(to: row, at: time) || quickAppliesToHolder(row, at: time) else { return nil }
            was.append((row, live.incremental.isHidden(row)))
        }
        return was
    }

    /// Whether no instance's component holds a stack (an unknown one is
    /// the call's to report). Apart from the change, as `placesInPlace`.
    private func holdNoStacks(_ instances: [ComponentInstance]) -> Bool {
        let components = live.screen.model.components
        return instances.allSatisfy { instance in components.first { $0.name == instance.component }?.stacks.isEmpty ?? true }
    }

    /// Where `rows` are among the screen's own, by place ascending, when
    /// taking them out is made in place (each a plain row of the screen's
    /// own stack, holding no stack, and `rowsSpliceInPlace`);
    /// else nil. (Apart from the change: a copy of the layout held across
    /// it would make the change copy every array it edits.)
    private func placesInPlace(of rows: [Int], at time: Double) -> [(row: Int, place: Int)]? {
        guard rowsSpliceInPlace(at: time) else { return nil }
        let incremental = live.incremental
        var places: [(row: Int, place: Int)] = []
        for row in Set(rows).sorted() {
            guard quickApplies(to: row, at: time) else { return nil }
            places.append((row, incremental.place(ofRootRow: row)))
        }
        return places.sorted { $0.place < $1.place }
    }

    /// Whether rows of the screen's own stack going in, out or moving are
    /// made in place: quick changes may apply (nothing animating) and the
    /// rows splice (`splicesAlone`).
    private func rowsSpliceInPlace(at time: Double) -> Bool {
        quickMayApply(at: time) && splicesAlone
    }

    /// Whether rows of the screen's own stack spliced now, while a quick
    /// transition runs, are made in place and composed with it: as
    /// `rowsSpliceInPlace(at:)`, but animating.
    private func rowsComposeInPlace(at time: Double) -> Bool {
        quickMayCompose(at: time) && splicesAlone
    }

    /// Whether the live screen splices its own rows, and under
    /// `hide-last-separator` some row is shown (the separators then mostly
    /// follow; see `separatorsFollow`).
    private var splicesAlone: Bool {
        guard live.splicesRootRows else { return false }
        let incremental = live.incremental
        return !incremental.rootStack.hideLastSeparator || incremental.lastVisibleRootRow() != nil
    }
}
