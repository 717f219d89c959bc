// Where a hidden row that the same change shows was drawn from. A splice
// moves the runs of kept rows by their sums; a hidden row sits a spacing
// earlier after a shown one than the sums before it say (it has no
// spacing of its own), so unless a shown row of its run comes before it,
// it moved by its run's sums less a spacing where a shown row came to be,
// or ceased to be, before its run. Rows moved (QuickTransition+Moved-
// AndChanged) and rows moved with blocks in and out (+MixedSplice) ask it.

extension QuickTransition {
    struct HiddenAtSplice {
        private let runs: [IncrementalLayout.ChangeLog.Moved.Run]
        /// The changed rows' places now, in order, and how many rows they
        /// showed (less those they hid) before each: `shown[k]` for the
        /// first k. Empty when none was hidden at the splice (no one asks).
        private var places: [Int] = []
        private var shown = [0]

        /// `changed`: the rows the change changed, in the order of their
        /// places now, each with its pose logged.
        init(runs: [IncrementalLayout.ChangeLog.Moved.Run], changed: [ChangedAfterMoving], live: LiveScreen) {
            self.runs = runs
            guard changed.contains(where: \.before.hidden) else { return }
            places.reserveCapacity(changed.count)
            shown.reserveCapacity(changed.count + 1)
            for change in changed {
                let now = live.incremental.isHidden(change.row) ? 0 : 1, then = change.before.hidden ? 0 : 1
                places.append(change.at)
                shown.append(shown[shown.count - 1] + now - then)
            }
        }

        /// Rows shown before `place` when the splice was made: those shown
        /// now, less what the changes after it showed (plus what they hid)
        /// before it.
        private func shownAtSplice(before place: Int, live: LiveScreen) -> Int {
            live.incremental.rootRows.visibleCount(before: place) - shown[places.partitioningIndex { $0 >= place }]
        }

        /// How far the splice moved the hidden row at `place` (now), in the
        /// run numbered `run`.
        func movedBy(_ place: Int, run number: Int?, live: LiveScreen) -> Double {
            guard let number else { return 0 }
            let run = runs[number]
            let shownBeforeRun = shownAtSplice(before: run.at, live: live)
            if shownAtSplice(before: place, live: live) > shownBeforeRun { return run.moved }
            let now = shownBeforeRun > 0 ? 1.0 : 0, then = run.shownBefore ? 1.0 : 0
            return run.moved - live.incremental.rootStack.spacing * (now - then)
        }
    }
}
