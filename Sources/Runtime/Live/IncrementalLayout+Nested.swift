// A change inside a nested stack, logged so that it can animate without a
// full layout. The incremental layout lays the screen's row holding the
// stack out again (SubtreeLayout) and moves the rows after it; the general
// transition gives every row inside that holder whose place in its own
// holder changed a track, and nothing to the rows inside other holders
// (they move with their holders). So the holder's rows, with their poses
// relative to their holders before the change, are all the change is.

extension IncrementalLayout {
    /// A change inside the stack of the screen's row `holder`: its pose
    /// before, and every row inside it, in row order, with its pose
    /// relative to the row holding it before (nil: not drawn, its holder
    /// being hidden).
    struct NestedChange {
        var holder: Int
        var before: Pose
        var rows: [(row: Int, before: Pose?)]
    }

    /// `holders`' changes as logged before they are made: each holder's
    /// pose and its rows' poses; nil past `ChangeLog.maximumNestedRows` rows
    /// inside them in all.
    func nestedChanges(of holders: [Int]) -> [NestedChange]? {
        var changes: [NestedChange] = []
        var total = 0
        for holder in holders {
            guard let inside = rowsInside(holder) else { return nil }
            total += inside.count
            if total > ChangeLog.maximumNestedRows { return nil }
            changes.append(NestedChange(holder: holder, before: pose(ofRootRow: holder), rows: inside.map { ($0, nestedPose(of: $0)) }))
        }
        return changes
    }

    /// The rows inside the screen's row `holder` (its stack's rows and
    /// theirs), in row order; nil past `ChangeLog.maximumNestedRows`.
    func rowsInside(_ holder: Int) -> [Int]? {
        guard resolved.nested[holder] >= 0 else { return [] }
        var rows: [Int] = []
        var stacks = [Int(resolved.nested[holder])]
        while let stack = stacks.popLast() {
            for row in screen.model.stacks[stack].rows {
                rows.append(row)
                if rows.count > ChangeLog.maximumNestedRows { return nil }
                if resolved.nested[row] >= 0 { stacks.append(Int(resolved.nested[row])) }
            }
        }
        rows.sort()
        return rows
    }

    /// The pose of a row inside one of the screen's rows relative to the
    /// row holding it, as the last full layout (with its holder laid out
    /// again since) has it; nil when a row holding it is hidden.
    func nestedPose(of row: Int) -> Pose? {
        let stack = screen.model.rows[row].parent
        guard stack >= 0, stack < holders.count, holders[stack] >= 0 else { return nil }
        let holder = Int(holders[stack])
        // Drawn: no row holding it, up to the screen's row, is hidden.
        var above = holder
        var steps = 0
        while !rootRows.contains(above) {
            if snapshot.isHidden(above) { return nil }
            let parent = screen.model.rows[above].parent
            guard parent >= 0, parent < holders.count, holders[parent] >= 0, steps <= ModelValidation.maximumDepth else { return nil }
            above = Int(holders[parent])
            steps += 1
        }
        if snapshot.isHidden(above) { return nil }
        return snapshot.pose(of: row, heldBy: holder)
    }
}
