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
        // Rows new to the log, each once.
        var logged = Set(changeLog.rows.map(\.row))
        let fresh = rows.filter { rootRows.contains($0) && logged.insert($0).inserted }
        if !fresh.isEmpty { changeLog.posesRead += changeLog.rows.count }
        if changeLog.rows.count + fresh.count > ChangeLog.maximumRows || changeLog.posesRead > ChangeLog.maximumPosesRead {
            changeLog.full = true
        } else if !fresh.isEmpty {
            // A row logged here has not changed yet: it shifts none after it.
            let before = BeforeChange(self)
            for row in fresh {
                let at = place(ofRootRow: row)
                let (growth, shown) = before.change(before: at)
                changeLog.rows.append((row, poseBeforeChange(ofRootRow: row, at: at, growth: growth, shown: shown)))
            }
        }
        if changeLog.rows.count >= ChangeLog.maximumRows { changeLog.full = true }
        for var change in nested {
            if let holder = changeLog.rows.first(where: { $0.row == change.holder }) { change.before = holder.before }
            changeLog.nested.append(change)
        }
    }

    /// Where the screen's row `row` (not updated yet in this change), at
    /// place `at`, was before the change being logged: the terms of the
    /// rows before it now, less `growth`, how much those of the rows
    /// logged before it changed since, and whether any row before it
    /// showed then (`shown`: how many more of them show now).
    func poseBeforeChange(ofRootRow row: Int, at: Int, growth: Double, shown: Int) -> Pose {
        let start = start(
            after: rootRows.prefix(at) - growth, hidden: resolved.specs[row].hidden,
            anyVisibleBefore: rootRows.visibleCount(before: at) - shown > 0)
        return pose(ofRootRow: row, frame: frame(start: start, extent: rootRows.entry(ofRow: row).extent), lastShown: changeLog.lastShownAtStart)
    }

    /// How the rows logged so far changed since the change began, summed
    /// by their places: a row's pose before the change is found in
    /// O(log rows logged), not by going through them all (which made a
    /// change of k rows O(k²), and capped the rows a quick transition
    /// takes low).
    struct BeforeChange {
        let axis: Axis
        let spacing: Double
        /// The logged rows listed now, by place, and the sums of their
        /// changes up to each (`growth[i]`, `shown[i]`: the first i).
        private var places: [Int] = []
        private var growth: [Double] = [0]
        private var shown: [Int] = [0]

        init(_ layout: IncrementalLayout) {
            axis = layout.rootStack.axis
            spacing = layout.rootStack.spacing
            let logged = layout.changeLog.rows.compactMap { row, before -> (Int, Double, Int)? in
                guard layout.rootRows.contains(row) else { return nil }
                let (grown, shownMore) = change(of: layout.pose(ofRootRow: row), from: before)
                return (layout.place(ofRootRow: row), grown, shownMore)
            }
            for (place, grown, shownMore) in logged.sorted(by: { $0.0 < $1.0 }) {
                places.append(place)
                growth.append(growth.last! + grown)
                shown.append(shown.last! + shownMore)
            }
        }

        /// How much the logged rows before place `at` grew, and how many
        /// more of them show.
        func change(before at: Int) -> (growth: Double, shown: Int) {
            var low = 0, high = places.count
            while low < high {
                let middle = (low + high) / 2
                if places[middle] < at { low = middle + 1 } else { high = middle }
            }
            return (growth[low], shown[low])
        }

        /// How much a row posed `now` grew since `before`, and whether it
        /// shows now and did not then (1), or the other way (-1).
        func change(of now: Pose, from before: Pose) -> (growth: Double, shown: Int) {
            func term(_ pose: Pose) -> Double { pose.hidden ? 0 : pose.frame.size(axis) + spacing }
            return (term(now) - term(before), (now.hidden ? 0 : 1) - (before.hidden ? 0 : 1))
        }
    }
}
