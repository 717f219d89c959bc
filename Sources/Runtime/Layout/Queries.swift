// Questions about a layout at a scroll offset: what shows, how much of each
// row, where `scroll-to` goes, where sticky rows are drawn.

extension ScreenLayout {
    /// Overlaps and containment within this are treated as exact.
    static let tolerance = 1e-9

    /// The extent along its axis of a stack's box (the root's: the viewport).
    func boxMain(_ stack: Int) -> Double {
        if stack == rootStack { return viewportMain }
        return stackBox[stack]
    }

    /// How much of `row` shows. The screen's rows are judged against the
    /// viewport at `offset`; a nested stack's rows against that stack's own
    /// box, unscrolled.
    package func visibility(of row: Int, offset: Double = 0) -> Visibility {
        if isHidden(row) { return .hidden }
        let stack = model.rows[row].parent
        let start = rowStart[row]
        let size = rowSize[row]
        let low = stack == rootStack ? clampedOffset(offset) : 0
        let high = low + boxMain(stack)
        let overlap = min(start + size, high) - max(start, low)
        // A hair of tolerance: positions summed in another order (the live
        // screen's tree) must not turn a touching row into a visible one.
        if size <= 0 || overlap <= Self.tolerance { return .offscreen }
        if start >= low - 1e-9, start + size <= high + 1e-9 { return .entire }
        return .partial(overlap / size * 100)
    }

    /// Positions in `rows` (the screen's rows) that overlap the viewport at
    /// `offset`: a binary search, then a walk over the visible ones.
    package func visibleRange(offset: Double) -> Range<Int> {
        let low = clampedOffset(offset)
        return range(from: low, to: low + viewportMain)
    }

    /// Positions in the screen's rows that overlap `low ..< high` along its
    /// axis: two binary searches.
    func range(from low: Double, to high: Double) -> Range<Int> {
        let rows = model.stacks[rootStack].rows
        // First row whose end lies past `low`; first row that starts at or past `high`.
        let first = rows.partitioningIndex { rowStart[$0] + rowSize[$0] > low + Self.tolerance }
        let end = max(first, rows.partitioningIndex { rowStart[$0] >= high - Self.tolerance })
        return first..<end
    }

    /// The screen's rows that show at `offset` (hidden and empty rows excluded).
    package func visibleRows(offset: Double) -> [Int] {
        let rows = model.stacks[rootStack].rows
        return rows.elements(in: visibleRange(offset: offset)).filter { visibility(of: $0, offset: offset) != .offscreen && !isHidden($0) }
    }

    /// The screen's rows that show entirely at `offset`.
    package func entirelyVisibleRows(offset: Double) -> [Int] {
        let rows = model.stacks[rootStack].rows
        return rows.elements(in: visibleRange(offset: offset)).filter { visibility(of: $0, offset: offset) == .entire }
    }

    /// The offset that brings `row` into view as `position` asks, clamped.
    /// `middle` centres the row (the seeds' bug of ignoring its size is not
    /// repeated); `auto` moves the least distance, or not at all.
    package func scrollOffset(toShow row: Int, at position: ScrollPosition, from offset: Double) -> Double {
        let frame = frame(of: row)
        let a = frame.start(axis)
        let h = frame.size(axis)
        let v = viewportMain
        let current = clampedOffset(offset)
        let target: Double
        switch position {
        case .top: target = a
        case .bottom: target = a + h - v
        case .middle: target = a - (v - h) / 2
        case .auto:
            if a >= current - 1e-9, a + h <= current + v + 1e-9 {
                target = current
            } else if h > v || a < current {
                target = a
            } else {
                target = a + h - v
            }
        }
        return clampedOffset(target)
    }
}

