// Changing which rows a live screen has, as the seeds' APIs do: remove one,
// many or all, move, hide or show many, reload. Indices and ids are checked:
// a bad one is an error, never a silent no-op or a trap. Rows of the
// screen's own stack going in, out or moving are spliced into the layout;
// other structural changes lay the screen out again in full.

extension LiveScreen {
    /// Row removed from the screen (the row's index stays reserved).
    public enum Change: Hashable, Sendable {
        case rowRemoved(row: RowKey)
        case rowMoved(row: RowKey, from: Int, to: Int)
    }

    /// The row with `id`, or an error naming it.
    public func row(id: String) throws(RuntimeError) -> RowKey {
        guard let row = screen.row(id: id), isListed(row) else { throw RuntimeError("there is no row with id '\(id)'") }
        return RowKey(row)
    }

    /// Whether a stack lists `row`: O(1) for the screen's own rows (their
    /// positions are kept), a scan of its nested stack otherwise.
    private func isListed(_ row: Int) -> Bool {
        let parent = screen.model.rows[row].parent
        if parent == screen.model.rootStack { return incremental.lists(rootRow: row) }
        return screen.model.stacks[parent].rows.contains(row)
    }

    private func checkRow(_ row: Int) throws(RuntimeError) {
        guard row >= 0, row < screen.model.rows.count, isListed(row) else {
            throw RuntimeError("there is no row \(row) in the screen")
        }
    }

    // Rows of bound data stand together, right after the row their `for`
    // follows, in the order of the list: binding the list again, and
    // pushing or deleting an element, find them so. A row moved or removed
    // by hand, or put among them, broke that (the next binding put rows
    // twice and lost others), so those calls are refused.

    /// Refuses moving, removing or replacing `row` when a `for` over bound
    /// data made it, or when it is the row a `for` with rows follows.
    private func checkNotBound(_ row: Int, _ doing: String) throws(RuntimeError) {
        if screen.model.rows[row].madeByFor {
            throw RuntimeError("cannot \(doing) row \(row): a 'for' over bound data made it; change the list instead (bind it again, or insert or remove an element)")
        }
        if let repeater = boundForFollowing(row) {
            throw RuntimeError("cannot \(doing) row \(row): the rows of a 'for' over '\(screen.model.data[repeater.data].name)' follow it")
        }
    }

    /// Whether the binding owns `row`'s place (`checkNotBound` refuses it).
    private func isBound(_ row: Int) -> Bool {
        screen.model.rows[row].madeByFor || boundForFollowing(row) != nil
    }

    /// The `for` with rows of bound data that follows `row`, if any.
    private func boundForFollowing(_ row: Int) -> RepeaterModel? {
        for (index, repeater) in screen.model.repeaters.enumerated() where repeater.after == row && repeater.parent < 0 && bound[index]?.isEmpty == false {
            return repeater
        }
        return nil
    }

    /// Refuses putting a row where the row at `following` in `list` would
    /// follow it when that row is one a `for` made: rows of bound data
    /// stand together, right after the row they follow. `doing` says the
    /// call, with the index as its caller gave it.
    private func checkPlace(followedBy following: Int, in list: BlockArray<Int>, _ doing: String) throws(RuntimeError) {
        guard following < list.count, screen.model.rows[list[following]].madeByFor else { return }
        throw RuntimeError("cannot \(doing): the rows of bound data stand there together; put it before the row their 'for' follows, or after them")
    }

    /// Removes rows (by index in the model), with the events that causes.
    @discardableResult
    public mutating func remove(rows keys: [RowKey]) throws(RuntimeError) -> (changes: [Change], events: [LiveEvent]) {
        let rows = keys.map(\.row)
        for row in rows {
            try checkRow(row)
            try checkNotBound(row, "remove")
        }
        var changes: [Change] = []
        let unique = Set(rows).sorted()
        let root = screen.model.rootStack
        // Rows of the screen's own stack alone are spliced out (their
        // places closed up, nothing laid out again); others lay out in full.
        let splicing = splicesRootRows && unique.allSatisfy { screen.model.rows[$0].parent == root }
        let events = observe { live in
            if !splicing { live.incremental.settleSnapshot() }
            // The places of the screen's own rows among them, found once:
            // they are taken out by place, last first (O(k log n), where
            // filtering the list was O(n)), and when spliced they are the
            // splice's blocks, each run of neighbours one, at its place
            // after the runs before it closed up (comparing orders was O(n)).
            let rootPlaces = unique.filter { live.screen.model.rows[$0].parent == root }.map { live.incremental.place(ofRootRow: $0) }.sorted()
            var edits: [IncrementalLayout.Edit] = []
            if splicing {
                for (gone, place) in rootPlaces.enumerated() {
                    if let last = edits.last, last.at == place - gone { edits[edits.count - 1].removed += 1 } else {
                        edits.append(IncrementalLayout.Edit(at: place - gone, removed: 1, inserted: []))
                    }
                }
            }
            // Each stack's rows edited once, in place (their ids freed for rows inserted later).
            let gone = Set(unique)
            for stack in Set(unique.map { live.screen.model.rows[$0].parent }).sorted() {
                let leaving = unique.filter { live.screen.model.rows[$0].parent == stack }
                live.incremental.screen.editRows(ofStack: stack, removing: leaving) { rows in
                    if stack == root {
                        for place in rootPlaces.reversed() { rows.remove(at: place) }
                    } else {
                        rows = BlockArray(rows.filter { !gone.contains($0) })
                    }
                }
            }
            changes = unique.map { .rowRemoved(row: RowKey($0)) }
            if splicing {
                live.incremental.splice(inserted: [], removed: unique, edits: edits)
            } else {
                live.incremental.relayoutFully()
            }
            // The stack's row list changed even when no frame moved.
            if !changes.isEmpty { live.incremental.layoutChanged = true }
        }
        return (changes, Set(rows).sorted().map { .rowRemoved(row: RowKey($0)) } + events)
    }

    @discardableResult
    public mutating func remove(id: String) throws(RuntimeError) -> (changes: [Change], events: [LiveEvent]) {
        try remove(rows: [try row(id: id)])
    }

    /// Removes every row of the screen's own stack but the rows of bound
    /// data and the rows their `for`s follow (change the lists for those).
    @discardableResult
    public mutating func removeAll() -> (changes: [Change], events: [LiveEvent]) {
        let owned = rootRows.filter { !isBound($0) }
        return (try? remove(rows: owned.map(RowKey.init))) ?? ([], [])
    }

    /// Moves a row to `index` among its stack's rows (after removing it from where it was).
    @discardableResult
    public mutating func move(_ key: RowKey, to index: Int) throws(RuntimeError) -> (changes: [Change], events: [LiveEvent]) {
        let row = key.row
        try checkRow(row)
        let stack = screen.model.rows[row].parent
        let count = screen.model.stacks[stack].rows.count
        guard index >= 0, index < count else {
            throw RuntimeError("cannot move row \(row) to index \(index): its stack has \(count) rows (0…\(count - 1))")
        }
        try checkNotBound(row, "move")
        let list = screen.model.stacks[stack].rows
        let root = stack == screen.model.rootStack
        // Its place, found once: O(log n) for the screen's own rows.
        let from = root ? incremental.place(ofRootRow: row) : list.firstIndex(of: row) ?? 0
        // The row that will follow it, counted in the list with it still there.
        if index != from { try checkPlace(followedBy: index >= from ? index + 1 : index, in: list, "move row \(row) to index \(index)") }
        // A row of the screen's own stack moves as elements of bound data
        // do: the rows between its places shift, nothing is laid out again
        // (and a host animates it without a full layout).
        let splicing = root && splicesRootRows
        let events = observe { live in
            if !splicing { live.incremental.settleSnapshot() }
            live.incremental.screen.editRows(ofStack: stack, removing: []) { rows in
                rows.remove(at: from)
                rows.insert(row, at: index)
            }
            guard from != index else { return }
            if splicing {
                live.incremental.splice(inserted: [], removed: [], moved: root ? (from, index) : nil)
            } else {
                live.incremental.relayoutFully()
            }
            live.incremental.layoutChanged = true
        }
        return ([.rowMoved(row: key, from: from, to: index)], events)
    }

    /// Hides or shows several rows at once.
    @discardableResult
    public mutating func setHidden(_ keys: [RowKey], _ hidden: Bool) throws(RuntimeError) -> [LiveEvent] {
        let rows = keys.map(\.row)
        for row in rows { try checkRow(row) }
        return observe { live in
            for row in rows { live.incremental.screen.overrideHidden(row, hidden) }
            // As one update: the rows alone evaluated again, not the screen.
            live.incremental.update(rows: Array(Set(rows)).sorted())
        }
    }

    /// Evaluates and measures a row again (its host's content changed).
    @discardableResult
    public mutating func reload(_ key: RowKey) throws(RuntimeError) -> [LiveEvent] {
        try checkRow(key.row)
        return observe { $0.incremental.relayoutFully() }
    }

    /// The host says `row`'s content changed size (a host view whose content
    /// changed, text it re-measured): the row is measured again and the rows
    /// after it move. For a row of the screen's own stack that costs
    /// O(log n) — the rows after it move without being touched; a row inside
    /// a nested stack, or a screen with `fill` rows, is laid out again in
    /// full. Inside `AnimatedScreen.change` the row animates by its `resize`
    /// transition and the rows below follow it.
    @discardableResult
    public mutating func invalidateSize(of key: RowKey) throws(RuntimeError) -> [LiveEvent] {
        try checkRow(key.row)
        return observe { $0.incremental.update(rows: [key.row]) }
    }
}

/// Where a new row goes among a stack's rows.
public enum InsertPosition: Hashable, Sendable {
    case top
    case bottom
    case index(Int)
    case before(id: String)
    case after(id: String)
}

/// A row to insert: an instance of one of the screen's components.
public struct ComponentInstance: Hashable, Sendable {
    public var component: String
    public var arguments: [String: RuntimeValue]
    public var id: String?

    public init(_ component: String, arguments: [String: RuntimeValue] = [:], id: String? = nil) {
        self.component = component
        self.arguments = arguments
        self.id = id
    }
}

extension LiveScreen {
    /// Inserts an instance of a component into the screen's stack (or `stack`).
    @discardableResult
    public mutating func insert(
        _ instance: ComponentInstance, at position: InsertPosition, in holder: RowKey? = nil
    ) throws(RuntimeError) -> (row: RowKey, events: [LiveEvent]) {
        let (rows, events) = try insert([instance], at: position, in: holder)
        return (rows[0], events)
    }

    /// Inserts several instances together, in order, at one position.
    @discardableResult
    public mutating func insert(
        _ instances: [ComponentInstance], at position: InsertPosition, in holder: RowKey? = nil
    ) throws(RuntimeError) -> (rows: [RowKey], events: [LiveEvent]) {
        let target: Int
        if let holder {
            try checkRow(holder.row)
            guard case .stack(let nested) = screen.model.rows[holder.row].content else {
                throw RuntimeError("\(holder) is a \(screen.model.rows[holder.row].kind.name), not a Stack: rows go into stacks")
            }
            target = nested
        } else {
            target = screen.model.rootStack
        }
        let index = try insertionIndex(position, in: target)
        try checkPlace(followedBy: index, in: screen.model.stacks[target].rows, "insert rows at index \(index)")
        let checked = try checkedInstances(instances)
        var inserted: [Int] = []
        let events = observe { live in
            live.instantiate(checked, in: target, removing: []) { model in
                inserted = checked.map { model.append($0, parent: target) }
                model.stacks[target].rows.insert(contentsOf: inserted, at: index)
                return IncrementalLayout.Edit(at: index, removed: 0, inserted: inserted)
            }
        }
        return (inserted.map(RowKey.init), inserted.map { .rowInserted(row: RowKey($0)) } + events)
    }

    /// Replaces a row by an instance of a component, in the same place.
    @discardableResult
    public mutating func replace(_ key: RowKey, with instance: ComponentInstance) throws(RuntimeError) -> (row: RowKey, events: [LiveEvent]) {
        let row = key.row
        try checkRow(row)
        try checkNotBound(row, "replace")
        let stack = screen.model.rows[row].parent
        let index = stack == screen.model.rootStack ? incremental.place(ofRootRow: row) : screen.model.stacks[stack].rows.firstIndex(of: row) ?? 0
        var replacement = instance
        if replacement.id == nil { replacement.id = screen.model.rows[row].id }
        let checked = try checkedInstances([replacement], replacing: row)
        var new = row
        let events = observe { live in
            live.instantiate(checked, in: stack, removing: [row]) { model in
                model.rows[row].id = nil  // the old row's id passes to its replacement
                new = model.append(checked[0], parent: stack)
                model.stacks[stack].rows[index] = new
                return IncrementalLayout.Edit(at: index, removed: 1, inserted: [new])
            }
        }
        return (RowKey(new), [.rowRemoved(row: key), .rowInserted(row: RowKey(new))] + events)
    }

    /// Checks instances about to go in, changing nothing: their arguments,
    /// and their ids against the rows listed (but `replacing`, whose id
    /// passes on) and each other. O(the instances), not O(the screen).
    private func checkedInstances(_ instances: [ComponentInstance], replacing: Int? = nil) throws(RuntimeError) -> [CheckedInstance] {
        var ids = Set<String>()
        var checked: [CheckedInstance] = []
        for instance in instances {
            checked.append(try screen.model.checked(instance))
            guard let id = instance.id else { continue }
            // (A removed row's id is free again: the screen answers only for listed rows.)
            if let holder = screen.row(id: id), holder != replacing { throw RuntimeError("a row with id '\(id)' is already in the screen") }
            if !ids.insert(id).inserted { throw RuntimeError("a row with id '\(id)' is already in the screen") }
        }
        return checked
    }

    /// Makes checked instances rows of stack `stack` on the model itself —
    /// taken from the screen, `make` appending them and listing them as the
    /// edit it returns says (in place of rows `removed`), handed back — so
    /// that no row of the screen is copied: spliced into the layout when
    /// they are rows of the screen's own stack (plain rows, or cards laid
    /// out alone), else laid out in full.
    private mutating func instantiate(
        _ checked: [CheckedInstance], in stack: Int, removing removed: [Int], _ make: (inout ScreenModel) -> IncrementalLayout.Edit
    ) {
        let splicing = stack == screen.model.rootStack && splicesRootRows
        // The full layout describes the model as it was: brought up to date first.
        if !splicing { incremental.settleSnapshot() }
        // Their ids, which the edited model no longer gives them (a
        // replaced row's passes on), are freed first for new rows to take.
        incremental.screen.forgetIDs(of: removed)
        var model = incremental.screen.takeModel()
        let edit = make(&model)
        if splicing {
            incremental.screen.restoreModel(model, inserted: edit.inserted, removed: [])
            incremental.splice(inserted: edit.inserted, removed: removed, edits: [edit])
        } else {
            incremental.screen = Screen(replacing: incremental.screen, model: model)
            incremental.relayoutFully()
        }
        incremental.layoutChanged = true
    }

    /// Lists rows of the screen's own stack that `remove(rows:)` took out
    /// again at the places they had (`removed`, by place ascending, each
    /// place counting the rows before it put back): the screen as it was,
    /// for a copy to animate from. Their rows stayed in the model, so
    /// nothing is made again: O(k log n).
    package mutating func putBack(_ removed: [(row: Int, place: Int)]) {
        _ = observe { live in
            for (row, place) in removed {
                var model = live.incremental.screen.takeModel()
                model.stacks[model.rootStack].rows.insert(row, at: place)
                live.incremental.screen.restoreModel(model, inserted: [row], removed: [])
                live.incremental.splice(inserted: [row], removed: [], edits: [IncrementalLayout.Edit(at: place, removed: 0, inserted: [row])])
            }
        }
    }

    /// Whether rows of the screen's own stack going in, out or moving can
    /// be spliced (`IncrementalLayout.splice`), not laid out in full: the
    /// layout can take them, and no row is sticky (whose pinning a splice
    /// does not follow). The splice itself lays out in full should a row
    /// it is given hold a stack, fill or stick.
    var splicesRootRows: Bool { incremental.canSplice && stickyRows.isEmpty }

    private func insertionIndex(_ position: InsertPosition, in stack: Int) throws(RuntimeError) -> Int {
        let rows = screen.model.stacks[stack].rows
        switch position {
        case .top: return 0
        case .bottom: return rows.count
        case .index(let index):
            guard index >= 0, index <= rows.count else {
                throw RuntimeError("cannot insert at index \(index): the stack has \(rows.count) rows (0…\(rows.count))")
            }
            return index
        case .before(let id), .after(let id):
            // A row of the screen's own stack by its place (O(log n)), else by a scan.
            guard let row = screen.row(id: id), screen.model.rows[row].parent == stack,
                let at = stack == screen.model.rootStack ? incremental.place(ofRootRow: row) : rows.firstIndex(of: row)
            else {
                throw RuntimeError("there is no row with id '\(id)' in that stack")
            }
            if case .after = position { return at + 1 }
            return at
        }
    }
}
