// How rows are named to people, the same in every output: by kind (or
// component) and id — `Text welcome`, `Chip tag` — and a row without an id by
// its position, 1-based, through the stacks that hold it: `Text #3` is the
// third row of the screen, `Chip #4.2` the second row of the fourth row's
// stack. A flow's steps are rows named by their step.

/// Names the rows of one model. Build once, ask often: O(depth) a name.
package struct RowNames: Sendable {
    private let model: ScreenModel
    /// The row that holds each stack; -1 for the screen's own stack.
    private let holder: [Int]
    /// Each row's 1-based place among its stack's rows; 0 when no stack lists it (removed).
    private let place: [Int]

    package init(_ model: ScreenModel) {
        self.model = model
        var holder = [Int](repeating: -1, count: model.stacks.count)
        model.rows.forEachWithIndex { index, row in
            if case .stack(let nested) = row.content, nested < holder.count { holder[nested] = index }
        }
        var place = [Int](repeating: 0, count: model.rows.count)
        for stack in model.stacks {
            for (position, row) in stack.rows.enumerated() where row < place.count { place[row] = position + 1 }
        }
        self.holder = holder
        self.place = place
    }

    /// `Text welcome`, `Text #3`, `Chip #4.2`; `Text (removed)` for a row
    /// without an id that no stack lists any more.
    package func name(of row: Int) -> String {
        guard row >= 0, row < model.rows.count else { return "row \(row)" }
        let model = self.model.rows[row]
        let kind = model.component ?? model.kind.name
        if let id = model.id { return "\(kind) \(id)" }
        return "\(kind) \(position(of: row))"
    }

    package func name(of key: RowKey) -> String { name(of: key.row) }

    /// `#3`, `#4.2` (or `(removed)`).
    package func position(of row: Int) -> String {
        var parts: [String] = []
        var current = row
        var guardCount = 0
        while current >= 0, current < place.count, guardCount <= self.model.stacks.count {
            guard place[current] > 0 else { return "(removed)" }
            parts.append(String(place[current]))
            let parent = self.model.rows[current].parent
            current = parent >= 0 && parent < holder.count ? holder[parent] : -1
            guardCount += 1
        }
        return "#" + parts.reversed().joined(separator: ".")
    }
}

extension LiveEvent {
    /// The event's text with rows named by `names`.
    package func text(_ names: RowNames) -> String {
        switch self {
        case .rowInserted(let row): "\(names.name(of: row)) inserted"
        case .rowRemoved(let row): "\(names.name(of: row)) removed"
        case .rowBecameVisible(let row, let visibility): "\(names.name(of: row)) became visible (\(Self.describe(visibility)))"
        case .rowBecameHidden(let row, let visibility): "\(names.name(of: row)) became hidden (\(Self.describe(visibility)))"
        default: text
        }
    }
}

extension TransitionEvent {
    /// The event's text with rows named by `names`.
    package func text(_ names: RowNames) -> String {
        switch self {
        case .willBegin(let row, let kind, let hiding):
            "\(names.name(of: row)) will begin \(kind.rawValue)\(hiding ? " (hiding)" : "")"
        case .didEnd(let row, let kind, let hiding, let finished):
            "\(names.name(of: row)) did end \(kind.rawValue)\(hiding ? " (hiding)" : "")\(finished ? "" : " (interrupted)")"
        }
    }
}
