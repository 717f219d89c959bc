// Tap actions that change rows: `insert`, `remove` and `move`. Each is the
// live screen's own mutation (insert, remove, move) aimed by row ids; one
// that cannot run — its row already removed, an id it would give already
// taken — changes nothing and says why.

extension LiveScreen {
    mutating func performRowAction(_ action: ActionModel) -> ActionOutcome {
        do throws(RuntimeError) {
            switch action {
            case .insert(let component, let arguments, let id, let place):
                var values: [String: RuntimeValue] = [:]
                for argument in arguments {
                    values[argument.name] = screen.model.expressions.evaluate(argument.value, in: screen.context)
                }
                let (position, holder) = try insertionPlace(place)
                let (row, _) = try insert(ComponentInstance(component, arguments: values, id: id), at: position, in: holder)
                return .inserted(row: row, component: component)
            case .remove(let id):
                let row = try listedRow(id)
                try remove(rows: [row])
                return .removed(row: row, id: id)
            case .move(let id, let place):
                let row = try listedRow(id)
                let siblings = screen.model.stacks[screen.model.rows[row.row].parent].rows.filter { $0 != row.row }
                let index: Int
                switch place {
                case .top: index = 0
                case .bottom: index = siblings.count
                case .after(let other), .before(let other):
                    let anchor = try listedRow(other)
                    guard let at = siblings.firstIndex(of: anchor.row) else {
                        throw RuntimeError(other == id ? "a row cannot move next to itself" : "'\(other)' is not in the stack that holds '\(id)'")
                    }
                    if case .after = place { index = at + 1 } else { index = at }
                }
                try move(row, to: index)
                return .moved(row: row, id: id, to: index)
            default:
                return .failed(action: "\(action)", reason: "not a row action")
            }
        } catch {
            return .failed(action: Self.describe(action), reason: error.description)
        }
    }

    /// The row with `id` if a stack lists it now.
    private func listedRow(_ id: String) throws(RuntimeError) -> RowKey {
        guard let row = screen.row(id: id) else { throw RuntimeError("there is no row '\(id)' in the screen now") }
        return RowKey(row)
    }

    /// Where an inserted row goes: among the screen's rows (top, bottom), or
    /// next to a row, in the stack that holds that row.
    private func insertionPlace(_ place: RowPlaceModel) throws(RuntimeError) -> (InsertPosition, RowKey?) {
        switch place {
        case .top: return (.top, nil)
        case .bottom: return (.bottom, nil)
        case .after(let id), .before(let id):
            let anchor = try listedRow(id)
            let stack = screen.model.rows[anchor.row].parent
            let holder = stack == screen.model.rootStack ? nil : incremental.holder(ofStack: stack).map(RowKey.init)
            if case .after = place { return (.after(id: id), holder) }
            return (.before(id: id), holder)
        }
    }

    private static func describe(_ action: ActionModel) -> String {
        switch action {
        case .insert(let component, _, _, _): "insert \(component)"
        case .remove(let id): "remove \(id)"
        case .move(let id, _): "move \(id)"
        default: "action"
        }
    }
}
