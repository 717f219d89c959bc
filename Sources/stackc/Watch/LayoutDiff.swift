// What changed between two layouts, row by row, for `stackc watch`: rows are
// matched by id, or, without one, by kind and position in the tree.

import StackRuntime

struct LayoutSnapshot {
    struct Row: Equatable {
        var name: String
        var frame: Rect
        var hidden: Bool
    }

    /// Rows by their key, in tree order.
    var rows: [(key: String, row: Row)]

    init(screen: Screen, layout: ScreenLayout) {
        var rows: [(String, Row)] = []
        let names = RowNames(screen.model)
        func walk(_ stack: Int) {
            for index in layout.rows(ofStack: stack) {
                let appearance = screen.appearance(of: index)
                let kind = appearance.component ?? appearance.kind.name
                let name = names.name(of: index)
                let key = appearance.id.map { "#" + $0 } ?? "\(names.position(of: index)):\(kind)"
                rows.append((key, Row(name: name, frame: layout.frame(of: index), hidden: layout.isHidden(index))))
                if let nested = appearance.stack { walk(nested) }
            }
        }
        walk(layout.rootStack)
        self.rows = rows
    }

    /// Lines like `resized Text notes: 390x78 → 390x96`.
    func changes(from old: LayoutSnapshot) -> [String] {
        let before = Dictionary(old.rows.map { ($0.key, $0.row) }, uniquingKeysWith: { a, _ in a })
        let after = Set(rows.map(\.key))
        var lines: [String] = []
        let n = NumberText.format
        for (key, row) in rows {
            guard let previous = before[key] else {
                lines.append("added \(row.name)")
                continue
            }
            if previous.hidden != row.hidden {
                lines.append("\(row.hidden ? "hidden" : "shown") \(row.name)")
                continue
            }
            if row.hidden { continue }
            if previous.frame.x != row.frame.x || previous.frame.y != row.frame.y {
                lines.append("moved \(row.name): (\(n(previous.frame.x)), \(n(previous.frame.y))) → (\(n(row.frame.x)), \(n(row.frame.y)))")
            }
            if previous.frame.width != row.frame.width || previous.frame.height != row.frame.height {
                lines.append(
                    "resized \(row.name): \(n(previous.frame.width))x\(n(previous.frame.height)) → \(n(row.frame.width))x\(n(row.frame.height))")
            }
        }
        for (key, row) in old.rows where !after.contains(key) { lines.append("removed \(row.name)") }
        return lines
    }
}
