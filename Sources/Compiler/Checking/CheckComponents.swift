// Pass 3 and 4: component signatures (base kind, typed parameters and their
// defaults), then bodies with the parameters in scope, then recursion.

import StackParser

extension TypeChecker {
    /// Resolves every component's base kind and parameters, before any body
    /// is checked, so bodies may instantiate each other.
    mutating func checkComponentSignatures() {
        for name in components.keys.sorted() {
            guard var info = components[name] else { continue }
            let decl = info.decl
            if !decl.base.name.isEmpty {
                if let kind = RowKind(rawValue: decl.base.name) {
                    info.base = kind
                } else if let kind = RowKind(rawValue: decl.base.name.prefix(1).uppercased() + decl.base.name.dropFirst()) {
                    error(.lowercaseKind, decl.base.span, "row kind '\(decl.base.name)' should be capitalised: '\(kind.rawValue)'")
                    info.base = kind
                } else if components.contains(decl.base.name) {
                    error(.unknownKind, decl.base.span, "a component builds on a built-in kind (Text, Image, View, Spacer or Stack), not on component '\(decl.base.name)'")
                } else {
                    error(.unknownKind, decl.base.span, "unknown row kind '\(decl.base.name)'" + suggestionOrList(decl.base.name, RowKind.allCases.map(\.rawValue)))
                }
            }
            var seen: [String: Span] = [:]
            // Gathered here and set once: `info.parameters` indexes itself
            // again at every change (a component of 20,000 parameters took
            // a minute to check when each was appended to it).
            var parameters: [CheckedParameter] = []
            var spans: [Span] = []
            for parameter in decl.parameters {
                guard declareOnce(parameter.name, in: &seen, code: .duplicateDeclaration, what: "parameter") else { continue }
                checkLowercaseStyle(parameter.name, what: "parameter")
                guard let type = resolveType(parameter.type) else { continue }
                var defaultValue: TypedExpr?
                if let expr = parameter.defaultValue {
                    let typed = check(expr, expecting: type, scope: Scope(inComponent: true), what: "the default of '\(parameter.name.name)'")
                    if typed != .invalid, constantValue(typed) == nil {
                        error(.notConstant, expr.span, "a parameter's default must be a constant")
                    }
                    defaultValue = typed == .invalid ? .invalid : typed
                }
                parameters.append(CheckedParameter(name: parameter.name.name, type: type, defaultValue: defaultValue))
                spans.append(parameter.name.span)
            }
            info.parameters = parameters
            info.parameterSpans = spans
            components[name] = info
        }
    }

    mutating func checkComponentBodies() {
        for name in components.keys.sorted() {
            guard let info = components[name], let base = info.base else { continue }
            var scope = Scope(inComponent: true)
            for parameter in info.parameters { scope.parameters[parameter.name] = parameter.type }
            let (states, stateSpans) = declareStates(info.decl.body.members, into: &scope)
            scope.statePrefix = name + "."
            scope.declaresState = true
            usedStates = []
            let result = checkMembers(info.decl.body, context: BlockContext(base), scope: scope, owner: "component '\(name)'")
            warnUnusedStates(info.decl.body.members, declared: states, spans: stateSpans)
            if !info.decl.body.isInvalid {
                checkRowRules(kind: base, rowSpan: info.decl.name.span, result: result, deferImageCheck: true)
            }
            let body = CheckedRow(
                kind: base, component: nil, id: nil, span: info.decl.span, block: result.block, arguments: NamedValues(), rows: result.rows)
            checkedComponents[name] = CheckedComponent(name: name, parameters: info.parameters, body: body, state: states)
        }
    }

    /// Property `name` of component `component`'s body, if it sets one: read
    /// where the component is kept (`checkedComponents[component]` copies
    /// the whole component).
    func componentProperty(_ name: String, of component: String) -> CheckedValue? {
        checkedComponents.position(of: component).flatMap { checkedComponents.values[$0].body.block.properties[name] }
    }

    /// A component whose body (through nested stacks) instantiates itself
    /// would expand forever.
    mutating func checkComponentRecursion() {
        var uses: [String: [(String, Span)]] = [:]
        for (name, info) in zip(components.keys, components.values) {
            var found: [(String, Span)] = []
            collectInstances(info.decl.body, into: &found)
            uses[name] = found
        }
        // Depth-first with an explicit stack: a chain of thousands of
        // components must not recurse thousands deep.
        var state: [String: Int] = [:]  // 1 visiting, 2 done
        var path: [String] = []
        var next: [Int] = []  // per path entry: the index of its next use to visit
        var reported = Set<String>()
        for root in components.keys.sorted() where state[root] == nil {
            state[root] = 1
            path.append(root)
            next.append(0)
            while let name = path.last {
                let edges = uses[name] ?? []
                let index = next[next.count - 1]
                guard index < edges.count else {
                    state[name] = 2
                    path.removeLast()
                    next.removeLast()
                    continue
                }
                next[next.count - 1] += 1
                let (used, span) = edges[index]
                if state[used] == 1 {
                    // Every cycle is reported once; past a hundred, a file has
                    // bigger problems than naming them all (and it keeps this linear).
                    guard reported.count < 100 else { continue }
                    let cycle = path[path.firstIndex(of: used)!...] + [used]
                    if reported.insert(cycle.sorted().joined(separator: ",")).inserted {
                        error(.recursiveComponent, span, "component '\(used)' contains itself: " + cycle.joined(separator: " → "))
                    }
                } else if state[used] == nil {
                    state[used] = 1
                    path.append(used)
                    next.append(0)
                }
            }
        }
    }

    private func collectInstances(_ block: Block, into found: inout [(String, Span)]) {
        for case .row(let row) in block.members {
            if components.contains(row.kind.name) {
                found.append((row.kind.name, row.kind.span))
            }
            collectInstances(row.body, into: &found)
        }
    }
}
