// Expression syntax: literals, names, operators, calls and member access.

/// An operator applied to one operand.
public enum UnaryOperator: String, Sendable {
    case not = "!"
    case negate = "-"
}

/// An operator applied to two operands, with its precedence.
public enum BinaryOperator: String, Sendable, Hashable {
    case or = "||"
    case and = "&&"
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessEqual = "<="
    case greater = ">"
    case greaterEqual = ">="
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    /// The remainder of a whole division (`n % 10`): never written in
    /// source (`%` ends a percentage); plural rules compile to it.
    case remainder = "%"

    /// Higher binds tighter. The ternary `?:` is below all of these.
    public var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        case .equal, .notEqual: 3
        case .less, .lessEqual, .greater, .greaterEqual: 4
        case .add, .subtract: 5
        case .multiply, .divide, .remainder: 6
        }
    }
}

/// An expression with its span.
public struct Expr: Sendable {
    /// What the expression is. Set only through `init`, so `height` stays true.
    public private(set) var kind: Kind
    /// Levels of nodes from here to the deepest leaf (a literal is 1). Every
    /// pass over expressions recurses this deep, so the parser refuses
    /// expressions taller than `Parser.maximumExpressionHeight`.
    public var height: Int { Int(storedHeight) }
    /// Two bytes, in the padding after `kind` (saturates far past any limit).
    private let storedHeight: UInt16
    public var span: Span

    public init(_ kind: Kind, _ span: Span) {
        self.kind = kind
        self.span = span
        self.storedHeight = UInt16(min(1 + Self.childHeight(kind), Int(UInt16.max)))
    }

    private static func childHeight(_ kind: Kind) -> Int {
        switch kind {
        case .number, .percent, .duration, .string, .color, .bool, .name, .enumCase, .invalid: 0
        case .member(let base, _): base.height
        case .unary(_, let operand): operand.height
        case .binary(_, let lhs, let rhs): max(lhs.height, rhs.height)
        case .ternary(let c, let a, let b): max(c.height, a.height, b.height)
        case .call(_, let args): args.reduce(0) { max($0, $1.height) }
        case .interpolation(let parts): parts.reduce(0) { max($0, $1.expr?.height ?? 0) }
        case .labeled(_, let value): value.height
        case .row: 0
        }
    }

    public enum Kind: Sendable {
        /// `12`, `0.5`
        case number(Double)
        /// `50%` (the number before the sign)
        case percent(Double)
        /// `300ms`, `1s` (in seconds)
        case duration(Double)
        /// `"text"` (escapes decoded)
        case string(String)
        /// `#RRGGBBAA` as 0xRRGGBBAA
        case color(UInt32)
        /// `true`, `false`
        case bool(Bool)
        /// `expanded`, `fit`, `ease-in`, `red`
        case name(String)
        /// `.photos`
        case enumCase(String)
        /// `viewport.width`
        indirect case member(Expr, Identifier)
        /// `!a`, `-x`
        indirect case unary(UnaryOperator, Expr)
        /// `a + b`
        indirect case binary(BinaryOperator, Expr, Expr)
        /// `c ? a : b`
        indirect case ternary(Expr, Expr, Expr)
        /// `spring(0.8)`, `toggle(expanded)`. Boxed: inline, its name and
        /// arguments made every expression 56 bytes instead of 32.
        indirect case call(Identifier, [Expr])
        /// `"\(nights) nights"`: text and values, in order
        case interpolation([InterpolationPart])
        /// `after: tags`: an argument with a label (of `insert` and `move`)
        indirect case labeled(Identifier, Expr)
        /// `Chip { label: "Sauna" }`: a row written as an argument (of
        /// `insert`). Boxed: inline, it made every expression of every
        /// file four times as large.
        indirect case row(RowSyntax)
        /// Something the parser already reported; stops follow-on errors.
        case invalid
    }

    /// True if this expression or any part of it is `.invalid`.
    public var containsInvalid: Bool {
        switch kind {
        case .invalid: true
        case .number, .percent, .duration, .string, .color, .bool, .name, .enumCase: false
        case .member(let base, _): base.containsInvalid
        case .unary(_, let operand): operand.containsInvalid
        case .binary(_, let lhs, let rhs): lhs.containsInvalid || rhs.containsInvalid
        case .ternary(let c, let a, let b): c.containsInvalid || a.containsInvalid || b.containsInvalid
        case .call(_, let args): args.contains { $0.containsInvalid }
        case .interpolation(let parts): parts.contains { $0.expr?.containsInvalid ?? false }
        case .labeled(_, let value): value.containsInvalid
        case .row(let row): row.body.isInvalid
        }
    }
}

/// A piece of an interpolated string: literal text (escapes decoded) or a
/// value written `\(expression)`.
public enum InterpolationPart: Sendable {
    case text(String)
    case expr(Expr)

    /// The value's expression, for a value part.
    public var expr: Expr? {
        if case .expr(let e) = self { return e }
        return nil
    }
}
