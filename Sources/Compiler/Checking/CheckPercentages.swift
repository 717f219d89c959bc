// Pass 8 (a warning): rows of one stack whose constant percentage sizes,
// with their insets on top, add up to more than the stack holds. `size: 25%`
// sizes a row's content; its insets are added to it, so four 25% buttons
// with insets overflow their toolbar. `fill` shares the space instead.

import StackParser

extension TypeChecker {
    /// Insets along each axis a row gets when it writes none: the nearest
    /// `defaults` that sets them, else the built-in 12 15.
    private struct InsetDefaults {
        var vertical = 24.0  // 12 top + 12 bottom
        var horizontal = 30.0  // 15 left + 15 right

        func along(_ axis: String) -> Double { axis == "horizontal" ? horizontal : vertical }

        func overridden(by block: CheckedBlock?) -> InsetDefaults {
            guard let block, case .edges(let edges)? = block.properties["insets"],
                let sides = TypeChecker.constantEdges(edges)
            else { return self }
            return InsetDefaults(vertical: sides[0] + sides[2], horizontal: sides[1] + sides[3])
        }
    }

    mutating func checkPercentages(_ stacks: [CheckedStack]) {
        guard sawPercentSize else { return }
        for stack in stacks {
            let defaults = InsetDefaults().overridden(by: stack.block.blocks["defaults"])
            if stack.kind == .screen {
                checkPercentages(of: stack.rows, axis: keyword(stack.block, "axis") ?? "vertical", defaults: defaults)
            } else {
                for step in stack.steps {
                    let stepDefaults = defaults.overridden(by: step.block.blocks["defaults"])
                    checkPercentages(of: step.rows, axis: keyword(stack.block, "growth").map { $0 == "left" || $0 == "right" ? "horizontal" : "vertical" } ?? "vertical", defaults: stepDefaults)
                }
            }
        }
    }

    private mutating func checkPercentages(of rows: [CheckedRow], axis: String, defaults: InsetDefaults) {
        var percent = 0.0
        var insets = 0.0
        var first: Span?
        // Rows read field by field, not copied: this visits every row.
        for index in rows.indices {
            if rows[index].kind == .stack, rows[index].component == nil {
                let inner = defaults.overridden(by: rows[index].block.blocks["defaults"])
                checkPercentages(of: rows[index].rows, axis: keyword(rows[index].block, "axis") ?? "vertical", defaults: inner)
            }
            guard case .expr(let size)? = effectiveProperty("size", of: rows, at: index), case .percent(let p)? = constantValue(size) else { continue }
            if case .expr(let hidden)? = rows[index].block.properties["hidden"], constantValue(hidden) == .bool(true) { continue }
            let row = rows[index]
            percent += p
            first = first ?? row.span
            if row.kind == .spacer { continue }
            if case .edges(let edges)? = effectiveProperty("insets", of: row) {
                guard let sides = Self.constantEdges(edges) else { continue }
                insets += axis == "horizontal" ? sides[1] + sides[3] : sides[0] + sides[2]
            } else {
                insets += defaults.along(axis)
            }
        }
        guard let first, percent > 100 || (percent >= 100 && insets > 0) else { return }
        let span = Span(file: first.file, start: first.start, end: min(first.end, first.start + 1))
        var message = "the rows of this stack ask for \(Self.format(percent))% of its extent"
        if insets > 0 { message += " and \(Self.format(insets)) points of insets on top" }
        message += ": percentages size a row's content and its insets are added, so they overflow; use 'size: fill' to share the space"
        error(.percentOverflow, span, message)
    }

    /// `effectiveProperty` of `rows[index]`, without copying the row.
    private func effectiveProperty(_ name: String, of rows: [CheckedRow], at index: Int) -> CheckedValue? {
        if let own = rows[index].block.properties[name] { return own }
        if let component = rows[index].component { return checkedComponents[component]?.body.block.properties[name] }
        return nil
    }

    /// A row's own property, else its component's body's.
    private func effectiveProperty(_ name: String, of row: CheckedRow) -> CheckedValue? {
        if let own = row.block.properties[name] { return own }
        if let component = row.component { return checkedComponents[component]?.body.block.properties[name] }
        return nil
    }

    private func keyword(_ block: CheckedBlock, _ name: String) -> String? {
        if case .keyword(let word)? = block.properties[name] { return word }
        return nil
    }

    /// Four constant edges (t r b l), or nil.
    static func constantEdges(_ edges: [TypedExpr]) -> [Double]? {
        let values = edges.compactMap { edge -> Double? in
            if case .constant(.number(let x)) = edge { return x }
            return nil
        }
        return values.count == 4 ? values : nil
    }
}
