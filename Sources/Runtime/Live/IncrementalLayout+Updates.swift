// Several updates in one change — two states set at once, a tap's several
// actions — logged as one: every row with its pose before the whole change.
// A row a later update touches was logged, if at all, before the first; one
// it touches for the first time is where the earlier updates put it, which
// is where it was less how far the rows logged before it have grown since.
// Animated, the change is then one update's (each row its track, the rows
// after each following it), as the general transition animates it.

extension IncrementalLayout {
    /// The holders of the changes inside nested stacks logged so far.
    var loggedHolders: Set<Int> { Set(changeLog.nested.map(\.holder)) }

    /// Logs the screen's rows `rows` (those not logged yet) and the changes
    /// `nested` inside holders (not logged yet) of an update of the change
    /// being logged, with their poses before the change. With
    /// `hide-last-separator`, when the last shown row is no longer the one
    /// it was, the log is full (which separator a row had is not known).
    mutating func logLaterUpdate(rootRows rows: [Int], nested: [NestedChange]) {
        changeLog.updates = max(changeLog.updates, 1)
        if rootStack.hideLastSeparator, lastShownForSeparators() != changeLog.lastShownAtStart {
            changeLog.full = true
            return
        }
        // A row logged here has not changed yet: it shifts none after it.
        var logged = Set(changeLog.rows.map(\.row))
        for row in rows where rootRows.contains(row) && changeLog.rows.count < ChangeLog.maximumRows && logged.insert(row).inserted {
            changeLog.rows.append((row, poseBeforeChange(ofRootRow: row)))
        }
        if changeLog.rows.count >= ChangeLog.maximumRows { changeLog.full = true }
        for var change in nested {
            if let holder = changeLog.rows.first(where: { $0.row == change.holder }) { change.before = holder.before }
            changeLog.nested.append(change)
        }
    }

    /// Where the screen's row `row` (not updated yet in this change) was
    /// before the change being logged: the terms of the rows before it now,
    /// less how much those of the rows logged before it changed since, and
    /// whether any row before it showed then (a hidden row sits on the
    /// spacing after the last shown one).
    func poseBeforeChange(ofRootRow row: Int) -> Pose {
        let at = place(ofRootRow: row)
        let axis = rootStack.axis, spacing = rootStack.spacing
        func term(_ pose: Pose) -> Double { pose.hidden ? 0 : pose.frame.size(axis) + spacing }
        var growth = 0.0, shown = 0
        for (logged, before) in changeLog.rows where rootRows.contains(logged) && place(ofRootRow: logged) < at {
            let now = pose(ofRootRow: logged)
            growth += term(now) - term(before)
            shown += (now.hidden ? 1 : 0) - (before.hidden ? 1 : 0)
        }
        let start = start(
            after: rootRows.prefix(at) - growth, hidden: resolved.specs[row].hidden,
            anyVisibleBefore: rootRows.visibleCount(before: at) + shown > 0)
        return pose(ofRootRow: row, frame: frame(start: start, extent: rootRows.entry(ofRow: row).extent), lastShown: changeLog.lastShownAtStart)
    }
}
