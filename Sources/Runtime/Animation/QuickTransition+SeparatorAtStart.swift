// Under `hide-last-separator`, the separator a changed row had when the
// change began, which the general transition's track of it starts from.
// The log has each row's pose from before the update that changed it: a
// row logged after a splice (a move, blocks in or out) has the separator
// the last shown row *then* gave it, and the last shown row may have
// changed since the change began (the splice, an earlier update).

extension QuickTransition {
    /// The pose `logged` of a changed row with the separator the row had
    /// when the change began, as the general transition's track starts
    /// from it: under `hide-last-separator`, none for the last shown row
    /// then (`lastShownAtStart`); for another, the one logged — which a row
    /// logged after a splice has from the last shown row *then* (none, if
    /// it was that one). Nil when the log has none though the row may have
    /// had one: shown then, with a separator style, and not the last shown
    /// at the start (it was the last shown one when logged; the one it had
    /// is not known here).
    static func withSeparatorAtStart(_ logged: Pose, of row: Int, lastShownAtStart: Int?, live: LiveScreen) -> Pose? {
        // `live.incremental` read in place, not copied (as `changedAfterSplice`).
        guard live.incremental.rootStack.hideLastSeparator, !logged.hidden else { return logged }
        var pose = logged
        if row == lastShownAtStart {
            pose.separator = nil
        } else if logged.separator == nil, live.incremental.separatorStyle(of: row) != nil {
            guard let atStart = live.incremental.changeLog.separatorAtStart, atStart.row == row else { return nil }
            pose.separator = atStart.separator
        }
        return pose
    }

    /// Under `hide-last-separator`, the separator (relative to its frame)
    /// the screen's row `row` had when the change began, for a row the
    /// change logged — a state its separator reads set, say — that is
    /// unchanged but for its place and the separator it gains or loses;
    /// nil when the change did not log it or the one it had is not known
    /// (then its style now tells it).
    static func loggedSeparatorAtStart(of row: Int, live: LiveScreen) -> Rect?? {
        let log = live.incremental.changeLog
        guard log.loggedRows.contains(row), let logged = log.rows.first(where: { $0.row == row })?.before,
            let start = withSeparatorAtStart(logged, of: row, lastShownAtStart: log.lastShownAtStart, live: live)
        else { return nil }
        return .some(start.separator)
    }
}
