// Checking one row: its kind (built in, or a component instance), its id,
// its properties against the kind, and the rules that span properties
// (Image fit needs an aspect, min ≤ max, a View sized to fit).

import StackParser

extension TypeChecker {
    /// The built-in kind or component a row names, warning on lower case.
    enum ResolvedKind {
        case builtin(RowKind)
        case component(String)
    }

    mutating func resolveKind(_ name: Identifier) -> ResolvedKind? {
        if let kind = RowKind.named(name.name) { return .builtin(kind) }
        if components.contains(name.name) { return .component(name.name) }
        let capitalised = name.name.prefix(1).uppercased() + name.name.dropFirst()
        if name.name.first?.isLowercase == true {
            let resolved: ResolvedKind? = RowKind(rawValue: capitalised).map(ResolvedKind.builtin)
                ?? (components.contains(capitalised) ? .component(capitalised) : nil)
            if let resolved {
                error(.lowercaseKind, name.span, "row kind '\(name.name)' should be capitalised: '\(capitalised)'")
                return resolved
            }
        }
        let hint = suggestion(name.name, RowKind.allCases.map(\.rawValue) + components.keys)
        var message = "unknown row kind '\(name.name)'" + hint
        if hint.isEmpty {
            message += "; expected Text, Image, View, Spacer, Stack or a component"
        }
        error(.unknownKind, name.span, message)
        return nil
    }

    /// A row, checked, appended to `rows` (nothing is when its kind is
    /// unknown). Appended where it is made: returned, a checked row was
    /// copied whole, all it holds retained and released again.
    mutating func checkRow(_ row: RowSyntax, scope: Scope, into rows: inout [CheckedRow]) {
        // Copied, the row's members are shared with the caller's: checked
        // where they are.
        var row = row
        checkRow(&row, ownsBody: false, scope: scope, into: &rows)
    }

    /// `checkRow`, for a row the caller owns alone (`ownsBody`): its
    /// properties are checked in place, each moved out of the body and
    /// back (see `checkMembers(inPlace:)`). The row is as it was after.
    mutating func checkRow(_ row: inout RowSyntax, ownsBody: Bool, scope: Scope, into rows: inout [CheckedRow]) {
        if let id = row.id {
            if scope.inComponent {
                error(.notAllowedHere, id.span, "a row inside a component cannot have an id: every instance would repeat it; give the instance an id instead")
            } else {
                checkLowercaseStyle(id, what: "row id")
                declareRowID(id)
            }
        }
        guard let resolved = resolveKind(row.kind) else { return }
        switch resolved {
        case .builtin(let kind):
            // The owner written out twice: as a closure of its own, it was
            // made on the heap for every row.
            let owner = row.id
            var result = ownsBody
                ? checkMembers(
                    inPlace: &row.body, context: BlockContext(kind), scope: scope,
                    owner: owner.map { "\(kind.rawValue) '\($0.name)'" } ?? kind.rawValue)
                : checkMembers(
                    row.body, context: BlockContext(kind), scope: scope,
                    owner: owner.map { "\(kind.rawValue) '\($0.name)'" } ?? kind.rawValue)
            if !row.body.isInvalid { checkRowRules(kind: kind, rowSpan: row.kind.span, result: result, deferImageCheck: false) }
            result.spans.recycle(into: &spareSpans)
            result.moveRow(kind: kind, id: row.id?.name, span: row.span, into: &rows)
        case .component(let name):
            checkInstance(row, component: name, scope: scope, into: &rows)
        }
    }

    /// Records a row id of the current stack; a repeat is an error with a note at the first.
    mutating func declareRowID(_ id: Identifier) {
        if let first = rowIDs.declare(id.name, at: id.span) {
            error(
                .duplicateRowID, id.span, "row id '\(id.name)' is used more than once in this screen",
                notes: [DiagnosticNote(span: first, message: "'\(id.name)' is first used here")])
        }
    }

    /// Rules over several properties of one row.
    mutating func checkRowRules(kind: RowKind, rowSpan: Span, result: BlockResult, deferImageCheck: Bool, component: String? = nil) {
        // Cheap tests first: this runs for every row. Only an Image's or
        // a View's size is looked up.
        if kind == .image || kind == .view {
            let sizeSpan = result.spans["size"]
            let sizeIsFit = sizeSpan == nil || result.block.properties["size"] == .expr(.constant(.fit))
            if kind == .image, !deferImageCheck, sizeIsFit, result.spans["aspect"] == nil {
                let written = sizeSpan != nil ? "'size: fit'" : "the default size 'fit'"
                error(
                    .imageFitWithoutAspect, sizeSpan ?? rowSpan,
                    "an Image with \(written) needs an 'aspect' (width / height) to be measured; add 'aspect: 4/3' or give it a fixed size")
            }
            if kind == .view, let span = sizeSpan, sizeIsFit {
                error(.viewSizeFit, span, "a View with 'size: fit' is measured by its host app; the default measurer answers 44 points")
            }
        }
        if kind == .image || kind == .view || kind == .spacer {
            checkAccessibilityLabel(kind: kind, rowSpan: rowSpan, result: result, deferImageCheck: deferImageCheck, component: component)
        }
        if result.spans["min"] != nil, result.spans["max"] != nil,
            case .expr(let minExpr)? = result.block.properties["min"], case .expr(let maxExpr)? = result.block.properties["max"],
            case .number(let low)? = constantValue(minExpr), case .number(let high)? = constantValue(maxExpr), low > high,
            let minSpan = result.spans["min"], let maxSpan = result.spans["max"]
        {
            error(
                .minGreaterThanMax, maxSpan, "'max' (\(Self.format(high))) is smaller than 'min' (\(Self.format(low)))",
                notes: [DiagnosticNote(span: minSpan, message: "'min' is set here")])
        }
    }

    /// Rows VoiceOver cannot read without a label: a tappable Image, View
    /// or Spacer (a Text reads its text, a Stack the texts inside it), and
    /// an Image that is neither labelled nor hidden from VoiceOver.
    private mutating func checkAccessibilityLabel(kind: RowKind, rowSpan: Span, result: BlockResult, deferImageCheck: Bool, component: String?) {
        // An instance's own block, else its component's. (This runs for
        // every Image, View and Spacer: no array of the two, and messages
        // that are literals, not strings built for each warning.)
        func labels(_ written: CheckedBlock?) -> Bool {
            written?.properties["label"] != nil || written?.properties["hidden"] != nil
        }
        if labels(result.block.blocks["accessibility"]) { return }
        if let component, labels(checkedComponents.position(of: component).flatMap { checkedComponents.values[$0].body.block.blocks["accessibility"] }) { return }
        if case .actions(let actions)? = result.block.properties["tap"], !actions.isEmpty {
            error(.tappableWithoutLabel, result.spans["tap"] ?? rowSpan, Self.tappableWithoutLabel(kind))
        } else if kind == .image, !deferImageCheck {
            error(
                .imageWithoutLabel, rowSpan,
                "VoiceOver skips an Image without a label; add 'accessibility { label: \"…\" }', or 'accessibility { hidden: true }' if it is decoration")
        }
    }

    private static func tappableWithoutLabel(_ kind: RowKind) -> String {
        switch kind {
        case .text: "VoiceOver has nothing to read for this tappable Text; add 'accessibility { label: \"…\" }'"
        case .image: "VoiceOver has nothing to read for this tappable Image; add 'accessibility { label: \"…\" }'"
        case .view: "VoiceOver has nothing to read for this tappable View; add 'accessibility { label: \"…\" }'"
        case .spacer: "VoiceOver has nothing to read for this tappable Spacer; add 'accessibility { label: \"…\" }'"
        case .stack: "VoiceOver has nothing to read for this tappable Stack; add 'accessibility { label: \"…\" }'"
        }
    }

    /// Whether a Text component's `text` is exactly parameter `name`
    /// (`component SectionHeader(title: string): Text { text: title }`).
    static func isText(_ name: String, of info: ComponentInfo, base: RowKind) -> Bool {
        guard base == .text else { return false }
        for case .property(let property) in info.decl.body.members where property.name.name == "text" {
            if let expr = property.value.single, case .name(let used) = expr.kind { return used == name }
        }
        return false
    }

    /// A component instance: arguments by parameter, other properties as
    /// overrides of the base kind's, and no rows; appended to `rows` as
    /// `checkRow`'s are.
    mutating func checkInstance(_ row: RowSyntax, component name: String, scope: Scope, into rows: inout [CheckedRow]) {
        guard let info = components[name], let base = info.base else { return }
        let parameters = info.parameterIndex
        var arguments = NamedValues<TypedExpr>()
        arguments.reserveCapacity(info.parameters.count)
        var overrides = Block(members: [], span: row.body.span)
        // By parameter place, where its argument is given: found by the
        // parameters' index, not by scanning the arguments so far by name
        // (a component of thousands of parameters made every instance
        // quadratic). The array is kept for the next instance.
        var given: [Span?] = []
        swap(&given, &spareGiven)
        for _ in 0..<info.parameters.count { given.append(nil) }
        for member in row.body.members {
            if case .property(let property) = member, let place = parameters.position(of: property.name.name) {
                let parameter = info.parameters[place]
                guard claim(place, property.name.span, in: &given, what: "argument '\(property.name.name)'") else { continue }
                guard let expr = single(property.value, what: "argument '\(property.name.name)'") else { continue }
                // An argument that becomes a Text's text is localized as the text is.
                let typed = catalogs[expr.span.file] != nil && parameter.type == .string && Self.isText(parameter.name, of: info, base: base)
                    ? checkLocalizedText(expr, scope: scope)
                    : check(expr, expecting: parameter.type, scope: scope, what: "argument '\(parameter.name)' of \(name)")
                if typed != .invalid {
                    // New: its place was claimed just now.
                    arguments.append(new: parameter.name, typed)
                    tallestArgument = max(tallestArgument, typed.height)
                }
            } else if case .property(let property) = member, PropertyCatalog.lookup(property.name.name, in: BlockContext(base)) == nil {
                let hint = suggestion(
                    property.name.name, info.parameters.map(\.name) + PropertyCatalog.properties(of: BlockContext(base)).map(\.name))
                var message = "\(name) has no parameter or property '\(property.name.name)'" + hint
                if hint.isEmpty, !info.parameters.isEmpty {
                    message += "; " + Self.parameterList(info.parameters)
                }
                // A misspelt argument is one mistake: don't also call the
                // parameter missing. (Past the diagnostic limit no typo is
                // looked for, so such a parameter's absence is counted too.)
                if diagnostics.keepsMore, let meant = Suggestions.closest(to: property.name.name, in: info.parameters.map(\.name)),
                    let place = parameters.position(of: meant)
                {
                    _ = claim(place, property.name.span, in: &given, what: "argument '\(meant)'")
                }
                error(.unknownArgument, property.name.span, message)
            } else if case .row(let nested) = member {
                error(.notAllowedHere, nested.kind.span, "a component instance cannot contain rows; \(name)'s rows are set in its declaration")
            } else {
                overrides.members.append(member)
            }
        }
        if !row.body.isInvalid {
            // Given but wrong was reported already.
            for (place, parameter) in info.parameters.enumerated() where parameter.defaultValue == nil && given[place] == nil {
                error(
                    .missingArgument, row.kind.span, "\(name) needs an argument '\(parameter.name)' of type \(parameter.type)",
                    notes: [DiagnosticNote(span: info.parameterSpans[place], message: "'\(parameter.name)' is declared here")])
            }
        }
        // Popped, keeping the room: `removeAll(keepingCapacity:)` goes
        // through the generic `replaceSubrange`.
        while given.popLast() != nil {}
        swap(&given, &spareGiven)
        var result = checkMembers(
            overrides, context: BlockContext(base), scope: scope, owner: row.id.map { "\(name) '\($0.name)'" } ?? name)
        if base == .image, !row.body.isInvalid {
            checkInstanceImage(row: row, info: info, overrides: result)
        }
        if !row.body.isInvalid { checkRowRules(kind: base, rowSpan: row.kind.span, result: result, deferImageCheck: true, component: name) }
        result.spans.recycle(into: &spareSpans)
        result.moveRow(kind: base, component: name, id: row.id?.name, span: row.span, into: &rows)
        swap(&rows[rows.count - 1].arguments, &arguments)
    }

    /// Where argument `place` was first given at `span`, or a report of
    /// the second (as `claim` reports a property set twice).
    private mutating func claim(_ place: Int, _ span: Span, in given: inout [Span?], what: @autoclosure () -> String) -> Bool {
        guard let first = given[place] else {
            given[place] = span
            return true
        }
        reportSecond(span, first: first, what: what(), code: .duplicateProperty, verb: "set")
        return false
    }

    /// "its parameters are 'a', 'b' and 'c'": the first ten, and how many
    /// more (a message naming thousands helps nobody, and was built for
    /// every unknown argument).
    static func parameterList(_ parameters: [CheckedParameter]) -> String {
        let shown = 10
        guard parameters.count > shown else { return "its parameters are " + list(parameters.map(\.name), conjunction: "and") }
        return "its parameters are " + parameters.prefix(shown).map { "'\($0.name)'" }.joined(separator: ", ")
            + " and \(parameters.count - shown) more"
    }

    /// An Image component is measurable if the body or the instance gives
    /// an aspect, or one of them a size other than `fit`.
    private mutating func checkInstanceImage(row: RowSyntax, info: ComponentInfo, overrides: BlockResult) {
        let bodyProperties = info.decl.body.members.compactMap { member -> String? in
            if case .property(let property) = member { return property.name.name }
            return nil
        }
        let hasAspect = overrides.spans["aspect"] != nil || bodyProperties.contains("aspect")
        let hasSize = overrides.spans["size"] != nil || bodyProperties.contains("size")
        let sizeIsFit = overrides.block.properties["size"].map { $0 == .expr(.constant(.fit)) }
            ?? (componentProperty("size", of: info.decl.name.name).map { $0 == .expr(.constant(.fit)) } ?? !hasSize)
        if sizeIsFit, !hasAspect {
            error(
                .imageFitWithoutAspect, row.kind.span,
                "this \(info.decl.name.name) is an Image sized to fit without an 'aspect'; give the instance or the component 'aspect: W/H' or a fixed size")
        }
    }
}

extension RowKind {
    /// `RowKind(rawValue:)` by length first: the synthesized one searches
    /// a table of strings, a tenth of resolving a row's kind.
    static func named(_ name: String) -> RowKind? {
        switch name.utf8.count {
        case 4: name == "Text" ? .text : name == "View" ? .view : nil
        case 5: name == "Image" ? .image : name == "Stack" ? .stack : nil
        case 6: name == "Spacer" ? .spacer : nil
        default: nil
        }
    }
}
