// The result of a layout: where every row is. Rows are stored along their
// stack's axis (start and extent, relative to the stack's box) and turned
// into rectangles on demand, which keeps the layout pass to two numbers a row.

/// How much of a row shows in a viewport.
public enum Visibility: Hashable, Sendable {
    /// The row is hidden (it takes no space).
    case hidden
    /// No part shows (or the row has no extent).
    case offscreen
    /// Part shows: the percentage of the row's extent inside the viewport.
    case partial(Double)
    /// All of it shows.
    case entire

    /// 0 for hidden and offscreen rows, 100 for entire ones.
    public var percent: Double {
        switch self {
        case .hidden, .offscreen: 0
        case .partial(let p): p
        case .entire: 100
        }
    }

    public var name: String {
        switch self {
        case .hidden: "hidden"
        case .offscreen: "offscreen"
        case .partial: "partial"
        case .entire: "entire"
        }
    }
}

/// A laid-out screen.
package struct ScreenLayout: Sendable {
    package let viewportWidth: Double
    package let viewportHeight: Double
    /// The stack laid out as the screen (`ScreenModel.rootStack`).
    package let rootStack: Int

    // What was laid out, shared rather than copied: a layout of a million
    // rows must not copy a million-row table a few times over.
    var model: ScreenModel
    // The rest is `var` so that one row's subtree can be laid out again in
    // place, and rows a splice made taken in (SubtreeLayout.swift); nothing
    // else changes a layout.
    var resolved: ResolvedScreen
    // Columns, not arrays: a copy of the screen (`change(at:)`'s) that
    // lays a row out again or takes in a card's new rows writes its few
    // numbers aside instead of copying every row's and stack's.
    /// Row start along its stack's axis, relative to the stack's box; row extent.
    var rowStart: RowColumn<Double>
    var rowSize: RowColumn<Double>
    var stackCross: RowColumn<Double>
    var stackMain: RowColumn<Double>
    /// Whether each stack was laid out (the engine's, kept for laying a subtree out again).
    var stackDone: RowColumn<Bool>
    /// Absolute top-left of each stack's box; nil for stacks not laid out
    /// (inside a hidden row, or not the screen's).
    var stackOrigin: RowColumn<(x: Double, y: Double)?>
    /// Each stack's box extent along its axis (the content box of its row).
    var stackBox: RowColumn<Double>
    /// Each stack's last visible row, for `hide-last-separator`.
    var lastVisible: RowColumn<Int?>
    /// Laid out right to left: every frame's x is mirrored across the
    /// content width (the engine lays out left to right; the frames it
    /// hands out are mirrored).
    package var mirrored = false
    /// The screen's rows that may be drawn away from their place: `pin`
    /// and `snap-hide` rows, in order.
    package let stickyRows: [Int]

    /// Rows of each stack, in order (the model's).
    package func rows(ofStack stack: Int) -> BlockArray<Int> { model.stacks[stack].rows }

    init(engine: LayoutEngine, resolved: ResolvedScreen, model: ScreenModel, root: Int, viewportWidth: Double, viewportHeight: Double) {
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.model = model
        self.resolved = resolved
        rootStack = root
        rowStart = engine.rowStart
        rowSize = engine.rowSize
        stackCross = engine.stackCross
        stackMain = engine.stackMain
        stackDone = engine.stackDone
        lastVisible = RowColumn(model.stacks.map { stack in stack.rows.last { !resolved.specs[$0].hidden } })
        // Most screens have no sticky row: one pass over the rows' pages
        // says so, where looking up each listed row cost three times as much.
        var anySticky = false
        model.rows.forEachPage { page in
            // By index: a field read in place, where `contains` copied each row.
            for index in page.indices where page[index].pin != .none || page[index].snapHide != .none {
                anySticky = true
                break
            }
        }
        stickyRows = anySticky ? model.stacks[root].rows.filter { model.rows[$0].pin != .none || model.rows[$0].snapHide != .none } : []
        stackOrigin = RowColumn([(x: Double, y: Double)?](repeating: nil, count: model.stacks.count))
        stackBox = RowColumn([Double](repeating: 0, count: model.stacks.count))
        stackOrigin[root] = (0, 0)
        placeStacks(under: root)
    }

    /// Absolute origins and boxes of the stacks inside `start` (whose origin
    /// is set), parents first: a nested stack's box is its row's content box.
    mutating func placeStacks(under start: Int) {
        var queue = [start]
        var cursor = 0
        while cursor < queue.count {
            let stack = queue[cursor]
            cursor += 1
            guard let origin = stackOrigin[stack], stackDone[stack] else { continue }
            // Every row of the screen's stack in a full layout: read
            // through the columns' buffers; a small stack's (a card's, laid
            // out again on a copy of the screen whose columns hold rows
            // written aside) through the columns.
            let rows = model.stacks[stack].rows
            let holders =
                rows.count <= LayoutEngine.stackReadInPlace
                ? rows.filter { resolved.nested[$0] >= 0 && !resolved.specs[$0].hidden }
                : resolved.nested.withUnsafeReader { nested in
                    resolved.specs.withUnsafeReader { specs in rows.filter { nested[$0] >= 0 && !specs[$0].hidden } }
                }
            for row in holders {
                let nested = Int(resolved.nested[row])
                guard stackOrigin[nested] == nil else { continue }
                let frame = Self.frame(
                    axis: resolved.stacks[stack].axis, padding: resolved.stacks[stack].padding, origin: origin,
                    cross: stackCross[stack], start: rowStart[row], size: rowSize[row])
                let content = frame.inset(by: resolved.insets[row])
                stackOrigin[nested] = (content.x, content.y)
                stackBox[nested] = content.size(resolved.stacks[nested].axis)
                queue.append(nested)
            }
        }
    }

    private static func frame(axis: Axis, padding: EdgeInsets, origin: (x: Double, y: Double), cross: Double, start: Double, size: Double) -> Rect {
        let placed = placement(axis: axis, padding: padding, origin: origin, cross: cross)
        return Rect(axis: axis, mainStart: placed.main + start, mainSize: size, crossStart: placed.crossStart, crossSize: placed.crossSize)
    }

    /// Where the rows of a stack whose box is at `origin`, `cross` across,
    /// lie: their starts along the axis are from `main`, and across they
    /// take `crossStart` on for `crossSize` (the padding taken off). A
    /// row's frame is these and its start and extent (`frame`; a pose
    /// reads them once for a stack's rows, `PoseStack`).
    @inline(__always)
    static func placement(
        axis: Axis, padding: EdgeInsets, origin: (x: Double, y: Double), cross: Double
    ) -> (main: Double, crossStart: Double, crossSize: Double) {
        let vertical = axis == .vertical
        return (
            vertical ? origin.y : origin.x, (vertical ? origin.x : origin.y) + padding.start(axis.cross),
            max(0, cross - padding.total(axis.cross))
        )
    }

    // MARK: Rows

    /// How many rows the model has (the screen's and nested stacks').
    package var rowCount: Int { model.rows.count }

    /// The screen's own rows, in order.
    package var rows: BlockArray<Int> { model.stacks[rootStack].rows }

    /// Whether the row is hidden, or inside a stack that is not shown.
    package func isHidden(_ row: Int) -> Bool {
        isHidden(row, in: model.rows[row].parent)
    }

    /// `isHidden(_:)` for row `row` of stack `stack`.
    func isHidden(_ row: Int, in stack: Int) -> Bool {
        resolved.specs[row].hidden || stackOrigin[stack] == nil
    }

    func axisOf(_ stack: Int) -> Axis { resolved.stacks[stack].axis }

    /// The row's frame, in the screen's content space. Hidden rows have zero
    /// extent along their stack's axis.
    package func frame(of row: Int) -> Rect { mirror(leftToRightFrame(of: row)) }

    /// `rect` as the screen shows it: mirrored across the content width
    /// when laid out right to left.
    package func mirror(_ rect: Rect) -> Rect {
        mirrored ? Rect(x: contentWidth - rect.x - rect.width, y: rect.y, width: rect.width, height: rect.height) : rect
    }

    /// The row's frame as the engine lays it out, left to right.
    func leftToRightFrame(of row: Int) -> Rect {
        let stack = model.rows[row].parent
        return leftToRightFrame(of: row, in: stack, hidden: isHidden(row, in: stack))
    }

    /// `leftToRightFrame(of:)` for row `row` of stack `stack`, whether it
    /// is hidden (`isHidden`) known: for a caller that asks for several
    /// frames of one row (a transition's pose asks for three).
    func leftToRightFrame(of row: Int, in stack: Int, hidden: Bool) -> Rect {
        leftToRightFrame(of: row, in: stack, settings: resolved.stacks[stack], origin: stackOrigin[stack], hidden: hidden)
    }

    /// `leftToRightFrame(of:in:hidden:)` with the stack's settings and
    /// origin read once by a caller that needs them again (a pose).
    func leftToRightFrame(of row: Int, in stack: Int, settings: ResolvedStack, origin: (x: Double, y: Double)?, hidden: Bool) -> Rect {
        guard let origin else { return .zero }
        return Self.frame(
            axis: settings.axis, padding: settings.padding, origin: origin, cross: stackCross[stack],
            start: rowStart[row], size: hidden ? 0 : rowSize[row])
    }

    /// The frame minus the row's insets; nil for hidden rows.
    package func contentFrame(of row: Int) -> Rect? { leftToRightContentFrame(of: row).map(mirror) }

    /// The content frame as the engine lays it out, left to right.
    func leftToRightContentFrame(of row: Int) -> Rect? {
        isHidden(row) ? nil : leftToRightFrame(of: row).inset(by: resolved.insets[row])
    }

    /// The separator's rectangle, or nil when the row has none: separator
    /// `none`, a hidden row, or the last visible row of a stack that hides it.
    package func separatorFrame(of row: Int) -> Rect? {
        guard !isHidden(row) else { return nil }
        let stack = model.rows[row].parent
        return separatorFrame(of: row, in: stack, frame: leftToRightFrame(of: row, in: stack, hidden: false))
    }

    /// `separatorFrame(of:)` for shown row `row` of stack `stack`, whose
    /// left-to-right frame is `frame`.
    func separatorFrame(of row: Int, in stack: Int, frame: Rect) -> Rect? {
        separatorFrame(of: row, in: stack, settings: resolved.stacks[stack], frame: frame)
    }

    /// `separatorFrame(of:in:frame:)` with the stack's settings read.
    func separatorFrame(of row: Int, in stack: Int, settings: ResolvedStack, frame: Rect) -> Rect? {
        guard let style = resolved.separators[row] else { return nil }
        if settings.hideLastSeparator, lastVisible[stack] == row { return nil }
        return mirror(Self.separatorFrame(style, in: frame, axis: settings.axis))
    }

    /// layout.md's formulas for a separator in a row's frame, kept inside
    /// the row: a separator thicker than its row, or insets wider than it,
    /// are cut to the row.
    static func separatorFrame(_ style: ResolvedSeparator, in frame: Rect, axis: Axis) -> Rect {
        if axis == .vertical {
            let thickness = min(style.thickness, frame.height)
            let left = min(style.insets.left, frame.width)
            return Rect(
                x: frame.x + left, y: frame.y + frame.height - thickness,
                width: max(0, frame.width - left - style.insets.right), height: thickness)
        }
        let thickness = min(style.thickness, frame.width)
        let top = min(style.insets.top, frame.height)
        return Rect(
            x: frame.x + frame.width - thickness, y: frame.y + top,
            width: thickness, height: max(0, frame.height - top - style.insets.bottom))
    }

    /// The separator's style (colour, thickness), when the row draws one.
    package func separatorStyle(of row: Int) -> ResolvedSeparator? {
        separatorFrame(of: row) == nil ? nil : resolved.separators[row]
    }

    /// The stack a row belongs to, and a nested stack's axis.
    package func parent(of row: Int) -> Int { model.rows[row].parent }
    package func axis(of stack: Int) -> Axis { axisOf(stack) }

    // MARK: The screen

    /// The screen's axis.
    package var axis: Axis { axisOf(rootStack) }

    /// The content size: along the axis, the root stack's content; across, the viewport.
    package var contentWidth: Double { axis == .vertical ? viewportWidth : stackMain[rootStack] }
    package var contentHeight: Double { axis == .vertical ? stackMain[rootStack] : viewportHeight }

    /// The root stack's content extent along its axis.
    package var stackContentMain: Double { stackMain[rootStack] }

    /// The viewport's extent along the screen's axis.
    package var viewportMain: Double { axis == .vertical ? viewportHeight : viewportWidth }

    /// `offset` clamped to `[0, max(0, content − viewport)]` along the axis.
    package func clampedOffset(_ offset: Double) -> Double {
        let limit = max(0, stackMain[rootStack] - viewportMain)
        return offset.isFinite ? min(max(0, offset), limit) : 0
    }
}
