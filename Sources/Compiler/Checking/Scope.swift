// What names mean where an expression or action stands.

import StackParser

/// The names visible while checking one block.
struct Scope {
    /// Screen or flow state (empty inside components, which see none).
    var states: [String: ValueType] = [:]
    /// Component parameters (inside a component body only).
    var parameters: [String: ValueType] = [:]
    /// Steps `push` may name: the enclosing flow's, else every flow's.
    var steps: Set<String> = []
    /// Inside a component body: state and row ids are not visible.
    var inComponent = false
}
