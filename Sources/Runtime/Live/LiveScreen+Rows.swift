// What an app asks a live screen about its rows, by key: the one place
// these questions are answered (the whole-layout types inside the runtime
// answer them by index for the CLI and tests, never for apps).

extension LiveScreen {
    /// The screen's (or flow's) name.
    public var name: String { screen.model.name }

    /// The names of the screen's state, in declaration order.
    public var stateNames: [String] { screen.model.state.map(\.name) }

    /// The current value of state `name`, or an error naming what exists.
    public func state(_ name: String) throws(RuntimeError) -> RuntimeValue {
        try screen.stateValue(name)
    }

    /// The components rows can be inserted from (`insert(_:at:in:)`).
    public var componentNames: [String] { screen.model.components.map(\.name) }

    /// The viewport's size in points.
    public var viewportWidth: Double { screen.viewportWidth }
    public var viewportHeight: Double { screen.viewportHeight }

    /// A new viewport size (rotation, split view, a resized window): the
    /// screen is laid out again in full and keeps its offset if it can.
    @discardableResult
    public mutating func setViewport(width: Double, height: Double) throws(RuntimeError) -> [LiveEvent] {
        guard width.isFinite, height.isFinite, width >= 0, height >= 0, width <= Limits.maximumLength, height <= Limits.maximumLength else {
            throw RuntimeError("a viewport is 0…\(NumberText.format(Limits.maximumLength)) points each way, not \(width) × \(height)")
        }
        return observe { live in
            live.incremental.settleSnapshot()
            live.incremental.screen.viewportWidth = width
            live.incremental.screen.viewportHeight = height
            live.incremental.relayoutFully()
            live.incremental.layoutChanged = true
        }
    }

    /// The size of the content: the viewport across the screen's axis, and
    /// its rows, spacing and padding along it.
    public var contentWidth: Double { rootStackAxis == .vertical ? screen.viewportWidth : contentMain }
    public var contentHeight: Double { rootStackAxis == .vertical ? contentMain : screen.viewportHeight }

    /// The screen's own rows, in order (hidden ones included).
    public var rows: [RowKey] { rootRows.map(RowKey.init) }

    /// The rows of the stack `holder` holds, in order (empty when it holds none).
    public func rows(inside holder: RowKey) -> [RowKey] {
        guard holder.row >= 0, holder.row < screen.model.rows.count,
            case .stack(let stack) = screen.model.rows[holder.row].content
        else { return [] }
        return screen.model.stacks[stack].rows.map(RowKey.init)
    }

    /// The row's id in the screen, if it has one.
    public func id(of key: RowKey) -> String? {
        guard key.row >= 0, key.row < screen.model.rows.count else { return nil }
        return screen.model.rows[key.row].id
    }

    /// The screen's rows the user sees now (sticky rows where they are
    /// drawn), in order: O(log n + the rows found + sticky rows).
    public var visibleRows: [RowKey] { visibleSet().keys.sorted().map(RowKey.init) }

    /// Where a row is laid out, in the screen's content coordinates: O(log n)
    /// for the screen's own rows. Nil for a row the screen does not list.
    public func frame(of key: RowKey) -> Rect? {
        guard let (root, path) = rootAncestor(of: key.row) else { return nil }
        guard let rootFrame = frame(ofRootRow: root) else { return nil }
        if path == root { return rootFrame }
        return incremental.frame(of: path, inRootRow: root)
    }

    /// Where a row is drawn now: sticky and snap-hide rows where the user
    /// sees them, the rows inside them with them.
    public func presentedFrame(of key: RowKey) -> Rect? {
        guard let (root, _) = rootAncestor(of: key.row), let laid = frame(of: key),
            let rootLaid = frame(ofRootRow: root), let rootShown = presentedFrame(ofRootRow: root)
        else { return nil }
        return laid.moved(by: rootShown.x - rootLaid.x, rootShown.y - rootLaid.y)
    }

    /// How much of a row the user sees now.
    public func visibility(of key: RowKey) -> Visibility {
        guard let (root, _) = rootAncestor(of: key.row) else { return .hidden }
        if root == key.row { return visibility(ofRootRow: root) }
        if isHiddenWithAncestors(key.row) { return .hidden }
        guard let frame = presentedFrame(of: key) else { return .hidden }
        return visibility(ofDrawn: frame)
    }

    /// The screen's row that holds `row` (itself for the screen's own rows),
    /// or nil when no stack lists it. Walks up through holders: O(depth ×
    /// rows of the stacks on the way).
    private func rootAncestor(of row: Int) -> (root: Int, row: Int)? {
        let model = screen.model
        guard row >= 0, row < model.rows.count else { return nil }
        var current = row
        for _ in 0...model.stacks.count {
            let parent = model.rows[current].parent
            let listed = parent == model.rootStack ? incremental.lists(rootRow: current) : model.stacks[parent].rows.contains(current)
            guard listed else { return nil }
            if parent == model.rootStack { return (current, row) }
            guard let holder = incremental.holder(ofStack: parent) else { return nil }
            current = holder
        }
        return nil
    }

    private func isHiddenWithAncestors(_ row: Int) -> Bool {
        var current = row
        for _ in 0...screen.model.stacks.count {
            if incremental.isHidden(current) { return true }
            let parent = screen.model.rows[current].parent
            if parent == screen.model.rootStack { return false }
            guard let holder = incremental.holder(ofStack: parent) else { return true }
            current = holder
        }
        return true
    }
}
