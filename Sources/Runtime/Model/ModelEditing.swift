// Editing a compiled model at run time: instances of its components
// appended as rows and stacks. The live screen's mutations (insert,
// replace) use it, then lay the screen out again; lowering produces the
// same rows at compile time (InstantiationTests holds them equal).

extension ScreenModel {
    /// Appends an instance of one of the model's components to stack
    /// `parent`'s rows and stacks (not to its row list: the caller places
    /// it); returns its row. Arguments are checked against the template's
    /// parameters, and every expression that reads a parameter gets a copy
    /// reading the argument — the one list of a row's expressions
    /// (`mapExpressions`) says which those are.
    package mutating func instantiate(_ instance: ComponentInstance, parent: Int) throws(RuntimeError) -> Int {
        guard let template = self.components.first(where: { $0.name == instance.component }) else {
            let known = self.components.map(\.name)
            throw RuntimeError("there is no component '\(instance.component)'" + (known.isEmpty ? "" : "; the screen has \(known.joined(separator: ", "))"))
        }
        if let id = instance.id, self.rows.contains(where: { $0.id == id }), Screen(model: self).row(id: id) != nil {
            // (A removed row's id is free again: Screen answers only for listed rows.)
            throw RuntimeError("a row with id '\(id)' is already in the screen")
        }
        // Arguments by parameter: given, else the default; typed.
        var values: [Int: RuntimeValue] = [:]
        let names = template.parameters.map { self.parameters[$0].name }
        for name in instance.arguments.keys where !names.contains(name) {
            throw RuntimeError("\(template.name) has no parameter '\(name)'" + (names.isEmpty ? "" : "; its parameters are \(names.joined(separator: ", "))"))
        }
        for index in template.parameters {
            let parameter = self.parameters[index]
            guard let value = instance.arguments[parameter.name] ?? parameter.defaultValue else {
                throw RuntimeError("\(template.name) needs an argument '\(parameter.name)'")
            }
            guard ValueKind(value) == ValueKind(parameter.type) else {
                throw RuntimeError("argument '\(parameter.name)' of \(template.name) must be \(ValueKind(parameter.type))")
            }
            values[index] = value
        }
        // The component's own state: slots of this instance's, starting as
        // the template's ("sauna.on", or "Toggle@41.on" without an id: 41 is
        // the new row's key, as positions change while rows come and go).
        let label = instance.id ?? "\(template.name)@\(self.rows.count)"
        let first = appendRows(of: template, values: values, label: label, parent: parent).rows[0]
        self.rows[first].id = instance.id
        return first
    }

    /// Appends the rows and stacks of `template` with its parameters bound to
    /// `values` (by parameter index), its own state copied into slots named
    /// "label.name"; returns the rows whose parent is `parent`, in order (the
    /// caller lists them), and the constant slot each parameter's value went
    /// to (binding data patches those to change an element in place).
    /// Template rows keep their ids.
    package mutating func appendRows(
        of template: ComponentTemplate, values: [Int: RuntimeValue], label: String, parent: Int
    ) -> (rows: [Int], slots: [Int: UInt32]) {
        var ownStates: [UInt32: UInt32] = [:]
        for slot in template.states where slot < self.state.count {
            let local = self.state[slot].name.split(separator: ".").last.map(String.init) ?? self.state[slot].name
            ownStates[UInt32(slot)] = UInt32(self.state.count)
            self.state.append(StateSlot(name: "\(label).\(local)", type: self.state[slot].type, initial: self.state[slot].initial))
        }
        // Expressions that read parameters get copies reading the arguments;
        // those reading the component's own state, copies reading the instance's.
        var rewritten: [ExprRef: ExprRef] = [:]
        var constants: [Int: UInt32] = [:]
        func rewrite(_ ref: ExprRef) -> ExprRef {
            // Most of a row's expressions are single constants: nothing to copy.
            if ref.count == 1, case .constant = self.expressions.code[Int(ref.start)] { return ref }
            if let done = rewritten[ref] { return done }
            let range = Int(ref.start)..<Int(ref.start + ref.count)
            let needsCopy = self.expressions.code[range].contains { instruction in
                switch instruction {
                case .parameter: true
                case .state(let slot): ownStates[slot] != nil
                default: false
                }
            }
            guard needsCopy else { return ref }
            var code: [Instruction] = []
            for instruction in self.expressions.code[range] {
                if case .state(let slot) = instruction, let own = ownStates[slot] {
                    code.append(.state(own))
                } else if case .parameter(let p) = instruction, let value = values[Int(p)] {
                    if constants[Int(p)] == nil {
                        self.expressions.constants.append(value)
                        constants[Int(p)] = UInt32(self.expressions.constants.count - 1)
                    }
                    code.append(.constant(constants[Int(p)]!))
                } else {
                    code.append(instruction)
                }
            }
            let new = ExprRef(start: UInt32(self.expressions.code.count), count: UInt32(code.count))
            self.expressions.code.append(contentsOf: code)
            rewritten[ref] = new
            return new
        }
        let rowBase = self.rows.count
        let stackBase = self.stacks.count
        for local in template.stacks {
            var stack = local.mapExpressions(rewrite)
            stack.rows = local.rows.map { $0 + rowBase }
            self.stacks.append(stack)
        }
        var topLevel: [Int] = []
        for (number, local) in template.rows.enumerated() {
            var row = local.mapExpressions(rewrite)
            row.tap = row.tap.map { action in
                switch action {
                case .toggle(let slot): .toggle(state: ownStates[UInt32(slot)].map(Int.init) ?? slot)
                case .set(let slot, let value): .set(state: ownStates[UInt32(slot)].map(Int.init) ?? slot, value: value)
                default: action
                }
            }
            row.parent = local.parent < 0 ? parent : stackBase + local.parent
            if local.parent < 0 { topLevel.append(rowBase + number) }
            if case .stack(let index) = local.content { row.content = .stack(stackBase + index) }
            self.rows.append(row)
        }
        return (topLevel, constants.reduce(into: [:]) { $0[$1.key] = $1.value })
    }
}
