// Tap actions that change rows: `insert(Chip { label: "Sauna" }, after: tags)`
// (also `before: id`, `top`, `bottom`), `remove(id)` and `move(id, after: id)`.
// Rows are named by id and checked when the screen is done (so they may come
// later in the file); an inserted row's id counts as a row of the screen.

import StackParser

extension TypeChecker {
    mutating func checkRowAction(_ name: Identifier, _ arguments: [Expr], _ expr: Expr, scope: Scope) -> Action? {
        if scope.inComponent {
            error(.unknownRow, name.span, "\(name.name)() names rows of a screen, which a component cannot see; set 'tap' on the instance instead")
            return nil
        }
        switch name.name {
        case "insert":
            guard requireArguments(1...2, arguments, expr, usage: "insert(Component { … }, after: id | before: id | top | bottom)") else { return nil }
            guard case .row(let row) = arguments[0].kind else {
                error(.typeMismatch, arguments[0].span, "insert() takes a row to add, written as an instance of a component: insert(Chip { label: \"Sauna\" }, after: tags)")
                return nil
            }
            guard components.contains(row.kind.name) else {
                let what = RowKind(rawValue: row.kind.name) != nil
                    ? "'\(row.kind.name)' is a built-in kind; insert() adds instances of components (declare 'component Name(…): \(row.kind.name) { … }')"
                    : "unknown component '\(row.kind.name)'" + suggestion(row.kind.name, components.keys)
                error(.unknownKind, row.kind.span, what)
                return nil
            }
            var instance: [CheckedRow] = []
            checkInstance(row, component: row.kind.name, scope: scope, into: &instance)
            guard let checked = instance.first else { return nil }
            // Other properties of the base kind would override the body: run-time
            // insertion binds arguments only (unknown names were reported already).
            let base = components[row.kind.name]?.base ?? .text
            if let first = row.body.members.first(where: { member in
                switch member {
                case .property(let property):
                    components[row.kind.name]?.parameterIndex[property.name.name] == nil
                        && PropertyCatalog.lookup(property.name.name, in: BlockContext(base)) != nil
                case .block, .state, .data, .repeating: true
                case .row, .deferredRows: false
                }
            }) {
                error(.notAllowedHere, memberSpan(first), "insert() gives a component its arguments only; set other properties in the component")
                return nil
            }
            if let id = row.id { declareRowID(id) }
            var place = RowPlace.bottom
            if arguments.count == 2 {
                guard let checkedPlace = rowPlace(arguments[1], action: "insert") else { return nil }
                place = checkedPlace
            }
            return .insert(component: row.kind.name, arguments: checked.arguments, id: row.id?.name, place: place)
        case "remove":
            guard requireArguments(1...1, arguments, expr, usage: "remove(id)"), let row = rowName(arguments[0], action: "remove") else { return nil }
            return .remove(row: row)
        default:
            guard requireArguments(2...2, arguments, expr, usage: "move(id, after: id | before: id | top | bottom)"),
                let row = rowName(arguments[0], action: "move"), let place = rowPlace(arguments[1], action: "move")
            else { return nil }
            return .move(row: row, place: place)
        }
    }

    /// A row id argument, to be checked when the screen is done.
    private mutating func rowName(_ expr: Expr, action: String) -> String? {
        guard case .name(let row) = expr.kind else {
            error(.typeMismatch, expr.span, "\(action)() takes a row id")
            return nil
        }
        rowReferences.append(Identifier(row, expr.span))
        return row
    }

    /// `after: id`, `before: id`, `top` or `bottom`.
    private mutating func rowPlace(_ expr: Expr, action: String) -> RowPlace? {
        switch expr.kind {
        case .name("top"): return .top
        case .name("bottom"): return .bottom
        case .labeled(let label, let value) where label.name == "after" || label.name == "before":
            guard let row = rowName(value, action: action) else { return nil }
            return label.name == "after" ? .after(row) : .before(row)
        default:
            error(.invalidKeyword, expr.span, "\(action)() puts the row 'after: id', 'before: id', 'top' or 'bottom'")
            return nil
        }
    }
}
