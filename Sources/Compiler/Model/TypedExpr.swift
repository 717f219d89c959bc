// Checked expressions: every name resolved, every node typed. This is what
// lowering compiles into the runtime's expression form.

import StackParser

/// A constant value.
public enum Value: Hashable, Sendable {
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
    /// An enum case: enum name, case name. (Boxed: two names inline made
    /// every value 33 bytes instead of 17, and every expression with it.)
    indirect case enumCase(String, String)
}

/// `viewport.width` / `viewport.height`.
public enum ViewportDimension: String, Sendable {
    case width, height
}

/// The built-in functions of expressions.
public enum BuiltinFunction: String, Sendable, CaseIterable {
    case min, max, clamp, fill
    /// `fixed(x, digits)`: a number's text with that many decimals.
    case fixed
}

/// A type-checked expression.
public enum TypedExpr: Hashable, Sendable {
    case constant(Value)
    /// Screen state, by name. (This and `parameter` boxed: a name and a
    /// type inline made every expression 40 bytes a slot instead of 24.)
    indirect case state(String, ValueType)
    /// A component parameter, by name (replaced by the argument when expanded).
    indirect case parameter(String, ValueType)
    case viewport(ViewportDimension)
    indirect case not(TypedExpr)
    indirect case negate(TypedExpr)
    indirect case binary(BinaryOperator, TypedExpr, TypedExpr)
    indirect case conditional(TypedExpr, TypedExpr, TypedExpr)
    case call(BuiltinFunction, [TypedExpr])
    /// The text of a value of the given type (a string interpolation's `\(x)`).
    indirect case text(TypedExpr, ValueType)
    /// An expression that failed to check (already reported).
    case invalid
}


