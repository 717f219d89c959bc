// What names mean where an expression or action stands.

import StackParser

/// The names visible while checking one block.
struct Scope {
    /// Screen or flow state (empty inside components, which see none).
    var states = NameTable<ValueType>()
    /// Component parameters (inside a component body only).
    var parameters: [String: ValueType] = [:]
    /// Steps `push` may name: the enclosing flow's, else every flow's.
    var steps: Set<String> = []
    /// Inside a component body: the screen's state and row ids are not visible.
    var inComponent = false
    /// Put before a state's name in checked expressions and actions: "" for
    /// a screen's state, "Toggle." for component Toggle's own (each instance
    /// gets slots of its own when lowered; users cannot write a dot).
    var statePrefix = ""
    /// Whether `state` may be declared in the block being checked (a
    /// screen, a flow, or a component's body itself — not rows inside it).
    var declaresState = false
    /// The screen's data, by name.
    var data: [String: CheckedData] = [:]
    /// Inside `for`s: their variables and the records of their elements,
    /// outermost first.
    var loops: [(variable: String, record: String)] = []
    /// The slot of state `name` in checked expressions and actions. (A
    /// screen's prefix is empty: joining it still built a string.)
    func stateSlot(_ name: String) -> String {
        statePrefix.isEmpty ? name : statePrefix + name
    }

    /// The type of parameter `name`, if there is one. (Outside components
    /// there are none: no name is hashed to find that out.)
    func parameterType(_ name: String) -> ValueType? {
        parameters.isEmpty ? nil : parameters[name]
    }

    /// The innermost `for`'s.
    var loop: (variable: String, record: String)? { loops.last }
}
