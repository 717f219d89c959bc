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
        let plan = TemplatePlan(template, in: self)
        let first = appendRows(of: template, plan: plan, value: { values[plan.parameters[$0]] }, label: { label }, parent: parent).rows[0]
        self.rows[first].id = instance.id
        return first
    }
}
