// Scrolling, hit-testing and taps on a live screen, with the events each
// causes. Visibility events come from the rows visible before and after a
// change, so they cost what is on screen, not what is in the screen.

extension LiveScreen {
    /// The screen's rows the user sees now (sticky rows where they are
    /// drawn), with how much of each shows.
    func visibleSet() -> [Int: Visibility] {
        var set: [Int: Visibility] = [:]
        for row in visibleRows(offset: offset) where !isSticky(row) { set[row] = visibility(ofRootRow: row) }
        for row in stickyRows {
            let visibility = visibility(ofRootRow: row)
            if visibility != .offscreen, visibility != .hidden { set[row] = visibility }
        }
        return set
    }

    /// The screen's `pin` and `snap-hide` rows, in order.
    var stickyRows: [Int] { incremental.stickyCache }

    /// Whether `row` is one of the screen's sticky rows: free when there are
    /// none (this runs for every visible row of every change).
    func isSticky(_ row: Int) -> Bool {
        !incremental.stickyCache.isEmpty && incremental.stickySet.contains(row)
    }

    /// Whether the model makes `row` a sticky row of the screen.
    func isStickyInModel(_ row: Int) -> Bool {
        let model = screen.model
        return model.rows[row].parent == model.rootStack && (model.rows[row].pin != .none || model.rows[row].snapHide != .none)
    }

    /// How far each snap-hide row has slid out of view, for hosts and
    /// renderers that draw the screen as the user sees it.
    package var slideOffsets: [Int: Double] { slid }

    /// How much of one of the screen's rows the user sees at the current
    /// offset: sticky rows are judged where they are drawn.
    package func visibility(ofRootRow row: Int) -> Visibility {
        guard let frame = isSticky(row) ? presentedFrame(ofRootRow: row) : frame(ofRootRow: row) else { return .offscreen }
        if incremental.isHidden(row) { return .hidden }
        return visibility(ofDrawn: frame)
    }

    /// How much of a visible row drawn at `frame` lies in the viewport now.
    func visibility(ofDrawn frame: Rect) -> Visibility {
        let axis = rootStackAxis
        let a = frame.start(axis)
        let h = frame.size(axis)
        let low = clampedOffset(offset)
        let high = low + (axis == .vertical ? screen.viewportHeight : screen.viewportWidth)
        let overlap = min(a + h, high) - max(a, low)
        if h <= 0 || overlap <= ScreenLayout.tolerance { return .offscreen }
        if a >= low - ScreenLayout.tolerance, a + h <= high + ScreenLayout.tolerance { return .entire }
        return .partial(overlap / h * 100)
    }


    /// Events for going from `before` (visible rows, content extent, offset) to now.
    func events(from before: [Int: Visibility], contentBefore: Double, offsetBefore: Double, layoutChanged: Bool) -> [LiveEvent] {
        var events: [LiveEvent] = []
        let after = visibleSet()
        for row in Set(before.keys).union(after.keys).sorted() {
            switch (before[row] != nil, after[row]) {
            case (false, let now?): events.append(.rowBecameVisible(row: RowKey(row), visibility: now))
            case (true, nil): events.append(.rowBecameHidden(row: RowKey(row), visibility: visibility(ofRootRow: row)))
            default: break
            }
        }
        if layoutChanged { events.append(.layoutUpdated) }
        let contentNow = contentMain
        if abs(contentNow - contentBefore) > ScreenLayout.tolerance {
            events.append(.contentSizeChanged(old: contentBefore, new: contentNow))
        }
        if abs(offset - offsetBefore) > ScreenLayout.tolerance { events.append(.didScroll(offset: offset)) }
        return events
    }

    /// Scrolls to `offset` (clamped) and tells what that changed. Snap-hide
    /// rows slide away by as much as the content moved forward, and back by
    /// as much as it moved back (ScrollCoordinator's navigation bars).
    public mutating func scroll(to newOffset: Double) -> [LiveEvent] {
        let before = visibleSet()
        let offsetBefore = offset
        moveOffset(to: newOffset)
        return events(from: before, contentBefore: contentMain, offsetBefore: offsetBefore, layoutChanged: false)
    }

    /// Moves the offset (clamped), sliding snap-hide rows by as much.
    mutating func moveOffset(to newOffset: Double) {
        let offsetBefore = offset
        offset = clampedOffset(newOffset)
        let delta = offset - offsetBefore
        guard delta != 0 else { return }
        for row in stickyRows where screen.model.rows[row].snapHide != .none && !incremental.isHidden(row) {
            let extent = incremental.extent(ofRootRow: row)
            slid[row] = min(max((slid[row] ?? 0) + delta, 0), extent)
        }
    }

    /// How far a snap-hide row has slid out of view (0 when it shows fully).
    package func slideOffset(of row: Int) -> Double { slid[row] ?? 0 }

    /// Where one of the screen's rows is drawn now: sticky rows (`pin`) at
    /// the viewport's edge once scrolled past, and snap-hide rows — which
    /// stick to their edge — moved out by how far they have slid.
    package func presentedFrame(ofRootRow row: Int) -> Rect? {
        guard var frame = frame(ofRootRow: row) else { return nil }
        let model = screen.model.rows[row]
        let axis = rootStackAxis
        let o = clampedOffset(offset)
        let viewport = axis == .vertical ? screen.viewportHeight : screen.viewportWidth
        let a = frame.start(axis)
        let h = frame.size(axis)
        let start: Double
        switch (model.snapHide, model.pin) {
        case (.top, _): start = o - slideOffset(of: row)
        case (.bottom, _): start = o + viewport - h + slideOffset(of: row)
        case (_, .top): start = max(a, o)
        case (_, .bottom): start = min(a, o + viewport - h)
        default: return frame
        }
        if axis == .vertical { frame.y = start } else { frame.x = start }
        return frame
    }

    /// The deepest row under a point in viewport coordinates (at the current
    /// offset); hidden and offscreen rows take no taps.
    package mutating func hitTest(x: Double, y: Double) -> Int? {
        let viewportWidth = screen.viewportWidth
        let viewportHeight = screen.viewportHeight
        guard x >= 0, y >= 0, x < viewportWidth, y < viewportHeight else { return nil }
        let axis = rootStackAxis
        let low = clampedOffset(offset)
        let point = axis == .vertical ? (x: x, y: y + low) : (x: x + low, y: y)
        let layout = layout()
        func contains(_ frame: Rect) -> Bool {
            point.x >= frame.x && point.x < frame.x + frame.width && point.y >= frame.y && point.y < frame.y + frame.height
        }
        // Sticky rows are drawn over the others, wherever they came from:
        // they answer first, the last drawn (topmost) first.
        for row in stickyRows.reversed() where !incremental.isHidden(row) {
            guard let frame = presentedFrame(ofRootRow: row), contains(frame) else { continue }
            // Nested rows ride with their row: test them shifted to where it is drawn.
            let natural = layout.frame(of: row)
            let shift = (x: frame.x - natural.x, y: frame.y - natural.y)
            return deepest(row, in: layout) { rect in
                contains(Rect(x: rect.x + shift.x, y: rect.y + shift.y, width: rect.width, height: rect.height))
            }
        }
        for row in visibleRows(offset: low) where !isSticky(row) && contains(layout.frame(of: row)) {
            return deepest(row, in: layout, contains)
        }
        return nil
    }

    private func deepest(_ row: Int, in layout: ScreenLayout, _ contains: (Rect) -> Bool) -> Int {
        guard case .stack(let nested) = screen.model.rows[row].content else { return row }
        for child in layout.rows(ofStack: nested) where !layout.isHidden(child) && contains(layout.frame(of: child)) {
            // A nested stack's rows past its box are cut off: they take no taps.
            if let box = layout.contentFrame(of: row), !contains(box) { break }
            return deepest(child, in: layout, contains)
        }
        return row
    }

    /// The row that handles a tap on `row`: it, or its nearest enclosing row with actions.
    func handler(for row: Int) -> Int? {
        var current: Int? = row
        while let candidate = current {
            if !screen.model.rows[candidate].tap.isEmpty { return candidate }
            let stack = screen.model.rows[candidate].parent
            current = screen.model.rows.firstIndex { if case .stack(stack) = $0.content { true } else { false } }
        }
        return nil
    }

    /// A finger down: the tappable row under it shows its highlight.
    public mutating func press(x: Double, y: Double) -> RowKey? {
        pressed = hitTest(x: x, y: y).flatMap(handler(for:))
        return pressed.map(RowKey.init)
    }

    /// The row showing its highlight colour, while pressed.
    public var highlightedRow: RowKey? { pressed.map(RowKey.init) }

    /// The highlight colour of the pressed row.
    public var highlightColor: UInt32? {
        pressed.map { screen.model.expressions.evaluate(screen.model.rows[$0].highlight, in: screen.context.reading(screen.model.rows[$0])).colorValue }
    }

    /// The finger moved away or the gesture was taken over: no tap.
    public mutating func cancel() { pressed = nil }

    /// The finger up: the pressed row's actions run, in order.
    public mutating func release() -> (actions: [ActionOutcome], events: [LiveEvent]) {
        guard let row = pressed else { return ([], []) }
        pressed = nil
        return run(actionsOf: row)
    }

    /// Whether releasing now changes state alone, and perhaps the offset:
    /// the pressed row's actions are `toggle`, `set`, `emit` and
    /// `scroll-to` only — no step pushed or popped, no row in or out.
    package var releaseChangesStateAlone: Bool {
        guard let row = pressed else { return true }
        return screen.model.rows[row].tap.allSatisfy { action in
            switch action {
            case .toggle, .set, .emit, .scrollTo: true
            case .push, .pop, .insert, .remove, .move: false
            }
        }
    }

    /// A whole tap: press and release at one point. In a flow only the last
    /// step takes taps; a tap on an earlier one pops back to it (with
    /// `navigation: tap`).
    public mutating func tap(x: Double, y: Double) -> (row: RowKey?, actions: [ActionOutcome], events: [LiveEvent]) {
        if screen.model.isFlow, let hit = hitTest(x: x, y: y), let step = step(containing: hit), step < pushedSteps - 1 {
            guard screen.model.flow?.tapToPop ?? true else { return (RowKey(hit), [], []) }
            let count = pushedSteps - step - 1
            let names = Array(screen.model.steps[(step + 1)..<pushedSteps].map(\.name).reversed())
            let events = (try? pop(count)) ?? []
            return (RowKey(hit), [.popped(names)], events)
        }
        guard let row = press(x: x, y: y) else { return (nil, [], []) }
        let result = release()
        return (row, result.actions, result.events)
    }

    /// Runs a row's actions; events cover all of them together.
    mutating func run(actionsOf row: Int) -> (actions: [ActionOutcome], events: [LiveEvent]) {
        var outcomes: [ActionOutcome] = []
        var events = observe { live in outcomes = live.perform(live.screen.model.rows[row].tap) }
        // A flow's pushes and pops are announced around what they caused;
        // rows inserted and removed before the changes they cause.
        var rowEvents: [LiveEvent] = []
        for outcome in outcomes {
            switch outcome {
            case .inserted(let row, _): rowEvents.append(.rowInserted(row: row))
            case .removed(let row, _): rowEvents.append(.rowRemoved(row: row))
            case .pushed(let step):
                events.insert(.willPush(step: step), at: 0)
                events.append(.didPush(step: step))
            case .popped(let steps):
                events.insert(contentsOf: steps.map { .willPop(step: $0) }, at: 0)
                events.append(contentsOf: steps.map { .didPop(step: $0) })
            default: break
            }
        }
        return (outcomes, rowEvents + events)
    }

    /// The actions themselves (events are the caller's).
    private mutating func perform(_ actions: [ActionModel]) -> [ActionOutcome] {
        var outcomes: [ActionOutcome] = []
        for action in actions {
            switch action {
            case .toggle(let slot):
                let name = screen.model.state[slot].name
                let value = !(screen.state[slot].boolValue)
                try? incremental.screen.setState(slot: slot, to: .bool(value))
                incremental.stateChanged(slot: slot)
                outcomes.append(.toggled(state: name, to: value))
            case .set(let slot, let expression):
                let name = screen.model.state[slot].name
                let value = screen.model.expressions.evaluate(expression, in: screen.context)
                try? incremental.screen.setState(slot: slot, to: value)
                incremental.stateChanged(slot: slot)
                outcomes.append(.set(state: name, to: screen.describe(value)))
            case .emit(let event):
                outcomes.append(.emitted(event))
            case .scrollTo(let id, let position):
                guard let target = screen.row(id: id) else { continue }
                let layout = layout()
                offset = layout.scrollOffset(toShow: target, at: position, from: offset)
                outcomes.append(.scrolled(row: id, offset: offset))
            case .push(let step):
                if screen.model.isFlow, (try? pushInPlace(step)) != nil {
                    outcomes.append(.pushed(step))
                } else {
                    outcomes.append(.pushRequested(step))
                }
            case .pop(let count):
                if screen.model.isFlow, let names = try? popInPlace(count) {
                    outcomes.append(.popped(names))
                } else {
                    outcomes.append(.popRequested(count))
                }
            case .insert, .remove, .move:
                // The mutation observes its own change; the tap's observer reports them all.
                let changedBefore = incremental.layoutChanged
                outcomes.append(performRowAction(action))
                incremental.layoutChanged = incremental.layoutChanged || changedBefore
            }
        }
        return outcomes
    }
}
