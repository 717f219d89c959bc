// Editing a compiled model at run time: instances of its components
// appended as rows and stacks. The live screen's mutations (insert,
// replace) use it; lowering produces the same rows at compile time
// (InstantiationTests holds them equal).

/// An instance of one of a model's components whose arguments were
/// checked against the template (`ScreenModel.checked(_:)`): appending it
/// cannot fail.
package struct CheckedInstance: Sendable {
    package let instance: ComponentInstance
    let template: ComponentTemplate
    /// Argument values by parameter (index into `ScreenModel.parameters`).
    let values: [Int: RuntimeValue]
}

extension ScreenModel {
    /// Checks `instance` against its component's parameters: the component
    /// exists, every argument names a parameter, every parameter without a
    /// default has one, each of its type. Changes nothing. (Ids are the
    /// live screen's to check: it knows which rows are listed.)
    package func checked(_ instance: ComponentInstance) throws(RuntimeError) -> CheckedInstance {
        guard let template = self.components.first(where: { $0.name == instance.component }) else {
            let known = self.components.map(\.name)
            throw RuntimeError("there is no component '\(instance.component)'" + (known.isEmpty ? "" : "; the screen has \(NameList.shortened(known))"))
        }
        // Arguments by parameter: given, else the default; typed.
        var values: [Int: RuntimeValue] = [:]
        let names = template.parameters.map { self.parameters[$0].name }
        let known = Set(names)
        for name in instance.arguments.keys.sorted() where !known.contains(name) {
            throw RuntimeError("\(template.name) has no parameter '\(name)'" + (names.isEmpty ? "" : "; its parameters are \(NameList.shortened(names))"))
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
        return CheckedInstance(instance: instance, template: template, values: values)
    }

    /// Appends a checked instance to stack `parent`'s rows and stacks (not
    /// to its row list: the caller places it); returns its row. Every
    /// expression that reads a parameter gets a copy reading the argument —
    /// the one list of a row's expressions (`mapExpressions`) says which
    /// those are. O(the template), whatever the model holds.
    package mutating func append(_ checked: CheckedInstance, parent: Int) -> Int {
        let template = checked.template
        let values = checked.values
        // The component's own state: slots of this instance's, starting as
        // the template's ("sauna.on", or "Toggle@41.on" without an id: 41 is
        // the new row's key, as positions change while rows come and go).
        let label = checked.instance.id ?? "\(template.name)@\(self.rows.count)"
        let plan = TemplatePlan(template, in: self)
        let first = appendRows(of: template, plan: plan, value: { values[plan.parameters[$0]] }, label: { label }, parent: parent).rows[0]
        self.rows[first].id = checked.instance.id
        return first
    }
}
