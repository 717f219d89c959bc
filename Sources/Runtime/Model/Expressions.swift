// Compiled expressions: postfix code in one shared array, evaluated on a
// small value stack. A property that is a constant is one `.constant`
// instruction, which the evaluator answers without a stack.

/// A binary operator of compiled code.
package enum RuntimeOperator: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case or, and, equal, notEqual, less, lessEqual, greater, greaterEqual, add, subtract, multiply, divide
    /// Of numbers (a plural rule's `n % 10`); 0 for a zero divisor.
    case remainder
}

/// One instruction of expression code.
package enum Instruction: Hashable, Sendable, Codable {
    /// Push `constants[index]`.
    case constant(UInt32)
    /// Push the value of state slot `index`.
    case state(UInt32)
    case viewportWidth
    case viewportHeight
    case not
    case negate
    case binary(RuntimeOperator)
    /// Pop `else`, `then`, `condition`; push the chosen one.
    case select
    case min
    case max
    /// Pop `high`, `low`, `x`; push `x` clamped.
    case clamp
    /// Push component parameter `index` (of `ScreenModel.parameters`). In
    /// component templates: instantiating one replaces it by the argument.
    /// In code rows of a `for` share (a template's plan), it is the index of
    /// a value among the row's own constants (`RowModel.parameters`).
    case parameter(UInt32)
    /// Pop a number, percentage, bool or string; push its text (a string
    /// interpolation's `\(x)`; an enum case's is `caseName`).
    case text
    /// Pop `digits`, `x`; push `x` with that many decimals (`fixed(x, 2)`).
    case fixed
    /// Pop an enum case; push its name, `constants[first + case]`: the
    /// compiler puts an enum's case names among the constants one after
    /// another, once, so that interpolating an enum is one instruction
    /// wherever it is written (a chain of compares and selects per place
    /// grew as cases × places).
    case caseName(first: UInt32)
}

/// An expression: a range of the code array.
package struct ExprRef: Hashable, Sendable, Codable {
    package var start: UInt32
    package var count: UInt32

    package init(start: UInt32, count: UInt32) {
        self.start = start
        self.count = count
    }
}

/// Every expression of a screen: constants and code.
package struct ExpressionTable: Hashable, Sendable, Codable {
    package var constants = ValueTable()
    package var code = CodeTable()

    package init() {}

    package init(constants: [RuntimeValue], code: [Instruction]) {
        self.constants = ValueTable(constants)
        self.code = CodeTable(code)
    }

    /// From here on, appended constants and code go into pages (see
    /// `GrowingTable`): once the expressions are a screen's.
    package mutating func appendInPages() {
        constants.appendInPages()
        code.appendInPages()
    }

    /// Appends a constant expression (reusing an equal constant already there
    /// is left to the builder, which knows when it pays).
    package mutating func addConstant(_ value: RuntimeValue) -> ExprRef {
        constants.append(value)
        code.append(.constant(UInt32(constants.count - 1)))
        return ExprRef(start: UInt32(code.count - 1), count: 1)
    }

    /// The constant value of `ref`, if it is a single constant.
    package func constantValue(_ ref: ExprRef) -> RuntimeValue? {
        guard ref.count == 1, case .constant(let index) = code[Int(ref.start)] else { return nil }
        return constants[Int(index)]
    }

    /// Whether `ref` reads state (so it must be re-evaluated when state changes).
    package func readsState(_ ref: ExprRef) -> Bool {
        for index in Int(ref.start)..<Int(ref.start + ref.count) {
            if case .state = code[index] { return true }
        }
        return false
    }
}

/// What expressions read: state and the viewport.
package struct EvaluationContext: Sendable {
    package var state: ValueTable
    package var viewportWidth: Double
    package var viewportHeight: Double

    /// Where the constants of the row being evaluated start, for code that
    /// rows share (`.parameter(i)` reads `constants[parameters + i]`);
    /// `.max` outside such a row.
    package var parameters: UInt32 = .max

    package init(state: ValueTable, viewportWidth: Double, viewportHeight: Double) {
        self.state = state
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
    }

    /// This context for the expressions of `row`.
    package func reading(_ row: RowModel) -> EvaluationContext {
        guard let base = row.parameters else { return self }
        var context = self
        context.parameters = base
        return context
    }
}

extension ExpressionTable {
    /// Value `index` of the row's own constants; 0 outside a row that has
    /// them (a loaded screen's code holds no parameters).
    private func parameter(_ index: UInt32, _ context: EvaluationContext) -> RuntimeValue {
        let at = Int(context.parameters) + Int(index)
        return context.parameters != .max && at < constants.count ? constants[at] : .number(0)
    }

    /// Evaluates `ref`. Code is validated when loaded, so a malformed program
    /// cannot reach here; should one, the result is `.number(0)`, not a trap.
    package func evaluate(_ ref: ExprRef, in context: EvaluationContext) -> RuntimeValue {
        // Code the screen was made with is read from its array, checked
        // once to be there (read by read through the table, evaluating
        // every row of a compiled screen took 4% more instructions than
        // with a plain array; checked once, 2%). Code appended since, a
        // bound list's, is read through the table.
        if Int(ref.start) + Int(ref.count) <= code.array.count { return evaluate(ref, code: code.array, in: context) }
        return evaluate(ref, code: code, in: context)
    }

    @inline(__always)
    private func evaluate<Code: RandomAccessCollection<Instruction>>(
        _ ref: ExprRef, code: Code, in context: EvaluationContext
    ) -> RuntimeValue where Code.Index == Int {
        if ref.count == 1 {
            switch code[Int(ref.start)] {
            case .constant(let index): return constants[Int(index)]
            case .state(let index): return Int(index) < context.state.count ? context.state[Int(index)] : .number(0)
            case .parameter(let index): return parameter(index, context)
            default: break
            }
        }
        var stack: [RuntimeValue] = []
        stack.reserveCapacity(8)
        for index in Int(ref.start)..<Int(ref.start + ref.count) {
            let instruction = code[index]
            switch instruction {
            case .constant(let i): stack.append(constants[Int(i)])
            case .state(let i): stack.append(Int(i) < context.state.count ? context.state[Int(i)] : .number(0))
            case .viewportWidth: stack.append(.number(context.viewportWidth))
            case .viewportHeight: stack.append(.number(context.viewportHeight))
            case .not:
                guard let value = stack.popLast() else { return .number(0) }
                stack.append(.bool(!value.boolValue))
            case .negate:
                guard let value = stack.popLast() else { return .number(0) }
                if case .duration(let x) = value { stack.append(.duration(-x)) } else { stack.append(.number(-value.numberValue)) }
            case .binary(let op):
                guard let rhs = stack.popLast(), let lhs = stack.popLast() else { return .number(0) }
                stack.append(Self.apply(op, lhs, rhs))
            case .select:
                guard let whenFalse = stack.popLast(), let whenTrue = stack.popLast(), let condition = stack.popLast() else {
                    return .number(0)
                }
                stack.append(condition.boolValue ? whenTrue : whenFalse)
            case .min, .max:
                guard let b = stack.popLast(), let a = stack.popLast() else { return .number(0) }
                let isMin = instruction == .min
                let pick = isMin ? Swift.min(a.numberValue, b.numberValue) : Swift.max(a.numberValue, b.numberValue)
                stack.append(Self.sameKind(as: a, pick))
            case .clamp:
                guard let high = stack.popLast(), let low = stack.popLast(), let x = stack.popLast() else { return .number(0) }
                let value = Swift.min(Swift.max(x.numberValue, low.numberValue), high.numberValue)
                stack.append(Self.sameKind(as: x, value))
            case .parameter(let i): stack.append(parameter(i, context))
            case .text:
                guard let value = stack.popLast() else { return .number(0) }
                stack.append(.string(ValueText.text(of: value)))
            case .fixed:
                guard let digits = stack.popLast(), let x = stack.popLast() else { return .number(0) }
                stack.append(.string(ValueText.fixed(x.numberValue, digits: digits.numberValue)))
            case .caseName(let first):
                guard let value = stack.popLast() else { return .number(0) }
                stack.append(caseName(of: value, first: first))
            }
        }
        return stack.last ?? .number(0)
    }

    /// The name of the case `value` holds, or "" for anything the loader
    /// would have refused (a value not a case, a name past the constants).
    private func caseName(of value: RuntimeValue, first: UInt32) -> RuntimeValue {
        guard case .enumCase(_, let c) = value, c >= 0 else { return .string("") }
        let (index, overflow) = Int(first).addingReportingOverflow(c)
        guard !overflow, index < constants.count, case .string = constants[index] else { return .string("") }
        return constants[index]
    }

    private static func sameKind(as value: RuntimeValue, _ x: Double) -> RuntimeValue {
        if case .duration = value { return .duration(x) }
        return .number(x)
    }

    static func apply(_ op: RuntimeOperator, _ a: RuntimeValue, _ b: RuntimeValue) -> RuntimeValue {
        switch op {
        case .or: return .bool(a.boolValue || b.boolValue)
        case .and: return .bool(a.boolValue && b.boolValue)
        case .equal: return .bool(a == b)
        case .notEqual: return .bool(a != b)
        case .less: return .bool(a.numberValue < b.numberValue)
        case .lessEqual: return .bool(a.numberValue <= b.numberValue)
        case .greater: return .bool(a.numberValue > b.numberValue)
        case .greaterEqual: return .bool(a.numberValue >= b.numberValue)
        case .add:
            if case .string(let x) = a, case .string(let y) = b { return .string(x + y) }
            return sameKind(as: isDuration(a) || isDuration(b) ? .duration(0) : .number(0), a.numberValue + b.numberValue)
        case .subtract:
            return sameKind(as: isDuration(a) || isDuration(b) ? .duration(0) : .number(0), a.numberValue - b.numberValue)
        case .multiply:
            return sameKind(as: isDuration(a) || isDuration(b) ? .duration(0) : .number(0), a.numberValue * b.numberValue)
        case .divide:
            // Division by zero yields 0: layout must stay finite.
            let y = b.numberValue
            return sameKind(as: isDuration(a) ? .duration(0) : .number(0), y == 0 ? 0 : a.numberValue / y)
        case .remainder:
            let y = b.numberValue
            return .number(y == 0 ? 0 : a.numberValue.truncatingRemainder(dividingBy: y))
        }
    }

    private static func isDuration(_ value: RuntimeValue) -> Bool {
        if case .duration = value { return true }
        return false
    }
}
