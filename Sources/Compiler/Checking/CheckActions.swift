// Checking `tap:` actions: each names state, a row or a step that must exist,
// with values of the right type.

import StackParser

enum ActionChecking {
    static let names = ["toggle", "set", "emit", "scroll-to", "push", "pop", "insert", "remove", "move"]
    static let positions = ["top", "middle", "bottom", "auto"]
}

extension TypeChecker {
    mutating func checkActions(_ value: PropertyValue, scope: Scope) -> CheckedValue? {
        // Nearly every tap is one action: checked without the value's
        // groups, which are made as two arrays for a single expression.
        if let expr = value.single { return checkAction(expr, scope: scope).map { .actions([$0]) } }
        var actions: [Action] = []
        var failed = false
        for group in value.groups {
            guard group.count == 1 else {
                error(.wrongValueCount, group[1].span, "tap actions are separated by commas")
                failed = true
                continue
            }
            if let action = checkAction(group[0], scope: scope) {
                actions.append(action)
            } else {
                failed = true
            }
        }
        return failed ? nil : .actions(actions)
    }

    private mutating func checkAction(_ expr: Expr, scope: Scope) -> Action? {
        let name: Identifier
        let arguments: [Expr]
        switch expr.kind {
        case .call(let callee, let args):
            (name, arguments) = (callee, args)
        case .name(let bare) where bare == "pop":
            return .pop(1)
        case .name(let bare):
            let hint = ActionChecking.names.contains(bare) ? "; write '\(bare)(…)'" : suggestion(bare, ActionChecking.names)
            error(.unknownAction, expr.span, "'\(bare)' is not a tap action" + (hint.isEmpty ? "; expected toggle, set, emit, scroll-to, push, pop, insert, remove or move" : hint))
            return nil
        default:
            error(.unknownAction, expr.span, "expected a tap action such as 'toggle(state)' or 'emit(\"event\")'")
            return nil
        }
        switch name.name {
        case "toggle":
            guard requireArguments(1...1, arguments, expr, usage: "toggle(state)"),
                let state = stateName(arguments[0], scope: scope)
            else { return nil }
            guard scope.states[state.name] == .bool else {
                error(.toggleNonBool, arguments[0].span, "toggle() needs bool state, but '\(state.name)' is \(scope.states[state.name]!)")
                return nil
            }
            return .toggle(state: scope.stateSlot(state.name))
        case "set":
            guard requireArguments(2...2, arguments, expr, usage: "set(state, value)"),
                let state = stateName(arguments[0], scope: scope)
            else { return nil }
            let type = scope.states[state.name]!
            let typed = check(arguments[1], expecting: type, scope: scope, what: "set(\(state.name), …) of \(type) state")
            return typed == .invalid ? nil : .set(state: scope.stateSlot(state.name), typed)
        case "emit":
            guard requireArguments(1...1, arguments, expr, usage: "emit(\"event\")") else { return nil }
            guard case .string(let event) = arguments[0].kind else {
                error(.typeMismatch, arguments[0].span, "emit() takes the event's name as a string, as in emit(\"tagsToggled\")")
                return nil
            }
            return .emit(event)
        case "scroll-to":
            guard requireArguments(1...2, arguments, expr, usage: "scroll-to(row, top|middle|bottom|auto)") else { return nil }
            guard case .name(let row) = arguments[0].kind else {
                error(.typeMismatch, arguments[0].span, "scroll-to() takes a row id")
                return nil
            }
            if scope.inComponent {
                error(.unknownRow, arguments[0].span, "no row with id '\(row)': a component cannot see the rows of a screen")
                return nil
            }
            // Rows may be named before they are declared: checked when the stack is done.
            rowReferences.append(Identifier(row, arguments[0].span))
            var position = "auto"
            if arguments.count == 2 {
                guard let word = keyword(arguments[1], options: ActionChecking.positions, what: "scroll-to()'s position") else { return nil }
                position = word
            }
            return .scrollTo(row: row, position: position)
        case "push":
            guard requireArguments(1...1, arguments, expr, usage: "push(Step)") else { return nil }
            guard case .name(let step) = arguments[0].kind else {
                error(.typeMismatch, arguments[0].span, "push() takes the name of a flow step")
                return nil
            }
            guard scope.steps.contains(step) else {
                error(.unknownStep, arguments[0].span, "no step named '\(step)'" + suggestion(step, scope.steps))
                return nil
            }
            return .push(step: step)
        case "pop":
            guard requireArguments(0...1, arguments, expr, usage: "pop(n)") else { return nil }
            guard let first = arguments.first else { return .pop(1) }
            guard let count = constantNumber(first, scope: scope, what: "pop()'s count") else { return nil }
            guard count >= 1, count == count.rounded(), count < 1_000_000 else {
                error(.valueOutOfRange, first.span, "pop() takes a whole number of steps, at least 1, found \(Self.format(count))")
                return nil
            }
            return .pop(Int(count))
        case "insert", "remove", "move":
            return checkRowAction(name, arguments, expr, scope: scope)
        default:
            error(.unknownAction, name.span, "unknown tap action '\(name.name)'" + suggestionOrList(name.name, ActionChecking.names))
            return nil
        }
    }

    mutating func requireArguments(_ range: ClosedRange<Int>, _ arguments: [Expr], _ expr: Expr, usage: String) -> Bool {
        if range.contains(arguments.count) { return true }
        error(.wrongArgumentCount, expr.span, "wrong number of arguments: expected '\(usage)', found \(arguments.count) argument\(arguments.count == 1 ? "" : "s")")
        return false
    }

    /// The state an action names, marked as used; or a report.
    private mutating func stateName(_ expr: Expr, scope: Scope) -> Identifier? {
        guard case .name(let name) = expr.kind else {
            error(.typeMismatch, expr.span, "expected the name of a state variable")
            return nil
        }
        guard scope.states[name] != nil else {
            var message = "unknown state '\(name)'"
            if scope.inComponent, scope.states.isEmpty {
                message += "; a component sees only its own state (declare 'state \(name): …' in it), or set 'tap' on the instance"
            } else {
                message += suggestion(name, scope.states.keys)
            }
            error(.unknownState, expr.span, message)
            return nil
        }
        markStateUsed(name, scope: scope)
        return Identifier(name, expr.span)
    }
}
