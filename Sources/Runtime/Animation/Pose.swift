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
        var pending = rows.array
        while let row = pending.popLast() {
            let hidden = isHidden(row)
            drawn.marks[row] = hidden ? 2 : 1
            if !hidden, case .stack(let stack) = model.rows[row].content { pending += rows(ofStack: stack) }
        }
        return drawn
    }

    /// The pose of a drawn row, relative to the row holding it.
    func pose(of row: Int, holders: [Int?]) -> Pose { pose(of: row, heldBy: holders[model.rows[row].parent]) }

    /// The pose of a drawn row relative to `holder`, the row holding its
    /// stack (nil for the screen's own rows).
    func pose(of row: Int, heldBy holder: Int?) -> Pose {
        // `frame`, `contentFrame`, `separatorFrame` and `isHidden`, with the
        // row's stack, whether it is hidden and its frame found once (asked
        // for one by one, each found them again: a third of building a
        // general transition).
        // The stack's settings and origin read once too.
        let stack = model.rows[row].parent
        let settings = resolved.stacks[stack], stackOrigin = stackOrigin[stack]
        let hidden = resolved.specs[row].hidden || stackOrigin == nil
        let leftToRight = leftToRightFrame(of: row, in: stack, settings: settings, origin: stackOrigin, hidden: hidden)
        let frame = mirror(leftToRight)
        let origin = holder.map { self.frame(of: $0) } ?? .zero
        let content = hidden ? nil : mirror(leftToRight.inset(by: resolved.insets[row]))
        let separator = hidden ? nil : separatorFrame(of: row, in: stack, settings: settings, frame: leftToRight)
        return Pose(
            frame: frame.moved(by: -origin.x, -origin.y),
            content: content?.moved(by: -frame.x, -frame.y),
            separator: separator?.moved(by: -frame.x, -frame.y),
            effects: .none, hidden: hidden)
    }
}

/// Which rows a layout draws: one byte a row (0 not drawn, 1 shown, 2 hidden),
/// so that a transition over many rows costs no hashing.
struct DrawnRows: Sendable, Sequence {
    var marks: [UInt8]

    init(count: Int) { marks = [UInt8](repeating: 0, count: count) }

    /// nil when the row is not drawn, else whether it is hidden.
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
