// Pass 5: screens and flows — their state, row ids, members and rows —
// then the state nobody reads.

import StackParser

extension TypeChecker {
    /// Checks screen or flow `decl`, the root file's `number`th. `draining`:
    /// its members are let go as they are checked (it must hold them
    /// alone), leaving `decl` without them; a screen's root rows then go to
    /// `sink` as they are checked (see `CheckedRowSink`), so that the
    /// syntax tree of a large screen and its checked rows are never all in
    /// memory at once. Passes 7 and 8 tally its rows here.
    mutating func checkStack(_ decl: inout StackDecl, number: Int = 0, draining: Bool = false, into sink: inout some CheckedRowSink) -> CheckedStack {
        let what = decl.kind.rawValue
        checkCapitalised(decl.name, what: what)
        var scope = Scope()
        let (states, stateSpans) = declareStates(decl.body.members, into: &scope)
        let data = declareData(decl.body.members, into: &scope)
        rowIDs = RowIDTable(file: decl.span.file, bytes: sources.files.indices.contains(decl.span.file.rawValue) ? sources[decl.span.file].bytes : [])
        rowReferences = []
        if decl.kind == .flow {
            var own: Set<String> = []
            for case .block(let block) in decl.body.members where block.keyword == .step {
                if let name = block.name { own.insert(name.name) }
            }
            scope.steps = own
        } else {
            scope.steps = allSteps
        }
        usedStates = []
        stepSpans = [:]
        let stateMembers = decl.body.members.filter { if case .state = $0 { true } else { false } }
        let context: BlockContext = decl.kind == .screen ? .screen : .flow
        let owner = "\(what) '\(decl.name.name)'"
        var stream = RowStream(expansion: StackExpansion(span: decl.name.span, what: owner))
        if draining, decl.kind == .screen, Self.settingsComeFirst(decl.body.members) {
            let header = CheckedStack(
                kind: decl.kind, name: decl.name.name, span: decl.span, state: states, block: CheckedBlock(), rows: [], steps: [],
                data: data)
            stream.pending = (header, number, Self.rowCount(decl.body.members))
        }
        let result = draining
            ? checkMembers(draining: &decl.body, context: context, scope: scope, owner: owner, stream: &stream, sink: &sink)
            : checkMembers(decl.body, context: context, scope: scope, owner: owner)
        var names: [String]?
        for reference in rowReferences where rowIDs.first(reference.name) == nil {
            names = names ?? rowIDs.names()
            error(.unknownRow, reference.span, "no row with id '\(reference.name)' in this \(what)" + suggestion(reference.name, names!))
        }
        warnUnusedStates(stateMembers, declared: states, spans: stateSpans)
        if decl.kind == .flow, result.steps.isEmpty, !decl.body.isInvalid {
            error(.emptyFlow, decl.name.span, "flow '\(decl.name.name)' has no steps: add 'step Name { … }'")
        }
        // Rows not tallied as they came are tallied now.
        if !stream.begun {
            if decl.kind == .flow {
                tallyExpansion(steps: result.steps, into: &stream.expansion)
                tallyPercentages(flow: result.block, steps: result.steps)
            } else {
                tallyExpansion(result.rows[...], into: &stream.expansion)
                stream.percent = percentTally(screen: result.block)
                tallyPercentages(result.rows[...], into: &stream.percent!)
            }
        }
        if let percent = stream.percent { finishPercentages(percent) }
        stackExpansions.append(stream.expansion)
        expandedSoFar = Self.add(expandedSoFar, Self.add(stream.expansion.own.rows, expansionPlan.templateRows))
        // Told once nothing more of the screen can be found wrong.
        if stream.begun, stream.flowing, result.rows.isEmpty, !diagnostics.hasErrors { sink.endScreen() }
        return CheckedStack(
            kind: decl.kind, name: decl.name.name, span: decl.span, state: states, block: result.block,
            rows: result.rows, steps: result.steps, data: data)
    }

    /// The `state` declarations among `members`, typed, with constant initial
    /// values, added to `scope` (each name once; a name of one of the
    /// scope's parameters is refused).
    mutating func declareStates(_ members: [Member], into scope: inout Scope) -> ([CheckedState], [String: Span]) {
        var states: [CheckedState] = []
        var stateSpans: [String: Span] = [:]
        for case .state(let state) in members {
            guard declareOnce(state.name, in: &stateSpans, code: .duplicateState, what: "state") else { continue }
            if scope.parameters[state.name.name] != nil {
                error(
                    .duplicateState, state.name.span,
                    "state '\(state.name.name)' has the name of a parameter of this component; rename one of them")
                continue
            }
            checkLowercaseStyle(state.name, what: "state")
            let type: ValueType
            if let written = state.type {
                guard let resolved = resolveType(written) else { continue }
                type = resolved
            } else {
                // `state isOn = false`: the type is the initial value's.
                let (_, inferred) = infer(state.initialValue, expected: nil, scope: Scope())
                guard let inferred else { continue }
                guard inferred != .percent else {
                    error(.typeMismatch, state.initialValue.span, "state cannot hold a percentage; write 'state \(state.name.name): number = …'")
                    continue
                }
                type = inferred
            }
            scope.states[state.name.name] = type
            let typed = check(state.initialValue, expecting: type, scope: Scope(), what: "the initial value of '\(state.name.name)'")
            guard typed != .invalid else { continue }
            guard let value = constantValue(typed) else {
                error(.notConstant, state.initialValue.span, "the initial value of state must be a constant")
                continue
            }
            states.append(CheckedState(name: state.name.name, type: type, initialValue: value))
        }
        return (states, stateSpans)
    }

    /// Marks state `name`, one of `scope`'s, as read. `usedStates` holds
    /// names of the scope's states alone (it is emptied for each screen,
    /// flow and component), so once it holds as many as the scope has it
    /// holds them all: then nothing is hashed again (each read of a state
    /// was a hash into the set, 1% of checking a screen).
    mutating func markStateUsed(_ name: String, scope: Scope) {
        if usedStates.count < scope.states.count { usedStates.insert(name) }
    }

    /// W0002 for each declared state nothing read (by `usedStates`).
    mutating func warnUnusedStates(_ members: [Member], declared states: [CheckedState], spans: [String: Span]) {
        let declared = Set(states.map(\.name))
        for case .state(let state) in members
        where declared.contains(state.name.name) && !usedStates.contains(state.name.name)
            && spans[state.name.name] == state.name.span
        {
            error(.unusedState, state.name.span, "state '\(state.name.name)' is never read by an expression or an action")
        }
    }
}
