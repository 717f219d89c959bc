// Lowering: the checked program becomes the runtime's model — a flat row
// table per screen, components expanded, defaults resolved with inheritance
// into nested stacks, expressions compiled. This model, not the syntax tree,
// is what the runtime lays out and what compiled files hold.

import StackParser
import StackRuntime

extension Compiler {
    /// Every screen and flow of a checked program, lowered. Given the only
    /// copy of the program, each screen's rows are let go as they are
    /// lowered, so that the checked rows and the model do not peak together.
    public static func lower(_ program: consuming CheckedProgram) -> [ScreenModel] {
        var pending = program.stacks.map(Optional.some)
        program.stacks = []
        return lower(pending: &pending, declarations: program) { _, _ in nil }
    }

    /// The enums of a program as screens number them: by name.
    static func enumModels(_ program: CheckedProgram) -> [EnumModel] {
        program.enums.keys.sorted().map { EnumModel(name: $0, cases: program.enums[$0] ?? []) }
    }

    /// Lowers each stack of `pending` in turn, taking it out first; those
    /// `lowered` gives a model for (by number) are lowered there instead.
    static func lower(
        pending: inout [CheckedStack?], declarations: CheckedProgram, lowered: (Int, CheckedStack) -> ScreenModel?
    ) -> [ScreenModel] {
        let enums = enumModels(declarations)
        var screens: [ScreenModel] = []
        screens.reserveCapacity(pending.count)
        for index in pending.indices {
            guard let stack = pending[index].take() else { continue }
            if let model = lowered(index, stack) {
                screens.append(model)
                continue
            }
            // Handed over, the lowering made and used up in one expression:
            // held here too (the stack, or the lowering kept in a constant),
            // its rows were copied whole when `run` took them out one by one.
            screens.append(ScreenLowering(program: declarations, enums: enums, stack: consume stack).run())
        }
        return screens
    }
}

/// Lowers one screen or flow.
struct ScreenLowering {
    let program: CheckedProgram
    /// The screen being lowered; its root rows are taken out as `run` begins.
    var stack: CheckedStack
    var expressions: ExpressionCompiler
    var rows: LoweredRows = []
    /// Takes the screen's rows as each root row is lowered, if set; the
    /// model then holds none (`handRows(to:)`).
    private(set) var rowSink: (any LoweredRowSink)?
    /// The details of the rows of each kind and component lowered last:
    /// the next one of them shares them when they are equal (rows of a
    /// list look alike, and lists mix a few looks), so a screen's rows are
    /// small. (By kind for rows that are no instance, by component for
    /// instances: an array read, and a short name hashed, where hashing
    /// both was a twentieth of lowering.)
    private var lastOfKind = [RecentDetails](repeating: RecentDetails(), count: RowKindCode.allCases.count)
    private var lastOfComponent: [String: RecentDetails] = [:]

    /// The last two looks of a kind of row. With the last alone, a list
    /// whose text rows alternate between two styles made new details for
    /// a fifth of its 100,000 rows, each also a style the encoder made
    /// and looked up again.
    struct RecentDetails {
        var last: SharedDetails?
        var before: SharedDetails?

        /// `made`, the details a row was just made with, become the last.
        mutating func note(_ made: SharedDetails) {
            if let last, last.identity == made.identity { return }
            if let before, before.identity == made.identity {
                swap(&self.last, &self.before)
                return
            }
            before = last
            last = made
        }
    }
    var stacks: [StackModel] = []
    var stateSlots: [StateSlot]
    /// Defaults rows fell back to lately, as lowering reads them.
    var defaultsMemos: [LoweredDefaults] = []
    var lastDefaultsMemo = 0
    var defaultsMemosMade = 0
    /// The last Spacer defaults made, and from which defaults.
    private var spacerDefaultsCache: (for: CheckedBlock, block: CheckedBlock)?
    /// What stands in for a row until it is lowered (`placeholderRow`).
    private var placeholder: RowModel?
    private var placeholderMade = false
    /// The last insets of four constants compiled, and their code (`compileEdges`).
    private var lastConstantEdges: (edges: [TypedExpr], compiled: EdgeExprs)?
    /// The 1-based places of the row being lowered and the rows holding it,
    /// outermost first: an instance's state is named after its row as
    /// outputs name it ("Toggle #3" owns "Toggle#3.on").
    private var rowPath: [Int] = []
    /// The slots made for the template being lowered (its own state).
    private var templateStates: [Int] = []
    /// While lowering a `for`'s rows: they are a template too (stateful
    /// components in them get template slots, copied per element).
    private var inRepeater = false
    /// The `for`s whose templates are being lowered, outermost first.
    private var enclosingRepeaters: [Int] = []
    var dataModels: [DataModel] = []
    /// `dataModels` by name (the first of a name): a `for` found its list
    /// by walking them, and a screen of thousands of lists and `for`s was
    /// quadratic.
    private var dataIndex: [String: Int] = [:]
    var repeaters: [RepeaterModel] = []
    /// Parameters of components' templates, then of `for` templates.
    var templateParameters: [TemplateParameter] = []
    var componentTemplates: [ComponentTemplate] = []

    init(program: CheckedProgram, enums: [EnumModel], stack: CheckedStack) {
        self.program = program
        self.stack = stack
        var stateIndex = Dictionary(stack.state.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        // A flow counts its pushed steps in a state slot of its own; users
        // cannot declare a name with a dot, so it cannot clash.
        if stack.kind == .flow { stateIndex[ScreenModel.flowDepthState] = stack.state.count }
        // Data's slots follow: "amenities.count" of a list, "hotel.name" per
        // field of a single record.
        var dataSlotNames: [String] = []
        for data in stack.data {
            if data.isList {
                dataSlotNames.append("\(data.name).count")
            } else {
                for leaf in program.records.leaves(of: data.record) { dataSlotNames.append("\(data.name).\(leaf.path)") }
            }
        }
        let firstDataSlot = stack.state.count + (stack.kind == .flow ? 1 : 0)
        for (offset, name) in dataSlotNames.enumerated() { stateIndex[name] = firstDataSlot + offset }
        // The environment's slots come last: a dark appearance, the content size.
        let environment = [ScreenModel.darkState, ScreenModel.contentSizeState, ScreenModel.localeState].filter { program.environment.contains($0) }
        for (offset, name) in environment.enumerated() { stateIndex[name] = firstDataSlot + dataSlotNames.count + offset }
        let compiler = ExpressionCompiler(enums: enums, stateIndex: stateIndex)
        expressions = compiler
        stateSlots = stack.state.map { state in
            StateSlot(name: state.name, type: Self.runtimeType(state.type, compiler), initial: compiler.runtimeValue(state.initialValue))
        }
        if stack.kind == .flow {
            stateSlots.append(StateSlot(name: ScreenModel.flowDepthState, type: .number, initial: .number(stack.steps.isEmpty ? 0 : 1)))
        }
        for data in stack.data {
            guard program.records[data.record] != nil else { continue }
            let recordModel = Self.recordModel(data.record, program: program, compiler: compiler)
            var slots: [Int] = []
            if data.isList {
                slots.append(stateSlots.count)
                stateSlots.append(StateSlot(name: "\(data.name).count", type: .number, initial: .number(0)))
            } else {
                for field in recordModel.fields {
                    slots.append(stateSlots.count)
                    stateSlots.append(StateSlot(name: "\(data.name).\(field.name)", type: field.type, initial: field.defaultValue ?? Self.zero(field.type)))
                }
            }
            if dataIndex[data.name] == nil { dataIndex[data.name] = dataModels.count }
            dataModels.append(DataModel(name: data.name, record: recordModel, isList: data.isList, slots: slots))
        }
        for name in environment {
            switch name {
            case ScreenModel.darkState: stateSlots.append(StateSlot(name: name, type: .bool, initial: .bool(false)))
            case ScreenModel.contentSizeState:
                stateSlots.append(StateSlot(name: name, type: .number, initial: .number(Double(ContentSizeCategory.l.rawValue))))
            default:
                // The locale: an enum of the program's locales, the source language first.
                let first = program.enums[name]?.first ?? ""
                stateSlots.append(StateSlot(
                    name: name, type: Self.runtimeType(.enumeration(name), compiler), initial: compiler.runtimeValue(.enumCase(name, first))))
            }
        }
    }

    /// Record `name` as the runtime reads it: nested records' fields
    /// flattened ("address.city"), list fields with their element record.
    static func recordModel(_ name: String, program: CheckedProgram, compiler: ExpressionCompiler, depth: Int = 0) -> RecordModel {
        let fields = program.records.leaves(of: name).map { leaf in
            FieldModel(
                name: leaf.path, type: leaf.list != nil ? .number : runtimeType(leaf.type, compiler),
                defaultValue: leaf.defaultValue.map(compiler.runtimeValue),
                element: leaf.list.flatMap { depth < 32 ? recordModel($0, program: program, compiler: compiler, depth: depth + 1) : nil })
        }
        return RecordModel(name: name, fields: fields)
    }

    /// The screen or flow, lowered; the lowering is used up.
    consuming func run() -> ScreenModel {
        guard stack.kind == .screen else { return runFlow() }
        // Taken out, so that each row is let go once lowered (when nothing else holds the program).
        var rootRows = stack.rows
        stack.rows = []
        beginScreen(rootRows: rootRows.count)
        for place in rootRows.indices {
            // Moved out, leaving an empty row: copied out, its fields were
            // retained only to be released with it (the rows reversed to be
            // taken by `popLast` swapped through the generic path: 4% of
            // lowering).
            var row = CheckedRow.vacated
            swap(&row, &rootRows[place])
            addRootRow(row)
        }
        return finishScreen()
    }

    /// The screen's root stack while its rows are added, and the defaults they see.
    private var root: (stack: OpenStack, defaults: CheckedBlock)?
    /// How many root rows the screen has, and how many were added so far.
    private var rootProgress = (expected: 0, added: 0)

    /// Starts a screen whose root rows are then added one at a time
    /// (`addRootRow`), as the checker hands them on: components'
    /// templates, the root stack and its settings.
    mutating func beginScreen(rootRows: Int) {
        let defaults = lowerTemplatesFirst()
        let index = reserveStack()
        let open = open(
            stack: index, settings: stack.block, axis: keyword(stack.block, "axis") == "horizontal" ? .horizontal : .vertical,
            expectedRows: rootRows)
        root = (open, defaults)
        rootProgress = (rootRows, 0)
    }

    /// Lowers the screen's next root row (or `for`), as `fill` lowers a stack's.
    mutating func addRootRow(_ row: CheckedRow) {
        if rootProgress.added == max(rootProgress.expected / 100, 64), rootProgress.expected > rootProgress.added {
            reserveExpressions(scale: Double(rootProgress.expected) / Double(rootProgress.added))
        }
        rootProgress.added += 1
        // Taken, not copied: a copy retained the stack's defaults and rows for every row.
        guard var open = root.take() else { return }
        defer {
            root = open
            if let rowSink { rows.handOn(to: rowSink, code: expressions.table.code) }
        }
        open.stack.places += 1
        if let repeating = row.repeating {
            lowerRepeater(repeating, stack: open.stack.index, after: open.stack.rows.last.map(Int.init) ?? -1, defaults: open.defaults, substitution: [:])
            return
        }
        rowPath.append(open.stack.places)
        open.stack.rows.append(Int32(lowerRow(row, parent: open.stack.index, defaults: open.defaults, substitution: [:])))
        rowPath.removeLast()
    }

    /// Room for `scale` times the constants and code so far, and a tenth
    /// more: once a hundredth of the root rows is lowered, for the rest.
    /// Grown by doubling, a million rows' constants and code were copied
    /// into fresh memory. At most 4 constants and 16 instructions a root
    /// row (the generated screen makes under one of each): a file whose first
    /// rows are dense and the rest bare must not make it reserve a hundred
    /// times what it uses. Out of line, and counted apart from the open
    /// stack: either way, the row loop around it retained more.
    @inline(never)
    private mutating func reserveExpressions(scale: Double) {
        let rows = rootProgress.expected
        expressions.reserve(
            constants: Self.room(for: expressions.table.constants.count, scale: scale, rootRows: rows, perRow: 4),
            code: Self.room(for: expressions.table.code.count, scale: scale, rootRows: rows, perRow: 16))
    }

    /// Room for `scale` times `count` elements and a tenth more, but at
    /// most `perRow` for each of `rootRows`.
    static func room(for count: Int, scale: Double, rootRows: Int, perRow: Int) -> Int {
        Int(min(Double(count) * scale * 1.1, Double(rootRows) * Double(perRow)))
    }

    /// Hands the screen's rows to `sink` as each root row is lowered, and
    /// its long string constants once the last is (the model then holds
    /// neither: an empty string stands for each such constant).
    mutating func handRows(to sink: any LoweredRowSink) {
        rowSink = sink
        expressions.longStrings = ConstantStrings()
    }

    /// The screen, once its last root row is added.
    /// Used up, so that the model takes its tables without a copy (and a
    /// renumbering after does not copy them either).
    consuming func finishScreen() -> ScreenModel {
        if let open = root { close(open.stack) }
        root = nil
        if let rowSink {
            rows.handOn(to: rowSink, code: expressions.table.code)
            if let strings = expressions.longStrings.take() { rowSink.take(longStrings: strings) }
        }
        return model(steps: [])
    }

    /// Components' templates, lowered before any row: their parameters come
    /// before those of the `for` templates made while lowering the rows.
    /// Returns the defaults the screen's rows see.
    private mutating func lowerTemplatesFirst() -> CheckedBlock {
        let defaults = BuiltinDefaults.row.overridden(by: stack.block.blocks["defaults"] ?? CheckedBlock())
        let (templates, parameters) = lowerTemplates(defaults: defaults)
        templateParameters = parameters
        componentTemplates = templates
        return defaults
    }

    private mutating func runFlow() -> ScreenModel {
        _ = lowerTemplatesFirst()
        var steps: [StepModel] = []
        lowerFlow(into: &steps)
        return model(steps: steps)
    }

    private func model(steps: [StepModel]) -> ScreenModel {
        var model = ScreenModel(
            name: stack.name, isFlow: stack.kind == .flow, enums: expressions.enums, state: stateSlots, stacks: stacks,
            rows: rows.live, steps: steps, expressions: expressions.table, flow: stack.kind == .flow ? flowSettings() : nil)
        model.components = componentTemplates
        model.parameters = templateParameters
        model.data = dataModels
        model.repeaters = repeaters
        return model
    }

    /// Every component as a template the runtime can insert rows from:
    /// lowered like an instance at the screen's top level, its parameters
    /// left as `.parameter(i)` for the runtime to fill in.
    private mutating func lowerTemplates(defaults: CheckedBlock) -> ([ComponentTemplate], [TemplateParameter]) {
        var templates: [ComponentTemplate] = []
        var parameters: [TemplateParameter] = []
        let (savedRows, savedStacks) = (rows, stacks)
        for name in program.components.keys.sorted() {
            guard let component = program.components[name] else { continue }
            var indices: [Int] = []
            var map: [String: Int] = [:]
            for parameter in component.parameters {
                map[parameter.name] = parameters.count
                indices.append(parameters.count)
                let value = parameter.defaultValue.flatMap(ConstantFolder.value(of:)).map(expressions.runtimeValue)
                parameters.append(TemplateParameter(name: parameter.name, type: Self.runtimeType(parameter.type, expressions), defaultValue: value))
            }
            rows = []
            stacks = []
            expressions.parameterIndex = map
            let instance = CheckedRow(
                kind: component.body.kind, component: name, id: nil, span: component.body.span, block: CheckedBlock(),
                arguments: NamedValues(), rows: [])
            templateStates = []
            _ = lowerRow(instance, parent: -1, defaults: defaults, substitution: [:], keepParameters: true)
            var template = ComponentTemplate(name: name, parameters: indices, rows: Array(rows.live), stacks: stacks)
            template.states = templateStates
            templates.append(template)
        }
        expressions.parameterIndex = [:]
        (rows, stacks) = (savedRows, savedStacks)
        return (templates, parameters)
    }

    static func runtimeType(_ type: ValueType, _ compiler: ExpressionCompiler) -> RuntimeType {
        switch type {
        case .bool: .bool
        case .number, .percent, .length: .number
        case .string: .string
        case .color: .color
        case .duration: .duration
        case .enumeration(let name): .enumeration(compiler.enumIndex[name] ?? 0)
        }
    }

    /// A flow: stack 0, along the growth axis, holds one Stack row per step,
    /// each shown while `flow.depth` counts it as pushed; steps growing up or
    /// left are listed last first. `head-padding` is the padding beside the
    /// newest step (StackFlowView's headPadding); `separation` a line under
    /// each step or the spacing between.
    private mutating func lowerFlow(into steps: inout [StepModel]) {
        let root = reserveStack()
        let growth = keyword(stack.block, "growth") ?? "down"
        let axis: Axis = growth == "left" || growth == "right" ? .horizontal : .vertical
        let defaults = BuiltinDefaults.row.overridden(by: stack.block.blocks["defaults"] ?? CheckedBlock())
        // The flow's own background is its stack's; its padding and spacing
        // come from head-padding and separation below.
        var flowSettings = CheckedBlock()
        if let background = stack.block.properties["background"] { flowSettings.properties["background"] = background }
        fill(stack: root, settings: flowSettings, axis: axis, rows: [], defaults: defaults, substitution: [:])
        let zero = expressions.constantExpression(.number(0))
        if let head = expr(stack.block, "head-padding") {
            let padding = expressions.compile(head)
            // Next to the head (the newest step), as StackFlowView's
            // headPadding: below it when the flow grows down, and so on.
            switch growth {
            case "up": stacks[root].padding.top = padding
            case "left": stacks[root].padding.left = padding
            case "right": stacks[root].padding.right = padding
            default: stacks[root].padding.bottom = padding
            }
        }
        var separator: SeparatorModel?
        if case .separation(let separation)? = stack.block.properties["separation"] {
            switch separation {
            case .none: break
            case .padding(let size): stacks[root].spacing = expressions.compile(size)
            case .line(let thickness, let color):
                separator = SeparatorModel(
                    color: expressions.compile(color), thickness: expressions.compile(thickness),
                    insets: EdgeExprs(top: zero, right: zero, bottom: zero, left: zero))
            }
        }
        // Pushing and popping animate by the flow's `transition` duration:
        // steps fade in and out as StackFlowView's do, later ones follow.
        let duration = expressions.compile(expr(stack.block, "transition") ?? .constant(.duration(0.25)))
        let noDelay = expressions.constantExpression(.duration(0))
        let transparent = KeyframeModel(alpha: expressions.constantExpression(.number(0)))
        let stepTransitions = [
            TransitionModel(kind: .show, duration: duration, delay: noDelay, curve: .easeInOut, from: transparent, to: nil),
            TransitionModel(kind: .hide, duration: duration, delay: noDelay, curve: .easeInOut, from: nil, to: transparent),
            TransitionModel(kind: .move, duration: duration, delay: noDelay, curve: .easeInOut, from: nil, to: nil),
            TransitionModel(kind: .resize, duration: duration, delay: noDelay, curve: .easeInOut, from: nil, to: nil),
        ]
        var stepRows: [Int] = []
        for (number, step) in stack.steps.enumerated() {
            let index = reserveStack()
            rowPath = [number + 1]
            defer { rowPath = [] }
            let stepDefaults = defaults.overridden(by: step.block.blocks["defaults"] ?? CheckedBlock())
            fill(stack: index, settings: step.block, axis: axis, rows: header(of: step) + step.rows, defaults: stepDefaults, substitution: [:])
            let title = expr(step.block, "title") ?? .constant(.string(step.name))
            steps.append(StepModel(name: step.name, title: expressions.compile(title), stack: index))
            let hidden = TypedExpr.binary(.lessEqual, .state(ScreenModel.flowDepthState, .number), .constant(.number(Double(number))))
            let clear = expressions.constantExpression(.color(0))
            stepRows.append(rows.count)
            rows.append(RowModel(
                kind: .stack, id: step.name, component: nil, parent: root, content: .stack(index),
                size: expressions.constantExpression(.fit), min: nil, max: nil,
                insets: EdgeExprs(top: zero, right: zero, bottom: zero, left: zero), background: clear, highlight: clear,
                hidden: expressions.compile(hidden), separator: separator, tap: [], transitions: stepTransitions, pin: .none,
                snapHide: .none))
        }
        stacks[root].rows = BlockArray(growth == "up" || growth == "left" ? stepRows.reversed() : stepRows)
    }

    /// A step with a `title` starts with a header row, as StackFlowView's
    /// item header: the title in a Text 44 points high (20 of content between
    /// insets 12 20), font 17 semibold, no separator.
    private func header(of step: CheckedStep) -> [CheckedRow] {
        guard let title = expr(step.block, "title") else { return [] }
        var block = CheckedBlock()
        let vertical = TypedExpr.constant(.number(12)), margin = TypedExpr.constant(.number(20))
        block.properties["text"] = .expr(title)
        block.properties["size"] = .expr(.constant(.number(20)))
        block.properties["lines"] = .expr(.constant(.number(1)))
        block.properties["font"] = .expr(.constant(.number(17)))
        block.properties["weight"] = .keyword("semibold")
        block.properties["insets"] = .edges([vertical, margin, vertical, margin])
        block.properties["separator"] = .separator(nil)
        return [CheckedRow(kind: .text, component: nil, id: nil, span: stack.span, block: block, arguments: NamedValues(), rows: [])]
    }

    /// Fading and navigation, evaluated (they are constants).
    private func flowSettings() -> FlowSettings {
        var settings = FlowSettings()
        func number(_ e: TypedExpr) -> Double {
            if case .number(let x)? = ConstantFolder.value(of: e) { return x }
            if case .percent(let x)? = ConstantFolder.value(of: e) { return x }
            return 0
        }
        if case .fading(let items)? = stack.block.properties["fading"] {
            for item in items {
                switch item {
                case .tint(let color, let alpha, let step):
                    var rgba: UInt32 = 0
                    if case .color(let c)? = ConstantFolder.value(of: color) { rgba = c }
                    settings.tint = FlowSettings.Tint(color: rgba, alpha: number(alpha), step: number(step))
                case .gradient(let distance):
                    settings.gradient = number(distance)
                }
            }
        }
        if case .keywords(let words)? = stack.block.properties["navigation"] {
            settings.tapToPop = words.contains("tap")
            settings.swipeToPop = words.contains("swipe")
        }
        return settings
    }

    private mutating func reserveStack() -> Int {
        let zero = expressions.constantExpression(.number(0))
        stacks.append(StackModel(
            axis: .vertical, padding: EdgeExprs(top: zero, right: zero, bottom: zero, left: zero), spacing: zero,
            hideLastSeparator: expressions.constantExpression(.bool(false)), background: expressions.constantExpression(.color(0)), rows: []))
        return stacks.count - 1
    }

    /// Sets a stack's own settings and lowers its rows.
    private mutating func fill(
        stack index: Int, settings: CheckedBlock, axis: Axis, rows children: [CheckedRow], defaults: CheckedBlock,
        substitution: Substitution
    ) {
        var open = open(stack: index, settings: settings, axis: axis, expectedRows: children.count)
        // Read, not taken out: a nested stack's rows are also its row's (and
        // a component's body is every instance's), so taking each out copied
        // the whole list first. The screen's own rows are taken out (`run`).
        for place in children.indices {
            let child = children[place]
            // Not through `add`: nested stacks recurse here, and a frame
            // more a level overflowed the stack of a debug build at the
            // deepest nesting allowed.
            open.places += 1
            if let repeating = child.repeating {
                lowerRepeater(repeating, stack: index, after: open.rows.last.map(Int.init) ?? -1, defaults: defaults, substitution: substitution)
                continue
            }
            rowPath.append(open.places)
            open.rows.append(Int32(lowerRow(child, parent: index, defaults: defaults, substitution: substitution)))
            rowPath.removeLast()
        }
        close(open)
    }

    /// A stack whose rows are being lowered, one at a time.
    struct OpenStack {
        var index: Int
        /// Its rows so far, and how many places (rows and `for`s) it has had.
        /// (Row numbers index arrays in memory: far below 2^31.)
        var rows: [Int32] = []
        var places = 0
    }

    /// Sets a stack's own settings, before its rows.
    private mutating func open(stack index: Int, settings: CheckedBlock, axis: Axis, expectedRows: Int) -> OpenStack {
        stacks[index].axis = axis
        if case .edges(let edges)? = settings.properties["padding"] { stacks[index].padding = compileEdges(edges) }
        if let spacing = expr(settings, "spacing") { stacks[index].spacing = expressions.compile(spacing) }
        if let hide = expr(settings, "hide-last-separator") { stacks[index].hideLastSeparator = expressions.compile(hide) }
        if let background = expr(settings, "background") { stacks[index].background = expressions.compile(background) }
        var open = OpenStack(index: index)
        open.rows.reserveCapacity(expectedRows)
        return open
    }

    private mutating func close(_ open: OpenStack) {
        // Made in the runtime's module, where the element type is known
        // (a lazy map reached the block array's generic initializer
        // unspecialized, a witness call an element: 9% of lowering).
        stacks[open.index].rows = BlockArray(rows: open.rows)
    }

    /// Lowers one row (expanding a component instance) and returns its index.
    /// `keepParameters`: lowering a template, the instance's own parameters
    /// stay parameters instead of taking arguments or defaults.
    private mutating func lowerRow(
        _ row: CheckedRow, parent: Int, defaults: CheckedBlock, substitution: Substitution, keepParameters: Bool = false
    ) -> Int {
        var block = row.block.substituting(substitution)
        var children = row.rows
        var childSubstitution = substitution
        // An instance's own state is visible to its body only: restored after
        // it (kept aside only then: a copy of the table for every row).
        var outerInstanceStates: [String: Int]?
        defer { if let outerInstanceStates { expressions.instanceStates = outerInstanceStates } }
        if let name = row.component, let component = program.components[name] {
            if !component.state.isEmpty {
                outerInstanceStates = expressions.instanceStates
                makeInstanceStates(component, id: row.id, isTemplate: keepParameters || inRepeater)
            }
            // Parameters take the instance's arguments (in the instance's scope), else their defaults.
            var inner = Substitution(minimumCapacity: component.parameters.count)
            if keepParameters {
                for parameter in component.parameters { inner[parameter.name] = .parameter(parameter.name, parameter.type) }
            } else if component.parameters.count <= NameTable<Int>.linearLimit {
                // A few: each argument found by a scan of the instance's few.
                for parameter in component.parameters {
                    if let argument = row.arguments[parameter.name] {
                        inner[parameter.name] = argument.substituting(substitution)
                    } else if let value = parameter.defaultValue {
                        inner[parameter.name] = value
                    }
                }
            } else {
                // Many: the defaults, then the arguments over them (each
                // argument looked for among the instance's was quadratic
                // in a component's parameters).
                for parameter in component.parameters {
                    if let value = parameter.defaultValue { inner[parameter.name] = value }
                }
                row.arguments.forEachName { index, name in inner[name] = row.arguments.value(at: index).substituting(substitution) }
            }
            block = component.body.block.substituting(inner).overridden(by: block)
            children = component.body.rows
            childSubstitution = inner
        }
        let base = row.kind == .spacer ? spacerDefaults(defaults) : defaults
        let memo = defaultsMemo(base)
        // The row's block and its defaults handed over, not copied (read
        // through `effective.own` from here on).
        let places = PropertyPlaces(block.properties)
        let effective = RowProperties(
            own: consume block, base: consume base, baseValues: defaultsMemos[memo].values,
            memo: (memo, defaultsMemos[memo].serial), places: places)

        let index = rows.count
        // A stack's slot is held so that it comes before its nested rows
        // (pre-order); any other row is appended once made (a placeholder
        // copied in, then the row copied over it and read back, was 6% of lowering).
        let holdsPlace = row.kind == .stack
        if holdsPlace { rows.append(placeholderRow(parent: parent)) } else { makePlaceholderOnce() }
        let content: ContentModel
        switch row.kind {
        case .text:
            content = .text(
                text: compiled(effective, .text), font: compiled(effective, .font), lines: compiled(effective, .lines),
                color: compiled(effective, .color), weight: keyword(effective, .weight) ?? "regular",
                align: keyword(effective, .align) ?? "leading")
        case .image:
            content = .image(source: compiled(effective, .source), aspect: expr(effective, .aspect).map { expressions.compile($0) })
        case .view:
            var props: [PropModel] = []
            if case .props(let values)? = effective.value(.props) {
                for (name, value) in values.entries { props.append(PropModel(name: name, value: expressions.compile(value))) }
            }
            content = .view(host: compiled(effective, .host), props: props)
        case .spacer:
            content = .spacer
        case .stack:
            let nested = reserveStack()
            let nestedDefaults = defaults.overridden(by: (effective.own.blocks["defaults"] ?? CheckedBlock()))
            fill(stack: nested, settings: effective.own, axis: keyword(effective.own, "axis") == "horizontal" ? .horizontal : .vertical,
                 rows: children, defaults: nestedDefaults, substitution: childSubstitution)
            content = .stack(nested)
        }
        let separator = separator(effective)
        // In the order their expressions always went into the table (the
        // compiled file is the same byte for byte), the accessibility last.
        let size = compiled(effective, .size), min = expr(effective, .min).map { expressions.compile($0) }
        let max = expr(effective, .max).map { expressions.compile($0) }, insets = insets(effective)
        let background = compiled(effective, .background), highlight = compiled(effective, .highlight)
        let hidden = compiled(effective, .hidden), tap = actions(effective), transitions = transitions(effective)
        var accessibility: AccessibilityModel?
        if let written = effective.own.blocks["accessibility"] {
            var traits: [String] = []
            if case .keywords(let words)? = written.properties["traits"] { traits = words }
            accessibility = AccessibilityModel(
                label: expr(written, "label").map { expressions.compile($0) }, hint: expr(written, "hint").map { expressions.compile($0) },
                traits: AccessibilityTrait.bits(traits), hidden: expr(written, "hidden").map { expressions.compile($0) })
        }
        // Rows of one look share their details with the last such row made.
        let kind = Int(Self.kindCode(row.kind).rawValue)
        let recent = if let component = row.component { lastOfComponent[component] ?? RecentDetails() } else { lastOfKind[kind] }
        let made = RowModel(
            kind: Self.kindCode(row.kind), id: row.id, component: row.component, parent: parent, content: content,
            size: size, min: min, max: max, insets: insets, background: background, highlight: highlight,
            hidden: hidden, separator: separator, tap: tap, transitions: transitions, pin: pin(keyword(effective, .pin)),
            snapHide: snapHide(effective), accessibility: accessibility, sharingDetailsWith: recent.last, orWith: recent.before)
        // Noted in place: the pair copied back retained both again.
        if let component = row.component {
            lastOfComponent[component, default: RecentDetails()].note(made.sharedDetails)
        } else {
            lastOfKind[kind].note(made.sharedDetails)
        }
        if holdsPlace { rows[index] = made } else { rows.append(made) }
        return index
    }

    /// Slots for one instance's own state, named after the instance
    /// ("sauna.on", or "Toggle#3.on" without an id; a template's are
    /// "Toggle.on", copied for each instance inserted at run time).
    private mutating func makeInstanceStates(_ component: CheckedComponent, id: String?, isTemplate: Bool) {
        let label: String
        if isTemplate {
            label = component.name
        } else if let id {
            label = id
        } else {
            label = "\(component.name)#" + rowPath.map(String.init).joined(separator: ".")
        }
        for state in component.state {
            let slot = stateSlots.count
            stateSlots.append(StateSlot(
                name: "\(label).\(state.name)", type: Self.runtimeType(state.type, expressions),
                initial: expressions.runtimeValue(state.initialValue)))
            expressions.instanceStates["\(component.name).\(state.name)"] = slot
            if isTemplate { templateStates.append(slot) }
        }
    }

    /// A `for`: its rows lowered as a template whose parameters are the
    /// element's fields ("a.title", "a.address.city") and "index"; the
    /// runtime instantiates it per element when data is bound. A nested
    /// `for` is lowered inside its parent's template, after it in
    /// `repeaters`, placed by the template's own stacks and rows.
    private mutating func lowerRepeater(
        _ repeating: CheckedRepeat, stack: Int, after: Int, defaults: CheckedBlock, substitution: Substitution
    ) {
        let parent = repeating.nested ? enclosingRepeaters.last : nil
        let data: Int
        var listField = -1
        let base: RecordModel?
        if let parent {
            data = repeaters[parent].data
            base = ScreenModel.elementRecord(of: parent, repeaters: repeaters, data: dataModels)
        } else {
            guard let index = dataIndex[repeating.data] else { return }
            data = index
            base = dataModels[index].record
        }
        guard let base else { return }
        var record = base
        if let path = repeating.listPath {
            guard let field = base.fields.firstIndex(where: { $0.name == path }), let element = base.fields[field].elementRecord else { return }
            listField = field
            record = element
        }
        // Parameters: after the components' (lowered first) and earlier `for`s'.
        var map = expressions.parameterIndex
        var fieldParameters: [Int] = []
        for field in record.fields {
            map["\(repeating.variable).\(field.name)"] = templateParameters.count
            fieldParameters.append(templateParameters.count)
            templateParameters.append(TemplateParameter(name: "\(repeating.variable).\(field.name)", type: field.type, defaultValue: nil))
        }
        let indexParameter = templateParameters.count
        map["index"] = indexParameter
        templateParameters.append(TemplateParameter(name: "index", type: .number, defaultValue: nil))
        // Reserved first, so that `for`s inside it come after it.
        let index = repeaters.count
        repeaters.append(RepeaterModel(
            data: data, stack: stack, after: after, template: ComponentTemplate(name: "", parameters: [], rows: [], stacks: []),
            fieldParameters: fieldParameters, indexParameter: indexParameter, keyField: -1, parent: parent ?? -1, listField: listField))
        let saved = (rows, stacks, expressions.parameterIndex, templateStates, inRepeater, rowPath)
        (rows, stacks, templateStates, inRepeater) = ([], [], [], true)
        expressions.parameterIndex = map
        enclosingRepeaters.append(index)
        var lastRow = -1
        for row in repeating.rows {
            if let nested = row.repeating {
                lowerRepeater(nested, stack: -1, after: lastRow, defaults: defaults, substitution: substitution)
            } else {
                lastRow = lowerRow(row, parent: -1, defaults: defaults, substitution: substitution)
            }
        }
        enclosingRepeaters.removeLast()
        var template = ComponentTemplate(
            name: "for \(repeating.variable) in \(repeating.nested ? "" : repeating.data + (repeating.listPath == nil ? "" : "."))\(repeating.listPath ?? "")",
            parameters: fieldParameters + [indexParameter], rows: Array(rows.live), stacks: stacks)
        template.states = templateStates
        (rows, stacks, expressions.parameterIndex, templateStates, inRepeater, rowPath) = saved
        repeaters[index].template = template
        repeaters[index].keyField = repeating.keyField.flatMap { key in record.fields.firstIndex { $0.name == key } } ?? -1
    }

    /// The value a field or slot of `type` has before anything is bound.
    static func zero(_ type: RuntimeType) -> RuntimeValue {
        switch type {
        case .bool: .bool(false)
        case .number: .number(0)
        case .string: .string("")
        case .color: .color(0)
        case .duration: .duration(0)
        case .enumeration(let index): .enumCase(enumIndex: index, caseIndex: 0)
        }
    }

    /// Makes the placeholder row if it is not made yet: its constant goes
    /// into the table where the first row's lowering began, as it always
    /// did (the compiled file is the same byte for byte).
    private mutating func makePlaceholderOnce() {
        // A flag: the optional row asked whether it was nil was copied and let go each time.
        if !placeholderMade { _ = placeholderRow(parent: 0) }
    }

    private mutating func placeholderRow(parent: Int) -> RowModel {
        // One made and copied: a row made for each row lowered, only to be
        // replaced, was an allocation and its release each time. (Its
        // constant went into the table with the first row, where it still
        // goes: the compiled file is the same byte for byte.)
        if var placeholder {
            placeholder.parent = parent
            return placeholder
        }
        let zero = expressions.constantExpression(.number(0))
        let edges = EdgeExprs(top: zero, right: zero, bottom: zero, left: zero)
        let made = RowModel(
            kind: .spacer, id: nil, component: nil, parent: parent, content: .spacer, size: zero, min: nil, max: nil,
            insets: edges, background: zero, highlight: zero, hidden: zero, separator: nil, tap: [], transitions: [],
            pin: .none, snapHide: .none)
        placeholder = made
        placeholderMade = true
        return made
    }

    // MARK: Property helpers

    /// The defaults a Spacer sees: zero insets and no separator, whatever the stack says.
    private mutating func spacerDefaults(_ defaults: CheckedBlock) -> CheckedBlock {
        if let cached = spacerDefaultsCache, cached.for.isIdentical(to: defaults) || cached.for == defaults { return cached.block }
        let block = defaults.overridden(by: BuiltinDefaults.spacerOverrides)
        spacerDefaultsCache = (defaults, block)
        return block
    }

    func expr(_ block: CheckedBlock, _ name: String) -> TypedExpr? {
        if case .expr(let e)? = block.properties[name] { return e }
        return nil
    }

    private func keyword(_ block: CheckedBlock, _ name: String) -> String? {
        if case .keyword(let word)? = block.properties[name] { return word }
        return nil
    }

    mutating func compiled(_ block: CheckedBlock, _ name: String) -> ExprRef {
        expressions.compile(expr(block, name) ?? .constant(.number(0)))
    }

    mutating func compileEdges(_ edges: [TypedExpr]) -> EdgeExprs {
        // Rows repeat their insets (`insets: 8 15 8 15`): constants compile
        // to the same code wherever they are, so the last such four are
        // kept with what they compiled to.
        if let last = lastConstantEdges, last.edges == edges { return last.compiled }
        let e = edges.count == 4 ? edges : [TypedExpr](repeating: .constant(.number(0)), count: 4)
        let compiled = EdgeExprs(
            top: expressions.compile(e[0]), right: expressions.compile(e[1]), bottom: expressions.compile(e[2]),
            left: expressions.compile(e[3]))
        if edges.allSatisfy({ if case .constant = $0 { true } else { false } }) { lastConstantEdges = (edges, compiled) }
        return compiled
    }

    mutating func edges(_ block: CheckedBlock, _ name: String) -> EdgeExprs {
        if case .edges(let edges)? = block.properties[name] { return compileEdges(edges) }
        return compileEdges([])
    }

    private static func kindCode(_ kind: RowKind) -> RowKindCode {
        switch kind {
        case .text: .text
        case .image: .image
        case .view: .view
        case .spacer: .spacer
        case .stack: .stack
        }
    }

    private func pin(_ word: String?) -> PinMode {
        switch word {
        case "top": .top
        case "bottom": .bottom
        default: .none
        }
    }

    private func snapHide(_ row: RowProperties) -> PinMode {
        guard case .snapHide(let edge)? = row.value(.behavior) else { return .none }
        return pin(edge)
    }

    private mutating func actions(_ row: RowProperties) -> [ActionModel] {
        guard case .actions(let actions)? = row.value(.tap) else { return [] }
        // A loop, not a map: the closure took a copy of the whole expression
        // compiler for each action it read a slot through.
        var out: [ActionModel] = []
        out.reserveCapacity(actions.count)
        for action in actions {
            switch action {
            case .toggle(let state): out.append(.toggle(state: expressions.slot(ofState: state)))
            case .set(let state, let value): out.append(.set(state: expressions.slot(ofState: state), value: expressions.compile(value)))
            case .emit(let event): out.append(.emit(event))
            case .scrollTo(let row, let position): out.append(.scrollTo(row: row, position: ScrollPosition(rawValue: position) ?? .auto))
            case .push(let step): out.append(.push(step: step))
            case .pop(let count): out.append(.pop(count))
            case .insert(let component, let arguments, let id, let place):
                var compiled: [ArgumentModel] = []
                for (name, value) in arguments.entries { compiled.append(ArgumentModel(name: name, value: expressions.compile(value))) }
                out.append(.insert(component: component, arguments: compiled, id: id, place: Self.placeModel(place)))
            case .remove(let row): out.append(.remove(row: row))
            case .move(let row, let place): out.append(.move(row: row, place: Self.placeModel(place)))
            }
        }
        return out
    }

    private static func placeModel(_ place: RowPlace) -> RowPlaceModel {
        switch place {
        case .top: .top
        case .bottom: .bottom
        case .after(let row): .after(row)
        case .before(let row): .before(row)
        }
    }

    private mutating func transitions(_ row: RowProperties) -> [TransitionModel] {
        if row.own.transitions.isEmpty, row.base.transitions.isEmpty { return [] }
        var out: [TransitionModel] = []
        for kind in TransitionKind.allCases {
            guard let spec = row.transition(kind.rawValue) else { continue }
            let curve: CurveModel
            switch spec.properties["curve"] {
            case .curve(let c)?:
                switch c {
                case .linear: curve = .linear
                case .easeIn: curve = .easeIn
                case .easeOut: curve = .easeOut
                case .easeInOut: curve = .easeInOut
                case .spring(let damping, let velocity): curve = .spring(damping: damping, velocity: velocity)
                }
            default: curve = .easeInOut
            }
            out.append(TransitionModel(
                kind: kind, duration: expressions.compile(expr(spec, "duration") ?? .constant(.duration(0.25))),
                delay: expressions.compile(expr(spec, "delay") ?? .constant(.duration(0))), curve: curve,
                from: spec.blocks["from"].map { keyframe($0) }, to: spec.blocks["to"].map { keyframe($0) },
                follows: spec.properties["timing"] != .keyword("own")))
        }
        return out
    }

    private mutating func keyframe(_ block: CheckedBlock) -> KeyframeModel {
        var model = KeyframeModel()
        if let alpha = expr(block, "alpha") { model.alpha = expressions.compile(alpha) }
        if let scale = expr(block, "scale") { model.scale = expressions.compile(scale) }
        if case .offset(let x, let y)? = block.properties["offset"] {
            model.offsetX = expressions.compile(x)
            model.offsetY = expressions.compile(y)
        }
        return model
    }
}
