// What making an instance of a component template takes, worked out once
// per template instead of once per instance. Binding 100,000 elements made
// the same decisions 100,000 times — which expressions read a parameter,
// which rows can be copied as they are — through a dictionary lookup per
// expression of every row; with a plan an instance is a few appends.

/// How to instantiate one template: the expressions each instance gets a
/// copy of (those reading a parameter or the component's own state), the
/// parameters those copies read, and which rows and stacks hold them.
package struct TemplatePlan: Sendable {
    /// An expression copied per instance and its code.
    struct Copy: Sendable {
        var original: ExprRef
        var code: [Instruction]
    }

    /// The copies, in the order a row-by-row walk meets them, and where
    /// each starts among an instance's copied code.
    let copies: [Copy]
    let offsets: [UInt32]
    /// How many of the template's rows are top-level (parent -1).
    let topLevelCount: Int
    /// The parameters (indices into `ScreenModel.parameters`) the copies
    /// read, in the order first met: an instance's values go into
    /// consecutive constants in this order.
    package let parameters: [Int]
    /// The template's own state slots.
    let states: [Int]
    /// Per template row and stack: whether it holds a copied expression
    /// or, for a row, a tap on the component's own state.
    let rowChanges: [Bool]
    let stackChanges: [Bool]
    /// Whether a stack of the template reads a parameter or its own state.
    package var stacksRead: Bool { stackChanges.contains(true) }

    /// The plan of `template` of `model`.
    package init(_ template: ComponentTemplate, in model: ScreenModel) {
        let own = Set(template.states.map(UInt32.init))
        let code = model.expressions.code
        var copies: [Copy] = []
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
            copies.append(Copy(original: ref, code: Array(code[range])))
            return ref
        }
        var stackChanges: [Bool] = []
        for stack in template.stacks {
            changes = false
            _ = stack.mapExpressions(look)
            stackChanges.append(changes)
        }
        var rowChanges: [Bool] = []
        for row in template.rows {
            changes = false
            row.forEachExpression { _ = look($0) }
            for action in row.tap {
                switch action {
                case .toggle(let slot), .set(let slot, _): if own.contains(UInt32(slot)) { changes = true }
                default: break
                }
            }
            rowChanges.append(changes)
        }
        self.copies = copies
        var offsets: [UInt32] = []
        var total: UInt32 = 0
        for copy in copies {
            offsets.append(total)
            total += UInt32(copy.code.count)
        }
        self.offsets = offsets
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
    ) -> (rows: [Int], constants: UInt32) {
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
        let firstConstant = UInt32(expressions.constants.count)
        var missing: [UInt32] = []
        for position in plan.parameters.indices {
            if let v = value(position) {
                expressions.constants.append(v)
            } else {
                // Not given: the code keeps reading the parameter (the slot is kept so the rest stay in order).
                missing.append(UInt32(plan.parameters[position]))
                expressions.constants.append(.number(0))
            }
        }
        // The copies go one after another: copy i starts at `firstCode + plan.offsets[i]`.
        let firstCode = UInt32(expressions.code.count)
        for copy in plan.copies {
            for instruction in copy.code {
                switch instruction {
                case .parameter(let p) where !missing.contains(p):
                    let position = plan.parameters.firstIndex(of: Int(p)) ?? 0
                    expressions.code.append(.constant(firstConstant + UInt32(position)))
                case .state(let slot) where !ownStates.isEmpty:
                    expressions.code.append(.state(instanceSlot(slot) ?? slot))
                default:
                    expressions.code.append(instruction)
                }
            }
        }
        func rewrite(_ ref: ExprRef) -> ExprRef {
            if ref.count == 1, case .constant = expressions.code[Int(ref.start)] { return ref }
            guard let index = plan.copies.firstIndex(where: { $0.original == ref }) else { return ref }
            return ExprRef(start: firstCode + plan.offsets[index], count: ref.count)
        }
        let rowBase = rows.count
        let stackBase = stacks.count
        for (number, local) in template.stacks.enumerated() {
            var stack = plan.stackChanges[number] ? local.mapExpressions(rewrite) : local
            stack.rows = local.rows.map { $0 + rowBase }
            stacks.append(stack)
        }
        var topLevel: [Int] = []
        topLevel.reserveCapacity(plan.topLevelCount)
        for (number, local) in template.rows.enumerated() {
            var row = local
            if plan.rowChanges[number] {
                row = local.mapExpressions(rewrite)
                if !ownStates.isEmpty {
                    row.tap = row.tap.map { action in
                        switch action {
                        case .toggle(let slot): .toggle(state: instanceSlot(UInt32(slot)).map(Int.init) ?? slot)
                        case .set(let slot, let value): .set(state: instanceSlot(UInt32(slot)).map(Int.init) ?? slot, value: value)
                        default: action
                        }
                    }
                }
            }
            row.parent = local.parent < 0 ? parent : stackBase + local.parent
            if local.parent < 0 { topLevel.append(rowBase + number) }
            if case .stack(let index) = local.content { row.content = .stack(stackBase + index) }
            rows.append(row)
        }
        return (topLevel, firstConstant)
    }
}
