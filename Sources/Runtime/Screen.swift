// A screen at run time: a compiled model, its current state and viewport.

/// What the runtime refuses, in words for the person who asked.
public struct RuntimeError: Error, CustomStringConvertible, Sendable, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// An instance of a compiled screen: state values and a viewport.
package struct Screen: Sendable {
    package private(set) var model: ScreenModel
    /// Current state, by slot (`model.state`); values a bound element's
    /// own state adds go into pages, as its slots do.
    package private(set) var state: ValueTable
    package var viewportWidth: Double
    package var viewportHeight: Double
    /// Which way the screen reads: right to left mirrors every frame.
    package var direction: LayoutDirection = .ltr
    /// Rows hidden or shown whatever their `hidden` expression says (a
    /// host's `setHidden`): part of the screen, so that every layout of it
    /// — incremental or from scratch — sees them.
    package private(set) var hiddenOverrides: [Int: Bool] = [:]
    /// In shards: a copy of the screen that frees or adds an id copies one.
    private var rowsByID: ShardedKeyIndex

    package init(model: ScreenModel, viewportWidth: Double = 390, viewportHeight: Double = 844) {
        self.model = model
        // A bound list's elements append to a screen's copies.
        self.model.appendInPages()
        self.state = ValueTable(model.state.map(\.initial))
        self.state.appendInPages()
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        // Only rows the screen shows answer to their id — listed by its
        // stack or a flow step's, or inside a row that is: a removed row's
        // id, and those of the rows inside it, are free for rows inserted
        // later.
        var listed = [Bool](repeating: false, count: model.rows.count)
        var visited = [Bool](repeating: false, count: model.stacks.count)
        var stacks = [model.rootStack] + model.steps.map(\.stack)
        while let stack = stacks.popLast() {
            guard stack >= 0, stack < visited.count, !visited[stack] else { continue }
            visited[stack] = true
            for row in model.stacks[stack].rows where row < listed.count {
                listed[row] = true
                // The kind first: a row's content is put together from its
                // shared record (a text's strings retained) when read.
                if model.rows[row].kind == .stack, case .stack(let held) = model.rows[row].content { stacks.append(held) }
            }
        }
        var ids = ShardedKeyIndex(minimumCapacity: model.rows.indices.count { listed[$0] && model.rows[$0].id != nil })
        for index in model.rows.indices where listed[index] {
            if let id = model.rows[index].id, ids[id] == nil { ids.updateValue(index, forKey: id) }
        }
        rowsByID = ids
    }

    /// The same screen (state, viewport) over an edited model.
    init(replacing screen: Screen, model: ScreenModel) {
        self.init(model: model, viewportWidth: screen.viewportWidth, viewportHeight: screen.viewportHeight)
        // State slots the edit added (an inserted instance's own) start at their initial values.
        self.state = screen.state
        self.state.append(contentsOf: model.state.dropFirst(screen.state.count).map(\.initial))
        self.hiddenOverrides = screen.hiddenOverrides.filter { $0.key < model.rows.count }
        self.direction = screen.direction
    }

    /// Takes back the model handed over by `takeModel()`, edited by adding
    /// rows `inserted` (listed by a stack now) and unlisting rows `removed`,
    /// and nothing else about ids: the id table is patched for those rows
    /// alone, O(k) instead of the O(n) of `init(replacing:model:)`. State
    /// slots the edit added start at their initial values.
    package mutating func restoreModel(_ edited: ScreenModel, inserted: [Int], removed: [Int]) {
        model = edited
        if state.count < model.state.count { state.append(contentsOf: model.state.dropFirst(state.count).map(\.initial)) }
        forgetIDs(of: removed)
        let inserted = rowsWithin(inserted)
        rowsByID.reserveCapacity(rowsByID.count + inserted.count)
        for row in inserted where row < model.rows.count {
            // The lowest row with an id answers to it, as a table built
            // afresh has it; one lookup for the usual id not seen before.
            if let id = model.rows[row].id, let earlier = rowsByID.updateValue(row, forKey: id), earlier < row {
                rowsByID.updateValue(earlier, forKey: id)
            }
        }
    }

    /// Edits the rows stack `stack` lists, in place (the screen built again
    /// copied the model and its id table: O(n) a call); `removed`, the rows
    /// it no longer lists, free their ids.
    package mutating func editRows(ofStack stack: Int, removing removed: [Int], _ edit: (inout BlockArray<Int>) -> Void) {
        edit(&model.stacks[stack].rows)
        forgetIDs(of: removed)
    }

    /// Frees the ids of rows `rows`, which no stack lists any more, for
    /// rows inserted later, as a table built afresh has them.
    package mutating func forgetIDs(of rows: [Int]) {
        for row in rowsWithin(rows) where row < model.rows.count {
            if let id = model.rows[row].id, rowsByID[id] == row { rowsByID.removeValue(forKey: id) }
        }
    }

    /// `rows` and the rows inside those that hold stacks (a card's), in
    /// no particular order: O(rows) and the rows inside them.
    private func rowsWithin(_ rows: [Int]) -> [Int] {
        var out: [Int]?
        var holders: [Int] = []
        for row in rows where row >= 0 && row < model.rows.count && model.rows[row].kind == .stack { holders.append(row) }
        var steps = 0
        while let holder = holders.popLast(), steps <= model.rows.count {
            guard case .stack(let stack) = model.rows[holder].content, stack >= 0, stack < model.stacks.count else { continue }
            if out == nil { out = rows }
            for row in model.stacks[stack].rows where row >= 0 && row < model.rows.count {
                out?.append(row)
                steps += 1
                if model.rows[row].kind == .stack { holders.append(row) }
            }
        }
        return out ?? rows
    }

    /// Hands the model over for editing, leaving this screen without rows,
    /// stacks, code or state slots until it is replaced (`restoreModel`):
    /// editing a copy would copy what it writes (a page of rows, the code's
    /// tables, every state slot when an element brings state of its own:
    /// 100,000 slots copied, and then let go, for each element pushed).
    package mutating func takeModel() -> ScreenModel {
        let taken = model
        model.rows = []
        model.stacks = []
        model.expressions = ExpressionTable()
        model.state = []
        return taken
    }

    /// Replaces the value of constant `slot` of the model's code (an element
    /// of bound data edited in place); the caller re-evaluates its readers.
    package mutating func setConstant(_ slot: UInt32, to value: RuntimeValue) {
        guard Int(slot) < model.expressions.constants.count else { return }
        model.expressions.constants[Int(slot)] = value
    }

    /// Hides or shows `row` whatever its `hidden` expression says.
    package mutating func overrideHidden(_ row: Int, _ hidden: Bool) {
        hiddenOverrides[row] = hidden
    }

    /// What expressions see now.
    package var context: EvaluationContext {
        EvaluationContext(state: state, viewportWidth: viewportWidth, viewportHeight: viewportHeight)
    }

    /// Lays the screen out with `measurer` (the deterministic default unless a host brings its own).
    package func layout(measurer: any Measurer = DefaultMeasurer()) -> ScreenLayout {
        layout(resolve(), measurer: measurer)
    }

    /// Every row's layout properties evaluated for the current state and
    /// viewport. Evaluating is separate from laying out so that a host can
    /// re-run layout (a new measurer, a rotated viewport of the same state)
    /// without evaluating again.
    package func resolve() -> ResolvedScreen {
        var resolved = ResolvedScreen(model: model, context: context)
        for (row, hidden) in hiddenOverrides where row < resolved.specs.count { resolved.specs[row].hidden = hidden }
        return resolved
    }

    /// Lays out already-evaluated rows.
    package func layout(_ resolved: ResolvedScreen, measurer: any Measurer = DefaultMeasurer()) -> ScreenLayout {
        // The hot loops read plain buffers; the layout keeps columns of
        // its own (sharing their buffers until either side writes).
        var resolved = resolved
        resolved.detach()
        var engine = LayoutEngine(resolved: resolved, model: model, measurer: measurer)
        let root = model.rootStack
        let axis = resolved.stacks[root].axis
        let cross = axis == .vertical ? viewportWidth : viewportHeight
        let main = axis == .vertical ? viewportHeight : viewportWidth
        engine.layoutStack(root, cross: cross, viewport: main)
        var layout = ScreenLayout(
            engine: engine, resolved: resolved, model: model, root: root, viewportWidth: viewportWidth, viewportHeight: viewportHeight)
        layout.mirrored = direction == .rtl
        return layout
    }

    /// The row with `id`, if any.
    package func row(id: String) -> Int? { rowsByID[id] }

    /// The first and last of the screen's own rows.
    package var firstRow: Int? { model.stacks[model.rootStack].rows.first }
    package var lastRow: Int? { model.stacks[model.rootStack].rows.last }

    /// The state slot called `name`.
    package func stateIndex(_ name: String) -> Int? {
        model.state.firstIndex { $0.name == name }
    }

    /// Sets state `name`; the value's type must be the slot's.
    package mutating func setState(_ name: String, to value: RuntimeValue) throws(RuntimeError) {
        guard let index = stateIndex(name) else { throw unknownState(name) }
        try setState(slot: index, to: value)
    }

    /// Sets state slot `index` (of `model.state`), as `setState(_:to:)`
    /// does by name: a copy of another screen's state is slot by slot.
    package mutating func setState(slot index: Int, to value: RuntimeValue) throws(RuntimeError) {
        try check(slot: index, value)
        state[index] = value
    }

    /// Throws what `setState(_:to:)` would, changing nothing: for a change
    /// of several states that must set all of them or none.
    package func check(_ name: String, _ value: RuntimeValue) throws(RuntimeError) {
        guard let index = stateIndex(name) else { throw unknownState(name) }
        try check(slot: index, value)
    }

    private func check(slot index: Int, _ value: RuntimeValue) throws(RuntimeError) {
        guard model.state.indices.contains(index) else { throw RuntimeError("the screen has no state slot \(index)") }
        let name = model.state[index].name
        guard Self.value(value, fits: model.state[index].type) else {
            throw RuntimeError("state '\(name)' is \(typeName(model.state[index].type)); \(describe(value)) is not")
        }
        try checkRange(name, value)
    }

    /// A flow's `flow.depth` counts its shown steps: a whole number from 0
    /// to the number of steps. Any other value would index past the steps.
    private func checkRange(_ name: String, _ value: RuntimeValue) throws(RuntimeError) {
        guard model.isFlow, name == ScreenModel.flowDepthState else { return }
        let x = value.numberValue
        guard ScreenModel.isValidFlowDepth(x, steps: model.steps.count) else {
            throw RuntimeError(
                "'\(name)' counts the shown steps of flow '\(model.name)': a whole number from 0 to \(model.steps.count), not \(describe(value))")
        }
    }

    /// The value of state `name`.
    package func stateValue(_ name: String) throws(RuntimeError) -> RuntimeValue {
        guard let index = stateIndex(name) else { throw unknownState(name) }
        return state[index]
    }

    /// Sets state from text as a person types it: `true`, `12`, `300ms`,
    /// `#FF0000`, `red`, `.photos` or `photos`, or any text for a string.
    package mutating func setState(_ name: String, fromText text: String) throws(RuntimeError) {
        guard let index = stateIndex(name) else { throw unknownState(name) }
        let type = model.state[index].type
        guard let value = parse(text, as: type) else {
            throw RuntimeError("state '\(name)' is \(typeName(type)), and '\(text)' is not a \(typeName(type))\(hint(for: type))")
        }
        try checkRange(name, value)
        state[index] = value
    }

    private func unknownState(_ name: String) -> RuntimeError {
        let names = model.state.map(\.name)
        return RuntimeError(
            "screen '\(model.name)' has no state '\(name)'" + (names.isEmpty ? "; it declares none" : "; it has \(NameList.shortened(names))"))
    }

    private static func value(_ value: RuntimeValue, fits type: RuntimeType) -> Bool {
        switch (value, type) {
        case (.bool, .bool), (.number, .number), (.string, .string), (.color, .color), (.duration, .duration): true
        case (.enumCase(let e, let c), .enumeration(let expected)): e == expected && c >= 0
        default: false
        }
    }

    package func typeName(_ type: RuntimeType) -> String {
        switch type {
        case .bool: "bool"
        case .number: "number"
        case .string: "string"
        case .color: "color"
        case .duration: "duration"
        case .enumeration(let index): index < model.enums.count ? model.enums[index].name : "enum"
        }
    }

    private func hint(for type: RuntimeType) -> String {
        switch type {
        case .bool: "; use true or false"
        case .duration: "; write it as 300ms or 1s"
        case .color: "; write it as #RRGGBB"
        case .enumeration(let index) where index < model.enums.count:
            "; its cases are " + NameList.shortened(model.enums[index].cases.map { "." + $0 })
        default: ""
        }
    }

    /// A value's readable form.
    package func describe(_ value: RuntimeValue) -> String {
        switch value {
        case .bool(let b): String(b)
        case .number(let x): NumberText.format(x)
        case .percent(let x): NumberText.format(x) + "%"
        case .string(let s): "\"\(s)\""
        case .color(let c): "#" + String(c, radix: 16, uppercase: true).leftPadded(to: 8)
        case .duration(let s): NumberText.format(s * 1000) + "ms"
        case .fit: "fit"
        case .fill(let w): "fill(\(NumberText.format(w)))"
        case .enumCase(let e, let c):
            e < model.enums.count && c < model.enums[e].cases.count ? "." + model.enums[e].cases[c] : ".?"
        }
    }

    private func parse(_ text: String, as type: RuntimeType) -> RuntimeValue? {
        switch type {
        case .bool:
            return text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
        case .number:
            guard let x = Double(text), x.isFinite else { return nil }
            return .number(x)
        case .string:
            return .string(text)
        case .duration:
            if text.hasSuffix("ms"), let x = Double(text.dropLast(2)), x.isFinite { return .duration(x / 1000) }
            if text.hasSuffix("s"), let x = Double(text.dropLast()), x.isFinite { return .duration(x) }
            return nil
        case .color:
            return NumberText.parseColor(text).map(RuntimeValue.color)
        case .enumeration(let index):
            guard index < model.enums.count else { return nil }
            let name = text.hasPrefix(".") ? String(text.dropFirst()) : text
            return model.enums[index].cases.firstIndex(of: name).map { .enumCase(enumIndex: index, caseIndex: $0) }
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
