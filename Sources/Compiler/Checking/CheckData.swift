// Data screens: `record` shapes, a screen's `data`, `for` rows, and the
// expressions that read them — `a.title` inside a `for`, `hotel.name` of a
// single record, `count(amenities)` and `index`.
//
// What they become: a field read inside a `for` is a template parameter
// named "a.title" (the runtime binds it per element), `index` the parameter
// "index"; a single record's field and a list's count are state slots named
// "hotel.name" and "amenities.count" that binding sets.

import StackParser

extension TypeChecker {
    /// Types every record's fields (after enums are known): value types only
    /// for now; defaults constant.
    mutating func checkRecords() {
        for name in recordDecls.keys.sorted() {
            guard let decl = recordDecls[name] else { continue }
            var fields: [CheckedField] = []
            var seen: [String: Span] = [:]
            for field in decl.fields {
                guard declareOnce(field.name, in: &seen, code: .duplicateDeclaration, what: "field") else { continue }
                checkLowercaseStyle(field.name, what: "field")
                if field.isList || recordDecls[field.type.name] != nil {
                    error(
                        .unknownType, field.type.span,
                        "a record field of a record or list type is not supported yet; flatten '\(field.name.name)' into fields of value types")
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
        if scope.loop != nil {
            error(.notAllowedHere, syntax.span, "a 'for' inside a 'for' is not supported yet")
            return nil
        }
        guard case .name(let listName) = syntax.list.kind, let data = scope.data[listName], data.isList else {
            var message = "'for' goes over a list of the screen's data ('data items: [Item]')"
            if case .name(let name) = syntax.list.kind, let data = scope.data[name] {
                message = "'\(name)' is one \(data.record), not a list: read its fields directly ('\(name).field')"
            } else if case .name(let name) = syntax.list.kind, scope.data.isEmpty == false {
                message += suggestion(name, scope.data.keys)
            }
            error(.typeMismatch, syntax.list.span, message)
            return nil
        }
        let record = records[data.record]
        var keyField: String?
        if let key = syntax.key {
            guard case .member(let base, let field) = key.kind, case .name(let variable) = base.kind, variable == syntax.variable.name else {
                error(.typeMismatch, key.span, "a key is a field of the element: 'key \(syntax.variable.name).id'")
                return nil
            }
            guard let checked = record?.fields.first(where: { $0.name == field.name }) else {
                error(.unknownName, field.span, "record \(data.record) has no field '\(field.name)'" + suggestion(field.name, record?.fields.map(\.name) ?? []))
                return nil
            }
            guard checked.type == .string || checked.type == .number || Self.isEnumeration(checked.type) else {
                error(.typeMismatch, field.span, "a key must be a string, a number or an enum case, but '\(field.name)' is \(checked.type)")
                return nil
            }
            keyField = field.name
        }
        var inner = scope
        inner.loop = (syntax.variable.name, data.record)
        var rows: [CheckedRow] = []
        for member in syntax.body.members {
            switch member {
            case .row(let row):
                if let checked = checkRow(row, scope: inner) { rows.append(checked) }
            case .repeating(let nested):
                _ = checkFor(nested, scope: inner)
            default:
                error(.notAllowedHere, memberSpan(member), "a 'for' holds rows only")
            }
        }
        let repeating = CheckedRepeat(variable: syntax.variable.name, data: data.name, keyField: keyField, rows: rows)
        return CheckedRow(
            kind: .spacer, component: nil, id: nil, span: syntax.span, block: CheckedBlock(), arguments: NamedValues(), rows: [],
            repeating: repeating)
    }

    private static func isEnumeration(_ type: ValueType) -> Bool {
        if case .enumeration = type { return true }
        return false
    }

    /// `a.title` in a `for` over `a`, `hotel.name` of single-record data; nil
    /// when `base` names neither (the caller reports what it does).
    mutating func inferDataMember(_ base: Expr, _ member: Identifier, scope: Scope) -> Checked? {
        guard case .name(let name) = base.kind else { return nil }
        let record: CheckedRecord?
        let typed: (ValueType) -> TypedExpr
        if let loop = scope.loop, loop.variable == name {
            record = records[loop.record]
            typed = { .parameter("\(name).\(member.name)", $0) }
        } else if let data = scope.data[name] {
            guard !data.isList else {
                error(.typeMismatch, base.span, "'\(name)' is a list: read its elements' fields in 'for x in \(name) { … }', or count(\(name))")
                return (.invalid, nil)
            }
            record = records[data.record]
            typed = { .state("\(name).\(member.name)", $0) }
        } else {
            return nil
        }
        guard let record, let field = record.fields.first(where: { $0.name == member.name }) else {
            let fields = record?.fields.map(\.name) ?? []
            error(.unknownName, member.span, "record \(record?.name ?? "?") has no field '\(member.name)'" + suggestion(member.name, fields))
            return (.invalid, nil)
        }
        return (typed(field.type), field.type)
    }

    /// A name that is data or an element, where a value was expected.
    mutating func reportRecordUsedAsValue(_ name: String, span: Span, scope: Scope) -> Bool {
        if let loop = scope.loop, loop.variable == name {
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

    /// `count(list)`: how many elements the list has now.
    mutating func inferCount(_ arguments: [Expr], span: Span, scope: Scope) -> Checked {
        guard arguments.count == 1 else {
            error(.wrongArgumentCount, span, "'count' takes 1 argument, found \(arguments.count)")
            return (.invalid, nil)
        }
        guard case .name(let name) = arguments[0].kind, let data = scope.data[name], data.isList else {
            error(.typeMismatch, arguments[0].span, "count() takes a list of the screen's data, as in count(amenities)")
            return (.invalid, nil)
        }
        return (.state("\(name).count", .number), .number)
    }
}
