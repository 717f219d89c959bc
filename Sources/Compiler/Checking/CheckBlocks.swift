// Checking the members of a block against the property catalogue: unknown,
// duplicate and misplaced properties, nested blocks, and rows.

import StackParser

/// What checking a block's members produced.
struct BlockResult {
    var block = CheckedBlock()
    var rows: [CheckedRow] = []
    var steps: [CheckedStep] = []
    /// Where each property was written, for notes and cross-property checks.
    var spans = SpanTable()
    /// `font: headline` was written (semibold unless a weight is).
    var headlineFont = false

    /// Appends to `rows` a row holding this block and these rows, which
    /// move into it: made empty in the array (`CheckedRow.empty`) and
    /// filled in place.
    mutating func moveRow(kind: RowKind, component: String? = nil, id: String?, span: Span, into rows: inout [CheckedRow]) {
        rows.append(CheckedRow.empty(kind: kind, component: component, id: id, span: span))
        let last = rows.count - 1
        swap(&rows[last].block, &block)
        swap(&rows[last].rows, &self.rows)
    }
}

/// Names to spans for one block. Blocks hold a handful of properties, so a
/// linear scan beats hashing (and allocates once, not per insertion).
struct SpanTable {
    /// A name with its length in bytes, kept so that a scan compares
    /// numbers (a string's length is asked of the runtime each time). A
    /// struct, not a tuple: an array of tuples is destroyed through the
    /// runtime's generic tuple witnesses (2% of the checker's thread).
    private struct Entry {
        var name: String
        var length: UInt32
        var span: Span
        /// The catalogue's entry, for a property found in it: within one
        /// block a name has one, so two are the same name exactly when
        /// they are the same entry — no string compared (names of a length
        /// are common: `font`, `text`, `size`, and comparing two different
        /// ones is a call into the runtime).
        var spec: ObjectIdentifier?
    }

    private var entries: [Entry] = []

    subscript(name: String) -> Span? {
        get {
            guard let index = index(of: name, length: name.utf8.count) else { return nil }
            return entries[index].span
        }
        set {
            let length = name.utf8.count
            if let index = index(of: name, length: length) {
                if let newValue { entries[index].span = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                add(Entry(name: name, length: UInt32(truncatingIfNeeded: length), span: newValue))
            }
        }
    }

    /// Where `name` was recorded; if it was not, it is recorded at `span`
    /// (one scan, not a lookup and then an insertion). `spec`, the
    /// catalogue's entry of a property, is compared instead of the name
    /// with entries that have one too.
    mutating func record(_ name: String, spec: PropertySpec? = nil, at span: Span) -> Span? {
        let key = spec.map(ObjectIdentifier.init)
        let length = UInt32(truncatingIfNeeded: name.utf8.count)
        for index in entries.indices {
            if let key, let other = entries[index].spec {
                if other == key { return entries[index].span }
            } else if entries[index].length == length, entries[index].name == name {
                return entries[index].span
            }
        }
        add(Entry(name: name, length: length, span: span, spec: key))
        return nil
    }

    /// Empties the table into `spare`, keeping its room for the next
    /// block to take (`TypeChecker.spareSpans`): made for every row, its
    /// room was an allocation and a free a row.
    mutating func recycle(into spare: inout SpanTable) {
        // Popped one by one: `removeAll(keepingCapacity:)` destroyed the
        // entries through the generic `replaceSubrange` (2 % of the
        // checker's thread). Popping keeps the room as well.
        while entries.popLast() != nil {}
        swap(&self, &spare)
    }

    /// Room for a block's few names made once, with the first.
    private mutating func add(_ entry: Entry) {
        if entries.isEmpty { entries.reserveCapacity(8) }
        entries.append(entry)
    }

    /// Lengths compared first: two different names compared as strings
    /// is a call into the runtime, and most names scanned are others.
    private func index(of name: String, length: Int) -> Int? {
        let length = UInt32(truncatingIfNeeded: length)
        return entries.indices.first { entries[$0].length == length && entries[$0].name == name }
    }
}

extension TypeChecker {
    mutating func checkMembers(_ block: Block, context: BlockContext, scope: Scope, owner: @autoclosure () -> String) -> BlockResult {
        let mayDeclareState = Self.mayDeclareState(context: context, scope: scope)
        // The scope is copied only to say so: a copy for every row (its
        // tables retained and released) was 5% of the checker's thread.
        guard !scope.declaresState else {
            return checkMembers(block, context: context, memberScope: Self.memberScope(scope), mayDeclareState: mayDeclareState, owner: owner())
        }
        return checkMembers(block, context: context, memberScope: scope, mayDeclareState: mayDeclareState, owner: owner())
    }

    /// `checkMembers` of a block the caller owns alone: each member is
    /// moved out of the array, checked, and moved back. Read where it
    /// stands, a property was copied (all it holds retained, then
    /// released: 6% of the checker's thread), as the array's memory may
    /// change under any call the optimizer cannot see into.
    mutating func checkMembers(
        inPlace block: inout Block, context: BlockContext, scope: Scope, owner: @autoclosure () -> String
    ) -> BlockResult {
        let mayDeclareState = Self.mayDeclareState(context: context, scope: scope)
        guard !scope.declaresState else {
            return checkMembers(
                inPlace: &block, context: context, memberScope: Self.memberScope(scope), mayDeclareState: mayDeclareState, owner: owner())
        }
        return checkMembers(inPlace: &block, context: context, memberScope: scope, mayDeclareState: mayDeclareState, owner: owner())
    }

    /// `checkMembers(inPlace:)` with `scope` as the block's members see it.
    private mutating func checkMembers(
        inPlace block: inout Block, context: BlockContext, memberScope scope: Scope, mayDeclareState: Bool, owner: @autoclosure () -> String
    ) -> BlockResult {
        var result = Self.start(block)
        swap(&result.spans, &spareSpans)
        block.members.withUnsafeMutableBufferPointer { members in
            guard let first = members.baseAddress else { return }
            for index in 0..<members.count {
                let member = (first + index).move()
                checkMember(member, context: context, scope: scope, mayDeclareState: mayDeclareState, owner: owner(), into: &result)
                (first + index).initialize(to: member)
            }
        }
        Self.finish(&result)
        return result
    }

    /// `checkMembers` with `scope` as the block's members see it.
    private mutating func checkMembers(
        _ block: Block, context: BlockContext, memberScope scope: Scope, mayDeclareState: Bool, owner: @autoclosure () -> String
    ) -> BlockResult {
        var result = Self.start(block)
        // The spare table's room, if no block holds it.
        swap(&result.spans, &spareSpans)
        // Indexing, not `for member in`, saves a copy of each member; and
        // a property, nearly every member, is taken out alone: passing the
        // member copied all of it through the enum's generic witnesses.
        for index in block.members.indices {
            if case .property(let property) = block.members[index] {
                checkProperty(property, context: context, scope: scope, owner: owner(), into: &result)
                continue
            }
            checkMember(block.members[index], context: context, scope: scope, mayDeclareState: mayDeclareState, owner: owner(), into: &result)
        }
        Self.finish(&result)
        return result
    }

    /// `checkMembers`, emptying `block` as it goes: each member is let go
    /// once checked, so a screen's syntax tree shrinks while its checked
    /// rows grow (the two together were the peak of compiling a large
    /// screen). `block` must hold its members alone. Each row, once
    /// checked, goes to `handOn` with `stream` and `sink`.
    mutating func checkMembers(
        draining block: inout Block, context: BlockContext, scope: Scope, owner: @autoclosure () -> String,
        stream: inout RowStream, sink: inout some CheckedRowSink
    ) -> BlockResult {
        // Rows handed on as checked need no room here.
        var result = Self.start(block, reservesRows: stream.pending == nil)
        let mayDeclareState = Self.mayDeclareState(context: context, scope: scope)
        let scope = Self.memberScope(scope)
        var members: [Member] = []
        swap(&members, &block.members)
        // Last first, so that each is taken off the end in source order.
        members.reverse()
        while let member = members.popLast() {
            if case .deferredRows(let deferred) = member {
                // With the runs right after it: one reader (and one worker
                // thread) for them all.
                var runs = [deferred]
                while case .deferredRows(let next)? = members.last, next.file == deferred.file {
                    runs.append(next)
                    members.removeLast()
                }
                let reader = DeferredRowReader(runs: runs, source: sources[deferred.file])
                runs = []
                // Checked where it lies, and moved on: bound by `while var`,
                // a row was copied whole.
                var syntax = nextDeferred(reader)
                while syntax != nil {
                    checkRowMember(&syntax!, ownsBody: true, context: context, scope: scope, owner: owner(), into: &result)
                    reader.recycle(syntax.take()!)
                    handOn(&result, stream: &stream, sink: &sink)
                    syntax = nextDeferred(reader)
                }
                continue
            }
            checkMember(member, context: context, scope: scope, mayDeclareState: mayDeclareState, owner: owner(), into: &result)
            handOn(&result, stream: &stream, sink: &sink)
        }
        Self.finish(&result)
        return result
    }

    /// The next deferred row of `reader`, parsed (perhaps ahead, on a
    /// second thread), or nil at the end — and when a row has a problem
    /// (then `rowsNeedParsingInPlace`): the check stops and the file is
    /// parsed again without deferring (Compiler.check).
    private mutating func nextDeferred(_ reader: DeferredRowReader) -> RowSyntax? {
        guard !rowsNeedParsingInPlace else { return nil }
        guard let syntax = reader.next() else {
            if reader.foundProblem { rowsNeedParsingInPlace = true }
            return nil
        }
        return syntax
    }

    /// Whether a block may declare state: only the block itself does, not
    /// rows or blocks in it.
    private static func mayDeclareState(context: BlockContext, scope: Scope) -> Bool {
        scope.declaresState || context == .screen || context == .flow
    }

    /// The scope a block's members see.
    private static func memberScope(_ scope: Scope) -> Scope {
        var inner = scope
        inner.declaresState = false
        return inner
    }

    /// A block's result before its members are checked.
    private static func start(_ block: Block, reservesRows: Bool = true) -> BlockResult {
        var result = BlockResult()
        // A row's few members are nearly all properties: room for as many,
        // without looking at each (a look copied the member, retaining all
        // it holds, a fiftieth of checking a row).
        if block.members.count <= Self.fewMembers {
            result.block.properties.reserveCapacity(block.members.count)
            return result
        }
        // Room for the properties and rows at once: grown by doubling, the
        // screen's 100,000 checked rows had twice their room, and both
        // copies lived while it grew.
        var properties = 0, rows = 0
        // By index: `for member in` copied every member (a row's three or
        // four properties were retained and released again).
        for index in block.members.indices {
            switch block.members[index] {
            case .property: properties += 1
            case .row, .repeating: rows += 1
            case .deferredRows(let deferred): rows += deferred.rows.count
            default: break
            }
        }
        result.block.properties.reserveCapacity(properties)
        if reservesRows { result.rows.reserveCapacity(rows) }
        return result
    }

    /// Blocks with at most this many members get room for that many
    /// properties, and none set aside for rows.
    private static let fewMembers = 8

    /// What a block's members say together, once all are checked.
    static func finish(_ result: inout BlockResult) {
        // `font: headline` is semibold, as iOS's headline style is, unless
        // the same block gives a weight.
        if result.headlineFont, result.block.properties["weight"] == nil {
            result.block.properties["weight"] = .keyword("semibold")
        }
    }

    /// One member of a block, into `result`.
    private mutating func checkMember(
        _ member: borrowing Member, context: BlockContext, scope: Scope, mayDeclareState: Bool, owner: @autoclosure () -> String,
        into result: inout BlockResult
    ) {
        switch member {
        case .property(let property):
            checkProperty(property, context: context, scope: scope, owner: owner(), into: &result)
        case .state(let decl):
            if !mayDeclareState {
                error(.notAllowedHere, decl.span, "state can only be declared in a screen, a flow or a component's body, not in \(owner())")
            }
        case .block(let nested):
            checkNestedBlock(nested, context: context, scope: scope, owner: owner(), into: &result)
        case .data(let decl):
            if context != .screen {
                error(.notAllowedHere, decl.span, "data is declared by a screen, not by \(owner())")
            }
        case .repeating(let syntax):
            guard PropertyCatalog.holdsRows(context) else {
                error(.notAllowedHere, syntax.span, "\(owner()) cannot contain rows")
                return
            }
            if let checked = checkFor(syntax, scope: scope) { result.rows.append(checked) }
        case .row(let row):
            var row = copy row
            checkRowMember(&row, ownsBody: false, context: context, scope: scope, owner: owner(), into: &result)
        case .deferredRows(let deferred):
            // Parsed one at a time: only a few rows' syntax is held.
            let reader = DeferredRowReader(deferred, source: sources[deferred.file])
            var syntax = nextDeferred(reader)
            while syntax != nil {
                checkRowMember(&syntax!, ownsBody: true, context: context, scope: scope, owner: owner(), into: &result)
                reader.recycle(syntax.take()!)
                syntax = nextDeferred(reader)
            }
        }
    }

    /// A row among a block's members, into `result`: passed alone, not as
    /// a member (made into one, a row was copied, all it holds retained).
    /// `ownsBody` as for `checkRow`.
    private mutating func checkRowMember(
        _ row: inout RowSyntax, ownsBody: Bool, context: BlockContext, scope: Scope, owner: @autoclosure () -> String, into result: inout BlockResult
    ) {
        // `seperator { … }`, `transtion show { … }`: a misspelt block
        // keyword reads as a row; say so, and check it as the block.
        if let keyword = misspeltBlockKeyword(row.kind.name, context: context) {
            error(
                .unknownKind, row.kind.span,
                "unknown block '\(row.kind.name)'; did you mean '\(keyword.rawValue)'? (a row's kind starts with a capital letter)")
            let nested = NestedBlock(keyword: keyword, keywordSpan: row.kind.span, name: row.id, body: row.body, span: row.span)
            checkNestedBlock(nested, context: context, scope: scope, owner: owner(), into: &result)
            return
        }
        guard PropertyCatalog.holdsRows(context) else {
            let hint = context == .flow ? "; rows of a flow go inside a 'step Name { … }'" : ""
            error(.notAllowedHere, row.kind.span, "\(owner()) cannot contain rows\(hint)")
            return
        }
        checkRow(&row, ownsBody: ownsBody, scope: scope, into: &result.rows)
    }

    /// The block keyword a lower-case "row" kind is a typo of, if it is not a
    /// kind or component itself and a block of that keyword may stand here.
    private func misspeltBlockKeyword(_ name: String, context: BlockContext) -> BlockKeyword? {
        let first = name.firstByte
        guard first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return nil }
        let capitalised = name.prefix(1).uppercased() + name.dropFirst()
        guard RowKind(rawValue: capitalised) == nil, !components.contains(name), !components.contains(capitalised) else { return nil }
        let allowed = PropertyCatalog.blocks(of: context).map(\.rawValue)
        return Suggestions.closest(to: name, in: allowed).flatMap(BlockKeyword.init(rawValue:))
    }

    /// Reports a second setting of `name` in one block; returns false for
    /// it. `spec`: a property's catalogue entry (see `SpanTable.record`).
    /// Inlined: called, its message's closure and defaults were 1% of
    /// checking a row.
    @inline(__always)
    mutating func claim(
        _ name: String, _ span: Span, spec: PropertySpec? = nil, in result: inout BlockResult, what: @autoclosure () -> String,
        code: DiagnosticCode = .duplicateProperty, verb: String = "set"
    ) -> Bool {
        guard let first = result.spans.record(name, spec: spec, at: span) else { return true }
        reportSecond(span, first: first, what: what(), code: code, verb: verb)
        return false
    }

    /// A second setting at `span`, the first at `first`: out of line, so
    /// that the inlined `claim` stays small. (`what` is built only for it.)
    @inline(never)
    mutating func reportSecond(_ span: Span, first: Span, what: String, code: DiagnosticCode, verb: String) {
        error(code, span, "\(what) is \(verb) more than once", notes: [DiagnosticNote(span: first, message: "first \(verb) here")])
    }

    private mutating func checkProperty(
        _ property: Property, context: BlockContext, scope: Scope, owner: @autoclosure () -> String, into result: inout BlockResult
    ) {
        let name = property.name.name
        guard let spec = PropertyCatalog.lookup(name, in: context) else {
            // `aspect-ratio` is reported as itself; rules that need `aspect` stay quiet.
            if let foreign = ForeignNames.properties[name], PropertyCatalog.lookup(foreign.ours, in: context) != nil, result.spans[foreign.ours] == nil {
                result.spans[foreign.ours] = property.name.span
            }
            reportUnknownProperty(property.name, context: context, owner: owner())
            markStatesRead(in: property.value.all, scope: scope)
            return
        }
        guard claim(name, property.name.span, spec: spec, in: &result, what: "'\(name)'") else { return }
        // Names compared last: comparing two different strings is a call
        // into the runtime, and this runs for every property.
        if let expr = property.value.single, case .name(let word) = expr.kind, word == "headline", name == "font" { result.headlineFont = true }
        if context == .text, !catalogs.isEmpty, name == "text", catalogs[property.value.span.file] != nil, let expr = property.value.single {
            let typed = checkLocalizedText(expr, scope: scope)
            if typed != .invalid { result.block.properties[name] = .expr(typed) }
            return
        }
        if let value = checkValue(property.value, spec: spec, scope: scope) {
            if case .expr(.constant(.percent)) = value, name == "size" { sawPercentSize = true }
            // Claimed above: no property of this name is set yet.
            result.block.properties.append(new: name, value)
        }
    }

    func propertyOwners(_ name: String) -> [BlockContext] {
        BlockContext.allCases.filter { PropertyCatalog.lookup(name, in: $0) != nil }
    }

    mutating func reportUnknownProperty(_ name: Identifier, context: BlockContext, owner: @autoclosure () -> String, extra: [String] = []) {
        let known = PropertyCatalog.properties(of: context).map(\.name) + extra
        var message = "unknown property '\(name.name)' on \(owner())"
        if name.name == "id" {
            error(.unknownProperty, name.span, message + "; a row's id is written after its kind: 'Text welcome { … }'")
            return
        }
        if let foreign = ForeignNames.properties[name.name], PropertyCatalog.lookup(foreign.ours, in: context) != nil {
            error(.unknownProperty, name.span, message + "; write '\(foreign.ours)': \(foreign.hint)")
            return
        }
        let hint = suggestion(name.name, known)
        if !hint.isEmpty {
            message += hint
        } else if let keyword = BlockKeyword(rawValue: name.name), PropertyCatalog.blocks(of: context).contains(keyword) {
            message += "; '\(name.name)' is a block: '\(name.name) { … }'"
        } else if name.name == "state" {
            message += "; state is declared as 'state name: type = value'"
        } else {
            let owners = propertyOwners(name.name).filter { $0 != context }.map(\.rawValue)
            if !owners.isEmpty {
                message += "; it is a property of \(owners.prefix(3).joined(separator: ", "))"
            }
        }
        error(.unknownProperty, name.span, message)
    }

    private mutating func checkNestedBlock(
        _ nested: NestedBlock, context: BlockContext, scope: Scope, owner: @autoclosure () -> String, into result: inout BlockResult
    ) {
        let keyword = nested.keyword
        guard PropertyCatalog.blocks(of: context).contains(keyword) else {
            var message = "'\(keyword.rawValue) { … }' is not allowed in \(owner())"
            if keyword == .transition, context == .screen { message += "; screen-wide transitions go in 'defaults { … }'" }
            if keyword == .step { message += "; steps belong to a flow" }
            error(.notAllowedHere, nested.keywordSpan, message)
            return
        }
        if keyword != .transition, keyword != .step, let name = nested.name {
            error(.expectedToken, name.span, "'\(keyword.rawValue)' takes no name; expected '{'")
        }
        switch keyword {
        case .defaults:
            guard claim("defaults", nested.keywordSpan, in: &result, what: "'defaults'") else { return }
            result.block.blocks["defaults"] = checkMembers(nested.body, context: .defaults, scope: scope, owner: "defaults").block
        case .separator:
            guard claim("separator", nested.keywordSpan, in: &result, what: "'separator'") else { return }
            let checked = checkMembers(nested.body, context: .separator, scope: scope, owner: "separator").block
            result.block.properties["separator"] = .separator(checked)
        case .from, .to:
            guard claim(keyword.rawValue, nested.keywordSpan, in: &result, what: "'\(keyword.rawValue)'") else { return }
            result.block.blocks[keyword.rawValue] = checkMembers(
                nested.body, context: .keyframe, scope: scope, owner: "'\(keyword.rawValue)'"
            ).block
        case .accessibility:
            guard claim("accessibility", nested.keywordSpan, in: &result, what: "'accessibility'") else { return }
            result.block.blocks["accessibility"] = checkMembers(nested.body, context: .accessibility, scope: scope, owner: "accessibility").block
        case .props:
            guard claim("props", nested.keywordSpan, in: &result, what: "'props'") else { return }
            result.block.properties["props"] = .props(checkProps(nested.body, scope: scope))
        case .transition:
            checkTransition(nested, scope: scope, into: &result)
        case .step:
            if let step = checkStep(nested, scope: scope, into: &result) { result.steps.append(step) }
        }
    }

    private mutating func checkTransition(_ nested: NestedBlock, scope: Scope, into result: inout BlockResult) {
        guard let name = nested.name else {
            error(.expectedToken, nested.keywordSpan, "a transition block names its kind: 'transition show { … }' (show, hide, insert, remove, resize or move)")
            return
        }
        guard PropertyCatalog.transitionKinds.contains(name.name) else {
            error(
                .unknownTransitionKind, name.span,
                "unknown transition '\(name.name)'" + suggestion(name.name, PropertyCatalog.transitionKinds)
                    + (suggestion(name.name, PropertyCatalog.transitionKinds).isEmpty ? "; expected show, hide, insert, remove, resize or move" : ""))
            return
        }
        guard claim("transition " + name.name, name.span, in: &result, what: "'transition \(name.name)'") else { return }
        let checked = checkMembers(nested.body, context: .transition, scope: scope, owner: "transition \(name.name)")
        if name.name != "move", let span = checked.spans["timing"] {
            error(.notAllowedHere, span, "'timing' belongs to 'transition move': it says whether a row moved by another row's change follows that change")
        }
        result.block.transitions[name.name] = checked.block
    }

    private mutating func checkProps(_ body: Block, scope: Scope) -> NamedValues<TypedExpr> {
        var props = NamedValues<TypedExpr>()
        var spans = BlockResult()
        for member in body.members {
            guard case .property(let property) = member else {
                error(.notAllowedHere, memberSpan(member), "'props' holds only 'key: value' pairs")
                continue
            }
            guard claim(property.name.name, property.name.span, in: &spans, what: "prop '\(property.name.name)'") else { continue }
            guard let expr = property.value.single else {
                error(.wrongValueCount, property.value.span, "a prop takes one value")
                continue
            }
            props[property.name.name] = infer(expr, expected: nil, scope: scope).expr
        }
        return props
    }

    private mutating func checkStep(_ nested: NestedBlock, scope: Scope, into result: inout BlockResult) -> CheckedStep? {
        guard let name = nested.name else {
            error(.expectedToken, nested.keywordSpan, "a step needs a name: 'step Shipping { … }'")
            return nil
        }
        if let first = stepSpans[name.name] {
            reportSecond(name.span, first: first, what: "step '\(name.name)'", code: .duplicateDeclaration, verb: "declared")
            return nil
        }
        stepSpans[name.name] = name.span
        let body = checkMembers(nested.body, context: .step, scope: scope, owner: "step '\(name.name)'")
        return CheckedStep(name: name.name, block: body.block, rows: body.rows)
    }

    /// State named in a value that could not be checked still counts as read,
    /// so a misspelt property does not also make its state "unused".
    mutating func markStatesRead(in exprs: [Expr], scope: Scope) {
        var stack = exprs
        while let expr = stack.popLast() {
            switch expr.kind {
            case .name(let name) where scope.states[name] != nil: markStateUsed(name, scope: scope)
            case .member(let base, _): stack.append(base)
            case .unary(_, let operand): stack.append(operand)
            case .binary(_, let lhs, let rhs): stack += [lhs, rhs]
            case .ternary(let c, let a, let b): stack += [c, a, b]
            case .call(_, let arguments): stack += arguments
            case .interpolation(let parts): stack += parts.compactMap(\.expr)
            default: break
            }
        }
    }

    func memberSpan(_ member: Member) -> Span {
        switch member {
        case .property(let property): property.span
        case .state(let decl): decl.span
        case .data(let decl): decl.span
        case .repeating(let syntax): syntax.span
        case .block(let block): block.keywordSpan
        case .row(let row): row.kind.span
        case .deferredRows(let deferred): deferred.firstSpan
        }
    }
}
