// Step 1 of layout: evaluate every row's layout properties for the current
// state and viewport into plain data. The engine then works on numbers only.

/// How a row's content is sized along its stack's axis.
package enum SizeRule: Hashable, Sendable {
    case points(Double)
    case percent(Double)
    case fit
    case fill(Double)
}

/// The main-axis facts of one row, as plain numbers (the engine's hot loop
/// reads these and nothing else).
struct MainSpec: Sendable {
    static let points: UInt8 = 0, percent: UInt8 = 1, fit: UInt8 = 2, fill: UInt8 = 3

    var rule: UInt8
    var hidden: Bool
    var value: Double
    var minimum: Double
    var maximum: Double
}

/// A separator with its values evaluated.
package struct ResolvedSeparator: Hashable, Sendable {
    package var color: UInt32
    package var thickness: Double
    package var insets: EdgeInsets
}

/// A stack's settings, evaluated.
struct ResolvedStack: Sendable {
    var axis: Axis
    var padding: EdgeInsets
    var spacing: Double
    var hideLastSeparator: Bool
}

/// Every row and stack of a screen, evaluated for one state and viewport:
/// what the layout pass reads. Make one with `Screen.resolve()`.
package struct ResolvedScreen: Sendable {
    var specs: RowColumn<MainSpec>
    /// Few distinct values among many rows: slots, not copies.
    var insets: Palette<EdgeInsets>
    var separators: Palette<ResolvedSeparator?>
    /// Measurable content per row; nested stacks by index.
    var contents: Palette<ResolvedContent>
    /// The nested stack of each row, or -1: plain numbers, so the passes
    /// that look for nested stacks need not touch `contents`.
    var nested: RowColumn<Int32>
    /// Each stack's settings: a column too, as a card pushed through a
    /// copy of the screen appends a stack.
    var stacks: RowColumn<ResolvedStack>
}

enum ResolvedContent: Equatable, Sendable {
    case measured(MeasuredContent)
    case stack(Int)
}

extension ResolvedScreen {
    /// One row's evaluated layout facts.
    struct RowFacts {
        var spec: MainSpec
        var insets: EdgeInsets
        var separator: ResolvedSeparator?
        var content: ResolvedContent
        var nested: Int32
    }

    /// The facts of row `row`, as evaluated.
    func facts(ofRow row: Int) -> RowFacts {
        RowFacts(spec: specs[row], insets: insets[row], separator: separators[row], content: contents[row], nested: nested[row])
    }

    /// Evaluates `model` in `context`.
    init(model: ScreenModel, context: EvaluationContext) {
        // Built in plain arrays and builders, made columns once at the end.
        var specs: [MainSpec] = [], nested: [Int32] = []
        var insets = Palette<EdgeInsets>.Builder(), separators = Palette<ResolvedSeparator?>.Builder()
        var contents = Palette<ResolvedContent>.Builder()
        specs.reserveCapacity(model.rows.count)
        nested.reserveCapacity(model.rows.count)
        insets.reserveCapacity(model.rows.count)
        separators.reserveCapacity(model.rows.count)
        contents.reserveCapacity(model.rows.count)
        model.rows.forEachPage { page in
            for row in page {
                let facts = Self.facts(of: row, table: model.expressions, context: context)
                specs.append(facts.spec)
                insets.append(facts.insets)
                separators.append(facts.separator)
                contents.append(facts.content)
                nested.append(facts.nested)
            }
        }
        self.specs = RowColumn(specs)
        self.nested = RowColumn(nested)
        self.insets = insets.build()
        self.separators = separators.build()
        self.contents = contents.build()
        stacks = RowColumn(model.stacks.map { Self.stack($0, table: model.expressions, context: context) })
    }

    /// Folds rows written while a copy of the screen shared the columns
    /// into them (`RowColumn.settle()`): before a full layout.
    mutating func settle() {
        specs.settle()
        insets.settle()
        separators.settle()
        contents.settle()
        nested.settle()
        stacks.settle()
    }

    /// Folds rows written aside while a copy of the screen shared the
    /// columns, for each column nobody else holds now (after a change made
    /// on a copy was kept): O(rows written).
    mutating func foldIfUnique() {
        specs.foldIfUnique()
        insets.foldIfUnique()
        separators.foldIfUnique()
        contents.foldIfUnique()
        nested.foldIfUnique()
        stacks.foldIfUnique()
    }

    /// Rows written aside in all the columns (for tests of the sharing).
    var rowsWrittenAside: Int {
        specs.rowsWrittenAside + insets.rowsWrittenAside + separators.rowsWrittenAside + contents.rowsWrittenAside
            + nested.rowsWrittenAside
    }

    /// Settled columns in boxes of their own (`RowColumn.detach()`): a
    /// layout's copy.
    mutating func detach() {
        specs.detach()
        insets.detach()
        separators.detach()
        contents.detach()
        nested.detach()
        stacks.detach()
    }

    /// Evaluates row `index` again (its state changed).
    mutating func refresh(row index: Int, model: ScreenModel, context: EvaluationContext) {
        let facts = Self.facts(of: model.rows[index], table: model.expressions, context: context)
        specs[index] = facts.spec
        insets[index] = facts.insets
        separators[index] = facts.separator
        contents[index] = facts.content
        nested[index] = facts.nested
    }

    static func number(_ ref: ExprRef, _ table: ExpressionTable, _ context: EvaluationContext) -> Double {
        Limits.length(table.evaluate(ref, in: context).numberValue)
    }

    static func edges(_ e: EdgeExprs, _ table: ExpressionTable, _ context: EvaluationContext) -> EdgeInsets {
        EdgeInsets(
            top: max(0, number(e.top, table, context)), right: max(0, number(e.right, table, context)),
            bottom: max(0, number(e.bottom, table, context)), left: max(0, number(e.left, table, context)))
    }

    static func stack(_ stack: StackModel, table: ExpressionTable, context: EvaluationContext) -> ResolvedStack {
        ResolvedStack(
            axis: stack.axis, padding: edges(stack.padding, table, context), spacing: max(0, number(stack.spacing, table, context)),
            hideLastSeparator: table.evaluate(stack.hideLastSeparator, in: context).boolValue)
    }

    static func facts(of row: RowModel, table: ExpressionTable, context screenContext: EvaluationContext) -> RowFacts {
        // A row without constants of its own reads the screen's context as
        // it is: a copy for every row retained and released the state's
        // tables (2% of resolving every row of a compiled screen).
        if row.parameters == nil { return facts(of: row, table: table, reading: screenContext) }
        return facts(of: row, table: table, reading: screenContext.reading(row))
    }

    @inline(__always)
    private static func facts(of row: RowModel, table: ExpressionTable, reading context: EvaluationContext) -> RowFacts {
        var spec = MainSpec(rule: MainSpec.fit, hidden: false, value: 0, minimum: 0, maximum: .infinity)
        spec.hidden = table.evaluate(row.hidden, in: context).boolValue
        switch table.evaluate(row.size, in: context) {
        case .number(let x):
            spec.rule = MainSpec.points
            spec.value = max(0, Limits.length(x))
        case .percent(let p):
            spec.rule = MainSpec.percent
            spec.value = p.isFinite ? min(max(0, p), Limits.maximumPercent) : 0
        case .fill(let w):
            spec.rule = MainSpec.fill
            spec.value = w.isFinite && w > 0 ? min(w, Limits.maximumLength) : 1
        default:
            spec.rule = MainSpec.fit
        }
        if let minimum = row.min { spec.minimum = max(0, number(minimum, table, context)) }
        if let maximum = row.max { spec.maximum = max(0, number(maximum, table, context)) }
        let separator = row.separator.map { separator in
            ResolvedSeparator(
                color: table.evaluate(separator.color, in: context).colorValue,
                thickness: max(0, number(separator.thickness, table, context)), insets: edges(separator.insets, table, context))
        }
        let content: ResolvedContent
        var nested: Int32 = -1
        switch row.content {
        case .text(let text, let font, let lines, _, _, _):
            let lineCount = number(lines, table, context)
            // Text is read only to measure it: a row of the screen's own
            // stack (stack 0) measures only when it fits its content (rows of nested
            // stacks may be asked their natural extent across). Hosts draw
            // from the row's description, not from here. Binding 100,000
            // rows of a fixed size spent a third of its layout on strings.
            let measured = spec.rule == MainSpec.fit || row.parent != 0
            content = .measured(.text(
                measured ? table.evaluate(text, in: context).stringValue : "", font: number(font, table, context),
                lines: lineCount >= 1 && lineCount < 1e9 ? Int(lineCount) : 0))
        case .image(_, let aspect):
            content = .measured(.image(aspect: aspect.map { number($0, table, context) }))
        case .view(let host, _):
            content = .measured(.view(host: table.evaluate(host, in: context).stringValue))
        case .spacer:
            content = .measured(.spacer)
        case .stack(let index):
            content = .stack(index)
            nested = Int32(index)
        }
        return RowFacts(spec: spec, insets: edges(row.insets, table, context), separator: separator, content: content, nested: nested)
    }
}
