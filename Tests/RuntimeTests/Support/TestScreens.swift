// Building runtime models directly (no compiler) for engine tests, and
// seeded random screens for property tests.

import StackRuntime
import TestSupport

/// A row as a test describes it; turned into a model by `TestScreen.model`.
struct TestRow {
    enum Content {
        case text(String, font: Double, lines: Int)
        case image(aspect: Double?)
        case view
        case spacer
        case stack(TestStack)
    }

    var content: Content
    var size: SizeRule = .fit
    var minimum: Double?
    var maximum: Double?
    var insets = EdgeInsets(top: 12, right: 15, bottom: 12, left: 15)
    var hidden = false
    var separator: (thickness: Double, insets: EdgeInsets)? = (1, EdgeInsets(top: 0, right: 15, bottom: 0, left: 15))
    var id: String?
}

struct TestStack {
    var axis: Axis = .vertical
    var padding = EdgeInsets.zero
    var spacing = 0.0
    var hideLastSeparator = false
    var rows: [TestRow] = []
}

enum TestScreen {
    /// The runtime model of `root`.
    static func model(_ root: TestStack, name: String = "Test") -> ScreenModel {
        var builder = Builder()
        _ = builder.add(root)
        return ScreenModel(
            name: name, isFlow: false, enums: [], state: [], stacks: builder.stacks, rows: builder.rows, steps: [],
            expressions: builder.table)
    }

    private struct Builder {
        var table = ExpressionTable()
        var stacks: [StackModel] = []
        var rows: [RowModel] = []

        mutating func value(_ v: RuntimeValue) -> ExprRef { table.addConstant(v) }
        mutating func number(_ x: Double) -> ExprRef { value(.number(x)) }
        mutating func edges(_ e: EdgeInsets) -> EdgeExprs {
            EdgeExprs(top: number(e.top), right: number(e.right), bottom: number(e.bottom), left: number(e.left))
        }

        mutating func add(_ stack: TestStack) -> Int {
            let index = stacks.count
            stacks.append(StackModel(
                axis: stack.axis, padding: edges(stack.padding), spacing: number(stack.spacing),
                hideLastSeparator: value(.bool(stack.hideLastSeparator)), background: value(.color(0)), rows: []))
            var children: [Int] = []
            for row in stack.rows { children.append(add(row, parent: index)) }
            stacks[index].rows = BlockArray(children)
            return index
        }

        mutating func add(_ row: TestRow, parent: Int) -> Int {
            let index = rows.count
            let zero = number(0)
            rows.append(RowModel(
                kind: .spacer, id: nil, component: nil, parent: parent, content: .spacer, size: zero, min: nil, max: nil,
                insets: EdgeExprs(top: zero, right: zero, bottom: zero, left: zero), background: zero, highlight: zero,
                hidden: zero, separator: nil, tap: [], transitions: [], pin: .none, snapHide: .none))
            let kind: RowKindCode
            let content: ContentModel
            switch row.content {
            case .text(let text, let font, let lines):
                kind = .text
                content = .text(text: value(.string(text)), font: number(font), lines: number(Double(lines)), color: value(.color(0xFF)), weight: "regular", align: "leading")
            case .image(let aspect):
                kind = .image
                content = .image(source: value(.string("")), aspect: aspect.map { number($0) })
            case .view:
                kind = .view
                content = .view(host: value(.string("V")), props: [])
            case .spacer:
                kind = .spacer
                content = .spacer
            case .stack(let nested):
                kind = .stack
                content = .stack(add(nested))
            }
            let size: RuntimeValue = switch row.size {
            case .points(let x): .number(x)
            case .percent(let p): .percent(p)
            case .fit: .fit
            case .fill(let w): .fill(w)
            }
            rows[index] = RowModel(
                kind: kind, id: row.id, component: nil, parent: parent, content: content, size: value(size),
                min: row.minimum.map { number($0) }, max: row.maximum.map { number($0) }, insets: edges(row.insets),
                background: value(.color(0)), highlight: value(.color(0)), hidden: value(.bool(row.hidden)),
                separator: row.separator.map { SeparatorModel(color: value(.color(0xFF)), thickness: number($0.thickness), insets: edges($0.insets)) },
                tap: [], transitions: [], pin: .none, snapHide: .none)
            return index
        }
    }
}

enum RandomScreens {
    static let words = ["a", "stack", "of", "rows", "wraps", "greedily", "supercalifragilistic", "x", "layout", "engine"]

    static func edges(_ random: inout SplitMix64, upTo limit: Double) -> EdgeInsets {
        func one() -> Double { Bool.random(using: &random) ? 0 : Double(Int.random(in: 0...Int(limit), using: &random)) }
        return EdgeInsets(top: one(), right: one(), bottom: one(), left: one())
    }

    static func stack(_ random: inout SplitMix64, depth: Int, allowFill: Bool = true, allowMinMaxOnFill: Bool = true) -> TestStack {
        var stack = TestStack()
        stack.axis = Bool.random(using: &random) ? .vertical : .horizontal
        stack.padding = Bool.random(using: &random) ? .zero : edges(&random, upTo: 20)
        stack.spacing = Bool.random(using: &random) ? 0 : Double(Int.random(in: 0...12, using: &random))
        stack.hideLastSeparator = Bool.random(using: &random)
        for _ in 0..<Int.random(in: 0...7, using: &random) {
            stack.rows.append(row(&random, depth: depth, allowFill: allowFill, allowMinMaxOnFill: allowMinMaxOnFill))
        }
        return stack
    }

    static func row(_ random: inout SplitMix64, depth: Int, allowFill: Bool, allowMinMaxOnFill: Bool) -> TestRow {
        let content: TestRow.Content
        switch Int.random(in: 0..<(depth > 0 ? 6 : 5), using: &random) {
        case 0, 1:
            var text = (0..<Int.random(in: 0...12, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
            if Bool.random(using: &random) { text += "\n" + (words.randomElement(using: &random) ?? "") }
            content = .text(text, font: [10, 13, 17, 22].randomElement(using: &random)!, lines: Int.random(in: 0...3, using: &random))
        case 2: content = .image(aspect: [0.5, 1, 4.0 / 3, 2].randomElement(using: &random)!)
        case 3: content = .view
        case 4: content = .spacer
        default: content = .stack(stack(&random, depth: depth - 1, allowFill: allowFill, allowMinMaxOnFill: allowMinMaxOnFill))
        }
        var row = TestRow(content: content)
        switch Int.random(in: 0..<10, using: &random) {
        case 0...2: row.size = .points(Double(Int.random(in: 0...150, using: &random)))
        case 3: row.size = .percent(Double(Int.random(in: 0...100, using: &random)))
        case 4 where allowFill: row.size = .fill(Double(Int.random(in: 1...3, using: &random)))
        default: row.size = .fit
        }
        if case .image = content, row.size == .fit, Bool.random(using: &random) { row.size = .points(80) }
        let isFill: Bool = if case .fill = row.size { true } else { false }
        if !isFill || allowMinMaxOnFill {
            if Int.random(in: 0..<5, using: &random) == 0 { row.minimum = Double(Int.random(in: 0...60, using: &random)) }
            if Int.random(in: 0..<5, using: &random) == 0 { row.maximum = Double(Int.random(in: 0...200, using: &random)) }
        }
        row.insets = Bool.random(using: &random) ? EdgeInsets(top: 12, right: 15, bottom: 12, left: 15) : edges(&random, upTo: 20)
        row.hidden = Int.random(in: 0..<5, using: &random) == 0
        if Int.random(in: 0..<4, using: &random) == 0 {
            row.separator = nil
        } else {
            row.separator = (Double(Int.random(in: 0...3, using: &random)), edges(&random, upTo: 20))
        }
        return row
    }
}
