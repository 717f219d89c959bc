// A deliberately simple second implementation of layout.md's stack rules,
// for comparison with the engine on random screens. It shares no code with
// the runtime: absolute frames computed top-down by plain recursion, text
// wrapped by building the lines as strings.

import StackRuntime

enum ReferenceLayout {
    struct RowResult {
        var frame: Rect
        var hidden: Bool
    }

    /// Frames of every row in pre-order (the order `TestScreen.model` numbers
    /// them), and the root's content extent along its axis.
    static func layout(_ root: TestStack, width: Double, height: Double) -> (rows: [RowResult], contentMain: Double) {
        var out: [RowResult] = []
        let viewport = root.axis == .vertical ? height : width
        let cross = root.axis == .vertical ? width : height
        let content = place(root, x: 0, y: 0, cross: cross, viewport: viewport, hiddenParent: false, into: &out)
        return (out, content)
    }

    // MARK: Text, by building lines

    static func wrappedLines(_ text: String, font: Double, width: Double?) -> Int {
        var count = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var lines: [String] = []
            var current = ""
            for word in paragraph.split(separator: " ").map(String.init) {
                func fits(_ s: String) -> Bool { width == nil || Double(s.count) * font / 2 <= width! + 1e-9 }
                if !current.isEmpty, fits(current + " " + word) {
                    current += " " + word
                    continue
                }
                if !current.isEmpty { lines.append(current) }
                var rest = word
                let piece = width.map { max(1, Int(($0 / (font / 2)) + 1e-9)) } ?? Int.max
                // Every piece but the last is a line; the last starts one.
                while !fits(rest), rest.count > piece {
                    lines.append(String(rest.prefix(piece)))
                    rest = String(rest.dropFirst(piece))
                }
                current = rest
            }
            lines.append(current)
            count += lines.count
        }
        return count
    }

    static func measure(_ row: TestRow, along axis: Axis, across: Double?) -> Double {
        switch row.content {
        case .text(let text, let font, let lines):
            if axis == .horizontal {
                return Double(text.split(separator: "\n", omittingEmptySubsequences: false).map(\.count).max() ?? 0) * font / 2
            }
            var n = wrappedLines(text, font: font, width: across)
            if lines > 0 { n = min(n, lines) }
            return Double(n) * font * 1.2
        case .image(let aspect):
            guard let aspect, let across else { return 0 }
            return axis == .vertical ? across / aspect : across * aspect
        case .view: return 44
        case .spacer: return 0
        case .stack: return 0
        }
    }

    static func insetsAlong(_ e: EdgeInsets, _ axis: Axis) -> Double { axis == .vertical ? e.top + e.bottom : e.left + e.right }

    static func clamp(_ x: Double, _ row: TestRow) -> Double {
        var v = x
        if let m = row.minimum { v = max(v, m) }
        if let m = row.maximum { v = min(v, m) }
        return max(0, v)
    }

    /// Natural extent of a row along `axis` (insets included).
    static func natural(_ row: TestRow, along axis: Axis) -> Double {
        if row.hidden { return 0 }
        if case .stack(let s) = row.content { return insetsAlong(row.insets, axis) + naturalStack(s, along: axis) }
        return insetsAlong(row.insets, axis) + measure(row, along: axis, across: nil)
    }

    static func naturalStack(_ s: TestStack, along axis: Axis) -> Double {
        let visible = s.rows.filter { !$0.hidden }
        if s.axis == axis {
            var total = insetsAlong(s.padding, axis) + s.spacing * Double(max(0, visible.count - 1))
            for row in visible {
                var content = 0.0
                switch row.size {
                case .points(let x): content = x
                case .fit: content = natural(row, along: axis) - insetsAlong(row.insets, axis)
                default: content = 0
                }
                total += insetsAlong(row.insets, axis) + clamp(content, row)
            }
            return total
        }
        return insetsAlong(s.padding, axis) + (visible.map { natural($0, along: axis) }.max() ?? 0)
    }

    /// Sizes of a stack's rows along its axis, and its content extent.
    static func rowSizes(_ s: TestStack, cross: Double, viewport: Double) -> ([Double], Double) {
        let axis = s.axis
        let crossPadding = insetsAlong(s.padding, axis.cross)
        var sizes = [Double](repeating: 0, count: s.rows.count)
        var used = 0.0
        var weights = 0.0
        let visible = s.rows.filter { !$0.hidden }.count
        for (i, row) in s.rows.enumerated() where !row.hidden {
            let across = max(0, max(0, cross - crossPadding) - insetsAlong(row.insets, axis.cross))
            var content: Double
            switch row.size {
            case .points(let x): content = x
            case .percent(let p): content = p / 100 * viewport
            case .fill(let w):
                weights += w
                continue
            case .fit:
                if case .stack(let nested) = row.content {
                    content = nested.axis == axis ? rowSizes(nested, cross: across, viewport: viewport).1 : naturalStack(nested, along: axis)
                } else {
                    content = measure(row, along: axis, across: across)
                }
            }
            sizes[i] = insetsAlong(row.insets, axis) + clamp(content, row)
            used += sizes[i]
        }
        let gaps = s.spacing * Double(max(0, visible - 1))
        let space = max(0, viewport - insetsAlong(s.padding, axis) - gaps - used)
        for (i, row) in s.rows.enumerated() where !row.hidden {
            if case .fill(let w) = row.size {
                sizes[i] = insetsAlong(row.insets, axis) + clamp(space * w / weights - insetsAlong(row.insets, axis), row)
            }
        }
        let start = axis == .vertical ? s.padding.top : s.padding.left
        let end = axis == .vertical ? s.padding.bottom : s.padding.right
        return (sizes, start + sizes.reduce(0, +) + gaps + end)
    }

    @discardableResult
    static func place(
        _ s: TestStack, x: Double, y: Double, cross: Double, viewport: Double, hiddenParent: Bool, into out: inout [RowResult]
    ) -> Double {
        let axis = s.axis
        let (sizes, content) = rowSizes(s, cross: cross, viewport: viewport)
        var cursor = axis == .vertical ? s.padding.top : s.padding.left
        var first = true
        for (i, row) in s.rows.enumerated() {
            let hidden = row.hidden || hiddenParent
            if !row.hidden {
                if !first { cursor += s.spacing }
                first = false
            }
            let crossStart = axis == .vertical ? s.padding.left : s.padding.top
            let crossSize = max(0, cross - insetsAlong(s.padding, axis.cross))
            let frame = axis == .vertical
                ? Rect(x: x + crossStart, y: y + cursor, width: crossSize, height: row.hidden ? 0 : sizes[i])
                : Rect(x: x + cursor, y: y + crossStart, width: row.hidden ? 0 : sizes[i], height: crossSize)
            out.append(RowResult(frame: frame, hidden: hidden))
            if case .stack(let nested) = row.content {
                let box = frame.inset(by: row.insets)
                if nested.axis == axis {
                    // A stack sized to fit its rows measured them against this stack's viewport.
                    let isFit: Bool = if case .fit = row.size { true } else { false }
                    place(
                        nested, x: box.x, y: box.y, cross: box.size(axis.cross), viewport: isFit ? viewport : box.size(axis),
                        hiddenParent: hidden, into: &out)
                } else {
                    place(nested, x: box.x, y: box.y, cross: box.size(axis), viewport: box.size(axis.cross), hiddenParent: hidden, into: &out)
                }
            }
            if !row.hidden { cursor += sizes[i] }
        }
        return content
    }
}
