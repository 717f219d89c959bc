// A live screen whose changes animate: each change that moves rows builds a
// transition from what is on screen at that moment (UIKit's
// beginFromCurrentState) to the new layout. Time is the host's: every call
// says what time it is, in seconds, so tests and the CLI need no clock.

/// A live screen with transitions.
package struct AnimatedScreen: Sendable {
    package private(set) var live: LiveScreen
    /// The transition running (or last run) and when it started.
    package private(set) var transition: Transition?
    package private(set) var startTime: Double = 0
    /// The last time events were reported up to.
    private var reportedUpTo: Double = -.infinity

    /// The layout after the last change.
    package private(set) var layout: ScreenLayout

    package init(_ live: LiveScreen) {
        var live = live
        layout = live.layout()
        self.live = live
    }

    /// Makes a change to the live screen at `time`: returns the change's
    /// own events and the transition events it causes at once (interrupted
    /// rows ending, animated rows beginning). If `body` throws, the screen is
    /// as it was.
    package mutating func change(
        at time: Double, _ body: (inout LiveScreen) throws(RuntimeError) -> [LiveEvent]
    ) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        let old = layout
        let oldOffset = live.offset
        // On a copy, so that a change that throws halfway leaves nothing done.
        var changed = live
        let events = try body(&changed)
        var pending = advance(to: time)
        live = changed
        let new = live.layout()
        layout = new
        let running = transition.flatMap { time - startTime < $0.duration ? $0 : nil }
        let next = Transition(
            from: old, offset: oldOffset, to: new, offset: live.offset, screen: live.screen,
            interrupting: running, elapsed: time - startTime)
        transition = next
        startTime = time
        reportedUpTo = time
        pending += next.startEvents
        return (events, pending)
    }

    /// Scrolls to `offset` at `time`, as a host following a finger does.
    /// While nothing animates no transition is built: O(log n). Mid-
    /// transition it is a change like any other.
    package mutating func scroll(to offset: Double, at time: Double) -> [LiveEvent] {
        if isAnimating(at: time) {
            return (try? change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in live.scroll(to: offset) })?.events ?? []
        }
        // The finished transition would present its own end offset: drop it.
        transition = nil
        reportedUpTo = time
        return live.scroll(to: offset)
    }

    /// A finger down at a point of the viewport: highlight only, no layout.
    package mutating func press(x: Double, y: Double) -> RowKey? { live.press(x: x, y: y) }

    /// The press ends without a tap.
    package mutating func cancelPress() { live.cancel() }

    /// Sets state at `time`, animating what it changes.
    package mutating func setState(_ name: String, to value: RuntimeValue, at time: Double) throws(RuntimeError) -> [TransitionEvent] {
        try change(at: time) { (live) throws(RuntimeError) in try live.setState(name, to: value) }.transitionEvents
    }

    /// The transition events between the last report and `time` (rows whose
    /// animation ended).
    package mutating func advance(to time: Double) -> [TransitionEvent] {
        guard let transition, time > reportedUpTo else { return [] }
        let events = transition.events(after: reportedUpTo - startTime, through: time - startTime)
        reportedUpTo = time
        return events
    }

    /// The screen as drawn at `time`; with `visibleOnly`, only the rows that
    /// may show in the viewport then.
    /// `margin` widens the viewport before and after (a host's window).
    package func presented(at time: Double, visibleOnly: Bool = false, margin: Double = 0) -> PresentedScreen {
        guard let transition else { return PresentedScreen(layout, offset: live.offset, time: 0, visibleOnly: visibleOnly, margin: margin) }
        return transition.sample(at: time - startTime, visibleOnly: visibleOnly, margin: margin)
    }

    /// Whether a transition is still running at `time`: the host needs another frame.
    package func isAnimating(at time: Double) -> Bool {
        transition.map { time - startTime < $0.duration } ?? false
    }
}

extension Transition {
    /// Rows whose animation ends in `t0 < t ≤ t1` (seconds from the start).
    package func events(after t0: Double, through t1: Double) -> [TransitionEvent] {
        tracks
            .filter { $0.duration > 0 && $0.end > t0 && $0.end <= t1 }
            .sorted { ($0.end, $0.row) < ($1.end, $1.row) }
            .map { .didEnd(row: RowKey($0.row), kind: $0.kind, hiding: $0.hides, finished: true) }
    }
}
