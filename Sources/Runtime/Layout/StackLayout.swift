// Step 2 of layout: the stack algorithm of layout.md over resolved rows.
//
// Each stack is laid out in its own box, rows placed along its main axis
// relative to the box; a final pass turns boxes into absolute origins. The
// steps, per stack (docs/layout.md, "A vertical stack"):
//   STEP 1  size every visible non-fill row: points, P% of the stack's
//           viewport extent, or the measurer's answer (`fit`); min/max clamp
//   STEP 2  share what is left of the viewport extent among fill rows
//   STEP 3  place rows: each visible row after the previous one plus spacing;
//           a hidden row sits, zero-sized, where the next row would start
//   STEP 4  lay out nested stacks in their rows' content boxes

/// Lays out a resolved screen. One use per layout.
struct LayoutEngine {
    let resolved: ResolvedScreen
    let model: ScreenModel
    let measurer: any Measurer

    /// Row start along its stack's main axis, relative to the stack's box.
    var rowStart: RowColumn<Double>
    /// Row extent along its stack's main axis (insets included).
    var rowSize: RowColumn<Double>
    /// Each stack's extent across its axis and along it (its content size).
    var stackCross: RowColumn<Double>
    var stackMain: RowColumn<Double>
    /// Whether a stack has been laid out already (same-axis `fit` stacks are
    /// laid out while their parent measures them).
    var stackDone: RowColumn<Bool>

    init(resolved: ResolvedScreen, model: ScreenModel, measurer: any Measurer) {
        self.resolved = resolved
        self.model = model
        self.measurer = measurer
        rowStart = RowColumn([Double](repeating: 0, count: model.rows.count))
        rowSize = RowColumn([Double](repeating: 0, count: model.rows.count))
        stackCross = RowColumn([Double](repeating: 0, count: model.stacks.count))
        stackMain = RowColumn([Double](repeating: 0, count: model.stacks.count))
        stackDone = RowColumn([Bool](repeating: false, count: model.stacks.count))
    }

    /// An engine that carries on from a layout's numbers (taken from it, not
    /// copied), to lay part of it out again.
    init(
        resolved: ResolvedScreen, model: ScreenModel, measurer: any Measurer, rowStart: RowColumn<Double>, rowSize: RowColumn<Double>,
        stackCross: RowColumn<Double>, stackMain: RowColumn<Double>, stackDone: RowColumn<Bool>
    ) {
        self.resolved = resolved
        self.model = model
        self.measurer = measurer
        self.rowStart = rowStart
        self.rowSize = rowSize
        self.stackCross = stackCross
        self.stackMain = stackMain
        self.stackDone = stackDone
    }

    /// Lays out stack `index` in a box `cross` wide (across its axis);
    /// `viewport` is the extent along its axis that `P%` and `fill` refer to.
    /// Returns the stack's content size along its axis.
    @discardableResult
    mutating func layoutStack(_ index: Int, cross: Double, viewport: Double) -> Double {
        let stack = resolved.stacks[index]
        let axis = stack.axis
        let rows = model.stacks[index].rows
        let padding = stack.padding
        let crossContent = max(0, cross - padding.total(axis.cross))
        stackCross[index] = cross

        // STEP 1
        var visible = 0
        var used = 0.0
        var fillWeight = 0.0
        let specs = resolved.specs
        let insetsTable = resolved.insets
        // A small stack (a card's) is read through the columns themselves:
        // they may hold rows written aside (a copy of the screen laying a
        // card out), which a buffer would merge, O(n), for a few rows.
        let small = rows.count <= Self.stackReadInPlace
        rows.withEachBuffer { rows in
            if small {
                sizeRows(rows, specs: specs, insets: insetsTable, axis: axis, viewport: viewport, crossContent: crossContent,
                    visible: &visible, used: &used, fillWeight: &fillWeight)
                return
            }
            specs.withUnsafeReader { specs in
                insetsTable.withUnsafeReader { insetsTable in
                    sizeRowsThroughBuffer(rows, specs: specs, insets: insetsTable, axis: axis, viewport: viewport,
                        crossContent: crossContent, visible: &visible, used: &used, fillWeight: &fillWeight)
                }
            }
        }
        let gaps = visible > 1 ? stack.spacing * Double(visible - 1) : 0

        // STEP 2
        if fillWeight > 0 {
            let space = max(0, viewport - padding.total(axis) - gaps - used)
            for row in rows where specs[row].rule == MainSpec.fill && !specs[row].hidden {
                let spec = specs[row]
                let insets = insetsTable[row]
                let share = space * spec.value / fillWeight
                rowSize[row] = Self.size(spec: spec, insets: insets, axis: axis, viewport: viewport) { max(0, share - insets.total(axis)) }
            }
        }

        // STEP 3
        var cursor = padding.start(axis)
        var placed = false
        var hasNested = false
        let spacing = stack.spacing
        let nestedTable = resolved.nested
        rows.withEachBuffer { rows in
            if small {
                placeRows(rows, specs: specs, nested: nestedTable, spacing: spacing, cursor: &cursor, placed: &placed, hasNested: &hasNested)
                return
            }
            specs.withUnsafeReader { specs in
                nestedTable.withUnsafeReader { nestedTable in
                    placeRows(rows, specs: specs, nested: nestedTable, spacing: spacing, cursor: &cursor, placed: &placed, hasNested: &hasNested)
                }
            }
        }
        let contentMain = cursor + padding.end(axis)
        stackMain[index] = contentMain
        stackDone[index] = true

        // STEP 4
        guard hasNested else { return contentMain }
        for row in rows where !specs[row].hidden && nestedTable[row] >= 0 {
            layoutNested(of: row, axis: axis, crossContent: crossContent)
        }
        return contentMain
    }

    /// The most rows a stack may have to be read through its columns
    /// rather than through buffers.
    static let stackReadInPlace = 16

    /// STEP 1 for `rows` of a stack: each visible non-`fill` row sized;
    /// counts the visible rows, sums the sizes and the `fill` weights.
    @inline(__always)
    private mutating func sizeRows<Specs: RowReading<MainSpec>, Insets: RowReading<EdgeInsets>>(
        _ rows: UnsafeBufferPointer<Int>, specs: Specs, insets insetsTable: Insets, axis: Axis, viewport: Double, crossContent: Double,
        visible: inout Int, used: inout Double, fillWeight: inout Double
    ) {
        for row in rows {
            let spec = specs[row]
            if spec.hidden {
                rowSize[row] = 0
                continue
            }
            visible += 1
            if spec.rule == MainSpec.fill {
                fillWeight += spec.value
                continue
            }
            let insets = insetsTable[row]
            let size = Self.size(spec: spec, insets: insets, axis: axis, viewport: viewport) {
                measureFit(row, axis: axis, cross: max(0, crossContent - insets.total(axis.cross)), viewport: viewport)
            }
            rowSize[row] = size
            used += size
        }
    }

    /// STEP 1 as `sizeRows`, the sizes written through a buffer of the
    /// column (through the column, each write checked two boxes, a tenth
    /// of a layout pass). Measuring a `fit` row that holds a stack lays
    /// the stack out, which writes sizes too: such rows are measured after
    /// the buffer is let go, in order, and the sizes summed again in order
    /// (the same bits as one pass).
    @inline(__always)
    private mutating func sizeRowsThroughBuffer<Specs: RowReading<MainSpec>, Insets: RowReading<EdgeInsets>>(
        _ rows: UnsafeBufferPointer<Int>, specs: Specs, insets insetsTable: Insets, axis: Axis, viewport: Double, crossContent: Double,
        visible: inout Int, used: inout Double, fillWeight: inout Double
    ) {
        var shown = visible, sum = used, weight = fillWeight, measures = false
        let measurer = measurer, model = model, contents = resolved.contents
        rowSize.withUnsafeMutableWriter { sizes in
            for row in rows {
                let spec = specs[row]
                if spec.hidden {
                    sizes[row] = 0
                    continue
                }
                shown += 1
                if spec.rule == MainSpec.fill {
                    weight += spec.value
                    continue
                }
                let insets = insetsTable[row]
                let size: Double
                if spec.rule == MainSpec.fit {
                    // Text and the like are measured here; a stack inside
                    // the row after the loop.
                    guard case .measured(let content) = contents[row] else {
                        measures = true
                        continue
                    }
                    size = Self.size(spec: spec, insets: insets, axis: axis, viewport: viewport) {
                        Self.measured(
                            content, row: row, measurer: measurer, model: model, axis: axis,
                            cross: max(0, crossContent - insets.total(axis.cross)))
                    }
                } else {
                    size = Self.size(spec: spec, insets: insets, axis: axis, viewport: viewport) { 0 }
                }
                sizes[row] = size
                sum += size
            }
        }
        (visible, fillWeight) = (shown, weight)
        guard measures else {
            used = sum
            return
        }
        sum = used
        for row in rows {
            let spec = specs[row]
            guard !spec.hidden, spec.rule != MainSpec.fill else { continue }
            guard spec.rule == MainSpec.fit, case .stack = resolved.contents[row] else {
                sum += rowSize[row]
                continue
            }
            let insets = insetsTable[row]
            let size = Self.size(spec: spec, insets: insets, axis: axis, viewport: viewport) {
                measureFit(row, axis: axis, cross: max(0, crossContent - insets.total(axis.cross)), viewport: viewport)
            }
            rowSize[row] = size
            sum += size
        }
        used = sum
    }

    /// STEP 3 for `rows` of a stack, from `cursor` on (past the rows
    /// before them, `placed` whether any of those shows): each visible
    /// row after the one before and the spacing; notes whether any holds
    /// a stack.
    @inline(__always)
    private mutating func placeRows<Specs: RowReading<MainSpec>, Nested: RowReading<Int32>>(
        _ rows: UnsafeBufferPointer<Int>, specs: Specs, nested nestedTable: Nested, spacing: Double, cursor: inout Double,
        placed: inout Bool, hasNested: inout Bool
    ) {
        // A small stack of a copy of the screen (a card laid out again)
        // writes its rows aside; anything else writes a plain buffer.
        guard rows.count > Self.stackReadInPlace || rowStart.isWritableInPlace() else {
            Self.place(rows, starts: &rowStart, sizes: rowSize, specs: specs, nested: nestedTable, spacing: spacing,
                cursor: &cursor, placed: &placed, hasNested: &hasNested)
            return
        }
        rowStart.withUnsafeMutableWriter { rowStart in
            rowSize.withUnsafeReader { rowSize in
                Self.place(rows, starts: &rowStart, sizes: rowSize, specs: specs, nested: nestedTable, spacing: spacing,
                    cursor: &cursor, placed: &placed, hasNested: &hasNested)
            }
        }
    }

    @inline(__always)
    private static func place<Starts: RowWriting<Double>, Sizes: RowReading<Double>, Specs: RowReading<MainSpec>, Nested: RowReading<Int32>>(
        _ rows: UnsafeBufferPointer<Int>, starts rowStart: inout Starts, sizes rowSize: Sizes, specs: Specs, nested nestedTable: Nested,
        spacing: Double, cursor cursorIn: inout Double, placed placedIn: inout Bool, hasNested: inout Bool
    ) {
        // In locals: through the `inout`s, each row stored and loaded them
        // again (a write to the rows' buffer might have reached them),
        // half as slow again.
        var cursor = cursorIn, placed = placedIn, nested = false
        defer { (cursorIn, placedIn, hasNested) = (cursor, placed, hasNested || nested) }
        for row in rows {
            if specs[row].hidden {
                rowStart[row] = cursor
                continue
            }
            if placed { cursor += spacing }
            rowStart[row] = cursor
            cursor += rowSize[row]
            placed = true
            if nestedTable[row] >= 0 { nested = true }
        }
    }

    /// STEP 4 for one row: its nested stack laid out in its content box,
    /// unless measuring the row laid it out already.
    private mutating func layoutNested(of row: Int, axis: Axis, crossContent: Double) {
        let nested = Int(resolved.nested[row])
        guard nested >= 0, !stackDone[nested] else { return }
        let insets = resolved.insets[row]
        let contentAlong = max(0, rowSize[row] - insets.total(axis))
        let contentAcross = max(0, crossContent - insets.total(axis.cross))
        if resolved.stacks[nested].axis == axis {
            layoutStack(nested, cross: contentAcross, viewport: contentAlong)
        } else {
            layoutStack(nested, cross: contentAlong, viewport: contentAcross)
        }
    }

    /// STEP 1 and STEP 4 for one row of stack `index`, which was laid out
    /// before (its cross extent is known) and whose other rows keep their
    /// extents: the row's extent, and everything inside it laid out again.
    /// A `fill` row takes `share`, its extent from STEP 2, instead of
    /// being sized. The stacks inside it must be marked not done.
    mutating func layoutRowAgain(_ row: Int, ofStack index: Int, viewport: Double, extent share: Double? = nil) -> Double {
        let stack = resolved.stacks[index]
        let axis = stack.axis
        let crossContent = max(0, stackCross[index] - stack.padding.total(axis.cross))
        let spec = resolved.specs[row]
        guard !spec.hidden else {
            rowSize[row] = 0
            return 0
        }
        let insets = resolved.insets[row]
        let size = spec.rule == MainSpec.fill ? share ?? rowSize[row] : Self.size(spec: spec, insets: insets, axis: axis, viewport: viewport) {
            measureFit(row, axis: axis, cross: max(0, crossContent - insets.total(axis.cross)), viewport: viewport)
        }
        rowSize[row] = size
        layoutNested(of: row, axis: axis, crossContent: crossContent)
        return size
    }

    /// The extent along `axis` of a row whose content is measured (not a
    /// nested stack, not `fill`), in a stack whose rows have `crossContent`
    /// room across and whose viewport extent is `viewport`: STEP 1 for one row.
    static func extent(
        row: Int, model: ScreenModel, spec: MainSpec, insets: EdgeInsets, content: MeasuredContent, axis: Axis,
        crossContent: Double, viewport: Double, measurer: any Measurer
    ) -> Double {
        if spec.hidden { return 0 }
        return size(spec: spec, insets: insets, axis: axis, viewport: viewport) {
            let measured = ask(
                measurer, row: row, model: model, content: content, along: axis,
                across: .definite(max(0, crossContent - insets.total(axis.cross))))
            return measured.isFinite ? max(0, measured) : 0
        }
    }

    /// The one rule for a visible row's extent along its stack (layout.md
    /// STEP 1 and 2): its points, P% of the stack's viewport extent, or
    /// `other` (what `fit` measured, what `fill` was shared); clamped by
    /// min and max; insets added. The full layout and the incremental one
    /// both size rows here, so they cannot disagree.
    @inline(__always)
    static func size(spec: MainSpec, insets: EdgeInsets, axis: Axis, viewport: Double, other: () -> Double) -> Double {
        let value: Double =
            switch spec.rule {
            case MainSpec.points: spec.value
            case MainSpec.percent: spec.value / 100 * viewport
            default: other()
            }
        return insets.start(axis) + max(0, min(max(value, spec.minimum), spec.maximum)) + insets.end(axis)
    }

    /// The content extent of a `fit` row along `axis` with `cross` room across.
    private mutating func measureFit(_ row: Int, axis: Axis, cross: Double, viewport: Double) -> Double {
        switch resolved.contents[row] {
        case .measured(let content):
            return Self.measured(content, row: row, measurer: measurer, model: model, axis: axis, cross: cross)
        case .stack(let nested):
            if resolved.stacks[nested].axis == axis {
                // Its content size; `P%` inside refers to this stack's viewport.
                return layoutStack(nested, cross: cross, viewport: viewport)
            }
            // Across a cross-axis stack: the largest natural extent of its rows.
            return stackNatural(nested, along: axis)
        }
    }

    /// A row's natural extent along `axis` (insets included; 0 when hidden).
    private func naturalExtent(_ row: Int, along axis: Axis) -> Double {
        let spec = resolved.specs[row]
        if spec.hidden { return 0 }
        let insets = resolved.insets[row]
        switch resolved.contents[row] {
        case .measured(let content):
            return insets.total(axis) + Self.sanitize(Self.ask(measurer, row: row, model: model, content: content, along: axis, across: .unbounded))
        case .stack(let nested):
            return insets.total(axis) + stackNatural(nested, along: axis)
        }
    }

    /// A stack's natural extent along `axis`: its rows at their natural or
    /// fixed sizes (along its own axis), or its widest row (across it).
    private func stackNatural(_ index: Int, along axis: Axis) -> Double {
        let stack = resolved.stacks[index]
        let rows = model.stacks[index].rows
        if stack.axis == axis {
            var total = stack.padding.total(axis)
            var visible = 0
            for row in rows where !resolved.specs[row].hidden {
                let spec = resolved.specs[row]
                var content: Double
                switch spec.rule {
                case MainSpec.points: content = spec.value
                case MainSpec.fit: content = naturalExtent(row, along: axis) - resolved.insets[row].total(axis)
                default: content = 0
                }
                content = min(max(content, spec.minimum), spec.maximum)
                total += resolved.insets[row].total(axis) + max(0, content)
                visible += 1
            }
            return total + (visible > 1 ? stack.spacing * Double(visible - 1) : 0)
        }
        var widest = 0.0
        for row in rows { widest = max(widest, naturalExtent(row, along: axis)) }
        return stack.padding.total(axis) + widest
    }

    /// The extent of a measured row's content (text and the like) with
    /// `cross` room across: the measurer's answer, 0 when it is negative
    /// or not finite. Static, so that STEP 1 can ask it while it writes
    /// sizes through a buffer.
    private static func measured(
        _ content: MeasuredContent, row: Int, measurer: any Measurer, model: ScreenModel, axis: Axis, cross: Double
    ) -> Double {
        sanitize(ask(measurer, row: row, model: model, content: content, along: axis, across: .definite(cross)))
    }

    private static func sanitize(_ value: Double) -> Double {
        value.isFinite ? max(0, value) : 0
    }
}
