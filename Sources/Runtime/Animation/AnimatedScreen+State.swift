// State set, and taps that set state, made on the live screen itself.
// `change(at:)` makes a change on a copy of the screen, so that one that
// throws halfway changes nothing; but the copy's first edit of each of the
// screen's per-row tables copies that table whole (a state five rows read
// cost about 3 ms at a million rows, almost all of it copying). A change
// that sets state alone needs no copy: setting a state checks the value
// before it changes anything, and the screen before — should the general
// transition need it — is the screen after with every state set back.

extension AnimatedScreen {
    /// Sets states at `time` as one change, animated together: on the
    /// live screen itself (the rows that read them updated, O(those rows ×
    /// log n)) when nothing animates or a quick transition runs (composed
    /// with it); otherwise as `change(at:)`. Every value is checked first,
    /// so that an unknown state or a value of another type throws with
    /// none of them set.
    package mutating func setStates(
        _ values: [(name: String, value: RuntimeValue)], at time: Double
    ) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        for (name, value) in values { try live.screen.check(name, value) }
        return try changeSettingState(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
            var events: [LiveEvent] = []
            for (name, value) in values { events += try live.setState(name, to: value) }
            return events
        }
    }

    /// The pressed row's actions run at `time` (`LiveScreen.release()`),
    /// animated: in place as `setStates(_:at:)` when they change state
    /// alone (and perhaps the offset), otherwise as `change(at:)`.
    package mutating func release(at time: Double) -> (actions: [ActionOutcome], events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        var actions: [ActionOutcome] = []
        let body = { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
            let result = live.release()
            actions = result.actions
            return result.events
        }
        let made = live.releaseChangesStateAlone ? try? changeSettingState(at: time, body) : try? change(at: time, body)
        return (actions, made?.events ?? [], made?.transitionEvents ?? [])
    }

    /// `body`, which sets state alone (and perhaps scrolls) and changes
    /// nothing before it throws: made in place when quick changes may
    /// apply — composed with a quick transition still running, the rows
    /// before being the rows now with the poses the change log took —
    /// the screen before made again, for the general transition, by
    /// setting every state slot and the offset back as they were.
    private mutating func changeSettingState(
        at time: Double, _ body: (inout LiveScreen) throws(RuntimeError) -> [LiveEvent]
    ) throws(RuntimeError) -> (events: [LiveEvent], transitionEvents: [TransitionEvent]) {
        let state = live.screen.state
        let offset = live.offset
        let remakeBefore = { (before: inout LiveScreen) in before.restoreState(state, offset: offset) }
        if quickMayCompose(at: time) {
            return try composing(
                at: time, readers: [], sameOrder: true, body,
                rowsBefore: { log, now, poses in
                    guard log.blocks.isEmpty, log.moved == nil else { return nil }
                    var before = poses
                    for (row, pose) in log.rows where before[row] == nil { before[row] = pose }
                    return RowsBeforeInOrder(now: now, poses: before)
                },
                remakeBefore: remakeBefore)
        }
        return try change(inPlace: quickMayApply(at: time), at: time, body, remakeBefore: remakeBefore)
    }
}
