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

    /// The changes inside `holders` not logged yet, with their rows' poses
    /// before; nil when the log is full or they would take it past
    /// `ChangeLog.maximumNestedRows` rows inside holders (the change is then
    /// the general transition's).
    func nestedChangesToLog(of holders: [Int]) -> [NestedChange]? {
        guard !changeLog.full else { return nil }
        let logged = loggedHolders
        guard let changes = nestedChanges(of: holders.filter { !logged.contains($0) }),
            changeLog.nested.reduce(0, { $0 + $1.rows.count }) + changes.reduce(0, { $0 + $1.rows.count }) <= ChangeLog.maximumNestedRows
        else { return nil }
        return changes
    }

    /// Logs the screen's rows `rows` (those not logged yet) and the changes
    /// `nested` inside holders (not logged yet) of an update of the change
    /// being logged, with their poses before the change (under
    /// `hide-last-separator`, with the separators they had when it began,
    /// whichever row is the last shown one now).
    mutating func logLaterUpdate(rootRows rows: [Int], nested: [NestedChange]) {
        changeLog.updates = max(changeLog.updates, 1)
        // Rows new to the log, each once.
        let fresh = rows.filter { rootRows.contains($0) && !changeLog.loggedRows.contains($0) }
        if changeLog.rows.count + Set(fresh).count > changeLog.maximumRows {
            changeLog.full = true
        } else if !fresh.isEmpty {
            // The sums brought up to date with what changed since the last
            // update: only those rows' poses are read again.
            var sums = changeLog.sums ?? BeforeChange(axis: rootStack.axis, spacing: rootStack.spacing)
            changeLog.sums = nil
            sums.catchUp(with: self)
            changeLog.resized = []
            for row in fresh where changeLog.loggedRows.insert(row).inserted {
                let at = place(ofRootRow: row)
                let (growth, shown) = sums.change(before: at)
                changeLog.rows.append((row, poseBeforeChange(ofRootRow: row, at: at, growth: growth, shown: shown)))
            }
            // A row logged here has not changed yet: it shifts none after it
            // (until it is given an extent, which `resized` notes).
            sums.catchUp(with: self)
            changeLog.sums = sums
        }
        if changeLog.rows.count >= changeLog.maximumRows { changeLog.full = true }
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
    /// takes low). Kept from one later update of a change to the next:
    /// each brings in the rows logged since and reads again only the rows
    /// given an extent since (a change of k updates of a row each read k²
    /// poses, and went to the general transition past about 360).
    struct BeforeChange {
        let axis: Axis
        let spacing: Double
        /// The logged rows listed now, by place, each with where it stands
        /// in the log (its pose before the change is there) and how it
        /// changed since; and the sums of those changes up to each
        /// (`growth[i]`, `shown[i]`: the first i), made again when a
        /// change is read.
        private var places: [Int] = []
        private var logged: [Int] = []
        private var changes: [(growth: Double, shown: Int)] = []
        private var growth: [Double] = [0]
        private var shown: [Int] = [0]
        /// Rows of the log brought in so far (`changeLog.rows` in order).
        private var known = 0

        init(axis: Axis, spacing: Double) {
            self.axis = axis
            self.spacing = spacing
        }

        /// Brings in the rows logged since the last call and reads again
        /// the changes of the rows given an extent since. (No splice comes
        /// between two later updates of a change, so the places of the
        /// rows brought in hold.)
        mutating func catchUp(with layout: IncrementalLayout) {
            let log = layout.changeLog
            var brought: [(place: Int, logged: Int, change: (growth: Double, shown: Int))] = []
            while known < log.rows.count {
                let (row, before) = log.rows[known]
                if layout.rootRows.contains(row) {
                    brought.append((layout.place(ofRootRow: row), known, change(of: layout.pose(ofRootRow: row), from: before)))
                }
                known += 1
            }
            // The first of `changes` whose sums are made again: those of the
            // ones before it hold. (The sums made again from there, not
            // from the start: updates all down the screen, one row each,
            // made them again in full, O(k) a row of the k logged, most of
            // a later update's cost; from a place on they are the same
            // sums, bit for bit, as those made from the start.)
            var from = Int.max
            if brought.count <= 8 {
                // A later update's few rows: each put in its place.
                for entry in brought {
                    let at = first(atOrAfter: entry.place)
                    places.insert(entry.place, at: at)
                    logged.insert(entry.logged, at: at)
                    changes.insert(entry.change, at: at)
                    from = min(from, at)
                }
            } else {
                // The first update's rows, or many: sorted once, with the rest.
                var all = brought
                all.append(contentsOf: places.indices.map { (places[$0], logged[$0], changes[$0]) })
                all.sort { $0.place < $1.place }
                places = all.map(\.place)
                logged = all.map(\.logged)
                changes = all.map(\.change)
                from = 0
            }
            for row in log.resized where layout.rootRows.contains(row) {
                let place = layout.place(ofRootRow: row)
                let at = first(atOrAfter: place)
                guard at < places.count, places[at] == place else { continue }
                changes[at] = change(of: layout.pose(ofRootRow: row), from: log.rows[logged[at]].before)
                from = min(from, at)
            }
            guard from != .max else { return }
            growth.removeSubrange(min(from + 1, growth.count)...)
            shown.removeSubrange(min(from + 1, shown.count)...)
            for index in growth.count - 1..<changes.count {
                growth.append(growth[index] + changes[index].growth)
                shown.append(shown[index] + changes[index].shown)
            }
        }

        /// The first index of `places` at or after `place`.
        private func first(atOrAfter place: Int) -> Int {
            var low = 0, high = places.count
            while low < high {
                let middle = (low + high) / 2
                if places[middle] < place { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// How much the logged rows before place `at` grew, and how many
        /// more of them show.
        func change(before at: Int) -> (growth: Double, shown: Int) {
            let low = first(atOrAfter: at)
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
