// Checking a property's value against the shape the catalogue gives it:
// single typed expressions, edge lists, keywords, curves, flow settings.

import StackParser

extension TypeChecker {
    mutating func checkValue(_ value: PropertyValue, spec: PropertySpec, scope: Scope) -> CheckedValue? {
        if value.containsInvalid { return nil }
        // The messages below capture the name, not the spec: a closure
        // that captured the spec retained and released it, twice for
        // nearly every property; a property's name is a small string,
        // held in place.
        let name = spec.name
        switch spec.shape {
        case .value(let type):
            guard let expr = single(value, what: "'\(name)'") else { return nil }
            let typed = check(expr, expecting: type, scope: scope, what: "'\(name)'")
            if case .invalid = typed { return nil }
            guard checkLimits(typed, expr.span, spec: spec) else { return nil }
            return .expr(typed)
        case .edges:
            return checkEdges(value, spec: spec, scope: scope)
        case .keyword(let options):
            guard let expr = single(value, what: "'\(name)'"), let word = keyword(expr, options: options, what: "'\(name)'") else { return nil }
            return .keyword(word)
        case .keywordList(let options):
            if let expr = value.single, case .name("none") = expr.kind { return .keywords([]) }
            var words: [String] = []
            for group in value.groups {
                guard group.count == 1 else {
                    error(.wrongValueCount, group[1].span, "\("'\(name)'") takes keywords separated by commas")
                    return nil
                }
                guard let word = keyword(group[0], options: options, what: "'\(name)'") else { return nil }
                words.append(word)
            }
            return .keywords(words)
        case .separator:
            guard let expr = single(value, what: "'\(name)'") else { return nil }
            guard case .name("none") = expr.kind else {
                error(.typeMismatch, expr.span, "'separator:' takes only 'none'; a separator is set with a block: 'separator { color: … thickness: … insets: … }'")
                return nil
            }
            return .separator(nil)
        case .actions:
            return checkActions(value, scope: scope)
        case .curve:
            guard let expr = single(value, what: "'\(name)'") else { return nil }
            return checkCurve(expr, scope: scope).map(CheckedValue.curve)
        case .offset:
            guard let group = value.onlyGroup, group.count == 2 else {
                error(.wrongValueCount, value.span, "'offset' takes two numbers, x and y, found \(value.all.count) value\(value.all.count == 1 ? "" : "s")")
                return nil
            }
            let x = check(group[0], expecting: .number, scope: scope, what: "'\(name)'")
            let y = check(group[1], expecting: .number, scope: scope, what: "'\(name)'")
            return x == .invalid || y == .invalid ? nil : .offset(x, y)
        case .behavior:
            guard let expr = single(value, what: "'\(name)'") else { return nil }
            return checkBehavior(expr)
        case .separation:
            guard let expr = single(value, what: "'\(name)'") else { return nil }
            return checkSeparation(expr, scope: scope)
        case .fading:
            return checkFading(value, scope: scope)
        }
    }

    /// The value's only expression, or a report that there are several.
    mutating func single(_ value: PropertyValue, what: @autoclosure () -> String) -> Expr? {
        if let expr = value.single { return expr }
        let count = value.all.count
        // `300 ms`: a unit apart from its number.
        if value.groups.count == 1, value.groups[0].count == 2, case .number(let x) = value.groups[0][0].kind,
            case .name(let unit) = value.groups[0][1].kind, ["ms", "s", "sec", "px", "pt", "%"].contains(unit)
        {
            let written = unit == "px" || unit == "pt" ? TypeChecker.format(x) : unit == "sec" ? "\(TypeChecker.format(x))s" : "\(TypeChecker.format(x))\(unit)"
            error(.wrongValueCount, value.span, "write the unit right after the number, without a space: '\(written)'")
            return nil
        }
        var message = "\(what()) takes one value, found \(count)"
        if value.groups.count == 1, value.groups[0].count > 1,
            case .number = value.groups[0][0].kind,
            value.groups[0].dropFirst().contains(where: { if case .number(let x) = $0.kind { return x < 0 } else { return false } })
        {
            message += "; for subtraction write spaces on both sides of '-'"
        }
        error(.wrongValueCount, value.all.dropFirst().first.map { $0.span.to(value.span.atEnd) } ?? value.span, message)
        return nil
    }

    /// Non-negativity and ranges, for constant values only: reactive values
    /// are checked when the runtime evaluates them.
    mutating func checkLimits(_ typed: TypedExpr, _ span: Span, spec: PropertySpec) -> Bool {
        guard let constant = constantValue(typed), let x = Self.magnitude(constant) else { return true }
        if spec.wholeNumber, x != x.rounded() {
            error(.valueOutOfRange, span, "'\(spec.name)' counts whole \(spec.name), found \(Self.format(x)); write \(Self.format(x.rounded(.down)))")
            return false
        }
        if spec.nonNegative, x < 0 {
            error(.negativeValue, span, "'\(spec.name)' cannot be negative, found \(Self.format(x))\(Self.unit(constant))")
            return false
        }
        if let range = spec.range, !range.contains(x) {
            // Wide ranges read best by the side that was crossed.
            let shown = range.upperBound < 10_000
                ? "between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound))"
                : x > range.upperBound ? "at most \(Self.format(range.upperBound))" : "greater than 0"
            error(.valueOutOfRange, span, "'\(spec.name)' must be \(shown), found \(Self.format(x))")
            return false
        }
        return true
    }

    static func unit(_ value: Value) -> String {
        if case .duration = value { return "s" }
        return ""
    }

    private mutating func checkEdges(_ value: PropertyValue, spec: PropertySpec, scope: Scope) -> CheckedValue? {
        guard let group = value.onlyGroup, (1...4).contains(group.count) else {
            let count = value.all.count
            error(
                .wrongValueCount, value.span,
                "'\(spec.name)' takes 1 to 4 numbers separated by spaces (all | vertical horizontal | top horizontal bottom | top right bottom left), found \(count) value\(count == 1 ? "" : "s")\(value.groups.count > 1 ? " separated by commas" : "")")
            return nil
        }
        var edges: [TypedExpr] = []
        edges.reserveCapacity(4)
        for expr in group {
            let typed = check(expr, expecting: .number, scope: scope, what: "'\(spec.name)'")
            guard typed != .invalid, checkLimits(typed, expr.span, spec: spec) else { return nil }
            edges.append(typed)
        }
        // Filled in place, in the room reserved: not a new array.
        switch edges.count {
        case 1: for _ in 0..<3 { edges.append(edges[0]) }
        case 2: for index in 0..<2 { edges.append(edges[index]) }
        case 3: edges.append(edges[1])
        default: break
        }
        return .edges(edges)
    }

    /// A bare keyword from `options`, or a report naming them.
    mutating func keyword(_ expr: Expr, options: [String], what: @autoclosure () -> String) -> String? {
        guard case .name(let word) = expr.kind else {
            var message = "\(what()) takes one of \(Self.list(options))"
            switch expr.kind {
            case .ternary, .binary, .unary, .call, .member:
                // A keyword is fixed when the screen is compiled: it cannot follow state.
                message = "\(what()) must be a constant, one of \(Self.list(options)); it cannot depend on state (to switch, give two rows 'hidden' expressions)"
            default: break
            }
            error(.invalidKeyword, expr.span, message)
            return nil
        }
        guard options.contains(word) else {
            let hint = suggestion(word, options)
            error(.invalidKeyword, expr.span, "'\(word)' is not a value of \(what())" + (hint.isEmpty ? "; expected one of \(Self.list(options))" : hint))
            return nil
        }
        return word
    }

    /// `'a', 'b' or 'c'` (or `and`).
    static func list(_ options: [String], conjunction: String = "or") -> String {
        options.count <= 1 ? options.map { "'\($0)'" }.joined()
            : options.dropLast().map { "'\($0)'" }.joined(separator: ", ") + " \(conjunction) '\(options.last!)'"
    }

    private mutating func checkCurve(_ expr: Expr, scope: Scope) -> Curve? {
        let names: [String: Curve] = ["linear": .linear, "ease-in": .easeIn, "ease-out": .easeOut, "ease-in-out": .easeInOut]
        let all = ["linear", "ease-in", "ease-out", "ease-in-out", "spring"]
        switch expr.kind {
        case .name(let name):
            if let curve = names[name] { return curve }
            if name == "spring" { return .spring(damping: 1, velocity: 0) }
            error(.invalidKeyword, expr.span, "unknown curve '\(name)'" + suggestionOrList(name, all))
            return nil
        case .call(let name, let arguments) where name.name == "spring":
            guard (1...2).contains(arguments.count) else {
                error(.wrongArgumentCount, expr.span, "'spring' takes a damping and an optional velocity, found \(arguments.count) arguments")
                return nil
            }
            guard let damping = constantNumber(arguments[0], scope: scope, what: "the spring's damping") else { return nil }
            guard damping > 0, damping <= 1 else {
                error(.dampingOutOfRange, arguments[0].span, "spring damping must be greater than 0 and at most 1, found \(Self.format(damping))")
                return nil
            }
            var velocity = 0.0
            if arguments.count == 2 {
                guard let v = constantNumber(arguments[1], scope: scope, what: "the spring's velocity") else { return nil }
                velocity = v
            }
            return .spring(damping: damping, velocity: velocity)
        case .call(let name, _):
            error(.invalidKeyword, name.span, "unknown curve '\(name.name)'" + suggestionOrList(name.name, all))
            return nil
        default:
            error(.invalidKeyword, expr.span, "'curve' takes \(Self.list(["linear", "ease-in", "ease-out", "ease-in-out", "spring(damping[, velocity])"]))")
            return nil
        }
    }

    func suggestionOrList(_ name: String, _ options: [String]) -> String {
        let hint = suggestion(name, options)
        return hint.isEmpty ? "; expected \(Self.list(options))" : hint
    }

    /// A constant number, or a report.
    mutating func constantNumber(_ expr: Expr, scope: Scope, what: @autoclosure () -> String) -> Double? {
        let typed = check(expr, expecting: .number, scope: scope, what: what())
        guard typed != .invalid else { return nil }
        guard case .number(let x)? = constantValue(typed) else {
            error(.notConstant, expr.span, "\(what()) must be a constant number")
            return nil
        }
        return x
    }

    private mutating func checkBehavior(_ expr: Expr) -> CheckedValue? {
        switch expr.kind {
        case .name("none"):
            return .snapHide(nil)
        case .call(let name, let arguments) where name.name == "snap-hide":
            guard arguments.count == 1 else {
                error(.wrongArgumentCount, expr.span, "'snap-hide' takes one edge, 'top' or 'bottom'")
                return nil
            }
            guard let edge = keyword(arguments[0], options: ["top", "bottom"], what: "'snap-hide'") else { return nil }
            return .snapHide(edge)
        default:
            error(.invalidKeyword, expr.span, "'behavior' takes 'none' or 'snap-hide(top|bottom)'")
            return nil
        }
    }

    private mutating func checkSeparation(_ expr: Expr, scope: Scope) -> CheckedValue? {
        switch expr.kind {
        case .name("none"):
            return .separation(.none)
        case .call(let name, let arguments) where name.name == "line":
            guard arguments.count == 2 else {
                error(.wrongArgumentCount, expr.span, "'line' takes a thickness and a colour, found \(arguments.count) argument\(arguments.count == 1 ? "" : "s")")
                return nil
            }
            let thickness = check(arguments[0], expecting: .number, scope: scope, what: "'line' thickness")
            let color = check(arguments[1], expecting: .color, scope: scope, what: "'line' colour")
            guard thickness != .invalid, color != .invalid else { return nil }
            let spec = PropertySpec(name: "line thickness", shape: .value(.number), nonNegative: true, defaultText: "", summary: "")
            guard checkLimits(thickness, arguments[0].span, spec: spec) else { return nil }
            return .separation(.line(thickness: thickness, color: color))
        case .call(let name, let arguments) where name.name == "padding":
            guard arguments.count == 1 else {
                error(.wrongArgumentCount, expr.span, "'padding' takes one size, found \(arguments.count) arguments")
                return nil
            }
            let size = check(arguments[0], expecting: .number, scope: scope, what: "'padding'")
            let spec = PropertySpec(name: "padding", shape: .value(.number), nonNegative: true, defaultText: "", summary: "")
            guard size != .invalid, checkLimits(size, arguments[0].span, spec: spec) else { return nil }
            return .separation(.padding(size))
        default:
            error(.invalidKeyword, expr.span, "'separation' takes 'none', 'line(thickness, color)' or 'padding(size)'")
            return nil
        }
    }

    private mutating func checkFading(_ value: PropertyValue, scope: Scope) -> CheckedValue? {
        if let expr = value.single, case .name("none") = expr.kind { return .fading([]) }
        var items: [Fading] = []
        for group in value.groups {
            guard group.count == 1 else {
                error(.wrongValueCount, group[1].span, "'fading' items are separated by commas")
                return nil
            }
            let expr = group[0]
            switch expr.kind {
            case .call(let name, let arguments) where name.name == "tint":
                guard arguments.count == 3 else {
                    error(.wrongArgumentCount, expr.span, "'tint' takes a colour, an alpha and a step, found \(arguments.count) arguments")
                    return nil
                }
                let color = check(arguments[0], expecting: .color, scope: scope, what: "'tint' colour")
                let alpha = check(arguments[1], expecting: .number, scope: scope, what: "'tint' alpha")
                let step = check(arguments[2], expecting: .number, scope: scope, what: "'tint' step")
                guard color != .invalid, alpha != .invalid, step != .invalid else { return nil }
                let spec = PropertySpec(name: "tint alpha", shape: .value(.number), range: 0...1, defaultText: "", summary: "")
                guard checkLimits(alpha, arguments[1].span, spec: spec),
                    checkLimits(step, arguments[2].span, spec: PropertySpec(name: "tint step", shape: .value(.number), range: 0...1, defaultText: "", summary: ""))
                else { return nil }
                items.append(.tint(color: color, alpha: alpha, step: step))
            case .call(let name, let arguments) where name.name == "gradient":
                guard arguments.count == 1 else {
                    error(.wrongArgumentCount, expr.span, "'gradient' takes one percentage, found \(arguments.count) arguments")
                    return nil
                }
                let distance = check(arguments[0], expecting: .percent, scope: scope, what: "'gradient'")
                guard distance != .invalid else { return nil }
                items.append(.gradient(distance))
            default:
                error(.invalidKeyword, expr.span, "'fading' takes 'none', 'tint(color, alpha, step)' and 'gradient(P%)'")
                return nil
            }
        }
        return .fading(items)
    }
}
