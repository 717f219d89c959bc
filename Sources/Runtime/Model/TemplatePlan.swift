// What making an instance of a component template takes, worked out once
// per template instead of once per instance. Binding 100,000 elements made
// the same decisions 100,000 times — which expressions read a parameter,
// which rows can be copied as they are — through a dictionary lookup per
// expression of every row; with a plan an instance is a few appends.

/// How to instantiate one template: the expressions each instance gets a
/// copy of (those reading a parameter or the component's own state), the
/// parameters those copies read, and which rows and stacks hold them.
package struct TemplatePlan: Sendable {
    /// The expressions copied, in the order a row-by-row walk meets them,
    /// and where each starts in `code`.
    let originals: [ExprRef]
    let offsets: [UInt32]
    /// Their code one after another, `.parameter(i)` standing for
    /// `parameters[i]`: an instance appends it with those made constants.
    let code: [Instruction]
    /// How many of the template's rows are top-level (parent -1).
    let topLevelCount: Int
    /// The parameters (indices into `ScreenModel.parameters`) the copies
    /// read, in the order first met: an instance's values go into
    /// consecutive constants in this order.
    package let parameters: [Int]
    /// The template's own state slots.
    package let states: [Int]
    /// Per template row and stack: whether it holds a copied expression
    /// or, for a row, a tap on the component's own state.
    let rowChanges: [Bool]
    let stackChanges: [Bool]
    /// Per template row: whether its layout facts other than its text
    /// read no parameter or own state — every instance's row then has the
    /// same facts, its text aside — and whether its layout reads state.
    package let rowFactsShared: [Bool]
    package let rowLayoutReadsState: [Bool]
    /// Whether a stack of the template reads a parameter or its own state.
    package var stacksRead: Bool { stackChanges.contains(true) }
    /// Whether instances can share one copy of the code instead of a copy
    /// each: the template has no state of its own, its stacks read no
    /// parameter, and neither do its rows' taps or transitions (those are
    /// evaluated without a row at hand; the rest with the row's constants).
    package let shareable: Bool
    /// Once shared (`share(into:)`): the template's rows reading the
    /// shared code, each instance's row a copy with its own constants.
    package internal(set) var sharedRows: [RowModel]?

    /// The plan of `template` of `model`.
    package init(_ template: ComponentTemplate, in model: ScreenModel) {
        let own = Set(template.states.map(UInt32.init))
        let code = model.expressions.code
        var copies: [(original: ExprRef, code: ArraySlice<Instruction>)] = []
        var seen = Set<ExprRef>()
        var parameters: [Int] = []
        var changes = false
        func look(_ ref: ExprRef) -> ExprRef {
            let range = Int(ref.start)..<Int(ref.start + ref.count)
            guard range.upperBound <= code.count else { return ref }
            var needsCopy = false
            for instruction in code[range] {
                switch instruction {
                case .parameter: needsCopy = true
                case .state(let slot) where own.contains(slot): needsCopy = true
                default: break
                }
            }
            guard needsCopy else { return ref }
            changes = true
            guard seen.insert(ref).inserted else { return ref }
            for instruction in code[range] {
                if case .parameter(let p) = instruction, !parameters.contains(Int(p)) { parameters.append(Int(p)) }
            }
            copies.append((ref, ArraySlice(code[range])))
            return ref
        }
        var stackChanges: [Bool] = []
        for stack in template.stacks {
            changes = false
            _ = stack.mapExpressions(look)
            stackChanges.append(changes)
        }
        // Per row: whether it holds a copy; whether its layout facts other
        // than its text hold one, and whether its layout reads state; and
        // whether a tap or transition reads a copied expression (those are
        // evaluated without the row at hand, which rules sharing out).
        var rowChanges: [Bool] = []
        var shared: [Bool] = []
        var readsState: [Bool] = []
        var actionsRead = false
        for row in template.rows {
            changes = false
            row.forEachExpression { _ = look($0) }
            for action in row.tap {
                switch action {
                case .toggle(let slot), .set(let slot, _): if own.contains(UInt32(slot)) { changes = true }
                default: break
                }
                switch action {
                case .set(_, let value): if seen.contains(value) { actionsRead = true }
                case .insert(_, let arguments, _, _): if arguments.contains(where: { seen.contains($0.value) }) { actionsRead = true }
                default: break
                }
            }
            rowChanges.append(changes)
            for transition in row.transitions {
                let keyframes = [transition.from, transition.to].compactMap { $0 }
                let refs = [transition.duration, transition.delay] + keyframes.flatMap { [$0.alpha, $0.offsetX, $0.offsetY, $0.scale].compactMap { $0 } }
                if refs.contains(where: seen.contains) { actionsRead = true }
            }
            var text: ExprRef?
            if case .text(let ref, _, _, _, _, _) = row.content { text = ref }
            var same = true
            var reads = false
            row.forEachLayoutExpression { ref in
                if ref != text, seen.contains(ref) { same = false }
                let range = Int(ref.start)..<Int(ref.start + ref.count)
                guard range.upperBound <= code.count else { return }
                for instruction in code[range] { if case .state = instruction { reads = true } }
            }
            shared.append(same)
            readsState.append(reads)
        }
        rowFactsShared = shared
        rowLayoutReadsState = readsState
        shareable = template.states.isEmpty && !stackChanges.contains(true) && !actionsRead
        originals = copies.map(\.original)
        var offsets: [UInt32] = []
        var flat: [Instruction] = []
        for copy in copies {
            offsets.append(UInt32(flat.count))
            for instruction in copy.code {
                if case .parameter(let p) = instruction, let position = parameters.firstIndex(of: Int(p)) {
                    flat.append(.parameter(UInt32(position)))
                } else {
                    flat.append(instruction)
                }
            }
        }
        self.offsets = offsets
        self.code = flat
        topLevelCount = template.rows.count { $0.parent < 0 }
        self.parameters = parameters
        self.states = template.states
        self.rowChanges = rowChanges
        self.stackChanges = stackChanges
    }
}

extension ScreenModel {
    /// Appends the rows and stacks of `template` (planned by `plan`) with
    /// its parameters bound — `value(i)` is the value of `plan.parameters[i]`,
    /// asked once each — and its own state copied into slots named
    /// "label.name" (`label` is asked only if it has any). Returns the rows
    /// whose parent is `parent`, in order (the caller lists them), and the
    /// first of the constants holding the values, in the order of
    /// `plan.parameters` (binding data patches those to change an element
    /// in place). Template rows keep their ids.
    package mutating func appendRows(
        of template: ComponentTemplate, plan: TemplatePlan, value: (Int) -> RuntimeValue?, label: () -> String, parent: Int
    ) -> (rows: RowList, constants: UInt32) {
        var ownStates: [(template: UInt32, instance: UInt32)] = []
        if !plan.states.isEmpty {
            let label = label()
            for slot in plan.states where slot < state.count {
                let local = state[slot].name.split(separator: ".").last.map(String.init) ?? state[slot].name
                ownStates.append((UInt32(slot), UInt32(state.count)))
                state.append(StateSlot(name: "\(label).\(local)", type: state[slot].type, initial: state[slot].initial))
            }
        }
        func instanceSlot(_ slot: UInt32) -> UInt32? { ownStates.first { $0.template == slot }?.instance }
        // A value not given reads as 0, as a parameter left in code does.
        let firstConstant = UInt32(expressions.constants.count)
        for position in plan.parameters.indices { expressions.constants.append(value(position) ?? .number(0)) }
        if let shared = plan.sharedRows { return appendSharedRows(of: template, plan: plan, rows: shared, constants: firstConstant, parent: parent) }
        // The copies go one after another: copy i starts at `firstCode + plan.offsets[i]`.
        let firstCode = UInt32(expressions.code.count)
        for instruction in plan.code {
            switch instruction {
            case .parameter(let position): expressions.code.append(.constant(firstConstant + position))
            case .state(let slot) where !ownStates.isEmpty: expressions.code.append(.state(instanceSlot(slot) ?? slot))
            default: expressions.code.append(instruction)
            }
        }
        let originals = plan.originals
        let offsets = plan.offsets
        func rewrite(_ ref: ExprRef) -> ExprRef {
            guard let index = originals.firstIndex(of: ref) else { return ref }
            return ExprRef(start: firstCode + offsets[index], count: ref.count)
        }
        let rowBase = rows.count
        let stackBase = stacks.count
        for (number, local) in template.stacks.enumerated() {
            var stack = plan.stackChanges[number] ? local.mapExpressions(rewrite) : local
            stack.rows = BlockArray(local.rows.map { $0 + rowBase })
            stacks.append(stack)
        }
        var topLevel: [Int] = []
        topLevel.reserveCapacity(plan.topLevelCount)
        // Each row is copied once and finished before it goes into the
        // model's pages (each write there checks two arrays' uniqueness).
        for number in template.rows.indices {
            var row = template.rows[number]
            if plan.rowChanges[number] { row.rewriteExpressions(rewrite) }
            let localParent = row.parent
            row.parent = localParent < 0 ? parent : stackBase + localParent
            if localParent < 0 { topLevel.append(rows.count) }
            if case .stack(let index) = row.content { row.content = .stack(stackBase + index) }
            if plan.rowChanges[number], !ownStates.isEmpty {
                row.tap = row.tap.map { action in
                    switch action {
                    case .toggle(let slot): .toggle(state: instanceSlot(UInt32(slot)).map(Int.init) ?? slot)
                    case .set(let slot, let value): .set(state: instanceSlot(UInt32(slot)).map(Int.init) ?? slot, value: value)
                    default: action
                    }
                }
            }
            rows.append(row)
        }
        return (RowList(topLevel), firstConstant)
    }
}
