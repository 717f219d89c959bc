// One element of a bound list inserted or removed without a document: what
// a feed does when the server pushes a new post or a deletion. The list is
// the one bound before, with that element in or out. When its `for` splices
// and is keyed by a field, the element's rows go in or out alone (no diff
// of the others; places by key kept by `KeyPlaces`); otherwise the change
// goes the way of any re-binding (diff by key in memory, no JSON read).

extension LiveScreen {
    /// Inserts into list `name` one element, from JSON object `json`, at
    /// `index` (0 through the list's count). Its key must not be in the list
    /// already. Throws, changing nothing, when the list is not shown by a
    /// `for`, the index is out of range, the object does not fit the record,
    /// or the key repeats. Returns the events, as `bind` does.
    @discardableResult
    public mutating func insert(_ name: String, json: String, at index: Int) throws(RuntimeError) -> [LiveEvent] {
        let (dataIndex, repeater) = try boundFor(name)
        let count = bound[repeater]?.count ?? 0
        guard index >= 0, index <= count else {
            throw RuntimeError("\(name): cannot insert at \(index); the list has \(count) element\(count == 1 ? "" : "s")")
        }
        let model = screen.model
        var one = model.data[dataIndex]
        one.isList = false
        one.name = "\(name)[\(index)]"
        let shape = model.readShape(ofData: dataIndex)
        var element = try one.elements(fromJSON: json, shape: shape, enums: model.enums)[0]
        let keyedByField = shape.keyField >= 0 && shape.keyField < element.values.count
        if keyedByField {
            element.key = ValueText.keyText(element.values[shape.keyField], enums: model.enums)
            if boundPlaces[repeater]?[element.key] != nil {
                throw RuntimeError("\(name): key '\(element.key)' is in the list already; keys must be unique")
            }
            if let events = spliceOne(dataIndex, repeater, inserting: element, at: index) { return events }
        }
        var elements = (bound[repeater] ?? []).map(\.record)
        elements.insert(element, at: index)
        if !keyedByField {
            // Keyed by place: every element after it takes the next key.
            for place in index..<elements.count { elements[place].key = String(place) }
        }
        return apply(dataIndex, elements)
    }

    /// Removes from list `name` the element with key `key`. Throws,
    /// changing nothing, when the list is not shown by a `for` or has no
    /// such element. Returns the events, as `bind` does.
    @discardableResult
    public mutating func remove(_ name: String, key: String) throws(RuntimeError) -> [LiveEvent] {
        let (dataIndex, repeater) = try boundFor(name)
        let keyedByField = screen.model.readShape(ofData: dataIndex).keyField >= 0
        if keyedByField, let place = boundPlaces[repeater]?[key], let events = spliceOne(dataIndex, repeater, removingAt: place) {
            return events
        }
        var elements = (bound[repeater] ?? []).map(\.record)
        guard let place = elements.firstIndex(where: { $0.key == key }) else {
            throw RuntimeError("\(name) has no element with key '\(key)'")
        }
        elements.remove(at: place)
        if !keyedByField {
            for index in place..<elements.count { elements[index].key = String(index) }
        }
        return apply(dataIndex, elements)
    }

    /// The data named `name`, a list one of whose top-level `for`s shows it
    /// (not a field of it), and that `for`.
    private func boundFor(_ name: String) throws(RuntimeError) -> (data: Int, repeater: Int) {
        let model = screen.model
        guard let dataIndex = model.data.firstIndex(where: { $0.name == name }), model.data[dataIndex].isList else {
            throw RuntimeError("the screen has no list data '\(name)'")
        }
        guard let repeater = model.repeaters.indices.first(where: {
            model.repeaters[$0].data == dataIndex && model.repeaters[$0].parent < 0 && model.repeaters[$0].listField < 0
        }) else {
            throw RuntimeError("\(name): no `for` shows it, so it has no elements to add to or remove from; bind the list instead")
        }
        return (dataIndex, repeater)
    }

    /// The screen's rows that read list `name`'s count.
    package func countReaders(of name: String) -> [Int] {
        guard let (dataIndex, _) = try? boundFor(name) else { return [] }
        let count = screen.model.data[dataIndex].slots[0]
        return incremental.readers.indices.contains(count) ? Array(incremental.readers[count]) : []
    }

    /// The key of element `index` of list `name`, if there is one.
    package func elementKey(_ name: String, at index: Int) -> String? {
        guard let (_, repeater) = try? boundFor(name), let elements = bound[repeater], elements.indices.contains(index) else { return nil }
        return elements[index].record.key
    }

    /// The element of list `name` with key `key` and its index, when the
    /// list is keyed by a field and has it.
    package func boundElement(_ name: String, key: String) -> (element: BoundElement, index: Int)? {
        guard let (_, repeater) = try? boundFor(name), let index = boundPlaces[repeater]?[key],
            let elements = bound[repeater], elements.indices.contains(index)
        else { return nil }
        return (elements[index], index)
    }

    /// Puts `element`, removed alone from list `name` at `index`, back with
    /// the very rows it had: the screen as it was before the removal (the
    /// removed rows stay in the model, so nothing is made again). For a
    /// copy to animate from. False, changing nothing, when the element
    /// could not have been removed alone.
    package mutating func restore(_ name: String, _ element: BoundElement, at index: Int) -> Bool {
        guard let (dataIndex, repeater) = try? boundFor(name), splicesOne(dataIndex, repeater), index >= 0,
            index <= bound[repeater]?.count ?? 0, boundPlaces[repeater]?[element.record.key] == nil
        else { return false }
        let rows = element.rows.array
        _ = observe { live in
            var edited = live.incremental.screen.takeModel()
            let stack = edited.repeaters[repeater].stack
            let at = live.firstPlace(of: repeater, in: edited) + index * rows.count
            edited.stacks[stack].rows.insert(contentsOf: rows, at: at)
            live.bound[repeater, default: []].insert(element, at: index)
            live.boundPlaces[repeater, default: KeyPlaces()].insert(element.record.key, at: index)
            live.finishSplice(dataIndex, repeater, edited, inserted: rows, removed: [], blocks: [], edit: IncrementalLayout.Edit(at: at, removed: 0, inserted: rows))
        }
        return true
    }

    /// Whether one element of list `name` goes in or out alone (see
    /// `splicesOne`) and touches no other row but a few rows that read the
    /// list's count (the screen's own, or inside shown holders): a change a
    /// quick transition takes, which a host session can make in place.
    /// Also the places among the screen's rows that the list's rows take.
    package mutating func elementChangeStaysLocal(_ name: String) -> Range<Int>? {
        guard let (dataIndex, repeater) = try? boundFor(name), splicesOne(dataIndex, repeater) else { return nil }
        let model = screen.model
        let count = model.data[dataIndex].slots[0]
        let readers = incremental.readers.indices.contains(count) ? incremental.readers[count] : []
        // Each a plain row of the screen's own, or a row inside a shown
        // holder (a count in a card: laid out again with its holder).
        guard readers.count < 8,
            readers.allSatisfy({ row in
                incremental.lists(rootRow: row)
                    ? incremental.resolved.nested[row] < 0 : incremental.rootHolder(of: row).map { !incremental.isHidden($0) } == true
            })
        else { return nil }
        // Every element has the template's rows (no nested `for`s).
        let start = firstPlace(of: repeater, in: model)
        return start..<(start + (bound[repeater]?.count ?? 0) * plan(repeater).template.topLevelCount)
    }

    /// Whether one element of `for` `repeater` over list `dataIndex` can go
    /// in or out alone: it is the only `for` over the list, its elements
    /// are keyed by a field and their rows are plain rows of the screen's
    /// own stack (spliced), none of them nested `for`s or reading `index`.
    private mutating func splicesOne(_ dataIndex: Int, _ repeater: Int) -> Bool {
        let model = screen.model
        let fors = model.repeaters.indices.filter { model.repeaters[$0].data == dataIndex && model.repeaters[$0].parent < 0 }
        guard fors == [repeater], bound[repeater] != nil, model.readShape(ofData: dataIndex).keyField >= 0 else { return false }
        let plan = plan(repeater)
        return plan.children.isEmpty && !plan.readsIndex && canSplice([repeater])
    }

    /// Inserts `element` at `index` of `for` `repeater` without diffing the
    /// other elements: its rows made and spliced in, places by key kept
    /// (`KeyPlaces`). Nil, changing nothing, when `splicesOne` says no.
    private mutating func spliceOne(_ dataIndex: Int, _ repeater: Int, inserting element: BoundRecord, at index: Int) -> [LiveEvent]? {
        guard splicesOne(dataIndex, repeater) else { return nil }
        var inserted: [Int] = []
        let events = observe { live in
            var edited = live.incremental.screen.takeModel()
            let plan = Self.sharedPlan(repeater, in: &edited, plans: &live.plans)
            let made = edited.rows.count
            let stack = edited.repeaters[repeater].stack
            let (rows, constants) = Self.makeRows(
                repeater, template: edited.repeaters[repeater].template, plan: plan, element: element, position: index, outer: [:],
                data: edited.data[dataIndex].name, keys: "", parentStack: stack, plans: &live.plans, in: &edited)
            // Every element has its template's rows, as many as this one.
            let at = live.firstPlace(of: repeater, in: edited) + index * rows.count
            edited.stacks[stack].rows.insert(contentsOf: rows, at: at)
            live.bound[repeater, default: []].insert(BoundElement(record: element, rows: rows, made: made..<edited.rows.count, constants: constants), at: index)
            live.boundPlaces[repeater, default: KeyPlaces()].insert(element.key, at: index)
            inserted = rows.array
            live.finishSplice(
                dataIndex, repeater, edited, inserted: inserted, removed: [], blocks: [MadeBlocks(rows: made..<edited.rows.count, template: plan.template)],
                edit: IncrementalLayout.Edit(at: at, removed: 0, inserted: inserted))
        }
        return Self.rowEvents(removed: [], inserted: inserted, then: events)
    }

    /// Removes the element at `place` of `for` `repeater` without diffing
    /// the others: its rows leave the stack, its key leaves the places. Nil,
    /// changing nothing, when `splicesOne` says no.
    private mutating func spliceOne(_ dataIndex: Int, _ repeater: Int, removingAt place: Int) -> [LiveEvent]? {
        // The element copied alone: a copy of the list would be copied again
        // by the removal below.
        guard splicesOne(dataIndex, repeater), place >= 0, place < bound[repeater]?.count ?? 0, let element = bound[repeater]?[place] else {
            return nil
        }
        let removed = element.rows.array
        let events = observe { live in
            var edited = live.incremental.screen.takeModel()
            let stack = edited.repeaters[repeater].stack
            let at = live.firstPlace(of: repeater, in: edited) + place * element.rows.count
            edited.stacks[stack].rows.removeSubrange(at..<at + element.rows.count)
            live.bound[repeater]?.remove(at: place)
            live.boundPlaces[repeater]?.remove(element.record.key, at: place)
            let made = edited.rows.count
            live.finishSplice(
                dataIndex, repeater, edited, inserted: [], removed: removed, blocks: [MadeBlocks(rows: made..<made, template: live.plan(repeater).template)],
                edit: IncrementalLayout.Edit(at: at, removed: removed.count, inserted: []))
        }
        return Self.rowEvents(removed: removed, inserted: [], then: events)
    }

    /// Hands `edited` back to the screen and splices its rows in, as a
    /// re-binding does: the list's count set, the layout told where the
    /// rows went (`edit`), so that it compares no orders.
    private mutating func finishSplice(
        _ dataIndex: Int, _ repeater: Int, _ edited: ScreenModel, inserted: [Int], removed: [Int], blocks: [MadeBlocks], edit: IncrementalLayout.Edit
    ) {
        let count = edited.state[edited.data[dataIndex].slots[0]].name
        spliceIn(edited, inserted: inserted, removed: removed, blocks: blocks, count: (count, bound[repeater]?.count ?? 0), edit: edit)
        incremental.layoutChanged = true
        elementsSplicedAlone += 1
    }
}
