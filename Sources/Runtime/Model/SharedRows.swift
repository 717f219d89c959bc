// Rows of a `for` that share one copy of their template's code. Copying
// and rewriting each element's expressions was a third of making its rows;
// shared, an element's row is a copy of one row, which reads the element's
// values from its own constants (`RowModel.parameters`, read through
// `EvaluationContext.reading(_:)`). The compiled format knows nothing of
// this: a bound screen written out gives each shared row its own copies.

extension TemplatePlan {
    /// Appends this plan's code to `model` once, `.parameter(i)` left in it
    /// to read each instance's constants, and makes the rows that read it
    /// (`sharedRows`). Nothing happens unless the plan is `shareable`.
    package mutating func share(_ template: ComponentTemplate, into model: inout ScreenModel) {
        guard shareable, sharedRows == nil else { return }
        let firstCode = UInt32(model.expressions.code.count)
        model.expressions.code += code
        let originals = originals, offsets = offsets
        func rewrite(_ ref: ExprRef) -> ExprRef {
            guard let index = originals.firstIndex(of: ref) else { return ref }
            return ExprRef(start: firstCode + offsets[index], count: ref.count)
        }
        sharedRows = template.rows.indices.map { rowChanges[$0] ? template.rows[$0].mapExpressions(rewrite) : template.rows[$0] }
    }
}

extension ScreenModel {
    /// `appendRows` for a shared plan: each row a copy of the shared one,
    /// reading its values from `constants` on.
    mutating func appendSharedRows(
        of template: ComponentTemplate, plan: TemplatePlan, rows shared: [RowModel], constants: UInt32, parent: Int
    ) -> (rows: RowList, constants: UInt32) {
        let rowBase = rows.count
        let stackBase = stacks.count
        for local in template.stacks {
            var stack = local
            stack.rows = BlockArray(local.rows.map { $0 + rowBase })
            stacks.append(stack)
        }
        // Without stacks of its own every row is top-level: one run.
        var topLevel: [Int] = []
        if !template.stacks.isEmpty { topLevel.reserveCapacity(plan.topLevelCount) }
        // Each row finished before it goes into the model's pages.
        for number in shared.indices {
            var row = shared[number]
            if plan.rowChanges[number] { row.parameters = constants }
            let localParent = row.parent
            row.parent = localParent < 0 ? parent : stackBase + localParent
            if localParent < 0, !template.stacks.isEmpty { topLevel.append(rows.count) }
            if case .stack(let index) = row.content { row.content = .stack(stackBase + index) }
            rows.append(row)
        }
        return (template.stacks.isEmpty ? RowList(rowBase..<rows.count) : RowList(topLevel), constants)
    }
}

extension ScreenModel {
    /// This model with every row that reads shared code (`RowModel.parameters`)
    /// given copies of the expressions that read its values, those values
    /// as constants: what rows made one copy each would be. The compiled
    /// format has no shared rows; this is how a bound screen is written.
    package func unsharingRows() -> ScreenModel {
        guard rows.contains(where: { $0.parameters != nil }) else { return self }
        var model = self
        let code = expressions.code
        for index in model.rows.indices {
            guard let base = model.rows[index].parameters else { continue }
            model.rows[index].parameters = nil
            model.rows[index].rewriteExpressions { ref in
                let range = Int(ref.start)..<Int(ref.start + ref.count)
                guard range.upperBound <= code.count, code[range].contains(where: { if case .parameter = $0 { true } else { false } }) else { return ref }
                let start = UInt32(model.expressions.code.count)
                for instruction in code[range] {
                    if case .parameter(let i) = instruction { model.expressions.code.append(.constant(base + i)) } else { model.expressions.code.append(instruction) }
                }
                return ExprRef(start: start, count: ref.count)
            }
        }
        return model
    }
}
