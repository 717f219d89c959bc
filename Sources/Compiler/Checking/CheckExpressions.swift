// Typing expressions, bidirectionally: the expected type (when known) flows
// down so `.photos`, `fit` and colour names resolve; the found type flows up.
// A failed sub-expression yields `(.invalid, nil)`, which poisons the
// expressions around it: one mistake, one error.

import StackParser

extension TypeChecker {
    typealias Checked = (expr: TypedExpr, type: ValueType?)

    /// Checks `expr` and reports a mismatch against `expected`.
    mutating func check(_ expr: Expr, expecting expected: ValueType, scope: Scope, what: @autoclosure () -> String) -> TypedExpr {
        if let literal = Self.literal(expr.kind, expecting: expected) { return literal }
        let (typed, found) = infer(expr, expected: expected, scope: scope)
        guard let found else { return .invalid }
        if !expected.accepts(found) {
            var notes: [DiagnosticNote] = []
            // `color: red` where a parameter or state is called `red`.
            if expected == .color, case .name(let name) = expr.kind, ColorNames.table[name] != nil,
                scope.parameters[name] != nil || scope.states[name] != nil
            {
                let what = scope.parameters[name] != nil ? "the parameter" : "the state"
                notes.append(DiagnosticNote(
                    span: expr.span, message: "'\(name)' here is \(what) '\(name)' (\(found)), not the colour \(name); rename it to use the colour"))
            }
            error(.typeMismatch, expr.span, "\(what()) expects \(expected), found \(found)\(mismatchHint(expr, expected: expected, found: found))", notes: notes)
            return .invalid
        }
        return typed
    }

    /// A literal of the type expected, typed as `infer` types it — most
    /// values are (`font: 15`, `color: #3C3C43`, `text: "…"`), and
    /// `infer`'s way (a node inferred, folded, tested for overflow and
    /// compared with the type expected) was about a tenth of checking a row.
    /// Nil for anything else, and for what `infer` reports (a number too
    /// large, a percentage out of range): `infer` takes those.
    private static func literal(_ kind: Expr.Kind, expecting expected: ValueType) -> TypedExpr? {
        switch (kind, expected) {
        case (.number(let x), .number), (.number(let x), .length): x.isFinite ? .constant(.number(x)) : nil
        case (.string(let text), .string): .constant(.string(text))
        case (.color(let rgba), .color): .constant(.color(rgba))
        case (.bool(let value), .bool): .constant(.bool(value))
        case (.duration(let x), .duration): x.isFinite ? .constant(.duration(x)) : nil
        default: nil
        }
    }

    private func mismatchHint(_ expr: Expr, expected: ValueType, found: ValueType) -> String {
        switch (expected, found) {
        case (.duration, .number): "; write a unit: '\(describe(expr))ms' or '\(describe(expr))s'"
        case (.number, .duration): "; numbers here are plain points, without a unit"
        case (.number, .percent): "; a percentage is only a size"
        case (.string, .enumeration), (.string, .number), (.string, .bool): "; strings are written in double quotes"
        default: ""
        }
    }

    private func describe(_ expr: Expr) -> String {
        if case .number(let value) = expr.kind { return Self.format(value) }
        return "N"
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Infers the type of `expr`, using `expected` only to resolve names.
    /// A node whose operands are constants comes back folded to a constant,
    /// so each node is folded once, bottom-up, and `constantValue` is O(1).
    mutating func infer(_ expr: Expr, expected: ValueType?, scope: Scope) -> Checked {
        let checked = inferNode(expr, expected: expected, scope: scope)
        guard let type = checked.type else { return checked }
        let folded = ConstantFolder.foldNode(checked.expr)
        if case .constant(let value) = folded, let magnitude = ConstantFolder.magnitude(value), !magnitude.isFinite {
            if case .constant = checked.expr {
                error(.numberOverflow, expr.span, "this number is too large to represent; the largest is about 1.8e308")
            } else {
                error(.numberOverflow, expr.span, "this expression overflows: its value is too large to represent")
            }
            return (.invalid, nil)
        }
        return (folded, type)
    }

    private mutating func inferNode(_ expr: Expr, expected: ValueType?, scope: Scope) -> Checked {
        switch expr.kind {
        case .invalid:
            return (.invalid, nil)
        case .number(let value):
            return (.constant(.number(value)), .number)
        case .percent(let value):
            if value < 0 || value > 100 {
                error(.percentOutOfRange, expr.span, "percentage \(Self.format(value))% is outside 0–100%")
                return (.invalid, nil)
            }
            return (.constant(.percent(value)), .percent)
        case .duration(let value):
            return (.constant(.duration(value)), .duration)
        case .string(let text):
            return (.constant(.string(text)), .string)
        case .color(let rgba):
            return (.constant(.color(rgba)), .color)
        case .bool(let value):
            return (.constant(.bool(value)), .bool)
        case .name(let name):
            return inferName(name, span: expr.span, expected: expected, scope: scope)
        case .enumCase(let name):
            return inferEnumCase(name, span: expr.span, expected: expected)
        case .member(let base, let member):
            if let checked = inferDataMember(base, member, scope: scope) { return checked }
            return inferMember(base, member, span: expr.span)
        case .unary(let op, let operand):
            return inferUnary(op, operand, scope: scope)
        case .binary(let op, let lhs, let rhs):
            return inferBinary(op, lhs, rhs, span: expr.span, expected: expected, scope: scope)
        case .ternary(let condition, let whenTrue, let whenFalse):
            return inferTernary(condition, whenTrue, whenFalse, expected: expected, scope: scope)
        case .call(let name, let arguments):
            return inferCall(name, arguments, span: expr.span, expected: expected, scope: scope)
        case .interpolation(let parts):
            return inferInterpolation(parts, scope: scope)
        case .labeled(let label, _):
            error(.typeMismatch, expr.span, "'\(label.name): …' is an argument of insert() and move(), not a value")
            return (.invalid, nil)
        case .row(let row):
            error(.typeMismatch, expr.span, "a row is not a value: '\(row.kind.name) { … }' goes in a stack, or in insert(…) of a tap")
            return (.invalid, nil)
        }
    }

    private mutating func inferName(_ name: String, span: Span, expected: ValueType?, scope: Scope) -> Checked {
        if let type = scope.parameterType(name) { return (.parameter(name, type), type) }
        if let type = scope.states[name] {
            markStateUsed(name, scope: scope)
            return (.state(scope.stateSlot(name), type), type)
        }
        if name == "index", scope.loop != nil { return (.parameter("index", .number), .number) }
        if reportRecordUsedAsValue(name, span: span, scope: scope) { return (.invalid, nil) }
        if expected == .length {
            if name == "fit" { return (.constant(.fit), .length) }
            if name == "fill" { return (.constant(.fill(1)), .length) }
        }
        if expected == .color || expected == nil, let rgba = ColorNames.table[name] {
            return (.constant(.color(rgba)), .color)
        }
        if expected == .color || expected == nil, let adaptive = semanticColor(name) { return (adaptive, .color) }
        if expected == .number, let size = textStyleSize(name) { return (size, .number) }
        if case .enumeration(let enumName) = expected, enums[enumName]?.places[name] != nil {
            error(.unknownName, span, "unknown name '\(name)'; enum cases are written with a leading dot: '.\(name)'")
            return (.invalid, nil)
        }
        var message = "unknown name '\(name)'"
        let hint = suggestion(name, Self.nameCandidates(scope: scope, expected: expected))
        if !hint.isEmpty {
            message += hint
        } else if name == "index" {
            message += "; 'index' is an element's place, inside a 'for'"
        } else if Self.textStyleNames.contains(name) {
            message += "; '\(name)' is a text style, the size of a 'font'"
        } else if Self.semanticColorNames.contains(name), expected != nil {
            message += "; '\(name)' is a colour, not a \(expected.map { "\($0)" } ?? "value")"
        } else if scope.inComponent, !scope.states.contains(name) {
            message += "; a component sees only its parameters and its own state"
        } else if expected == .string {
            message += "; strings are written in double quotes"
        }
        error(.unknownName, span, message)
        return (.invalid, nil)
    }

    /// The names an unknown name may be a typo of, for `expected`.
    private static func nameCandidates(scope: Scope, expected: ValueType?) -> [String] {
        var candidates = Array(scope.parameters.keys) + Array(scope.states.keys)
        if expected == .color { candidates += Array(ColorNames.table.keys) + semanticColorNames }
        if expected == .number { candidates += textStyleNames }
        if expected == .length { candidates += ["fit", "fill"] }
        return candidates
    }

    private mutating func inferEnumCase(_ name: String, span: Span, expected: ValueType?) -> Checked {
        if expected == .color, ColorNames.table[name] != nil {
            error(.unknownEnumCase, span, "colours are named without a dot: '\(name)'")
            return (.invalid, nil)
        }
        if case .enumeration(let enumName) = expected, let info = enums[enumName] {
            guard info.places[name] != nil else {
                error(.unknownEnumCase, span, "'.\(name)' is not a case of enum '\(enumName)'" + suggestion(name, info.cases))
                return (.invalid, nil)
            }
            return (.constant(.enumCase(enumName, name)), .enumeration(enumName))
        }
        // An enum declared twice lists its cases under its name twice, and
        // only the declaration kept in `enums` counts.
        let owners = Set((enumsByCase[name] ?? []).filter { enums[$0]?.places[name] != nil }).sorted()
        if owners.count == 1 {
            return (.constant(.enumCase(owners[0], name)), .enumeration(owners[0]))
        }
        if owners.isEmpty {
            let allCases = enums.values.flatMap(\.cases)
            error(.unknownEnumCase, span, "no enum has a case '.\(name)'" + suggestion(name, allCases))
        } else {
            error(.untypedEnumCase, span, "'.\(name)' is a case of \(owners.joined(separator: " and ")); compare it with a value of one of them")
        }
        return (.invalid, nil)
    }

    private mutating func inferMember(_ base: Expr, _ member: Identifier, span: Span) -> Checked {
        guard case .name("viewport") = base.kind else {
            error(.unknownName, span, "only 'viewport.width' and 'viewport.height' have members")
            return (.invalid, nil)
        }
        guard let dimension = ViewportDimension(rawValue: member.name) else {
            error(.unknownName, member.span, "'viewport' has no member '\(member.name)'" + suggestion(member.name, ["width", "height"]))
            return (.invalid, nil)
        }
        return (.viewport(dimension), .number)
    }

    private mutating func inferUnary(_ op: UnaryOperator, _ operand: Expr, scope: Scope) -> Checked {
        switch op {
        case .not:
            let typed = check(operand, expecting: .bool, scope: scope, what: "'!'")
            return typed == .invalid ? (.invalid, nil) : (.not(typed), .bool)
        case .negate:
            let (typed, type) = infer(operand, expected: nil, scope: scope)
            guard let type else { return (.invalid, nil) }
            guard type == .number || type == .duration else {
                error(.typeMismatch, operand.span, "'-' expects a number or duration, found \(type)")
                return (.invalid, nil)
            }
            return (.negate(typed), type)
        }
    }

    private mutating func inferBinary(
        _ op: BinaryOperator, _ lhs: Expr, _ rhs: Expr, span: Span, expected: ValueType?, scope: Scope
    ) -> Checked {
        switch op {
        case .and, .or:
            let a = check(lhs, expecting: .bool, scope: scope, what: "'\(op.rawValue)'")
            let b = check(rhs, expecting: .bool, scope: scope, what: "'\(op.rawValue)'")
            return a == .invalid || b == .invalid ? (.invalid, nil) : (.binary(op, a, b), .bool)
        case .equal, .notEqual:
            // Type the side that can stand alone first, so `.photos == tab` works too.
            let leftFirst = !isBareEnumCase(lhs)
            let first = infer(leftFirst ? lhs : rhs, expected: nil, scope: scope)
            guard let firstType = first.type else { return (.invalid, nil) }
            let second = infer(leftFirst ? rhs : lhs, expected: firstType, scope: scope)
            guard let secondType = second.type else { return (.invalid, nil) }
            guard firstType.accepts(secondType) || secondType.accepts(firstType) else {
                error(.typeMismatch, span, "'\(op.rawValue)' compares values of one type, found \(leftFirst ? firstType : secondType) and \(leftFirst ? secondType : firstType)")
                return (.invalid, nil)
            }
            let (a, b) = leftFirst ? (first.expr, second.expr) : (second.expr, first.expr)
            return (.binary(op, a, b), .bool)
        case .less, .lessEqual, .greater, .greaterEqual:
            let a = infer(lhs, expected: nil, scope: scope)
            let b = infer(rhs, expected: a.type, scope: scope)
            guard let typeA = a.type, let typeB = b.type else { return (.invalid, nil) }
            guard typeA == typeB, typeA == .number || typeA == .duration else {
                error(.typeMismatch, span, "'\(op.rawValue)' compares two numbers or two durations, found \(typeA) and \(typeB)")
                return (.invalid, nil)
            }
            return (.binary(op, a.expr, b.expr), .bool)
        case .add, .subtract, .multiply, .divide, .remainder:
            let a = infer(lhs, expected: nil, scope: scope)
            let b = infer(rhs, expected: nil, scope: scope)
            guard let typeA = a.type, let typeB = b.type else { return (.invalid, nil) }
            guard let result = arithmeticResult(op, typeA, typeB) else {
                error(.typeMismatch, span, "'\(op.rawValue)' cannot combine \(typeA) and \(typeB)")
                return (.invalid, nil)
            }
            if op == .divide, case .number(0)? = constantValue(b.expr).flatMap(Self.number) {
                error(.divisionByZero, rhs.span, "division by zero")
                return (.invalid, nil)
            }
            return (.binary(op, a.expr, b.expr), result)
        }
    }

    /// "; write '#FF0000'" for `rgb(255, 0, 0)` with constant channels, else an example.
    private static func hexHint(_ arguments: [Expr]) -> String {
        let channels: [Double] = arguments.prefix(3).compactMap { if case .number(let x) = $0.kind { x } else { nil } }
        guard channels.count == 3, channels.allSatisfy({ $0 >= 0 && $0 <= 255 }) else { return "; for example '#FF3B30' or 'red'" }
        let hex = channels.map { value -> String in
            let text = String(Int(value.rounded()), radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }.joined()
        return "; write '#\(hex)'"
    }

    private static func number(_ value: Value) -> Value? {
        if case .number = value { return value }
        if case .duration(let seconds) = value { return .number(seconds) }
        return nil
    }

    private func isBareEnumCase(_ expr: Expr) -> Bool {
        if case .enumCase = expr.kind { return true }
        return false
    }

    private func arithmeticResult(_ op: BinaryOperator, _ a: ValueType, _ b: ValueType) -> ValueType? {
        switch (op, a, b) {
        case (_, .number, .number): .number
        case (.add, .duration, .duration), (.subtract, .duration, .duration): .duration
        case (.multiply, .duration, .number), (.multiply, .number, .duration), (.divide, .duration, .number): .duration
        case (.add, .string, .string): .string
        default: nil
        }
    }

    private mutating func inferTernary(
        _ condition: Expr, _ whenTrue: Expr, _ whenFalse: Expr, expected: ValueType?, scope: Scope
    ) -> Checked {
        let c = check(condition, expecting: .bool, scope: scope, what: "the condition of '?:'")
        let a = infer(whenTrue, expected: expected, scope: scope)
        let b = infer(whenFalse, expected: expected ?? a.type, scope: scope)
        guard c != .invalid, let typeA = a.type, let typeB = b.type else { return (.invalid, nil) }
        let type: ValueType
        if typeA.accepts(typeB) {
            type = typeA
        } else if typeB.accepts(typeA) {
            type = typeB
        } else if let expected, expected.accepts(typeA), expected.accepts(typeB) {
            type = expected
        } else {
            error(.typeMismatch, whenFalse.span, "both branches of '?:' must have one type, found \(typeA) and \(typeB)")
            return (.invalid, nil)
        }
        return (.conditional(c, a.expr, b.expr), type)
    }

    private mutating func inferCall(
        _ name: Identifier, _ arguments: [Expr], span: Span, expected: ValueType?, scope: Scope
    ) -> Checked {
        if name.name == "count" { return inferCount(arguments, span: span, scope: scope) }
        if name.name == "light-dark" { return inferLightDark(arguments, span: span, scope: scope) }
        if name.name == "scaled" { return inferScaled(arguments, span: span, scope: scope) }
        if name.name == "verbatim" { return inferVerbatim(arguments, span: span, scope: scope) }
        guard let function = BuiltinFunction(rawValue: name.name), function != .fill || expected == .length else {
            var candidates = ["min", "max", "clamp", "fixed", "scaled", "light-dark", "verbatim"]
            if expected == .length { candidates.append("fill") }
            var message = "unknown function '\(name.name)'" + suggestion(name.name, candidates)
            if ForeignNames.colorFunctions.contains(name.name) {
                message = "colours are written as hex or by name, not '\(name.name)(…)'" + Self.hexHint(arguments)
            } else if ActionChecking.names.contains(name.name) {
                message = "'\(name.name)(…)' is a tap action; it belongs in 'tap:'"
            } else if name.name == "fill" {
                message = "'fill(…)' is a size rule; it belongs in 'size:'"
            }
            error(.unknownFunction, name.span, message)
            return (.invalid, nil)
        }
        let arity: ClosedRange<Int> = switch function {
        case .min, .max, .fixed: 2...2
        case .clamp: 3...3
        case .fill: 0...1
        }
        guard arity.contains(arguments.count) else {
            let count = arity.lowerBound == arity.upperBound ? "\(arity.lowerBound)" : "\(arity.lowerBound) or \(arity.upperBound)"
            error(.wrongArgumentCount, span, "'\(name.name)' takes \(count) argument\(arity.upperBound == 1 ? "" : "s"), found \(arguments.count)")
            return (.invalid, nil)
        }
        if function == .fill {
            guard let argument = arguments.first else { return (.constant(.fill(1)), .length) }
            let weight = check(argument, expecting: .number, scope: scope, what: "'fill'")
            guard case .number(let value)? = constantValue(weight) else {
                if weight != .invalid { error(.notConstant, argument.span, "the weight of 'fill' must be a constant number") }
                return (.invalid, nil)
            }
            guard value > 0 else {
                error(.valueOutOfRange, argument.span, "the weight of 'fill' must be greater than 0, found \(Self.format(value))")
                return (.invalid, nil)
            }
            return (.constant(.fill(value)), .length)
        }
        if function == .fixed { return inferFixed(arguments, scope: scope) }
        let typed = arguments.map { infer($0, expected: nil, scope: scope) }
        guard typed.allSatisfy({ $0.type != nil }) else { return (.invalid, nil) }
        let first = typed[0].type!
        for (index, item) in typed.enumerated() where item.type != first || !(first == .number || first == .duration) {
            error(.typeMismatch, arguments[index].span, "'\(name.name)' takes numbers or durations of one type, found \(item.type!)")
            return (.invalid, nil)
        }
        return (.call(function, typed.map(\.expr)), first)
    }
}
