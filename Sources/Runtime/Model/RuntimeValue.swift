// The values expressions compute at run time.

/// A value of the language at run time.
public enum RuntimeValue: Hashable, Sendable, Codable {
    case bool(Bool)
    case number(Double)
    case percent(Double)
    case string(String)
    /// 0xRRGGBBAA
    case color(UInt32)
    /// Seconds.
    case duration(Double)
    /// `fit`
    case fit
    /// `fill(weight)`
    case fill(Double)
    /// A case of an enum, by the enum's index in the model and the case's index.
    case enumCase(enumIndex: Int, caseIndex: Int)

    public var boolValue: Bool {
        if case .bool(let b) = self { return b }
        return false
    }

    /// The number inside numbers, percentages and durations; 0 otherwise.
    public var numberValue: Double {
        switch self {
        case .number(let x), .percent(let x), .duration(let x): x
        default: 0
        }
    }

    public var stringValue: String {
        if case .string(let s) = self { return s }
        return ""
    }

    public var colorValue: UInt32 {
        if case .color(let c) = self { return c }
        return 0
    }
}

/// The type of a state slot, as the runtime needs it to check `set` calls.
package enum RuntimeType: Hashable, Sendable, Codable {
    case bool, number, string, color, duration
    /// An enum of the model, by index.
    case enumeration(Int)
}
