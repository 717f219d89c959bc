// A screen as drawn at one instant of a transition: the rows drawn, in
// order, each where the transition has it.

/// The drawn rows of a screen at one instant.
package struct PresentedScreen: Sendable {
    /// Seconds since the transition started.
    package var time: Double
    package var offset: Double
    package var contentWidth: Double
    package var contentHeight: Double
    package var viewportWidth: Double
    package var viewportHeight: Double
    /// The screen's rows, in order.
    package var roots: [Int]
    /// Each drawn row that holds a stack: its drawn rows, in order.
    package var children: [Int: [Int]]
    package var rows: [Int: PresentedRow]

    /// A layout as it stands, with no effects; with `visibleOnly`, only the
    /// screen's rows that show in the viewport (and the rows inside them).
    /// `margin` widens the viewport by that much before and after (a host's
    /// window of rows it keeps ready).
    package init(_ layout: ScreenLayout, offset: Double, time: Double = 0, visibleOnly: Bool = false, margin: Double = 0) {
        self.init(time: time, offset: layout.clampedOffset(offset), layout: layout)
        if visibleOnly {
            let all = layout.model.stacks[layout.rootStack].rows
            let window = layout.range(from: self.offset - margin, to: self.offset + layout.viewportMain + margin)
            roots = all.elements(in: window).filter { !layout.isHidden($0) }
            // Sticky rows are drawn wherever they came from.
            let inWindow = Set(roots)
            roots += layout.stickyRows.filter { !layout.isHidden($0) && !inWindow.contains($0) }
        } else {
            roots = layout.rows.array
        }
        if !visibleOnly { rows.reserveCapacity(layout.rowCount) }
        var pending = roots
        while let row = pending.popLast() {
            rows[row] = PresentedRow(layout, row: row, offset: self.offset)
            if !layout.isHidden(row), case .stack(let stack) = layout.model.rows[row].content {
                children[row] = layout.rows(ofStack: stack).array
                pending += layout.rows(ofStack: stack)
            }
        }
    }

    /// An empty screen with the size and offset of `layout`, to fill in.
    init(time: Double, offset: Double, layout: ScreenLayout) {
        self.time = time
        self.offset = offset
        contentWidth = layout.contentWidth
        contentHeight = layout.contentHeight
        viewportWidth = layout.viewportWidth
        viewportHeight = layout.viewportHeight
        roots = []
        children = [:]
        rows = [:]
    }
}

extension Transition {
    /// The screen `t` seconds after the transition started: the old layout
    /// at t ≤ 0 (unless it interrupted another: then the poses that one had
    /// reached), the new one from `duration` on. With `visibleOnly`, only
    /// the screen's rows that may show in the viewport at `t` are presented
    /// (each exactly as in the full sample) — what a host drawing a frame needs.
    package func sample(at t: Double, visibleOnly: Bool = false, margin: Double = 0) -> PresentedScreen {
        if t >= duration, t > 0 {
            return PresentedScreen(new, offset: newOffset, time: t, visibleOnly: visibleOnly, margin: margin)
        }
        if t <= 0, !interrupts { return PresentedScreen(old, offset: oldOffset, time: t, visibleOnly: visibleOnly, margin: margin) }
        let before = t <= 0
        let layout = before ? old : new
        var screen = PresentedScreen(time: t, offset: layout.clampedOffset(before ? oldOffset : newOffset), layout: layout)
        if visibleOnly {
            // Without walking every row: the rows the new layout puts in the
            // window (a binary search), and the screen's rows that animate
            // and may pass through it (TrackReach). O(log n + window), as
            // long as the rows that animate are drawn in nearly row order.
            let low = screen.offset - margin
            let high = screen.offset + new.viewportMain + margin
            let all = new.model.stacks[new.rootStack].rows
            var seen = Set<Int>()
            var roots: [Int] = []
            func consider(_ row: Int) {
                let shows: Bool
                if let index = trackIndex(row) {
                    shows = withTrack(index) { !(lingering[row] != nil && $0.isOver(at: t)) && $0.mayShow(along: new.axis, between: low, high) }
                } else {
                    shows = newDrawn[row] != nil
                }
                if shows, seen.insert(row).inserted { roots.append(row) }
            }
            for row in all.elements(in: new.range(from: low, to: high)) { consider(row) }
            for row in new.stickyRows { consider(row) }
            for index in reach.candidates(between: low, high) { consider(tracks[Int(index)].row) }
            screen.roots = roots
            // In drawing order: along the stack, as the layouts place them.
            screen.roots.sort { (start(of: $0), $0) < (start(of: $1), $1) }
        } else {
            screen.roots = drawn(among: new.rows.array, stack: new.rootStack, at: t)
            screen.rows.reserveCapacity(new.rowCount)
        }
        var pending = screen.roots.map { (row: $0, origin: Rect.zero, box: Optional<Rect>.none) }
        while let (row, origin, box) = pending.popLast() {
            guard let pose = pose(of: row, at: t) else { continue }
            let frame = pose.frame.moved(by: origin.x, origin.y)
            let stackAxis = box == nil ? new.axis : axis(ofStackHolding: row)
            let visibility: Visibility = pose.hidden
                ? .hidden : Self.visibility(of: frame, axis: stackAxis, low: box.map { stackAxis == .vertical ? $0.y : $0.x } ?? screen.offset,
                    length: box.map { stackAxis == .vertical ? $0.height : $0.width } ?? (new.axis == .vertical ? screen.viewportHeight : screen.viewportWidth))
            screen.rows[row] = PresentedRow(
                frame: frame, content: pose.content?.moved(by: frame.x, frame.y),
                separator: pose.separator?.moved(by: frame.x, frame.y), visibility: visibility,
                alpha: min(max(pose.effects.alpha, 0), 1), scale: pose.effects.scale, offsetX: pose.effects.offsetX, offsetY: pose.effects.offsetY)
            if let nested = childRows(of: row, at: t, hidden: pose.hidden) {
                screen.children[row] = nested
                let inner = pose.content?.moved(by: frame.x, frame.y) ?? frame
                pending += nested.map { ($0, frame, inner) }
            }
        }
        return screen
    }

    /// The pose of a drawn row at `t`, relative to the row holding it; nil
    /// when it is not drawn then. Inlined into the walk over every row
    /// (`sample`): called, it cost a tenth of a frame's instructions
    /// more, mostly a pose copied out and back.
    @inline(__always)
    func pose(of row: Int, at t: Double) -> Pose? {
        if let index = trackIndex(row) { return withTrack(index) { $0.pose(at: t) } }
        if newDrawn[row] != nil { return new.pose(of: row, holders: newHolders) }
        return fallbackPoses[row]
    }

    /// The rows drawn inside `row`, or nil when it holds no stack.
    func childRows(of row: Int, at t: Double, hidden: Bool) -> [Int]? {
        if hidden { return [] }
        if newDrawn[row] == false, case .stack(let stack) = new.model.rows[row].content {
            return drawn(among: new.rows(ofStack: stack).array, stack: stack, at: t)
        }
        // A row on its way out, or hiding: the rows it held, and its rows
        // on their way out with it while their tracks run (else they would
        // vanish the moment it begins to go).
        guard let rows = fallbackChildren[row] else { return nil }
        guard !lingering.isEmpty, let stack = old.model.stack(heldBy: row) else { return rows }
        return drawn(among: rows, stack: stack, at: t)
    }

    /// `rows` of the new layout plus the rows of `stack` on their way out.
    func drawn(among rows: [Int], stack: Int, at t: Double) -> [Int] {
        Self.listing(lingering, among: rows, stack: stack) { row in
            guard let index = trackIndex(row) else { return false }
            return !tracks[index].isOver(at: t)
        }
    }

    /// `rows` of `stack` plus its rows on their way out (`lingering`) that
    /// are still drawn, each after the row it followed when that row is
    /// listed, else first — in row order, as every pass lists them (the
    /// quick transition's rows on their way out of cards too).
    static func listing(
        _ lingering: [Int: (stack: Int, after: Int?)], among rows: [Int], stack: Int, drawn: (Int) -> Bool
    ) -> [Int] {
        var result = rows
        for (row, place) in lingering.sorted(by: { $0.key < $1.key }) where place.stack == stack && drawn(row) {
            let at = place.after.flatMap { result.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
            result.insert(row, at: at)
        }
        return result
    }

    /// Whether `row` is (or was, for a removed row) one of the screen's own rows.
    func isRootRow(_ row: Int) -> Bool {
        if newDrawn[row] != nil { return new.parent(of: row) == new.rootStack }
        if let place = lingering[row] { return place.stack == old.rootStack }
        return row < new.rowCount && new.parent(of: row) == new.rootStack
    }

    /// Where a screen's row lies along its stack: its new place, or its old
    /// one for a row on its way out.
    func start(of row: Int) -> Double {
        if newDrawn[row] == nil, row < old.rowCount { return old.frame(of: row).start(old.axis) }
        return row < new.rowCount ? new.frame(of: row).start(new.axis) : 0
    }

    func axis(ofStackHolding row: Int) -> Axis {
        row < new.model.rows.count ? new.axis(of: new.parent(of: row)) : old.axis(of: old.parent(of: row))
    }

    /// How much of `frame` shows in the span `low ..< low + length` along `axis`.
    static func visibility(of frame: Rect, axis: Axis, low: Double, length: Double) -> Visibility {
        let start = axis == .vertical ? frame.y : frame.x
        let size = axis == .vertical ? frame.height : frame.width
        let overlap = min(start + size, low + length) - max(start, low)
        if size <= 0 || overlap <= 1e-9 { return .offscreen }
        if start >= low - 1e-9, start + size <= low + length + 1e-9 { return .entire }
        return .partial(overlap / size * 100)
    }
}

extension Transition {
    /// `count` (≥ 2) instants evenly from the start to the end: the first
    /// is `sample(at: 0)`, the last the new layout as it stands.
    package func frames(_ count: Int) -> [PresentedScreen] {
        let count = max(count, 2)
        return (0..<count).map { frame($0, of: count) }
    }

    /// Instant `index` of `count` evenly spaced ones (as `frames(count)[index]`),
    /// for hosts and tools that take one frame at a time.
    package func frame(_ index: Int, of count: Int) -> PresentedScreen {
        let count = max(count, 2)
        return index >= count - 1
            ? PresentedScreen(new, offset: newOffset, time: duration)
            : sample(at: duration * Double(max(index, 0)) / Double(count - 1))
    }
}
