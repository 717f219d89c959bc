// A row's pose relative to what holds it, so that rows inside a moving row
// move with it: the frame relative to the origin of the row holding its
// stack (the screen's rows: the content origin), the content and separator
// relative to the frame.

struct Pose: Hashable, Sendable {
    var frame: Rect
    var content: Rect?
    var separator: Rect?
    var effects: Effects
    /// Taken from a layout in which the row is hidden.
    var hidden = false

    /// Whether `other` is this pose bit for bit (`==` takes 0 for -0).
    func sameBits(as other: Pose) -> Bool {
        func same(_ a: Rect, _ b: Rect) -> Bool {
            a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern
                && a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
        }
        func same(_ a: Rect?, _ b: Rect?) -> Bool {
            switch (a, b) {
            case (nil, nil): true
            case (let a?, let b?): same(a, b)
            default: false
            }
        }
        return hidden == other.hidden && same(frame, other.frame) && same(content, other.content) && same(separator, other.separator)
            && effects.alpha.bitPattern == other.effects.alpha.bitPattern && effects.scale.bitPattern == other.effects.scale.bitPattern
            && effects.offsetX.bitPattern == other.effects.offsetX.bitPattern && effects.offsetY.bitPattern == other.effects.offsetY.bitPattern
    }

    /// A fraction `p` of the way to `other`; content and separator rects that
    /// only one side has are carried along with the frame.
    func interpolated(to other: Pose, _ p: Double) -> Pose {
        func mix(_ a: Rect?, _ b: Rect?) -> Rect? {
            switch (a, b) {
            case (let a?, let b?): a.interpolated(to: b, p)
            case (let a?, nil): a
            case (nil, let b?): b
            case (nil, nil): nil
            }
        }
        return Pose(
            frame: frame.interpolated(to: other.frame, p),
            content: mix(content, other.content),
            separator: mix(separator, other.separator),
            effects: Effects(
                alpha: lerp(effects.alpha, other.effects.alpha, p),
                scale: lerp(effects.scale, other.effects.scale, p),
                offsetX: lerp(effects.offsetX, other.effects.offsetX, p),
                offsetY: lerp(effects.offsetY, other.effects.offsetY, p)))
    }

    /// Whether the frames (not the effects) differ.
    func placedDifferently(from other: Pose) -> Bool { frame != other.frame }
}

extension ScreenLayout {
    /// The row holding each stack (nil for the screen's own stack).
    func holders() -> [Int?] {
        var holders = [Int?](repeating: nil, count: model.stacks.count)
        model.rows.forEachWithIndex { index, row in
            if case .stack(let stack) = row.content, stack < holders.count { holders[stack] = index }
        }
        return holders
    }

    /// Rows drawn, each with whether it is hidden: the screen's rows and,
    /// under every row that is not hidden, its stack's rows.
    func drawnRows(holders: [Int?]) -> DrawnRows {
        var drawn = DrawnRows(count: model.rows.count)
        // A stack at a time, its rows' marks written through a buffer and
        // their stacks told by number (`nested`): row by row, through
        // `isHidden` and the rows' models, this was as costly as a pose.
        // The stack's rows and the two columns read through buffers too:
        // through their subscripts, they were about half of it.
        var pending = [rootStack]
        resolved.specs.withUnsafeReader { specs in
            resolved.nested.withUnsafeReader { nested in
                drawn.marks.withUnsafeMutableBufferPointer { marks in
                    while let stack = pending.popLast() {
                        let shown = stackOrigin[stack] != nil
                        rows(ofStack: stack).withEachBuffer { rows in
                            for row in rows {
                                let hidden = !shown || specs[row].hidden
                                marks[row] = hidden ? 2 : 1
                                if !hidden, nested[row] >= 0 { pending.append(Int(nested[row])) }
                            }
                        }
                    }
                }
            }
        }
        return drawn
    }

    /// The pose of a drawn row, relative to the row holding it.
    func pose(of row: Int, holders: [Int?]) -> Pose { pose(of: row, heldBy: holders[model.rows[row].parent]) }

    /// The pose of a drawn row relative to `holder`, the row holding its
    /// stack (nil for the screen's own rows).
    func pose(of row: Int, heldBy holder: Int?) -> Pose {
        let stack = poseStack(model.rows[row].parent, heldBy: holder)
        return pose(of: row, in: stack, at: frame(of: row, in: stack))
    }

    /// The row's frame in `stack` as the engine lays it out (left to
    /// right), and whether it is hidden: a pose's start, which tells a row
    /// that neither moved nor changed size without the rest of its pose.
    @inline(__always)
    func frame(of row: Int, in stack: PoseStack) -> (leftToRight: Rect, hidden: Bool) {
        guard stack.laidOut else { return (.zero, true) }
        let hidden = resolved.specs[row].hidden
        return (Rect(
            axis: stack.axis, mainStart: stack.mainOrigin + rowStart[row], mainSize: hidden ? 0 : rowSize[row],
            crossStart: stack.crossStart, crossSize: stack.crossSize), hidden)
    }

    /// `frame`, the row's frame, as a pose has it: relative to the stack's
    /// holder (`Pose.frame`).
    func relativeFrame(_ frame: Rect, in stack: PoseStack) -> Rect {
        mirror(frame).moved(by: -stack.holderX, -stack.holderY)
    }

    /// The pose of `row` of `stack`, its frame found (`frame(of:in:)`).
    func pose(of row: Int, in stack: PoseStack, at found: (leftToRight: Rect, hidden: Bool)) -> Pose {
        let (leftToRight, hidden) = found
        let frame = mirror(leftToRight)
        let content = hidden ? nil : mirror(leftToRight.inset(by: resolved.insets[row]))
        var separator: Rect?
        if !hidden, let style = resolved.separators[row], !(stack.hideLastSeparator && stack.lastVisible == row) {
            separator = mirror(Self.separatorFrame(style, in: leftToRight, axis: stack.axis))
        }
        return Pose(
            frame: frame.moved(by: -stack.holderX, -stack.holderY),
            content: content?.moved(by: -frame.x, -frame.y),
            separator: separator?.moved(by: -frame.x, -frame.y),
            effects: .none, hidden: hidden)
    }

    /// What every pose of a stack's rows reads of the stack and the row
    /// holding it: read once for a run of the stack's rows (a general
    /// transition takes two poses of every row, nearly all of them of one
    /// stack, and read for each row these were about a fifth of a pose,
    /// the stack's settings copied out). Kept small, as it is handed about
    /// for every row.
    struct PoseStack {
        var index = -1
        /// Whether the stack was laid out (its rows are hidden if not).
        var laidOut = false
        var axis = Axis.vertical
        /// `ScreenLayout.placement` of the stack.
        var mainOrigin = 0.0
        var crossStart = 0.0
        var crossSize = 0.0
        var hideLastSeparator = false
        var lastVisible: Int?
        /// Where the row holding the stack is (zero for the screen's rows).
        var holderX = 0.0
        var holderY = 0.0
    }

    /// `stack`'s `PoseStack`, `holder` holding it. A method, not an
    /// initializer given the layout: an initializer owns what it is
    /// given, and the layout was copied (its tables retained) for each.
    func poseStack(_ stack: Int, heldBy holder: Int?) -> PoseStack {
        var made = PoseStack()
        made.index = stack
        if let holder {
            let frame = frame(of: holder)
            (made.holderX, made.holderY) = (frame.x, frame.y)
        }
        let settings = resolved.stacks[stack]
        made.axis = settings.axis
        made.hideLastSeparator = settings.hideLastSeparator
        made.lastVisible = lastVisible[stack]
        guard let origin = stackOrigin[stack] else { return made }
        made.laidOut = true
        (made.mainOrigin, made.crossStart, made.crossSize) = Self.placement(
            axis: settings.axis, padding: settings.padding, origin: origin, cross: stackCross[stack])
        return made
    }

    /// The `PoseStack` of the stack of the row asked for last, asked for
    /// row by row: the last one kept (rows of one stack mostly come one
    /// after another; one for every stack would be a table as long as the
    /// stacks).
    struct PoseStacks {
        private(set) var current = PoseStack()

        /// Makes `current` the stack of `row` of `layout`, whose `holders`
        /// (`holders()`) are given: the layout is not kept, which made a
        /// copy of it for every stack. Inlined: the compiler had stopped
        /// inlining it, a call for nearly every row a transition poses.
        @inline(__always)
        mutating func select(_ row: Int, in layout: ScreenLayout, holders: [Int?]) {
            let stack = layout.parent(of: row)
            if current.index != stack { current = layout.poseStack(stack, heldBy: holders[stack]) }
        }

        /// The pose of `row` of `layout` (`pose(of:holders:)`), its stack
        /// selected: a row's stack read for it alone was about as dear as
        /// the pose.
        mutating func pose(of row: Int, in layout: ScreenLayout, holders: [Int?]) -> Pose {
            select(row, in: layout, holders: holders)
            return layout.pose(of: row, in: current, at: layout.frame(of: row, in: current))
        }
    }
}

/// Which rows a layout draws: one byte a row (0 not drawn, 1 shown, 2 hidden),
/// so that a transition over many rows costs no hashing.
struct DrawnRows: Sendable, Sequence {
    var marks: [UInt8]

    init(count: Int) { marks = [UInt8](repeating: 0, count: count) }

    /// nil when the row is not drawn, else whether it is hidden. Inlined:
    /// a transition asks it of every row three times or more, and the
    /// compiler had stopped inlining it there (a call each time).
    @inline(__always)
    subscript(row: Int) -> Bool? {
        guard row >= 0, row < marks.count, marks[row] != 0 else { return nil }
        return marks[row] == 2
    }

    var count: Int { marks.count }

    /// The drawn rows, in row order, with whether each is hidden.
    func makeIterator() -> some IteratorProtocol<(row: Int, hidden: Bool)> {
        marks.enumerated().lazy.filter { $0.element != 0 }.map { (row: $0.offset, hidden: $0.element == 2) }.makeIterator()
    }
}
