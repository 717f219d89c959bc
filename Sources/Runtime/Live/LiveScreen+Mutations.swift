// Changing which rows a live screen has, as the seeds' APIs do: remove one,
// many or all, move, hide or show many, reload. Indices and ids are checked:
// a bad one is an error, never a silent no-op or a trap. Structural changes
// lay the screen out again in full.

extension LiveScreen {
    /// Row removed from the screen (the row's index stays reserved).
    public enum Change: Hashable, Sendable {
        case rowRemoved(row: Int)
        case rowMoved(row: Int, from: Int, to: Int)
    }

    /// The row with `id`, or an error naming it.
    public func row(id: String) throws(RuntimeError) -> Int {
        guard let row = screen.row(id: id), isListed(row) else { throw RuntimeError("there is no row with id '\(id)'") }
        return row
    }

    private func isListed(_ row: Int) -> Bool {
        screen.model.stacks[screen.model.rows[row].parent].rows.contains(row)
    }

    private func checkRow(_ row: Int) throws(RuntimeError) {
        guard row >= 0, row < screen.model.rows.count, isListed(row) else {
            throw RuntimeError("there is no row \(row) in the screen")
        }
    }

    /// Removes rows (by index in the model), with the events that causes.
    @discardableResult
    public mutating func remove(rows: [Int]) throws(RuntimeError) -> (changes: [Change], events: [LiveEvent]) {
        for row in rows { try checkRow(row) }
        var changes: [Change] = []
        let events = observe { live in
            for row in Set(rows).sorted() {
                let stack = live.screen.model.rows[row].parent
                live.screen.modelRows(stack: stack) { $0.removeAll { $0 == row } }
                changes.append(.rowRemoved(row: row))
            }
            live.relayoutFully()
            live.rebuildTree()
        }
        return (changes, events)
    }

    @discardableResult
    public mutating func remove(id: String) throws(RuntimeError) -> (changes: [Change], events: [LiveEvent]) {
        try remove(rows: [try row(id: id)])
    }

    /// Removes every row of the screen's own stack.
    @discardableResult
    public mutating func removeAll() -> (changes: [Change], events: [LiveEvent]) {
        (try? remove(rows: rootRows)) ?? ([], [])
    }

    /// Moves a row to `index` among its stack's rows (after removing it from where it was).
    @discardableResult
    public mutating func move(_ row: Int, to index: Int) throws(RuntimeError) -> (changes: [Change], events: [LiveEvent]) {
        try checkRow(row)
        let stack = screen.model.rows[row].parent
        let count = screen.model.stacks[stack].rows.count
        guard index >= 0, index < count else {
            throw RuntimeError("cannot move row \(row) to index \(index): its stack has \(count) rows (0…\(count - 1))")
        }
        var from = 0
        let events = observe { live in
            live.screen.modelRows(stack: stack) { rows in
                from = rows.firstIndex(of: row) ?? 0
                rows.remove(at: from)
                rows.insert(row, at: index)
            }
            live.relayoutFully()
            live.rebuildTree()
        }
        return ([.rowMoved(row: row, from: from, to: index)], events)
    }

    /// Hides or shows several rows at once.
    @discardableResult
    public mutating func setHidden(_ rows: [Int], _ hidden: Bool) throws(RuntimeError) -> [LiveEvent] {
        for row in rows { try checkRow(row) }
        return observe { live in
            for row in rows { live.forcedHidden[row] = hidden }
            live.relayoutFully()
        }
    }

    /// Evaluates and measures a row again (its host's content changed).
    @discardableResult
    public mutating func reload(_ row: Int) throws(RuntimeError) -> [LiveEvent] {
        try checkRow(row)
        return observe { $0.relayoutFully() }
    }
}

extension Screen {
    /// Edits the rows of one stack of the model.
    mutating func modelRows(stack: Int, _ edit: (inout [Int]) -> Void) {
        var model = self.model
        edit(&model.stacks[stack].rows)
        self = Screen(replacing: self, model: model)
    }
}
