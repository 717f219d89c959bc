// Binding data to a live screen. A single record sets the state slots of
// its fields; a list sets its count and, for each `for` over it, diffs the
// elements by key against those bound before: an element whose key and
// values are unchanged keeps its rows (moved if its place changed, so it
// animates as a move), a new or changed one gets rows made from the `for`'s
// template, a vanished one's rows are removed. Rows of an element carry
// their template ids with the key: `amenity[pool]`, `row[3]`.
//
// Each `for` is planned once (RepeaterPlan: its template's plan, where
// each value comes from), so an element's rows are a few appends; where
// the template allows, its rows share one copy of its code and an
// element's row is a copy of one row and its values.
//
// A re-binding that only changes values (same keys in the same order) is
// made in place: the changed values are written into the constants the
// rows read and those rows evaluated again, O(k log n). Anything else —
// elements added, removed or moved — costs O(elements) to diff; then the
// rows made are spliced into the layout (IncrementalLayout+Splice) when
// they are plain rows of the screen's own stack, or the screen is laid
// out in full.

extension LiveScreen {
    /// Binds data `name` from JSON text: an array of objects for a list
    /// (`data amenities: [Amenity]`), one object for a record. Returns the
    /// rows inserted and removed and the layout's events. On an error (bad
    /// JSON, a field of the wrong type, a repeated key) nothing changes.
    @discardableResult
    public mutating func bind(_ name: String, json: String) throws(RuntimeError) -> [LiveEvent] {
        let model = screen.model
        guard let dataIndex = model.data.firstIndex(where: { $0.name == name }) else {
            let known = model.data.map(\.name)
            throw RuntimeError("the screen has no data '\(name)'" + (known.isEmpty ? "" : "; its data: \(NameList.shortened(known))"))
        }
        let data = model.data[dataIndex]
        let (elements, places) = try data.keyedElements(fromJSON: json, shape: model.readShape(ofData: dataIndex), enums: model.enums)
        return apply(dataIndex, elements, places: data.isList ? places : nil)
    }

    /// Makes the screen show `elements` as data `dataIndex`.
    /// `places`: the elements' places by key, when the reader has them.
    mutating func apply(_ dataIndex: Int, _ elements: [BoundRecord], places: ShardedKeyIndex? = nil) -> [LiveEvent] {
        let model = screen.model
        let data = model.data[dataIndex]
        // The top-level `for`s over the data, and the list each goes over.
        var lists: [(repeater: Int, elements: [BoundRecord], places: ShardedKeyIndex?)] = []
        for index in model.repeaters.indices where model.repeaters[index].data == dataIndex && model.repeaters[index].parent < 0 {
            let listField = model.repeaters[index].listField
            lists.append(listField >= 0 ? (index, elements.first?.lists[listField] ?? [], nil) : (index, elements, places))
        }
        var events: [LiveEvent] = []
        if !data.isList, let record = elements.first {
            for (slot, value) in zip(data.slots, record.values) {
                events += (try? setState(model.state[slot].name, to: value)) ?? []
            }
            if lists.isEmpty { return events }
        }
        if let edited = editInPlace(lists.map { ($0.repeater, $0.elements) }) { return events + edited }
        var inserted: [Int] = []
        var removed: [Int] = []
        // `for`s of plain rows of the screen's own stack are spliced into
        // the layout (their rows alone evaluated); others lay out in full.
        let splicing = canSplice(lists.map(\.repeater))
        events += observe { live in
            if !splicing { live.incremental.settleSnapshot() }
            var edited = live.incremental.screen.takeModel()
            var blocks: [MadeBlocks] = []
            for (repeater, elements, places) in lists {
                let made = edited.rows.count
                let (added, dropped) = live.rebind(repeater, to: elements, places: places, in: &edited)
                inserted += added
                removed += dropped
                if splicing { blocks.append(MadeBlocks(rows: made..<edited.rows.count, template: live.plan(repeater).template)) }
            }
            let count = data.isList ? edited.state[data.slots[0]].name : nil
            if splicing {
                live.spliceIn(edited, inserted: inserted, removed: removed, blocks: blocks, count: count.map { ($0, elements.count) })
            } else {
                var screen = Screen(replacing: live.screen, model: edited)
                if let count { try? screen.setState(count, to: .number(Double(elements.count))) }
                live.incremental.screen = screen
                live.incremental.relayoutFully()
            }
            if !inserted.isEmpty || !removed.isEmpty { live.incremental.layoutChanged = true }
        }
        return Self.rowEvents(removed: removed, inserted: inserted, then: events)
    }

    /// The events of rows `removed` and `inserted`, then `events`, made in
    /// one array of their size (100,000 of them, mapped and joined, were
    /// copied twice).
    static func rowEvents(removed: [Int], inserted: [Int], then events: [LiveEvent]) -> [LiveEvent] {
        var out: [LiveEvent] = []
        out.reserveCapacity(removed.count + inserted.count + events.count)
        for row in removed { out.append(.rowRemoved(row: RowKey(row))) }
        for row in inserted { out.append(.rowInserted(row: RowKey(row))) }
        out += events
        return out
    }

    /// Hands `edited` back to the screen, rows `inserted` added and
    /// `removed` unlisted, and splices them into the layout; `count`: the
    /// list's count state and its value now, set and told; `edit`: where
    /// the rows went, when the caller knows.
    mutating func spliceIn(
        _ edited: ScreenModel, inserted: [Int], removed: [Int], blocks: [MadeBlocks], count: (state: String, value: Int)?,
        edit: IncrementalLayout.Edit? = nil
    ) {
        incremental.screen.restoreModel(edited, inserted: inserted, removed: removed)
        incremental.splice(inserted: inserted, removed: removed, blocks: blocks, edits: edit.map { [$0] })
        if let count, (try? incremental.screen.setState(count.state, to: .number(Double(count.value)))) != nil {
            incremental.stateChanged(count.state)
        }
    }

    /// Whether re-binding `for`s `repeaters` can splice their rows into the
    /// layout: each puts its rows (plain rows or cards — rows holding
    /// stacks — but no nested `for`s, none sticky) straight into the
    /// screen's own stack, and nothing there fills.
    mutating func canSplice(_ repeaters: [Int]) -> Bool {
        guard incremental.canSplice else { return false }
        let model = screen.model
        for index in repeaters {
            let repeater = model.repeaters[index]
            guard repeater.stack == model.rootStack, plan(index).children.isEmpty else { return false }
            for row in repeater.template.rows where row.pin != .none || row.snapHide != .none { return false }
        }
        return true
    }

    /// The plan of `for` `index`, made at its first use.
    mutating func plan(_ index: Int) -> RepeaterPlan { Self.plan(index, in: screen.model, plans: &plans) }

    /// The plan of `for` `index` of `model` from `plans`, made and kept there at its first use.
    private static func plan(_ index: Int, in model: ScreenModel, plans: inout [Int: RepeaterPlan]) -> RepeaterPlan {
        if let plan = plans[index] { return plan }
        let plan = RepeaterPlan(index, in: model)
        plans[index] = plan
        return plan
    }

    /// The plan of `for` `index`, its code shared in `model` when it can be
    /// (its elements' rows then copy one row each, no code copied).
    static func sharedPlan(_ index: Int, in model: inout ScreenModel, plans: inout [Int: RepeaterPlan]) -> RepeaterPlan {
        var plan = plan(index, in: model, plans: &plans)
        if plan.template.shareable, plan.template.sharedRows == nil {
            plan.template.share(model.repeaters[index].template, into: &model)
            plans[index] = plan
        }
        return plan
    }

    /// Rows for `elements` in place of those bound to `repeater` before;
    /// returns the rows made and the rows dropped. `places` are the new
    /// elements' places by key, when the reader has them.
    private mutating func rebind(
        _ index: Int, to elements: [BoundRecord], places: ShardedKeyIndex?, in model: inout ScreenModel
    ) -> (inserted: [Int], removed: [Int]) {
        let repeater = model.repeaters[index]
        let plan = Self.sharedPlan(index, in: &model, plans: &plans)
        let old = (bound[index] ?? []).array
        let oldPlaces = boundPlaces[index] ?? KeyPlaces()
        let start = firstPlace(of: index, in: model)
        let oldCount = old.reduce(0) { $0 + $1.rows.count }
        let dataName = model.data[repeater.data].name
        var next = BlockArray<BoundElement>.Builder()
        var newRows: [Int] = []
        newRows.reserveCapacity(elements.count * plan.template.topLevelCount)
        var inserted: [Int] = []
        var keptOld = [Bool](repeating: false, count: old.count)
        if old.isEmpty {
            // A first binding makes every element's rows: room for them at
            // once (growing the arrays copied each row many times over),
            // and an eighth more, so that the elements pushed next do not
            // copy every row to grow them at the first push.
            inserted.reserveCapacity(newRows.capacity)
            let room = elements.count + elements.count / 8
            model.rows.reserveCapacity(model.rows.count + room * repeater.template.rows.count)
            model.expressions.constants.reserveCapacity(model.expressions.constants.count + room * plan.template.parameters.count)
            model.expressions.code.reserveCapacity(model.expressions.code.count + room * plan.template.code.count)
        }
        // Where the element after the last one found is, first: most
        // elements keep their order, and comparing a key is cheaper than
        // hashing it (keys are unique, so the two agree).
        var guess = 0
        for (position, element) in elements.enumerated() {
            let found = guess < old.count && old[guess].record.key == element.key ? guess : oldPlaces[element.key]
            if let offset = found { guess = offset + 1 }
            if let offset = found, old[offset].record == element, !plan.readsIndex || offset == position {
                next.append(old[offset])
                old[offset].rows.append(to: &newRows)
                keptOld[offset] = true
                continue
            }
            let firstNew = model.rows.count
            let (rows, constants) = Self.makeRows(
                index, template: repeater.template, plan: plan, element: element, position: position, outer: [:], data: dataName, keys: "",
                parentStack: repeater.stack, plans: &plans, in: &model)
            rows.append(to: &inserted)
            rows.append(to: &newRows)
            next.append(BoundElement(record: element, rows: rows, made: firstNew..<model.rows.count, constants: constants))
        }
        let end = min(start + oldCount, model.stacks[repeater.stack].rows.count)
        model.stacks[repeater.stack].rows.replaceSubrange(min(start, end)..<end, with: newRows)
        let list = next.finish()
        bound[index] = list
        boundPlaces[index] = places.map(KeyPlaces.init) ?? KeyPlaces(keys: list.map(\.record.key))
        var removed: [Int] = []
        for (offset, element) in old.enumerated() where !keptOld[offset] { element.rows.append(to: &removed) }
        return (inserted, removed)
    }

    /// Where the rows of top-level `for` `index` start in its stack's list:
    /// after its anchor row and the rows of earlier `for`s placed after
    /// the same row.
    func firstPlace(of index: Int, in model: ScreenModel) -> Int {
        let repeater = model.repeaters[index]
        let list = model.stacks[repeater.stack].rows
        var start = repeater.after >= 0 ? (list.firstIndex(of: repeater.after).map { $0 + 1 } ?? 0) : 0
        for earlier in 0..<index
        where model.repeaters[earlier].parent < 0 && model.repeaters[earlier].stack == repeater.stack && model.repeaters[earlier].after == repeater.after {
            start += (bound[earlier] ?? []).reduce(0) { $0 + $1.rows.count }
        }
        return start
    }

    /// Makes the rows of `for` `index` for one element, the rows of the
    /// `for`s nested in it inside them; returns the rows that go in
    /// `parentStack` (in order) and the first constant holding the
    /// element's values (in the order of its plan's parameters). Ids take
    /// the keys of every enclosing element: `item[s1][b2]`. `template`:
    /// the `for`'s (passed in: taking it out of the model for each element
    /// retained and released each of its arrays).
    static func makeRows(
        _ index: Int, template: ComponentTemplate, plan: RepeaterPlan, element: BoundRecord, position: Int, outer: [Int: RuntimeValue], data: String, keys: String,
        parentStack: Int, plans: inout [Int: RepeaterPlan], in model: inout ScreenModel
    ) -> (rows: RowList, constants: UInt32) {
        let rowBase = model.rows.count
        let stackBase = model.stacks.count
        // The keys of the enclosing elements and this one's, `[s1][d2]`:
        // built only when more than the ids need them.
        let children = plan.children
        let keys = keys.isEmpty && children.isEmpty && plan.template.states.isEmpty ? "" : keys.keyed(element.key)
        let sources = plan.sources
        func value(_ planned: Int) -> RuntimeValue? {
            switch sources[planned] {
            case .field(let field): field < element.values.count ? element.values[field] : nil
            case .index: .number(Double(position))
            case .outer(let parameter): outer[parameter]
            }
        }
        let (made, constants) = model.appendRows(
            of: template, plan: plan.template, value: value, label: { data + keys }, parent: parentStack)
        for row in rowBase..<model.rows.count {
            model.rows[row].madeByFor = true
            if let id = model.rows[row].id { model.rows[row].id = keys.isEmpty ? id.keyed(element.key) : id.joined(with: keys) }
        }
        if children.isEmpty { return (made, constants) }
        var rows = made.array
        let repeater = model.repeaters[index]
        var values = outer
        for (field, parameter) in repeater.fieldParameters.enumerated() where parameter >= 0 && field < element.values.count {
            values[parameter] = element.values[field]
        }
        if repeater.indexParameter >= 0 { values[repeater.indexParameter] = .number(Double(position)) }
        for child in children {
            let nested = model.repeaters[child]
            let childPlan = Self.sharedPlan(child, in: &model, plans: &plans)
            let stack = nested.stack >= 0 ? stackBase + nested.stack : parentStack
            var made: [Int] = []
            for (place, inner) in (element.lists[nested.listField] ?? []).enumerated() {
                made += makeRows(
                    child, template: nested.template, plan: childPlan, element: inner, position: place, outer: values, data: data, keys: keys, parentStack: stack,
                    plans: &plans, in: &model
                ).rows
            }
            let anchor = nested.after >= 0 ? rowBase + nested.after : -1
            if nested.stack >= 0 {
                let at = anchor >= 0 ? (model.stacks[stack].rows.firstIndex(of: anchor).map { $0 + 1 } ?? 0) : 0
                model.stacks[stack].rows.insert(contentsOf: made, at: at)
            } else {
                let at = anchor >= 0 ? (rows.firstIndex(of: anchor).map { $0 + 1 } ?? 0) : 0
                rows.insert(contentsOf: made, at: at)
            }
        }
        return (RowList(rows), constants)
    }

    /// Changes one element of list `name`, the one with key `key`, to JSON
    /// object `json`: its rows are updated in place and evaluated again,
    /// O(log n) for rows of the screen's own stack. The element's key may
    /// not change (bind the list for that). Throws when no element has the
    /// key or the object does not fit the record; nothing changes then.
    /// An element whose `for` holds `for`s, or whose rows' stacks read its
    /// fields, has its rows made again instead (O(n): a re-binding).
    @discardableResult
    public mutating func update(_ name: String, key: String, json: String) throws(RuntimeError) -> [LiveEvent] {
        let model = screen.model
        guard let dataIndex = model.data.firstIndex(where: { $0.name == name }), model.data[dataIndex].isList else {
            throw RuntimeError("the screen has no list data '\(name)'")
        }
        var one = model.data[dataIndex]
        one.isList = false
        one.name = "\(name)[\(key)]"
        let record = try one.elements(fromJSON: json, shape: model.readShape(ofData: dataIndex), enums: model.enums)[0]
        let values = record.values
        var patches: [(slot: UInt32, value: RuntimeValue)] = []
        var changedRows: [Int] = []
        var edited: [(repeater: Int, place: Int)] = []
        var remake = false
        for index in model.repeaters.indices where model.repeaters[index].data == dataIndex && model.repeaters[index].parent < 0 {
            let repeater = model.repeaters[index]
            guard let place = boundPlaces[index]?[key], let element = bound[index]?[place] else {
                throw RuntimeError("\(name) has no element with key '\(key)'")
            }
            if repeater.keyField >= 0, ValueText.keyText(values[repeater.keyField], enums: model.enums) != key {
                throw RuntimeError("\(name)[\(key)]: the key cannot change in an update; bind the list instead")
            }
            let plan = plan(index)
            if !plan.editsInPlace { remake = true }
            patches += Self.patches(element, of: repeater, plan: plan, to: values)
            changedRows += Array(element.made)
            edited.append((index, place))
        }
        if remake, let first = edited.first, let current = bound[first.repeater] {
            var elements = current.map(\.record)
            elements[first.place] = BoundRecord(key: key, values: values, lists: record.lists)
            return apply(dataIndex, elements)
        }
        return observe { live in
            for patch in patches { live.incremental.screen.setConstant(patch.slot, to: patch.value) }
            for (repeater, place) in edited { live.bound[repeater]?[place].record.values = values }
            live.incremental.update(rows: changedRows)
        }
    }

    /// A re-binding that keeps every element's key and place and only changes
    /// values: each changed value is written into the constant its rows read,
    /// and those rows are evaluated again — O(k log n) for k changed
    /// elements of the screen's own stack, no rows made or removed. Nil when
    /// the change is not of that kind (the keyed diff takes it then).
    private mutating func editInPlace(_ lists: [(repeater: Int, elements: [BoundRecord])]) -> [LiveEvent]? {
        let model = screen.model
        var patches: [(slot: UInt32, value: RuntimeValue)] = []
        var changedRows: [Int] = []
        var next: [Int: BlockArray<BoundElement>] = [:]
        for (index, elements) in lists {
            guard var current = bound[index], current.count == elements.count else { return nil }
            let repeater = model.repeaters[index]
            // Stack settings are not re-evaluated row by row: if a template's
            // stacks read a field, only a full layout is right; nested
            // `for`s' rows read the element's values as constants of their own.
            let plan = plan(index)
            if !plan.editsInPlace { return nil }
            for (position, element) in current.enumerated() {
                let old = element.record, new = elements[position]
                guard old.key == new.key, old.lists == new.lists else { return nil }
                guard old.values != new.values else { continue }
                patches += Self.patches(element, of: repeater, plan: plan, to: new.values)
                changedRows += Array(element.made)
                current[position].record.values = new.values
            }
            next[index] = current
        }
        return observe { live in
            for patch in patches { live.incremental.screen.setConstant(patch.slot, to: patch.value) }
            for (index, elements) in next { live.bound[index] = elements }
            live.incremental.update(rows: changedRows)
        }
    }

    /// The constants to rewrite when `element` of `repeater` takes `values`:
    /// each changed field's, where the rows read it.
    private static func patches(
        _ element: BoundElement, of repeater: RepeaterModel, plan: RepeaterPlan, to values: FieldValues
    ) -> [(slot: UInt32, value: RuntimeValue)] {
        let old = element.record.values
        var out: [(slot: UInt32, value: RuntimeValue)] = []
        for field in values.indices where field < old.count && old[field] != values[field] {
            let parameter = field < repeater.fieldParameters.count ? repeater.fieldParameters[field] : -1
            if parameter >= 0, let position = plan.template.parameters.firstIndex(of: parameter) {
                out.append((element.constants + UInt32(position), values[field]))
            }
        }
        return out
    }
}
