// The SwiftUI adapter: a representable around StackScreenView. Compiled
// only where UIKit and SwiftUI exist; never built on this project's Linux
// CI (docs/embedding.md).

#if canImport(UIKit) && canImport(SwiftUI)
import SwiftUI
import UIKit

/// A compiled screen in SwiftUI. `onActions` hears what taps did that the
/// app handles (`emit`, `push`/`pop` on a screen).
public struct StackScreen: UIViewRepresentable {
    let model: ScreenModel
    let measurer: any Measurer & Sendable
    let onActions: ([ActionOutcome]) -> Void

    public init(
        _ model: ScreenModel, measurer: any Measurer & Sendable = DefaultMeasurer(),
        onActions: @escaping ([ActionOutcome]) -> Void = { _ in }
    ) {
        self.model = model
        self.measurer = measurer
        self.onActions = onActions
    }

    public func makeUIView(context: Context) -> StackScreenView {
        let view = StackScreenView(model: model, measurer: measurer)
        view.host.onActions = onActions
        return view
    }

    public func updateUIView(_ view: StackScreenView, context: Context) {
        view.host.onActions = onActions
    }
}
#endif
