// Laying out one of the screen's rows again, with everything inside it,
// when only rows inside it changed: O(rows in its subtree), not O(n). The
// incremental layout asks for it when a row of a nested stack changes and
// moves the screen's rows after the holder through its prefix sums; the
// holder's own place in this layout goes stale, as every root row's does
// once the incremental layout has moved them.

extension ScreenLayout {
    /// Gives row `row` the evaluated facts `facts` (in this layout's copy of
    /// the resolved screen; the incremental layout keeps its own).
    mutating func setFacts(_ facts: ResolvedScreen.RowFacts, of row: Int) {
        resolved.specs[row] = facts.spec
        resolved.insets[row] = facts.insets
        resolved.separators[row] = facts.separator
        resolved.contents[row] = facts.content
        resolved.nested[row] = facts.nested
    }

    /// Takes in the rows and stacks `model` has past those laid out here
    /// (a splice made them: new cards, and plain rows before them), their
    /// facts as `facts` has them; none is placed (a row holding a stack is
    /// then laid out with `layOutAgain(rootRow:measurer:)`). `model` is
    /// the one laid out, with rows and stacks only added. O(rows added).
    mutating func extend(to model: ScreenModel, facts: ResolvedScreen) {
        let rows = rowStart.count, stacks = stackCross.count
        guard canExtend(to: model) else { preconditionFailure("a layout extended to a model with fewer rows or stacks") }
        self.model = model
        resolved.reserveCapacity(model.rows.count)
        for row in rows..<model.rows.count { resolved.append(facts.facts(ofRow: row)) }
        for stack in stacks..<model.stacks.count { resolved.stacks.append(facts.stacks[stack]) }
        let added = model.rows.count - rows, addedStacks = model.stacks.count - stacks
        rowStart.append(repeating: 0, count: added)
        rowSize.append(repeating: 0, count: added)
        stackCross.append(repeating: 0, count: addedStacks)
        stackMain.append(repeating: 0, count: addedStacks)
        stackDone.append(repeating: false, count: addedStacks)
        stackOrigin.append(repeating: nil, count: addedStacks)
        stackBox.append(repeating: 0, count: addedStacks)
        lastVisible.append(repeating: nil, count: addedStacks)
    }

    /// Folds the numbers and facts a copy of this layout wrote aside into
    /// its columns where nobody else holds them (the copy kept, the
    /// screen before dropped): O(rows and stacks written aside).
    mutating func foldIfUnique() {
        resolved.foldIfUnique()
        rowStart.foldIfUnique()
        rowSize.foldIfUnique()
        stackCross.foldIfUnique()
        stackMain.foldIfUnique()
        stackDone.foldIfUnique()
        stackOrigin.foldIfUnique()
        stackBox.foldIfUnique()
        lastVisible.foldIfUnique()
    }

    /// Rows' and stacks' numbers written aside in the layout's columns
    /// (for tests of the sharing).
    var numbersWrittenAside: Int {
        rowStart.rowsWrittenAside + rowSize.rowsWrittenAside + stackCross.rowsWrittenAside + stackMain.rowsWrittenAside
            + stackDone.rowsWrittenAside + stackOrigin.rowsWrittenAside + stackBox.rowsWrittenAside + lastVisible.rowsWrittenAside
    }

    /// Whether `extend(to:facts:)` can take `model` in: it has at least
    /// the rows and stacks laid out here.
    func canExtend(to model: ScreenModel) -> Bool {
        model.rows.count >= rowStart.count && model.stacks.count >= stackCross.count
    }

    /// Lays the screen's row `row` (not hidden or shown anew) out again
    /// with the stacks inside it, from this layout's resolved facts; the
    /// screen's other rows keep their places. A `fill` row is given its
    /// share, `extent`, as the full layout's STEP 2 gives it; any other is
    /// measured. Returns the row's extent along the screen's axis and
    /// whether any row inside it moved or changed size.
    mutating func layOutAgain(rootRow row: Int, measurer: any Measurer, extent share: Double? = nil) -> (extent: Double, changed: Bool) {
        // The stacks inside the row, visible or not: all are laid out anew.
        var inside: [Int] = []
        if resolved.nested[row] >= 0 { inside.append(Int(resolved.nested[row])) }
        var cursor = 0
        while cursor < inside.count {
            for child in model.stacks[inside[cursor]].rows where resolved.nested[child] >= 0 {
                inside.append(Int(resolved.nested[child]))
            }
            cursor += 1
        }
        // The engine's hot loops read plain buffers: rows the incremental
        // layout's copy wrote aside are folded in (copying the columns
        // once, while that copy shares them) — unless every stack inside
        // is small enough to be read through the columns (a card laid out
        // on a copy of the screen: settling copied every row's facts).
        if inside.contains(where: { model.stacks[$0].rows.count > LayoutEngine.stackReadInPlace }) { resolved.settle() }
        var before: [Double] = []
        for stack in inside {
            for child in model.stacks[stack].rows { before.append(rowStart[child]); before.append(rowSize[child]) }
        }

        // The engine takes the numbers over (moved, not copied) and hands them back.
        for stack in inside { stackDone[stack] = false }
        var engine = LayoutEngine(
            resolved: resolved, model: model, measurer: measurer, rowStart: take(&rowStart), rowSize: take(&rowSize),
            stackCross: take(&stackCross), stackMain: take(&stackMain), stackDone: take(&stackDone))
        let extent = engine.layoutRowAgain(row, ofStack: rootStack, viewport: viewportMain, extent: share)
        rowStart = take(&engine.rowStart)
        rowSize = take(&engine.rowSize)
        stackCross = take(&engine.stackCross)
        stackMain = take(&engine.stackMain)
        stackDone = take(&engine.stackDone)

        for stack in inside {
            stackOrigin[stack] = nil
            lastVisible[stack] = model.stacks[stack].rows.last { !resolved.specs[$0].hidden }
        }
        if let first = inside.first, !resolved.specs[row].hidden, let content = leftToRightContentFrame(of: row) {
            stackOrigin[first] = (content.x, content.y)
            stackBox[first] = content.size(resolved.stacks[first].axis)
            placeStacks(under: first)
        }
        var after: [Double] = []
        after.reserveCapacity(before.count)
        for stack in inside {
            for child in model.stacks[stack].rows { after.append(rowStart[child]); after.append(rowSize[child]) }
        }
        return (extent, after != before)
    }
}

/// The column in `column`, leaving an empty one: hands storage on without
/// a second reference (which would make the next write copy it all).
private func take<T>(_ column: inout RowColumn<T>) -> RowColumn<T> {
    var out = RowColumn<T>()
    swap(&out, &column)
    return out
}
