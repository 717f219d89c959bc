// One live, animated screen as a host drives it: changes at the host's
// times, and render passes of what to draw in a window around the viewport.

/// A screen hosted in an app (or a test, or the preview page): the live
/// screen, the transitions its changes start, and render passes.
///
/// Times are the host's, in seconds (a display link's timestamp, a test's
/// counter): there is no clock inside. A session is a value: keep one per
/// screen on the main actor (or whichever one thread drives it).
public struct HostSession: Sendable {
    package private(set) var screen: AnimatedScreen
    /// Rows kept ready beyond the viewport, before and after it (default:
    /// half a viewport each way).
    public var margin: Double?
    private var shown: [RowKey: RenderedRow] = [:]

    public init(_ live: LiveScreen) {
        screen = AnimatedScreen(live)
        // A host's changes to one row animate without a full layout.
        screen.allowsQuickChanges = true
    }

    /// Whether a change to one of the screen's rows animates without a full
    /// layout (the default; the tests turn it off to compare).
    package var allowsQuickChanges: Bool {
        get { screen.allowsQuickChanges }
        set { screen.allowsQuickChanges = newValue }
    }

    /// The live screen as it is after the last change: state, rows, offset,
    /// and the questions about rows (`frame(of:)`, `visibility(of:)`, …).
    public var live: LiveScreen { screen.live }

    /// Makes a change at `time`: `body` changes the live screen (state,
    /// rows, a tap, a push) and returns its events; the rows it moves,
    /// resizes, shows or hides animate by their transitions from what was
    /// on screen at `time` (a running transition is interrupted from where
    /// it is). Returns the change's events and the transitions' begin/end
    /// events so far. A change that throws changes nothing.
    @discardableResult
    public mutating func change(
        at time: Double, _ body: (inout LiveScreen) throws(RuntimeError) -> [LiveEvent]
    ) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        try screen.change(at: time, body)
    }

    /// Sets state `name` at `time`, animated by the transitions of the
    /// rows it moves, resizes, shows or hides. Made on the live screen
    /// itself — O(rows that read it × log n), where `change(at:)` copies
    /// the screen first, O(n) — when nothing animates or a quick
    /// transition runs (composed with it); while the general transition
    /// runs, a change like any other. Throws, changing nothing, on an
    /// unknown state or a value of another type.
    @discardableResult
    public mutating func setState(
        _ name: String, to value: RuntimeValue, at time: Double
    ) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        try screen.setStates([(name, value)], at: time)
    }

    /// Sets several states at `time` as one change, animated together (an
    /// `expanded` flag and a `mode` a tap sets at once), in place as
    /// `setState(_:to:at:)`. Throws, setting none of them, when any name
    /// or value is bad.
    @discardableResult
    public mutating func setStates(
        _ values: [(name: String, value: RuntimeValue)], at time: Double
    ) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        try screen.setStates(values, at: time)
    }

    /// The host says a row's content changed size (a host view whose
    /// content changed, text it re-measured), at `time`: the row is measured
    /// again and animates by its `resize` transition, the rows after it
    /// following. O(log n) for one of the screen's own rows (not holding a
    /// stack, on a screen without `fill` rows, nothing animating);
    /// otherwise a change like any other.
    @discardableResult
    public mutating func invalidateSize(of row: RowKey, at time: Double) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        try screen.invalidateSize(of: row, at: time)
    }

    /// Hides or shows a row at `time`, animated by its show or hide
    /// transition: O(log n) as `invalidateSize(of:at:)`.
    @discardableResult
    public mutating func setHidden(_ row: RowKey, _ hidden: Bool, at time: Double) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        try screen.setHidden(row, hidden, at: time)
    }

    /// Hides or shows several rows at `time` as one change, each animated
    /// by its show or hide transition (ScrollStackController's
    /// `setRowsHidden`): made in place as `setHidden(_:_:at:)` when every
    /// row is one it makes in place; otherwise a change like any other.
    /// Throws, changing nothing, on a row not in the screen.
    @discardableResult
    public mutating func setHidden(_ rows: [RowKey], _ hidden: Bool, at time: Double) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        try screen.setHidden(rows, hidden, at: time)
    }

    /// Inserts into list `name` one element from JSON object `json` at
    /// `index`, at `time` (`LiveScreen.insert(_:json:at:)`), animated by the
    /// rows' `insert` transitions, the rows after following. Made on the
    /// live screen itself, without copying it, when the element's rows go
    /// in alone (its `for` splices, keyed by a field) and nothing animates:
    /// a few milliseconds at 100,000 elements; otherwise a change like any
    /// other. Throws, changing nothing, as `insert(_:json:at:)` does.
    @discardableResult
    public mutating func insert(
        _ name: String, json: String, index: Int, at time: Double
    ) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        try screen.insertElement(name, json: json, index: index, at: time)
    }

    /// Removes from list `name` the element with key `key` at `time`,
    /// animated by its rows' `remove` transitions: in place as
    /// `insert(_:json:index:at:)`.
    @discardableResult
    public mutating func remove(_ name: String, key: String, at time: Double) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        try screen.removeElement(name, key: key, at: time)
    }

    // MARK: Rows in and out, as the seeds' imperative APIs make them

    /// Inserts instances of the screen's components at `position` among
    /// the screen's rows (or `holder`'s, a Stack), at `time`, animated by
    /// their `insert` transitions, the rows after following
    /// (`LiveScreen.insert(_:at:in:)`: AloeStackView's `insertRows`). Made
    /// on the live screen itself, without copying it, when they go into
    /// the screen's own stack, hold no stack and nothing animates: O(k log
    /// n) where a change through `change(at:)` copies the screen, O(n);
    /// otherwise a change like any other. Throws, changing nothing, on an
    /// unknown component, a bad argument, a position or id not there, or
    /// an id already taken.
    @discardableResult
    public mutating func insert(
        _ instances: [ComponentInstance], at position: InsertPosition, in holder: RowKey? = nil, at time: Double
    ) throws(RuntimeError) -> (rows: [RowKey], events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        try screen.insertRows(instances, at: position, in: holder, at: time)
    }

    /// Removes rows at `time`, animated by their `remove` transitions
    /// (`LiveScreen.remove(rows:)`): in place as `insert(_:at:in:at:)`
    /// when they are plain rows of the screen's own stack. Throws,
    /// changing nothing, on a row not in the screen.
    @discardableResult
    public mutating func remove(rows: [RowKey], at time: Double) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        try screen.removeRows(rows, at: time)
    }

    /// Moves a row to `index` among its stack's rows at `time`, animated by
    /// its `move` transition (`LiveScreen.move(_:to:)`): in place for one
    /// of the screen's own rows.
    @discardableResult
    public mutating func move(_ row: RowKey, to index: Int, at time: Double) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        try screen.moveRow(row, to: index, at: time)
    }

    /// Replaces a row by an instance of a component at `time`, in its
    /// place, taking its id unless the instance has one
    /// (`LiveScreen.replace(_:with:)`): in place as `insert(_:at:in:at:)`.
    @discardableResult
    public mutating func replace(
        _ row: RowKey, with instance: ComponentInstance, at time: Double
    ) throws(RuntimeError) -> (row: RowKey, events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        try screen.replaceRow(row, with: instance, at: time)
    }

    /// Scrolls at `time` (as `AnimatedScreen.scroll(to:at:)`): O(log n)
    /// while nothing animates.
    @discardableResult
    public mutating func scroll(to offset: Double, at time: Double) -> [LiveEvent] {
        // A finger that scrolls is not tapping.
        if screen.live.highlightedRow != nil, screen.live.clampedOffset(offset) != screen.live.offset { screen.cancelPress() }
        return screen.scroll(to: offset, at: time)
    }

    // MARK: Taps, as a gesture recognizer delivers them

    /// A finger down at a point of the viewport: the tappable row under it
    /// (or holding what is under it) shows its highlight in the next pass.
    @discardableResult
    public mutating func press(x: Double, y: Double) -> RowKey? { screen.press(x: x, y: y) }

    /// The finger lifted: the pressed row's actions run at `time`, animated
    /// like any change. Returns what they did (`emit`, `push` and `pop` on a
    /// screen are the host's to handle) and their events.
    /// Made on the live screen itself, not a copy, when the actions
    /// change state alone (`toggle`, `set`, `emit`, `scroll-to`), as
    /// `setState(_:to:at:)` is.
    @discardableResult
    public mutating func release(at time: Double) -> (actions: [ActionOutcome], events: [LiveEvent]) {
        let made = screen.release(at: time)
        return (made.actions, made.events)
    }

    /// The gesture moved away, scrolled or was taken over: no tap.
    public mutating func cancelPress() { screen.cancelPress() }

    /// Transition events (rows' animations ending) between the last change
    /// and `time`: call once per frame to hear of them.
    public mutating func advance(to time: Double) -> [TransitionEvent] {
        screen.advance(to: time)
    }

    /// Whether a transition still runs at `time`: keep asking for frames.
    public func isAnimating(at time: Double) -> Bool { screen.isAnimating(at: time) }

    /// What to draw at `time`, and what changed since the last pass. Costs
    /// what the window holds when nothing animates (a binary search finds it).
    public mutating func pass(at time: Double) -> RenderPass {
        let live = screen.live
        let axis = live.rootStackAxis
        let viewport = axis == .vertical ? live.screen.viewportHeight : live.screen.viewportWidth
        let animating = screen.isAnimating(at: time)
        let presented = screen.presented(at: time, visibleOnly: true, margin: margin ?? viewport / 2)
        let names = live.screen
        var rows: [RenderedRow] = []
        var next: [RowKey: RenderedRow] = [:]
        next.reserveCapacity(shown.count + 8)
        func add(_ row: Int, holder: Int?, depth: Int) {
            guard let pose = presented.rows[row], pose.visibility != .hidden else { return }
            let model = names.model.rows[row]
            let appearance = names.appearance(of: row)
            var frame = pose.frame
            var content = pose.content
            var separator = pose.separator
            let sticky = holder == nil && live.isSticky(row)
            // Sticky rows where the user sees them (when nothing animates).
            if sticky, !animating, let moved = live.presentedFrame(ofRootRow: row) {
                let dx = moved.x - frame.x, dy = moved.y - frame.y
                frame = moved
                content = content?.moved(by: dx, dy)
                separator = separator?.moved(by: dx, dy)
            }
            let rendered = RenderedRow(
                key: RowKey(row), id: model.id, kind: model.kind,
                reuseIdentifier: model.component ?? (appearance.host.map { "View:" + $0 } ?? model.kind.name),
                holder: holder.map(RowKey.init), depth: depth, frame: frame, content: content, separator: separator,
                separatorColor: pose.separator == nil ? 0 : live.incremental.separatorColor(of: row),
                alpha: pose.alpha, scale: pose.scale, offsetX: pose.offsetX, offsetY: pose.offsetY, zIndex: sticky ? 1 : 0,
                background: appearance.background, highlighted: live.highlightedRow?.row == row,
                highlight: live.highlightedRow?.row == row ? live.highlightColor ?? 0 : 0,
                text: appearance.text?.string, font: appearance.text?.font ?? 0, textColor: appearance.text?.color ?? 0,
                weight: FontWeight(named: appearance.text?.weight ?? ""), align: TextAlignment(named: appearance.text?.align ?? ""),
                imageSource: appearance.image?.source, host: appearance.host, tappable: !model.tap.isEmpty)
            rows.append(rendered)
            next[rendered.key] = rendered
            for child in presented.children[row] ?? [] { add(child, holder: row, depth: depth + 1) }
        }
        for row in presented.roots { add(row, holder: nil, depth: 0) }
        var appeared: [RowKey] = []
        var changed: [RowKey] = []
        for row in rows {
            if let before = shown[row.key] {
                if before != row { changed.append(row.key) }
            } else {
                appeared.append(row.key)
            }
        }
        let disappeared = shown.keys.filter { next[$0] == nil }.sorted()
        shown = next
        return RenderPass(
            time: time, axis: axis, viewportWidth: live.screen.viewportWidth, viewportHeight: live.screen.viewportHeight,
            offset: presented.offset, contentWidth: presented.contentWidth, contentHeight: presented.contentHeight,
            rows: rows, appeared: appeared, changed: changed, disappeared: disappeared, isAnimating: animating)
    }
}
