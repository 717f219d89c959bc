// Where the screen's sticky rows are drawn and what the user sees of them.
// A `pin: top` row stays at the viewport's start once scrolled past, a
// `pin: bottom` row at its end until scrolled to; a `snap-hide(top)` row
// sticks to the viewport's start and slides out by how far the content has
// moved forward since (and back by how far it moved back), `snap-hide(bottom)`
// the same at the end. Everything a person sees — visibility, events, taps,
// text, JSON and pictures — goes by these presented frames.

extension ScreenLayout {
    /// Where `row` is drawn at `offset`, snap-hide rows having slid by
    /// `slid` (row → points, 0 … its extent; a live screen keeps these). Rows
    /// that are not sticky, not the screen's, or hidden are drawn where they are.
    package func presentedFrame(of row: Int, offset: Double, slid: [Int: Double] = [:]) -> Rect {
        var frame = frame(of: row)
        guard model.rows[row].parent == rootStack, !isHidden(row) else { return frame }
        let o = clampedOffset(offset)
        let a = frame.start(axis)
        let h = frame.size(axis)
        let away = min(max(slid[row] ?? 0, 0), h)
        let start: Double
        switch (model.rows[row].snapHide, model.rows[row].pin) {
        case (.top, _): start = o - away
        case (.bottom, _): start = o + viewportMain - h + away
        case (_, .top): start = max(a, o)
        case (_, .bottom): start = min(a, o + viewportMain - h)
        default: return frame
        }
        if axis == .vertical { frame.y = start } else { frame.x = start }
        return frame
    }

    /// Whether `row` is drawn somewhere other than its place at `offset`.
    package func isPresentedElsewhere(_ row: Int, offset: Double, slid: [Int: Double] = [:]) -> Bool {
        presentedFrame(of: row, offset: offset, slid: slid) != frame(of: row)
    }

    /// How much of `row` the user sees at `offset`: judged by where it is
    /// drawn, so a pinned row scrolled past still shows entirely.
    package func presentedVisibility(of row: Int, offset: Double, slid: [Int: Double] = [:]) -> Visibility {
        guard model.rows[row].parent == rootStack, model.rows[row].pin != .none || model.rows[row].snapHide != .none else {
            return visibility(of: row, offset: offset)
        }
        if isHidden(row) { return .hidden }
        let frame = presentedFrame(of: row, offset: offset, slid: slid)
        let low = clampedOffset(offset)
        let high = low + viewportMain
        let start = frame.start(axis)
        let size = frame.size(axis)
        let overlap = min(start + size, high) - max(start, low)
        if size <= 0 || overlap <= Self.tolerance { return .offscreen }
        if start >= low - 1e-9, start + size <= high + 1e-9 { return .entire }
        return .partial(overlap / size * 100)
    }

    /// The screen's rows the user sees at `offset`: those in the viewport by
    /// binary search, and the sticky rows drawn into it, in row order.
    package func presentedVisibleRows(offset: Double, slid: [Int: Double] = [:]) -> [Int] {
        var rows = visibleRows(offset: offset).filter { !isSticky($0) }
        for row in stickyRows where !isHidden(row) && presentedVisibility(of: row, offset: offset, slid: slid) != .offscreen {
            rows.append(row)
        }
        // Back in row order: visible rows of the screen start in increasing order.
        return rows.sorted { (rowStart[$0], $0) < (rowStart[$1], $1) }
    }

    func isSticky(_ row: Int) -> Bool {
        model.rows[row].parent == rootStack && (model.rows[row].pin != .none || model.rows[row].snapHide != .none)
    }
}
