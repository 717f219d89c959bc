// What a host draws beyond the layout, worked out from a live screen: how
// far snap-hide rows have slid and how faded each earlier step of a flow is
// (StackFlowView's tint and gradient). The picture, the text and the
// `--frames` JSON all show the screen as a host would.

import StackRuntime

extension LayoutSVG.Presentation {
    /// The presentation of `live` as it is now.
    init(_ live: LiveScreen) {
        self.init()
        slid = live.slideOffsets
        fading = Self.fading(live)
    }

    /// Row → (alpha, tint) for the step rows of a flow that are faded.
    static func fading(_ live: LiveScreen) -> [Int: (alpha: Double, tint: UInt32?)] {
        let model = live.screen.model
        guard model.isFlow, let flow = model.flow, flow.tint != nil || flow.gradient != nil else { return [:] }
        var fading: [Int: (alpha: Double, tint: UInt32?)] = [:]
        let rows = model.stacks[model.rootStack].rows
        for (index, step) in model.steps.enumerated() {
            guard let row = rows.first(where: { model.rows[$0].id == step.name }) else { continue }
            let alpha = live.stepAlpha(index)
            if alpha < 1, index < live.pushedSteps { fading[row] = (alpha, flow.tint?.color) }
        }
        return fading
    }
}

extension PresentedScreen {
    /// This instant with faded steps' alphas multiplied in.
    func faded(_ fading: [Int: (alpha: Double, tint: UInt32?)]) -> PresentedScreen {
        guard !fading.isEmpty else { return self }
        var copy = self
        for (row, fade) in fading where copy.rows[row] != nil { copy.rows[row]!.alpha *= fade.alpha }
        return copy
    }
}
