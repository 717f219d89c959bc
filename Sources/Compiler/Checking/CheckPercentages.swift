// Pass 8 (a warning): rows of one stack whose constant percentage sizes,
// with their insets on top, add up to more than the stack holds. `size: 25%`
// sizes a row's content; its insets are added to it, so four 25% buttons
// with insets overflow their toolbar. `fill` shares the space instead.

import StackParser

extension TypeChecker {
    /// Insets along each axis a row gets when it writes none: the nearest
    /// `defaults` that sets them, else the built-in 12 15.
    fileprivate struct InsetDefaults {
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

    /// Pass 8's sums over the rows of one stack, taken row by row.
    struct PercentTally {
        fileprivate var axis: String
        fileprivate var defaults: InsetDefaults
        fileprivate var percent = 0.0
        fileprivate var insets = 0.0
        fileprivate var first: Span?
    }

    /// The tally of a screen's root stack, once its settings are checked.
    func percentTally(screen block: CheckedBlock) -> PercentTally {
        PercentTally(axis: keyword(block, "axis") ?? "vertical", defaults: InsetDefaults().overridden(by: block.blocks["defaults"]))
    }

    /// A flow's steps, each its own stack.
    mutating func tallyPercentages(flow block: CheckedBlock, steps: [CheckedStep]) {
        let defaults = InsetDefaults().overridden(by: block.blocks["defaults"])
        let axis = keyword(block, "growth").map { $0 == "left" || $0 == "right" ? "horizontal" : "vertical" } ?? "vertical"
        for step in steps {
            checkPercentages(of: step.rows[...], axis: axis, defaults: defaults.overridden(by: step.block.blocks["defaults"]))
        }
    }

    /// Pass 8: the warnings the tallies found, in the order of the rows
    /// (those of a nested stack before its parent's), when any row had a
    /// percentage size.
    mutating func checkPercentages() {
        guard sawPercentSize else { return }
        for overflow in percentWarnings { diagnostics.append(overflow.diagnostic) }
    }

    /// A stack whose rows overflow it, kept as numbers until its warning
    /// is added: there is one a stack, and at 100,000 rows their messages
    /// were 0.6 MB while the screen was checked, most of them past the
    /// diagnostics' limit.
    struct PercentOverflow {
        var span: Span
        var percent: Double
        var insets: Double

        var diagnostic: Diagnostic {
            var message = "the rows of this stack ask for \(TypeChecker.format(percent))% of its extent"
            if insets > 0 { message += " and \(TypeChecker.format(insets)) points of insets on top" }
            message += ": percentages size a row's content and its insets are added, so they overflow; use 'size: fill' to share the space"
            return Diagnostic(.percentOverflow, span, message)
        }
    }

    private mutating func checkPercentages(of rows: ArraySlice<CheckedRow>, axis: String, defaults: InsetDefaults) {
        var tally = PercentTally(axis: axis, defaults: defaults)
        tallyPercentages(rows, into: &tally)
        finishPercentages(tally)
    }

    /// Adds `rows` of one stack to its tally; stacks nested in them are
    /// tallied and finished here.
    mutating func tallyPercentages(_ rows: ArraySlice<CheckedRow>, into tally: inout PercentTally) {
        // Only rows whose size (or their component's) is a constant
        // percentage add to a tally, and checking any such size sets
        // `sawPercentSize` — a component's before the screens, a row's
        // before it is tallied: until then no row (nor any row nested in
        // it) has one to add.
        guard sawPercentSize else { return }
        // Rows read field by field, not copied: this visits every row.
        for index in rows.indices {
            if rows[index].kind == .stack, rows[index].component == nil {
                let inner = tally.defaults.overridden(by: rows[index].block.blocks["defaults"])
                checkPercentages(of: rows[index].rows[...], axis: keyword(rows[index].block, "axis") ?? "vertical", defaults: inner)
            }
            guard case .expr(let size)? = effectiveProperty("size", of: rows, at: index), case .percent(let p)? = constantValue(size) else { continue }
            if case .expr(let hidden)? = rows[index].block.properties["hidden"], constantValue(hidden) == .bool(true) { continue }
            let row = rows[index]
            tally.percent += p
            tally.first = tally.first ?? row.span
            if row.kind == .spacer { continue }
            if case .edges(let edges)? = effectiveProperty("insets", of: row) {
                guard let sides = Self.constantEdges(edges) else { continue }
                tally.insets += tally.axis == "horizontal" ? sides[1] + sides[3] : sides[0] + sides[2]
            } else {
                tally.insets += tally.defaults.along(tally.axis)
            }
        }
    }

    /// The warning for a stack whose rows are all tallied, if they overflow it.
    mutating func finishPercentages(_ tally: PercentTally) {
        guard let first = tally.first, tally.percent > 100 || (tally.percent >= 100 && tally.insets > 0) else { return }
        let span = Span(file: first.file, start: first.start, end: min(first.end, first.start + 1))
        percentWarnings.append(PercentOverflow(span: span, percent: tally.percent, insets: tally.insets))
    }

    /// `effectiveProperty` of `rows[index]`, without copying the row.
    private func effectiveProperty(_ name: String, of rows: ArraySlice<CheckedRow>, at index: Int) -> CheckedValue? {
        if let own = rows[index].block.properties[name] { return own }
        if let component = rows[index].component { return componentProperty(name, of: component) }
        return nil
    }

    /// A row's own property, else its component's body's.
    private func effectiveProperty(_ name: String, of row: CheckedRow) -> CheckedValue? {
        if let own = row.block.properties[name] { return own }
        if let component = row.component { return componentProperty(name, of: component) }
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
