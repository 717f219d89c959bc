// Evaluating expressions that read no state, parameter or viewport, so the
// checker can reject constant mistakes (a negative size, min > max) early.

import StackParser
import StackRuntime  // ValueText: a constant interpolation must read exactly as the runtime prints it

extension TypeChecker {
    /// The value of `expr` if it is constant, else nil. The checker folds
    /// every node as it types it (`infer`), so a constant expression is
    /// already `.constant` here: no tree is walked again.
    func constantValue(_ expr: TypedExpr) -> Value? {
        if case .constant(let value) = expr { return value }
        return nil
    }

    static func magnitude(_ value: Value) -> Double? {
        ConstantFolder.magnitude(value)
    }
}

/// Folds expressions that read no state, parameter or viewport.
enum ConstantFolder {
    /// `expr` as one constant if its operands already are constants (or it
    /// is a conditional with a constant condition); else `expr` itself.
    /// Looks one level down only: callers fold bottom-up.
    static func foldNode(_ expr: TypedExpr) -> TypedExpr {
        switch expr {
        case .constant, .state, .parameter, .viewport, .invalid:
            return expr
        case .conditional(.constant(.bool(let c)), let a, let b):
            return c ? a : b
        case .not(.constant), .negate(.constant), .binary(_, .constant, .constant):
            return value(of: expr).map(TypedExpr.constant) ?? expr
        case .call(_, let arguments):
            guard arguments.allSatisfy({ if case .constant = $0 { true } else { false } }) else { return expr }
            return value(of: expr).map(TypedExpr.constant) ?? expr
        case .text(.constant, _):
            return value(of: expr).map(TypedExpr.constant) ?? expr
        default:
            return expr
        }
    }

    /// The value of `expr` if it is constant, else nil. Each node is
    /// visited at most once.
    static func value(of expr: TypedExpr) -> Value? {
        let constantValue = value(of:)
        switch expr {
        case .constant(let value):
            return value
        case .state, .parameter, .viewport, .invalid:
            return nil
        case .not(let operand):
            guard case .bool(let b)? = constantValue(operand) else { return nil }
            return .bool(!b)
        case .negate(let operand):
            switch constantValue(operand) {
            case .number(let x)?: return .number(-x)
            case .duration(let x)?: return .duration(-x)
            default: return nil
            }
        case .conditional(let condition, let a, let b):
            guard case .bool(let c)? = constantValue(condition) else { return nil }
            return constantValue(c ? a : b)
        case .binary(let op, let lhs, let rhs):
            guard let a = constantValue(lhs), let b = constantValue(rhs) else { return nil }
            return Self.fold(op, a, b)
        case .text(let x, _):
            switch constantValue(x) {
            case .number(let n)?: return .string(ValueText.shortest(n))
            case .percent(let n)?: return .string(ValueText.shortest(n) + "%")
            case .bool(let b)?: return .string(b ? "true" : "false")
            case .string(let s)?: return .string(s)
            case .enumCase(_, let caseName)?: return .string(caseName)
            default: return nil
            }
        case .call(.fixed, let arguments):
            guard arguments.count == 2, case .number(let x)? = constantValue(arguments[0]),
                case .number(let digits)? = constantValue(arguments[1])
            else { return nil }
            return .string(ValueText.fixed(x, digits: digits))
        case .call(let function, let arguments):
            var values: [Double] = []
            var first: Value?
            for argument in arguments {
                guard let value = constantValue(argument), let magnitude = Self.magnitude(value) else { return nil }
                if first == nil { first = value }
                values.append(magnitude)
            }
            guard let first, !values.isEmpty else { return nil }
            let result: Double
            switch function {
            case .min: result = values.min()!
            case .max: result = values.max()!
            case .clamp: result = Swift.min(Swift.max(values[0], values[1]), values[2])
            case .fill, .fixed: return nil
            }
            if case .duration = first { return .duration(result) }
            return .number(result)
        }
    }

    /// The number inside a number or duration value.
    static func magnitude(_ value: Value) -> Double? {
        switch value {
        case .number(let x), .duration(let x): x
        default: nil
        }
    }

    private static func fold(_ op: BinaryOperator, _ a: Value, _ b: Value) -> Value? {
        switch (op, a, b) {
        case (.and, .bool(let x), .bool(let y)): return .bool(x && y)
        case (.or, .bool(let x), .bool(let y)): return .bool(x || y)
        case (.equal, _, _): return .bool(a == b)
        case (.notEqual, _, _): return .bool(a != b)
        case (.add, .string(let x), .string(let y)): return .string(x + y)
        default: break
        }
        guard let x = magnitude(a), let y = magnitude(b) else { return nil }
        let isDuration: Bool = {
            if case .duration = a { return true }
            if case .duration = b { return true }
            return false
        }()
        let wrap: (Double) -> Value = { isDuration ? .duration($0) : .number($0) }
        switch op {
        case .add: return wrap(x + y)
        case .subtract: return wrap(x - y)
        case .multiply: return wrap(x * y)
        case .divide: return y == 0 ? nil : wrap(x / y)
        case .remainder: return y == 0 ? nil : wrap(x.truncatingRemainder(dividingBy: y))
        case .less: return .bool(x < y)
        case .lessEqual: return .bool(x <= y)
        case .greater: return .bool(x > y)
        case .greaterEqual: return .bool(x >= y)
        default: return nil
        }
    }
}
