// Flows on a live screen (StackFlowView): push a step, pop steps, clear;
// only the last step takes taps, and a tap on an earlier one pops back to it;
// earlier steps fade by the flow's tint and gradient rules.

extension LiveScreen {
    /// How many of a flow's steps are shown (0 for a screen).
    public var pushedSteps: Int {
        guard let slot = screen.stateIndex(ScreenModel.flowDepthState) else { return 0 }
        // setState and the loader keep it a whole number of steps; clamp anyway
        // so no value can index past the steps.
        let x = screen.state[slot].numberValue
        return x >= 1 ? Int(min(x, Double(screen.model.steps.count))) : 0
    }

    private func requireFlow() throws(RuntimeError) {
        guard screen.model.isFlow else { throw RuntimeError("'\(screen.model.name)' is a screen, not a flow: it has no steps to push or pop") }
    }

    /// Shows `step` (and any steps between the last shown and it).
    @discardableResult
    public mutating func push(_ step: String) throws(RuntimeError) -> [LiveEvent] {
        try requireFlow()
        let names = screen.model.steps.map(\.name)
        guard let index = names.firstIndex(of: step) else {
            throw RuntimeError("flow '\(screen.model.name)' has no step '\(step)'; its steps are \(NameList.shortened(names))")
        }
        guard index >= pushedSteps else {
            throw RuntimeError("step '\(step)' is already shown; pop back to it instead")
        }
        let shown = Array(names[pushedSteps...index])
        let events = observe { live in _ = try? live.pushInPlace(step) }
        return shown.map { .willPush(step: $0) } + events + shown.map { .didPush(step: $0) }
    }

    /// Removes the last `count` steps (all of them at most).
    @discardableResult
    public mutating func pop(_ count: Int = 1) throws(RuntimeError) -> [LiveEvent] {
        try requireFlow()
        guard count >= 1, count <= pushedSteps else {
            throw RuntimeError("cannot pop \(count) step\(count == 1 ? "" : "s"): \(pushedSteps) shown")
        }
        let names = screen.model.steps.map(\.name)
        let popped = Array(names[(pushedSteps - count)..<pushedSteps].reversed())
        let events = try setState(ScreenModel.flowDepthState, to: .number(Double(pushedSteps - count)))
        return popped.map { .willPop(step: $0) } + events + popped.map { .didPop(step: $0) }
    }

    /// Removes every step.
    @discardableResult
    public mutating func clear() -> [LiveEvent] {
        pushedSteps > 0 ? ((try? pop(pushedSteps)) ?? []) : []
    }

    /// The step (index) a row belongs to, for a flow.
    func step(containing row: Int) -> Int? {
        guard screen.model.isFlow else { return nil }
        var current = row
        while screen.model.rows[current].parent != screen.model.rootStack {
            let stack = screen.model.rows[current].parent
            guard let holder = screen.model.rows.firstIndex(where: { if case .stack(stack) = $0.content { true } else { false } }) else {
                return nil
            }
            current = holder
        }
        guard case .stack(let stack) = screen.model.rows[current].content else { return nil }
        return screen.model.steps.firstIndex { $0.stack == stack }
    }

    /// The opacity of step `index`: 1 for the last shown step; earlier ones
    /// by the tint rule (the one under the top at `alpha`, each earlier `step`
    /// less, never below 0), times the gradient (from the top step's edge,
    /// fading out over P% of the viewport, judged at each step's middle). *Seed bug not repeated:* StackFlowView
    /// gives the step under the top `alpha − step`, not the `preLastAlpha` it names.
    package func stepAlpha(_ index: Int) -> Double {
        let top = pushedSteps - 1
        guard let flow = screen.model.flow, index < top, index >= 0 else { return index == top ? 1 : 0 }
        var alpha = 1.0
        if let tint = flow.tint {
            alpha = max(0, tint.alpha - tint.step * Double(top - 1 - index))
        }
        if let gradient = flow.gradient, gradient > 0 {
            let axis = rootStackAxis
            let viewport = axis == .vertical ? screen.viewportHeight : screen.viewportWidth
            let rows = rootRows
            let topRow = rows.first { screen.model.rows[$0].id == screen.model.steps[top].name }
            let thisRow = rows.first { screen.model.rows[$0].id == screen.model.steps[index].name }
            if let topRow, let thisRow, let topFrame = frame(ofRootRow: topRow), let frame = frame(ofRootRow: thisRow) {
                // From the top step's near edge to this step's middle.
                let middle = frame.start(axis) + frame.size(axis) / 2
                let edge = middle < topFrame.start(axis) ? topFrame.start(axis) : topFrame.start(axis) + topFrame.size(axis)
                alpha *= max(0, 1 - abs(middle - edge) / (gradient / 100 * viewport))
            }
        }
        return alpha
    }
}

extension LiveScreen {
    /// Push without events of its own (inside a tap, which reports them).
    mutating func pushInPlace(_ step: String) throws(RuntimeError) {
        let names = screen.model.steps.map(\.name)
        guard let index = names.firstIndex(of: step), index >= pushedSteps else { throw RuntimeError("cannot push '\(step)'") }
        try incremental.screen.setState(ScreenModel.flowDepthState, to: .number(Double(index + 1)))
        incremental.stateChanged(ScreenModel.flowDepthState)
        // StackFlowView keeps the newest item in view: scroll the least that
        // shows the pushed step whole (its start when it is longer).
        if let row = rootRows.first(where: { screen.model.rows[$0].id == step }) {
            let layout = layout()
            moveOffset(to: layout.scrollOffset(toShow: row, at: .auto, from: offset))
        }
    }

    /// Pop without events of its own; the names of the steps removed.
    mutating func popInPlace(_ count: Int) throws(RuntimeError) -> [String] {
        guard count >= 1, count <= pushedSteps else { throw RuntimeError("cannot pop \(count)") }
        let names = Array(screen.model.steps[(pushedSteps - count)..<pushedSteps].map(\.name).reversed())
        try incremental.screen.setState(ScreenModel.flowDepthState, to: .number(Double(pushedSteps - count)))
        incremental.stateChanged(ScreenModel.flowDepthState)
        return names
    }
}
