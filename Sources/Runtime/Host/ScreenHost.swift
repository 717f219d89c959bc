// The decisions every platform host makes, made once here so that the
// UIKit and SwiftUI adapters stay thin and the tests can check them on any
// machine: when to draw, which view shows which row, whether the frame
// clock must keep running, how a touch becomes a tap, and in which order
// assistive technologies read the rows.

/// A screen on a platform: a session, its views, and the platform's input.
/// The platform calls it from its main thread with its own clock's times
/// (seconds); after each call it looks at `wantsFrames` to start or stop
/// its frame clock (a CADisplayLink), and lays out `views.views`.
/// A class: the platform's scroll view holds one and its identity matters.
public final class ScreenHost<View: PlatformRowView> {
    public private(set) var session: HostSession
    /// The views showing rows now, and the pool behind them.
    public let views: ViewHost<View>
    /// The last pass drawn.
    public private(set) var lastPass: RenderPass?
    /// Whether a transition still runs: the platform asks for frames (and
    /// calls `frame(at:)` on each) while this is true.
    public private(set) var wantsFrames = false
    /// What tap actions did that the app handles (`emit`, `push`/`pop` on
    /// a screen) and every event, as they happen.
    public var onActions: ([ActionOutcome]) -> Void = { _ in }
    public var onEvents: ([LiveEvent]) -> Void = { _ in }
    public var onTransitionEvents: ([TransitionEvent]) -> Void = { _ in }

    /// `make` creates a view for a reuse identifier when the pool has none.
    public init(_ session: HostSession, make: @escaping (String) -> View) {
        self.session = session
        views = ViewHost(make: make)
    }

    /// Draws the screen as it is at `time`: a pass applied to the views.
    @discardableResult
    public func frame(at time: Double) -> RenderPass {
        onTransitionEvents(session.advance(to: time))
        let pass = session.pass(at: time)
        views.apply(pass)
        lastPass = pass
        wantsFrames = pass.isAnimating
        return pass
    }

    /// The user scrolled to `offset` (along the screen's axis).
    public func scroll(to offset: Double, at time: Double) {
        onEvents(session.scroll(to: offset, at: time))
        frame(at: time)
    }

    /// A finger went down at a point of the viewport.
    public func touchDown(x: Double, y: Double, at time: Double) {
        if session.press(x: x, y: y) != nil { frame(at: time) }
    }

    /// The finger lifted where it went down: the pressed row's actions run.
    public func touchUp(at time: Double) {
        let (actions, events) = session.release(at: time)
        onEvents(events)
        if !actions.isEmpty { onActions(actions) }
        frame(at: time)
    }

    /// The finger moved away, or scrolling took the gesture over.
    public func touchCancelled(at time: Double) {
        guard session.live.highlightedRow != nil else { return }
        session.cancelPress()
        frame(at: time)
    }

    /// The viewport changed size (rotation, a resized window).
    public func resize(width: Double, height: Double, at time: Double) throws(RuntimeError) {
        guard width != session.live.viewportWidth || height != session.live.viewportHeight else { return }
        try change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
            try live.setViewport(width: width, height: height)
        }
    }

    /// An app's change at `time` (state, rows, a host view's new size),
    /// animated by the rows' transitions, then drawn.
    public func change(
        at time: Double, _ body: (inout LiveScreen) throws(RuntimeError) -> [LiveEvent]
    ) throws(RuntimeError) {
        let (events, transitionEvents) = try session.change(at: time, body)
        report(events, transitionEvents, at: time)
    }

    /// Sets state at `time`, animated, then drawn
    /// (`HostSession.setState(_:to:at:)`: made on the live screen itself,
    /// not a copy, unless the general transition runs).
    public func setState(_ name: String, to value: RuntimeValue, at time: Double) throws(RuntimeError) {
        let (events, transitionEvents) = try session.setState(name, to: value, at: time)
        report(events, transitionEvents, at: time)
    }

    // MARK: Rows in and out, as the seeds' imperative APIs make them

    /// Inserts instances of the screen's components at `time`, animated,
    /// then drawn (`HostSession.insert(_:at:in:at:)`: made on the live
    /// screen itself where it can be, not a copy). Returns the rows made.
    @discardableResult
    public func insert(
        _ instances: [ComponentInstance], at position: InsertPosition, in holder: RowKey? = nil, at time: Double
    ) throws(RuntimeError) -> [RowKey] {
        let made = try session.insert(instances, at: position, in: holder, at: time)
        report(made.events, made.transitionEvents, at: time)
        return made.rows
    }

    /// Removes rows at `time`, animated, then drawn (`HostSession.remove(rows:at:)`).
    public func remove(rows: [RowKey], at time: Double) throws(RuntimeError) {
        let (events, transitionEvents) = try session.remove(rows: rows, at: time)
        report(events, transitionEvents, at: time)
    }

    /// Moves a row to `index` among its stack's rows at `time`, animated,
    /// then drawn (`HostSession.move(_:to:at:)`).
    public func move(_ row: RowKey, to index: Int, at time: Double) throws(RuntimeError) {
        let (events, transitionEvents) = try session.move(row, to: index, at: time)
        report(events, transitionEvents, at: time)
    }

    /// Replaces a row by an instance of a component at `time`, animated,
    /// then drawn (`HostSession.replace(_:with:at:)`). Returns the new row.
    @discardableResult
    public func replace(_ row: RowKey, with instance: ComponentInstance, at time: Double) throws(RuntimeError) -> RowKey {
        let made = try session.replace(row, with: instance, at: time)
        report(made.events, made.transitionEvents, at: time)
        return made.row
    }

    /// Hides or shows rows at `time`, animated, then drawn
    /// (`HostSession.setHidden(_:_:at:)`: one row, or several as one
    /// change, made on the live screen itself where it can be).
    public func setHidden(_ rows: [RowKey], _ hidden: Bool, at time: Double) throws(RuntimeError) {
        let (events, transitionEvents) = rows.count == 1
            ? try session.setHidden(rows[0], hidden, at: time) : try session.setHidden(rows, hidden, at: time)
        report(events, transitionEvents, at: time)
    }

    /// A row's content changed size (a host view's, text re-measured) at
    /// `time`: measured again, animated, then drawn
    /// (`HostSession.invalidateSize(of:at:)`, O(log n) where it can be).
    public func invalidateSize(of row: RowKey, at time: Double) throws(RuntimeError) {
        let (events, transitionEvents) = try session.invalidateSize(of: row, at: time)
        report(events, transitionEvents, at: time)
    }

    /// One element from JSON object `json` inserted into list `name` at
    /// `index`, at `time`, animated, then drawn
    /// (`HostSession.insert(_:json:index:at:)`: a server's push).
    public func insert(_ name: String, json: String, index: Int, at time: Double) throws(RuntimeError) {
        let (events, transitionEvents) = try session.insert(name, json: json, index: index, at: time)
        report(events, transitionEvents, at: time)
    }

    /// The element of list `name` with key `key` removed at `time`,
    /// animated, then drawn (`HostSession.remove(_:key:at:)`).
    public func remove(_ name: String, key: String, at time: Double) throws(RuntimeError) {
        let (events, transitionEvents) = try session.remove(name, key: key, at: time)
        report(events, transitionEvents, at: time)
    }

    /// A change's events to the app, then the screen drawn.
    private func report(_ events: [LiveEvent], _ transitionEvents: [TransitionEvent], at time: Double) {
        onEvents(events)
        onTransitionEvents(transitionEvents)
        frame(at: time)
    }

    /// The views in the order assistive technologies read them.
    public var accessibilityOrder: [View] {
        (lastPass?.accessibilityOrder ?? []).compactMap { views.views[$0] }
    }
}
