// The types of the language's values.

import StackParser

/// The type of an expression, a state variable or a component parameter.
public enum ValueType: Hashable, Sendable, CustomStringConvertible {
    case bool
    case number
    /// `50%`
    case percent
    case string
    case color
    case duration
    /// A `size` rule: points, `P%`, `fit`, `fill`, `fill(w)`. Numbers and
    /// percentages convert to it.
    case length
    /// A declared enum, by name. (Boxed: a name inline doubled the size
    /// of every type a state or parameter reference carries.)
    indirect case enumeration(String)

    /// The types a user may write for state and parameters.
    static let declarable: [String: ValueType] = [
        "bool": .bool, "number": .number, "string": .string, "color": .color, "duration": .duration,
    ]

    public var description: String {
        switch self {
        case .bool: "bool"
        case .number: "number"
        case .percent: "percentage"
        case .string: "string"
        case .color: "color"
        case .duration: "duration"
        case .length: "length (a number, 'P%', 'fit' or 'fill')"
        case .enumeration(let name): name
        }
    }

    /// Whether a value of type `found` may stand where `self` is expected.
    public func accepts(_ found: ValueType) -> Bool {
        if self == found { return true }
        return self == .length && (found == .number || found == .percent)
    }
}
