// A screen that changes, as a host sees it: state set by name, rows hidden
// and shown, scrolling, taps and flows, each change returning its events.
// The layout itself is `IncrementalLayout`; mutations of the rows are in
// LiveScreen+Mutations, taps and scrolling in LiveScreen+Interaction.

/// A live screen: state, rows and layout that change together, and the
/// scroll offset, press and flow of one person using it.
public struct LiveScreen: Sendable {
    /// The layout, kept up to date as the screen changes.
    package internal(set) var incremental: IncrementalLayout
    /// The scroll offset along the screen's axis (clamped when used).
    public internal(set) var offset = 0.0
    /// How far each snap-hide row has slid away (0 … its extent).
    var slid: [Int: Double] = [:]
    /// The row pressed and not yet released or cancelled.
    var pressed: Int?
    /// Per `for` (by index in the model), the elements bound now and their
    /// rows, and each key's place among them.
    var bound: [Int: BlockArray<BoundElement>] = [:]
    var boundPlaces: [Int: KeyPlaces] = [:]
    /// How many elements went in or out alone, without a diff of the list
    /// (`insert(_:json:at:)`, `remove(_:key:)`): for tests of that path.
    package internal(set) var elementsSplicedAlone = 0
    /// Per `for`, how its template is instantiated (made at its first binding).
    var plans: [Int: RepeaterPlan] = [:]

    /// Shows `model` in a viewport of the given size (points), measuring
    /// rows with `measurer`: the screen's initial state, laid out, at offset 0.
    public init(model: ScreenModel, viewportWidth: Double = 390, viewportHeight: Double = 844, measurer: any Measurer & Sendable = DefaultMeasurer()) {
        incremental = IncrementalLayout(
            Screen(model: model, viewportWidth: viewportWidth, viewportHeight: viewportHeight), measurer: measurer)
    }

    /// `screen` as it is (model, state, viewport), laid out.
    package init(screen: Screen, measurer: any Measurer & Sendable = DefaultMeasurer()) {
        incremental = IncrementalLayout(screen, measurer: measurer)
    }

    /// The screen: model, state, viewport, hidden-row overrides.
    package var screen: Screen { incremental.screen }

    // MARK: Changing

    /// Sets state `name`: only rows that read it are evaluated again.
    /// Returns the events the change caused.
    @discardableResult
    public mutating func setState(_ name: String, to value: RuntimeValue) throws(RuntimeError) -> [LiveEvent] {
        try incremental.screen.setState(name, to: value)
        return observe { $0.incremental.stateChanged(name) }
    }

    /// Sets every state slot back to `values` (what `screen.state` was)
    /// and the offset to `offset`: the screen before a change that set
    /// state alone, made again from the screen after it.
    package mutating func restoreState(_ values: ValueTable, offset: Double) {
        for slot in values.indices where slot < screen.state.count && screen.state[slot] != values[slot] {
            guard (try? incremental.screen.setState(slot: slot, to: values[slot])) != nil else { continue }
            incremental.stateChanged(slot: slot)
        }
        self.offset = offset
    }

    /// Sets state from text, as `--state` does.
    @discardableResult
    public mutating func setState(_ name: String, fromText text: String) throws(RuntimeError) -> [LiveEvent] {
        try incremental.screen.setState(name, fromText: text)
        return observe { $0.incremental.stateChanged(name) }
    }

    /// Hides or shows a row whatever its `hidden` expression says
    /// (ScrollStackController's `setRowHidden`).
    @discardableResult
    public mutating func setHidden(_ key: RowKey, _ hidden: Bool) throws(RuntimeError) -> [LiveEvent] {
        let row = key.row
        guard row >= 0, row < screen.model.rows.count else {
            throw RuntimeError("there is no row \(row); the screen has \(screen.model.rows.count)")
        }
        return observe { live in
            live.incremental.screen.overrideHidden(row, hidden)
            live.incremental.update(rows: [row])
        }
    }

    /// Runs `change` and returns the events it caused.
    mutating func observe(_ change: (inout LiveScreen) -> Void) -> [LiveEvent] {
        let before = visibleSet()
        let contentBefore = contentMain
        let offsetBefore = offset
        incremental.layoutChanged = false
        change(&self)
        // The content may have shrunk under the offset.
        offset = clampedOffset(offset)
        return events(from: before, contentBefore: contentBefore, offsetBefore: offsetBefore, layoutChanged: incremental.layoutChanged)
    }

    // MARK: Reading (the layout's answers, at this session's offset)

    /// The extent along the screen's axis of its content.
    package var contentMain: Double { incremental.contentMain }

    /// `offset` clamped to the content.
    public func clampedOffset(_ offset: Double) -> Double { incremental.clampedOffset(offset) }

    /// The frame of one of the screen's rows, in O(log n).
    package func frame(ofRootRow row: Int) -> Rect? { incremental.frame(ofRootRow: row) }

    /// The screen's rows (not hidden, with extent) that overlap the viewport at `offset`, in O(log n + k).
    package func visibleRows(offset: Double) -> [Int] { incremental.visibleRows(offset: offset) }

    /// The screen's own rows, in order.
    var rootRows: [Int] { incremental.rootRows.rows }

    var rootStackAxis: Axis { incremental.rootStack.axis }

    /// A full layout of the current state (made again if anything changed).
    package mutating func layout() -> ScreenLayout { incremental.layout() }
}
