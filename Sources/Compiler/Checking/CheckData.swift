// Data screens: `record` shapes, a screen's `data`, `for` rows, and the
// expressions that read them — `a.title` inside a `for`, `hotel.name` of a
// single record, `count(amenities)` and `index`.
//
// What they become: a field read inside a `for` is a template parameter
// named "a.title" (the runtime binds it per element), `index` the parameter
// "index"; a single record's field and a list's count are state slots named
// "hotel.name" and "amenities.count" that binding sets.

import StackParser
import StackRuntime  // Limits

extension TypeChecker {
    /// Types every record's fields (after enums are known): values (with
    /// constant defaults), other records, lists of records. A record may
    /// not contain itself through record fields (a list of itself is fine:
    /// it can be empty).
    mutating func checkRecords() {
        for name in recordDecls.keys.sorted() {
            guard let decl = recordDecls[name] else { continue }
            var fields: [CheckedField] = []
            var seen: [String: Span] = [:]
            for field in decl.fields {
                guard declareOnce(field.name, in: &seen, code: .duplicateDeclaration, what: "field") else { continue }
                checkLowercaseStyle(field.name, what: "field")
                if field.isList || recordDecls[field.type.name] != nil {
                    guard recordDecls[field.type.name] != nil else {
                        error(.unknownType, field.type.span, "a list holds records: unknown record '\(field.type.name)'" + suggestion(field.type.name, recordDecls.keys))
                        continue
                    }
                    if let expr = field.defaultValue {
                        error(.notConstant, expr.span, "a \(field.isList ? "list" : "record") field takes no default; a missing \(field.isList ? "list is empty" : "record's fields take their own defaults")")
                        continue
                    }
                    if let cycle = recordCycle(from: field.type.name, to: name) {
                        error(.unknownType, field.type.span, "record \(name) would contain itself (\(([name] + cycle).joined(separator: " → "))); records do not nest into themselves")
                        continue
                    }
                    fields.append(CheckedField(
                        name: field.name.name, type: .number, defaultValue: nil,
                        shape: field.isList ? .list(field.type.name) : .record(field.type.name)))
                    continue
                }
                guard let type = resolveType(field.type) else { continue }
                var value: Value?
                if let expr = field.defaultValue {
                    let typed = check(expr, expecting: type, scope: Scope(), what: "the default of field '\(field.name.name)'")
                    guard typed != .invalid else { continue }
                    guard let constant = constantValue(typed) else {
                        error(.notConstant, expr.span, "a field's default must be a constant")
                        continue
                    }
                    value = constant
                }
                fields.append(CheckedField(name: field.name.name, type: type, defaultValue: value))
            }
            records[name] = CheckedRecord(name: name, fields: fields)
        }
        // Flattened, records nested in records could multiply fields
        // without bound (each level doubling them): capped.
        var counts: [String: Int] = [:]
        func count(_ name: String) -> Int {
            if let known = counts[name] { return known }
            counts[name] = 0
            var total = 0
            for field in records[name]?.fields ?? [] {
                if case .record(let nested) = field.shape { total += count(nested) } else { total += 1 }
                total = min(total, Limits.maximumRecordFields + 1)
            }
            counts[name] = total
            return total
        }
        for name in records.keys.sorted() where count(name) > Limits.maximumRecordFields {
            guard let span = recordDecls[name]?.name.span else { continue }
            error(.screenTooLarge, span,
                  "record \(name) has more than \(Limits.maximumRecordFields) fields once the records in it are counted")
            records[name]?.fields.removeAll { if case .record = $0.shape { true } else { false } }
        }
    }

    /// The records from `start` through record and list fields to `target`, if any.
    private func recordCycle(from start: String, to target: String) -> [String]? {
        var visited: Set<String> = []
        func walk(_ name: String) -> [String]? {
            if name == target { return [name] }
            guard visited.insert(name).inserted, let decl = recordDecls[name] else { return nil }
            for field in decl.fields where recordDecls[field.type.name] != nil {
                if let rest = walk(field.type.name) { return [name] + rest }
            }
            return nil
        }
        return walk(start)
    }

    /// The `data` declarations among a screen's members, added to `scope`.
    mutating func declareData(_ members: [Member], into scope: inout Scope) -> [CheckedData] {
        var out: [CheckedData] = []
        var seen: [String: Span] = [:]
        for case .data(let decl) in members {
            guard declareOnce(decl.name, in: &seen, code: .duplicateState, what: "data") else { continue }
            if scope.states[decl.name.name] != nil {
                error(.duplicateState, decl.name.span, "data '\(decl.name.name)' has the name of a state of this screen")
                continue
            }
            guard records[decl.type.name] != nil else {
                error(.unknownType, decl.type.span, "unknown record '\(decl.type.name)'" + suggestion(decl.type.name, records.keys))
                continue
            }
            let data = CheckedData(name: decl.name.name, record: decl.type.name, isList: decl.isList)
            scope.data[data.name] = data
            out.append(data)
        }
        return out
    }

    /// A `for` among a stack's rows: its list, key and rows, as a placeholder row.
    mutating func checkFor(_ syntax: ForSyntax, scope: Scope) -> CheckedRow? {
        if scope.inComponent {
            error(.notAllowedHere, syntax.span, "a component cannot repeat rows over data; put the 'for' in the screen and the component in it")
            return nil
        }
        guard let source = forSource(syntax, scope: scope) else { return nil }
        let variable = syntax.variable.name
        if scope.loops.contains(where: { $0.variable == variable }) || scope.data[variable] != nil {
            error(.duplicateState, syntax.variable.span, "'\(variable)' already names \(scope.data[variable] != nil ? "data of the screen" : "the element of an enclosing 'for'"); give this element another name")
            return nil
        }
        let record = records[source.record]
        var keyField: String?
        if let key = syntax.key {
            guard case .member(let base, let field) = key.kind, case .name(let name) = base.kind, name == variable else {
                error(.typeMismatch, key.span, "a key is a field of the element: 'key \(variable).id'")
                return nil
            }
            guard let checked = record?.fields.first(where: { $0.name == field.name }) else {
                error(.unknownName, field.span, "record \(source.record) has no field '\(field.name)'" + suggestion(field.name, record?.fields.map(\.name) ?? []))
                return nil
            }
            guard checked.shape == .value, checked.type == .string || checked.type == .number || Self.isEnumeration(checked.type) else {
                let what = checked.shape == .value ? "\(checked.type)" : "a record or a list"
                error(.typeMismatch, field.span, "a key must be a string, a number or an enum case, but '\(field.name)' is \(what)")
                return nil
            }
            keyField = field.name
        }
        var inner = scope
        inner.loops.append((variable, source.record))
        var rows: [CheckedRow] = []
        for member in syntax.body.members {
            switch member {
            case .row(let row):
                checkRow(row, scope: inner, into: &rows)
            case .repeating(let nested):
                if let checked = checkFor(nested, scope: inner) { rows.append(checked) }
            default:
                error(.notAllowedHere, memberSpan(member), "a 'for' holds rows only")
            }
        }
        let repeating = CheckedRepeat(
            variable: variable, data: source.data, record: source.record, listPath: source.listPath, nested: source.nested,
            keyField: keyField, rows: rows)
        return CheckedRow(
            kind: .spacer, component: nil, id: nil, span: syntax.span, block: CheckedBlock(), arguments: NamedValues(), rows: [],
            repeating: repeating)
    }

    /// The list a `for` goes over: list data (`amenities`), a list field of
    /// the innermost enclosing element (`s.items`), or, outside any `for`, a
    /// list field of single-record data (`hotel.rooms`).
    private mutating func forSource(_ syntax: ForSyntax, scope: Scope) -> (data: String, record: String, listPath: String?, nested: Bool)? {
        if case .name(let name) = syntax.list.kind, let data = scope.data[name], data.isList {
            if let loop = scope.loop {
                reportNotOverElement(syntax, loop: loop)
                return nil
            }
            return (data.name, data.record, nil, false)
        }
        if let (root, rootSpan, path) = Self.memberChain(syntax.list), !path.isEmpty {
            let loopRecord = scope.loops.last { $0.variable == root }?.record
            let isLoop = loopRecord != nil
            if let record = loopRecord ?? scope.data[root].flatMap({ $0.isList ? nil : $0.record }) {
                guard let resolved = resolveFields(record: record, path: path) else { return nil }
                guard case .list(let leaf, let element) = resolved else {
                    error(.typeMismatch, syntax.list.span, "'for' goes over a list, and '\(root).\(path.map(\.name).joined(separator: "."))' is \(resolved.description)")
                    return nil
                }
                if isLoop {
                    if let loop = scope.loop, loop.variable != root {
                        error(.typeMismatch, rootSpan, "a nested 'for' goes over a list field of the innermost element, '\(loop.variable)'")
                        return nil
                    }
                    return ("", element, leaf, true)
                }
                if let loop = scope.loop {
                    reportNotOverElement(syntax, loop: loop)
                    return nil
                }
                return (root, element, leaf, false)
            }
        }
        var message = "'for' goes over a list of the screen's data ('data items: [Item]') or a list field ('for x in a.items')"
        if case .name(let name) = syntax.list.kind, let data = scope.data[name] {
            message = "'\(name)' is one \(data.record), not a list: read its fields directly ('\(name).field')"
        } else if case .name(let name) = syntax.list.kind, scope.data.isEmpty == false {
            message += suggestion(name, scope.data.keys)
        }
        error(.typeMismatch, syntax.list.span, message)
        return nil
    }

    /// A `for` inside a `for` over something else than the element's list field.
    private mutating func reportNotOverElement(_ syntax: ForSyntax, loop: (variable: String, record: String)) {
        error(.typeMismatch, syntax.list.span, "inside a 'for', a 'for' goes over a list field of its element, as in 'for x in \(loop.variable).items'")
    }

    /// `a.b.c` as its root name and the member names after it.
    static func memberChain(_ expr: Expr) -> (root: String, span: Span, path: [Identifier])? {
        switch expr.kind {
        case .name(let name): return (name, expr.span, [])
        case .member(let base, let member):
            guard let chain = memberChain(base) else { return nil }
            return (chain.root, chain.span, chain.path + [member])
        default: return nil
        }
    }

    /// What fields `path` reach from record `record`, through record fields.
    enum ResolvedField: CustomStringConvertible {
        case value(path: String, type: ValueType)
        case list(path: String, record: String)
        case record(path: String, record: String)

        var description: String {
            switch self {
            case .value(_, let type): "a \(type)"
            case .list(_, let record): "a list of \(record)"
            case .record(_, let record): "one \(record)"
            }
        }
    }

    /// Resolves `path` in `record`, reporting an unknown field or a step
    /// through something that is not a record.
    mutating func resolveFields(record start: String, path: [Identifier]) -> ResolvedField? {
        var record = start
        var leaf: [String] = []
        for (step, name) in path.enumerated() {
            guard let checked = records[record], let field = checked.fields.first(where: { $0.name == name.name }) else {
                let fields = records[record]?.fields.map(\.name) ?? []
                error(.unknownName, name.span, "record \(record) has no field '\(name.name)'" + suggestion(name.name, fields))
                return nil
            }
            leaf.append(name.name)
            let last = step == path.count - 1
            switch field.shape {
            case .value:
                guard last else {
                    error(.typeMismatch, path[step + 1].span, "'\(name.name)' is a \(field.type), which has no fields")
                    return nil
                }
                return .value(path: leaf.joined(separator: "."), type: field.type)
            case .list(let element):
                guard last else {
                    error(.typeMismatch, path[step + 1].span, "'\(name.name)' is a list of \(element): its elements' fields are read in 'for x in …\(name.name)'")
                    return nil
                }
                return .list(path: leaf.joined(separator: "."), record: element)
            case .record(let nested):
                if last { return .record(path: leaf.joined(separator: "."), record: nested) }
                record = nested
            }
        }
        return nil
    }

    private static func isEnumeration(_ type: ValueType) -> Bool {
        if case .enumeration = type { return true }
        return false
    }

    /// `a.title` (or `a.address.city`) of an enclosing `for`'s element,
    /// `hotel.name` of single-record data; nil when the chain's root names
    /// neither (the caller reports what it does).
    mutating func inferDataMember(_ base: Expr, _ member: Identifier, scope: Scope) -> Checked? {
        guard let chain = Self.memberChain(base) else { return nil }
        let name = chain.root
        let path = chain.path + [member]
        let record: String
        let typed: (String, ValueType) -> TypedExpr
        if let loop = scope.loops.last(where: { $0.variable == name }) {
            record = loop.record
            typed = { .parameter("\(name).\($0)", $1) }
        } else if let data = scope.data[name] {
            guard !data.isList else {
                error(.typeMismatch, base.span, "'\(name)' is a list: read its elements' fields in 'for x in \(name) { … }', or count(\(name))")
                return (.invalid, nil)
            }
            record = data.record
            typed = { .state("\(name).\($0)", $1) }
        } else {
            return nil
        }
        guard let resolved = resolveFields(record: record, path: path) else { return (.invalid, nil) }
        let written = ([name] + path.map(\.name)).joined(separator: ".")
        switch resolved {
        case .value(let leaf, let type):
            return (typed(leaf, type), type)
        case .list(_, let element):
            error(.typeMismatch, member.span, "'\(written)' is a list of \(element), not a value: use count(\(written)), or its elements in 'for x in \(written)'")
        case .record(_, let nested):
            let field = records[nested]?.fields.first?.name ?? "field"
            error(.typeMismatch, member.span, "'\(written)' is one \(nested), not a value: use one of its fields, as in '\(written).\(field)'")
        }
        return (.invalid, nil)
    }

    /// A name that is data or an element, where a value was expected.
    mutating func reportRecordUsedAsValue(_ name: String, span: Span, scope: Scope) -> Bool {
        if let loop = scope.loops.last(where: { $0.variable == name }) {
            let field = records[loop.record]?.fields.first?.name ?? "field"
            error(.typeMismatch, span, "'\(name)' is one \(loop.record), not a value: use one of its fields, as in '\(name).\(field)'")
            return true
        }
        if let data = scope.data[name] {
            let hint = data.isList ? "count(\(name)), or its elements' fields in a 'for'" : "one of its fields, as in '\(name).field'"
            error(.typeMismatch, span, "'\(name)' is data of record \(data.record), not a value: use \(hint)")
            return true
        }
        return false
    }

    /// `count(list)`: how many elements the list has now — list data, or
    /// a list field of an element or of single-record data.
    mutating func inferCount(_ arguments: [Expr], span: Span, scope: Scope) -> Checked {
        guard arguments.count == 1 else {
            error(.wrongArgumentCount, span, "'count' takes 1 argument, found \(arguments.count)")
            return (.invalid, nil)
        }
        if case .name(let name) = arguments[0].kind, let data = scope.data[name], data.isList {
            return (.state("\(name).count", .number), .number)
        }
        if let chain = Self.memberChain(arguments[0]), !chain.path.isEmpty {
            let loop = scope.loops.last { $0.variable == chain.root }
            let single = scope.data[chain.root].flatMap { $0.isList ? nil : $0 }
            if let record = loop?.record ?? single?.record {
                guard let resolved = resolveFields(record: record, path: chain.path) else { return (.invalid, nil) }
                if case .list(let leaf, _) = resolved {
                    return loop != nil ? (.parameter("\(chain.root).\(leaf)", .number), .number) : (.state("\(chain.root).\(leaf)", .number), .number)
                }
            }
        }
        error(.typeMismatch, arguments[0].span, "count() takes a list of the screen's data or a list field, as in count(amenities) or count(a.items)")
        return (.invalid, nil)
    }
}
