// What a live screen tells its host, and what a tap did.

/// Something that happened to the screen, in the order hosts receive them:
/// rows inserted or removed, rows becoming visible or hidden (in row order),
/// layout updated, content size changed, scrolled.
public enum LiveEvent: Hashable, Sendable {
    /// A row was added to the screen (rows of an inserted component's nested stacks are part of it).
    case rowInserted(row: RowKey)
    /// A row was taken out of the screen.
    case rowRemoved(row: RowKey)
    /// A row went from hidden or offscreen to partly or entirely visible
    /// (ScrollStackController's `scrollStackRowDidBecomeVisible`).
    case rowBecameVisible(row: RowKey, visibility: Visibility)
    /// A row went from partly or entirely visible to offscreen or hidden
    /// (`scrollStackRowDidBecomeHidden`).
    case rowBecameHidden(row: RowKey, visibility: Visibility)
    /// Rows moved or changed size.
    case layoutUpdated
    /// The content's extent along the screen's axis changed.
    case contentSizeChanged(old: Double, new: Double)
    /// The offset changed.
    case didScroll(offset: Double)
    /// A flow is about to show, or has shown, a step.
    case willPush(step: String)
    case didPush(step: String)
    /// A flow is about to remove, or has removed, a step.
    case willPop(step: String)
    case didPop(step: String)

    /// A short description, for the CLI and tests.
    public var text: String {
        switch self {
        case .rowInserted(let row): "\(row) inserted"
        case .rowRemoved(let row): "\(row) removed"
        case .rowBecameVisible(let row, let visibility): "\(row) became visible (\(Self.describe(visibility)))"
        case .rowBecameHidden(let row, let visibility): "\(row) became hidden (\(Self.describe(visibility)))"
        case .layoutUpdated: "layout updated"
        case .contentSizeChanged(let old, let new): "content size changed \(NumberText.format(old)) → \(NumberText.format(new))"
        case .didScroll(let offset): "did scroll to \(NumberText.format(offset))"
        case .willPush(let step): "will push \(step)"
        case .didPush(let step): "did push \(step)"
        case .willPop(let step): "will pop \(step)"
        case .didPop(let step): "did pop \(step)"
        }
    }

    package static func describe(_ visibility: Visibility) -> String {
        if case .partial(let p) = visibility { return "partial \(NumberText.format(p))%" }
        return visibility.name
    }
}

/// What a tap's actions did.
public enum ActionOutcome: Hashable, Sendable {
    case toggled(state: String, to: Bool)
    case set(state: String, to: String)
    /// `emit("event")`: the host handles it.
    case emitted(String)
    case scrolled(row: String, offset: Double)
    /// `push(Step)` / `pop(n)` on a screen: the host handles it.
    case pushRequested(String)
    case popRequested(Int)
    /// On a flow: steps pushed or popped (a tap on an earlier step pops back to it).
    case pushed(String)
    case popped([String])
    /// `insert(Component { … }, …)`: the new row.
    case inserted(row: RowKey, component: String)
    /// `remove(id)`: the row that left.
    case removed(row: RowKey, id: String)
    /// `move(id, …)`: the row and its new place among its stack's rows.
    case moved(row: RowKey, id: String, to: Int)
    /// A row-changing action that could not run: its row is gone, an id it
    /// would give is taken, a value is out of range. Nothing changed.
    case failed(action: String, reason: String)

    public var text: String {
        switch self {
        case .toggled(let state, let value): "toggle \(state) → \(value)"
        case .set(let state, let value): "set \(state) → \(value)"
        case .emitted(let event): "emit \"\(event)\""
        case .scrolled(let row, let offset): "scroll-to \(row) → offset \(NumberText.format(offset))"
        case .pushRequested(let step): "push \(step)"
        case .popRequested(let count): "pop \(count)"
        case .pushed(let step): "pushed \(step)"
        case .popped(let steps): "popped \(steps.joined(separator: ", "))"
        case .inserted(_, let component): "insert \(component)"
        case .removed(_, let id): "remove \(id)"
        case .moved(_, let id, let index): "move \(id) → place \(index + 1)"
        case .failed(let action, let reason): "\(action) did nothing: \(reason)"
        }
    }
}
