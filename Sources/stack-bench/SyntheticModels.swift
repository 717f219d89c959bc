// Runtime models built directly (no source), for layout benchmarks at sizes
// where generating and compiling source would dominate: a million rows.

import StackRuntime

enum SyntheticModels {
    enum Kind {
        /// Every row a fixed 44-point View.
        case fixed
        /// Every row a Text sized to fit (wrapping at the viewport width).
        case fitText
        /// A mix: fixed, fit text, hidden rows, and a nested stack every 50 rows.
        case mixed
        /// `mixed`, each nested stack's last row a vertical stack of two views.
        case cards
    }

    static func screen(rows count: Int, kind: Kind) -> ScreenModel {
        var table = ExpressionTable()
        let zero = table.addConstant(.number(0))
        let fortyFour = table.addConstant(.number(44))
        let fit = table.addConstant(.fit)
        let yes = table.addConstant(.bool(true))
        let no = table.addConstant(.bool(false))
        let twelve = table.addConstant(.number(12))
        let fifteen = table.addConstant(.number(15))
        let font = table.addConstant(.number(17))
        let clear = table.addConstant(.color(0))
        let separatorColor = table.addConstant(.color(0xC6C6_C8FF))
        let one = table.addConstant(.number(1))
        let insets = EdgeExprs(top: twelve, right: fifteen, bottom: twelve, left: fifteen)
        let separator = SeparatorModel(color: separatorColor, thickness: one, insets: EdgeExprs(top: zero, right: fifteen, bottom: zero, left: fifteen))
        let texts = (0..<16).map { n in
            table.addConstant(.string("Row text number \(n) that is long enough to wrap onto a second line here"))
        }
        let host = table.addConstant(.string("Cell"))
        var rows: [RowModel] = []
        rows.reserveCapacity(count + count / 10)
        var stacks = [StackModel(
            axis: .vertical, padding: EdgeExprs(top: zero, right: zero, bottom: zero, left: zero), spacing: zero,
            hideLastSeparator: yes, background: clear, rows: [])]
        var rootRows: [Int] = []
        rootRows.reserveCapacity(count)
        // Rows of one look share their details, as the loader and the
        // lowering make them share (with the row before of the same look).
        var lastOfKind: [RowKindCode: RowModel] = [:]
        func row(parent: Int, index: Int, content: ContentModel, size: ExprRef, hidden: ExprRef) -> RowModel {
            var made = RowModel(
                kind: { () -> RowKindCode in
                    switch content {
                    case .text: .text
                    case .stack: .stack
                    default: .view
                    }
                }(), id: nil, component: nil, parent: parent, content: content, size: size, min: nil, max: nil,
                insets: insets, background: clear, highlight: clear, hidden: hidden, separator: separator, tap: [],
                transitions: [], pin: .none, snapHide: .none)
            if let last = lastOfKind[made.kind] { made.shareDetails(with: last) }
            lastOfKind[made.kind] = made
            return made
        }
        for index in 0..<count {
            let content: ContentModel
            var size = fortyFour
            var hidden = no
            switch kind {
            case .fixed:
                content = .view(host: host, props: [])
            case .fitText:
                content = .text(text: texts[index % 16], font: font, lines: zero, color: clear, weight: "regular", align: "leading")
                size = fit
            case .mixed, .cards:
                if index % 50 == 49 {
                    let nested = stacks.count
                    stacks.append(StackModel(
                        axis: .horizontal, padding: EdgeExprs(top: zero, right: zero, bottom: zero, left: zero), spacing: zero,
                        hideLastSeparator: no, background: clear, rows: []))
                    content = .stack(nested)
                    rootRows.append(rows.count)
                    rows.append(row(parent: 0, index: index, content: content, size: fit, hidden: no))
                    var children: [Int] = []
                    for _ in 0..<3 {
                        children.append(rows.count)
                        rows.append(row(parent: nested, index: index, content: .view(host: host, props: []), size: fortyFour, hidden: no))
                    }
                    if kind == .cards {
                        let inner = stacks.count
                        stacks.append(StackModel(
                            axis: .vertical, padding: EdgeExprs(top: zero, right: zero, bottom: zero, left: zero), spacing: zero,
                            hideLastSeparator: no, background: clear, rows: []))
                        children.append(rows.count)
                        rows.append(row(parent: nested, index: index, content: .stack(inner), size: fit, hidden: no))
                        var innerRows: [Int] = []
                        for _ in 0..<2 {
                            innerRows.append(rows.count)
                            rows.append(row(parent: inner, index: index, content: .view(host: host, props: []), size: fortyFour, hidden: no))
                        }
                        stacks[inner].rows = BlockArray(innerRows)
                    }
                    stacks[nested].rows = BlockArray(children)
                    continue
                }
                if index % 3 == 0 {
                    content = .text(text: texts[index % 16], font: font, lines: zero, color: clear, weight: "regular", align: "leading")
                    size = fit
                } else {
                    content = .view(host: host, props: [])
                }
                hidden = index % 7 == 0 ? yes : no
            }
            rootRows.append(rows.count)
            rows.append(row(parent: 0, index: index, content: content, size: size, hidden: hidden))
        }
        stacks[0].rows = BlockArray(rootRows)
        return ScreenModel(name: "Synthetic", isFlow: false, enums: [], state: [], stacks: stacks, rows: rows, steps: [], expressions: table)
    }
}
