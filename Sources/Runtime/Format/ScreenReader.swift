// Reading one screen's sections into a model, checking every index as it is
// read. Whole-model checks (the stack tree, expression types) follow in
// ModelValidation.

enum ScreenReader {
    /// Minimum encoded sizes, which cap counts before anything is allocated.
    static let minimumRowSize = 3
    static let minimumStackSize = 6

    static func read(_ sections: inout SectionReader, strings: [String]) throws(LoadError) -> ScreenModel {
        func string(_ r: inout ByteReader, _ what: @autoclosure () -> String) throws(LoadError) -> String {
            strings[try r.index(below: strings.count, "string index for \(what())")]
        }

        // SCREEN
        var r = try sections.expect(.screen)
        let name = try string(&r, "the screen's name")
        let flags = try r.tag(below: 2, "screen flags")
        var flow: FlowSettings?
        if flags == 1 {
            let flowFlags = try r.tag(below: 16, "flow flags")
            var settings = FlowSettings(tapToPop: flowFlags & 4 != 0, swipeToPop: flowFlags & 8 != 0)
            if flowFlags & 1 != 0 {
                settings.tint = FlowSettings.Tint(color: try r.u32(), alpha: try r.finite(), step: try r.finite())
            }
            if flowFlags & 2 != 0 { settings.gradient = try r.finite() }
            flow = settings
        }
        try r.finish()

        // ENUMS
        r = try sections.expect(.enums)
        var enums: [EnumModel] = []
        for _ in 0..<(try r.count(minimumSize: 2, "enum")) {
            let enumName = try string(&r, "an enum name")
            var cases: [String] = []
            for _ in 0..<(try r.count(minimumSize: 1, "enum case")) { cases.append(try string(&r, "an enum case")) }
            enums.append(EnumModel(name: enumName, cases: cases))
        }
        try r.finish()

        // STATE
        r = try sections.expect(.state)
        var state: [StateSlot] = []
        for _ in 0..<(try r.count(minimumSize: 3, "state")) {
            let slotName = try string(&r, "a state name")
            let type = try readType(&r, enums: enums)
            let at = r.offset
            let initial = try value(&r, strings: strings, enums: enums)
            guard ModelValidation.value(initial, fits: type) else {
                throw LoadError(section: r.section, offset: at, message: "the initial value of state '\(slotName)' does not have its type")
            }
            state.append(StateSlot(name: slotName, type: type, initial: initial))
        }
        try r.finish()

        // PARAMETERS: of the component templates.
        r = try sections.expect(.parameters)
        var parameters: [TemplateParameter] = []
        /// A flag, then a default of `type` if it is set.
        func readDefault(_ r: inout ByteReader, type: RuntimeType, of what: String) throws(LoadError) -> RuntimeValue? {
            guard try r.tag(below: 2, "default flag") == 1 else { return nil }
            let at = r.offset
            let value = try value(&r, strings: strings, enums: enums)
            guard ModelValidation.value(value, fits: type) else {
                throw LoadError(section: r.section, offset: at, message: "the default of \(what) does not have its type")
            }
            return value
        }
        for _ in 0..<(try r.count(minimumSize: 3, "parameter")) {
            let parameterName = try string(&r, "a parameter name")
            let type = try readType(&r, enums: enums)
            let defaultValue = try readDefault(&r, type: type, of: "parameter '\(parameterName)'")
            parameters.append(TemplateParameter(name: parameterName, type: type, defaultValue: defaultValue))
        }
        try r.finish()

        // CONSTANTS
        r = try sections.expect(.constants)
        var constants: [RuntimeValue] = []
        let constantCount = try r.count(minimumSize: 1, "constant")
        constants.reserveCapacity(constantCount)
        for _ in 0..<constantCount { constants.append(try value(&r, strings: strings, enums: enums)) }
        try r.finish()

        // CODE: the non-constant expressions' instructions. Every constant
        // also gets one `.constant(i)` instruction after them, so that a
        // constant reference is an ExprRef like any other.
        r = try sections.expect(.code)
        let codeCount = try r.count(minimumSize: 1, "instruction")
        var code: [Instruction] = []
        code.reserveCapacity(codeCount + constants.count)
        for _ in 0..<codeCount {
            switch try r.tag(below: 15, "opcode") {
            case 0: code.append(.constant(UInt32(try r.index(below: constants.count, "constant index"))))
            case 1: code.append(.state(UInt32(try r.index(below: state.count, "state index"))))
            case 2: code.append(.viewportWidth)
            case 3: code.append(.viewportHeight)
            case 4: code.append(.not)
            case 5: code.append(.negate)
            case 6: code.append(.binary(RuntimeOperator(rawValue: try r.tag(below: UInt8(RuntimeOperator.allCases.count), "operator"))!))
            case 7: code.append(.select)
            case 8: code.append(.min)
            case 9: code.append(.max)
            case 10: code.append(.clamp)
            case 12: code.append(.text)
            case 13: code.append(.fixed)
            case 14: code.append(.caseName(first: UInt32(try r.index(below: constants.count, "case names' constant index"))))
            default: code.append(.parameter(UInt32(try r.index(below: parameters.count, "parameter index"))))
            }
        }
        try r.finish()
        let diskCode = code.count
        for index in constants.indices { code.append(.constant(UInt32(index))) }

        // EXPRESSIONS: ranges of the code, each checked to be well formed and typed.
        r = try sections.expect(.expressions)
        var typer = ExpressionTyper(constants: constants, code: code, state: state, enums: enums, parameters: parameters)
        var expressions: [ExprRef] = []
        var types: [ValueKind] = []
        var usesParameters: [Bool] = []
        let expressionCount = try r.count(minimumSize: 2, "expression")
        expressions.reserveCapacity(expressionCount)
        types.reserveCapacity(expressionCount)
        for _ in 0..<expressionCount {
            let at = r.offset
            let start = try r.varint()
            let count = try r.varint()
            guard count >= 1, start <= diskCode, count <= diskCode - start else {
                throw LoadError(section: r.section, offset: at, message: "expression \(expressions.count) covers code \(start)..<\(start + count) of \(diskCode)")
            }
            guard let type = typer.type(start: start, count: count) else {
                throw LoadError(section: r.section, offset: at, message: "expression \(expressions.count) is malformed or ill-typed code")
            }
            expressions.append(ExprRef(start: UInt32(start), count: UInt32(count)))
            types.append(type)
            usesParameters.append(code[start..<(start + count)].contains { if case .parameter = $0 { true } else { false } })
        }
        try r.finish()
        var exprs = ExpressionReader(
            refs: expressions, types: types, constantBase: diskCode, constantTypes: constants.map(ValueKind.init),
            usesParameters: usesParameters)

        // EDGES
        r = try sections.expect(.edges)
        var edges: [EdgeExprs] = []
        var edgesUse: [Bool] = []
        for _ in 0..<(try r.count(minimumSize: 4, "edge set")) {
            let before = exprs.parameterReads
            defer { edgesUse.append(exprs.parameterReads != before) }
            edges.append(EdgeExprs(
                top: try exprs.read(&r, .number, "an inset"), right: try exprs.read(&r, .number, "an inset"),
                bottom: try exprs.read(&r, .number, "an inset"), left: try exprs.read(&r, .number, "an inset")))
        }
        try r.finish()

        // SEPARATORS
        r = try sections.expect(.separators)
        var separators: [SeparatorModel] = []
        var separatorsUse: [Bool] = []
        for _ in 0..<(try r.count(minimumSize: 3, "separator")) {
            let before = exprs.parameterReads
            let color = try exprs.read(&r, .color, "a separator colour")
            let thickness = try exprs.read(&r, .number, "a thickness")
            let edgeIndex = try r.index(below: edges.count, "edge set")
            separators.append(SeparatorModel(color: color, thickness: thickness, insets: edges[edgeIndex]))
            separatorsUse.append(exprs.parameterReads != before || edgesUse[edgeIndex])
        }
        try r.finish()

        func readPlace(_ r: inout ByteReader) throws(LoadError) -> RowPlaceModel {
            switch try r.tag(below: 4, "row place") {
            case 0: return .top
            case 1: return .bottom
            case 2: return .after(try string(&r, "a row id"))
            default: return .before(try string(&r, "a row id"))
            }
        }

        // ACTIONS
        r = try sections.expect(.actions)
        var actionLists: [[ActionModel]] = []
        var actionListsUse: [Bool] = []
        for _ in 0..<(try r.count(minimumSize: 1, "action list")) {
            let before = exprs.parameterReads
            defer { actionListsUse.append(exprs.parameterReads != before) }
            var list: [ActionModel] = []
            for _ in 0..<(try r.count(minimumSize: 2, "action")) {
                switch try r.tag(below: 9, "action") {
                case 0:
                    let at = r.offset
                    let slot = try r.index(below: state.count, "state index")
                    guard state[slot].type == .bool else {
                        throw LoadError(section: r.section, offset: at, message: "toggle of state '\(state[slot].name)', which is not bool")
                    }
                    list.append(.toggle(state: slot))
                case 1:
                    let slot = try r.index(below: state.count, "state index")
                    list.append(.set(state: slot, value: try exprs.read(&r, ValueKind(state[slot].type), "a set() value")))
                case 2: list.append(.emit(try string(&r, "an event")))
                case 3:
                    let row = try string(&r, "a row id")
                    let position = ScrollPosition.allCases[Int(try r.tag(below: UInt8(ScrollPosition.allCases.count), "scroll position"))]
                    list.append(.scrollTo(row: row, position: position))
                case 4: list.append(.push(step: try string(&r, "a step")))
                case 5: list.append(.pop(try r.varint()))
                case 6:
                    // Checked against the templates once they are read.
                    let component = try string(&r, "a component name")
                    let id = try r.tag(below: 2, "id flag") == 1 ? try string(&r, "a row id") : nil
                    let place = try readPlace(&r)
                    var arguments: [ArgumentModel] = []
                    for _ in 0..<(try r.count(minimumSize: 2, "argument")) {
                        let argument = try string(&r, "an argument name")
                        arguments.append(ArgumentModel(name: argument, value: try exprs.read(&r, nil, "argument '\(argument)'")))
                    }
                    list.append(.insert(component: component, arguments: arguments, id: id, place: place))
                case 7: list.append(.remove(row: try string(&r, "a row id")))
                default: list.append(.move(row: try string(&r, "a row id"), place: try readPlace(&r)))
                }
            }
            actionLists.append(list)
        }
        try r.finish()

        // TRANSITIONS
        r = try sections.expect(.transitions)
        var transitionLists: [[TransitionModel]] = []
        var transitionListsUse: [Bool] = []
        for _ in 0..<(try r.count(minimumSize: 1, "transition list")) {
            let before = exprs.parameterReads
            defer { transitionListsUse.append(exprs.parameterReads != before) }
            var list: [TransitionModel] = []
            for _ in 0..<(try r.count(minimumSize: 6, "transition")) {
                let kindAt = r.offset
                let kindByte = try r.u8()
                guard Int(kindByte & 0x7F) < TransitionKind.allCases.count else {
                    throw LoadError(section: r.section, offset: kindAt, message: "transition kind \(kindByte & 0x7F) is out of range")
                }
                let kind = TransitionKind.allCases[Int(kindByte & 0x7F)]
                // Bit 7: a move that keeps its own timing; no other kind has it.
                let follows = kindByte & 0x80 == 0
                guard follows || kind == .move else {
                    throw LoadError(section: r.section, offset: kindAt, message: "only a move transition may keep its own timing")
                }
                let duration = try exprs.read(&r, .duration, "a duration")
                let delay = try exprs.read(&r, .duration, "a delay")
                let curve: CurveModel
                switch try r.tag(below: 5, "curve") {
                case 0: curve = .linear
                case 1: curve = .easeIn
                case 2: curve = .easeOut
                case 3: curve = .easeInOut
                default:
                    let at = r.offset
                    let damping = try r.finite()
                    let velocity = try r.finite()
                    guard damping > 0, damping <= 1 else {
                        throw LoadError(section: r.section, offset: at, message: "spring damping \(damping) is outside (0, 1]")
                    }
                    curve = .spring(damping: damping, velocity: velocity)
                }
                list.append(TransitionModel(
                    kind: kind, duration: duration, delay: delay, curve: curve,
                    from: try keyframe(&r, &exprs), to: try keyframe(&r, &exprs), follows: follows))
            }
            transitionLists.append(list)
        }
        try r.finish()

        // STYLES
        r = try sections.expect(.styles)
        var styles: [RowStyle] = []
        var stylesUse: [Bool] = []
        for _ in 0..<(try r.count(minimumSize: 10, "style")) {
            let before = exprs.parameterReads
            let kind = RowKindCode(rawValue: try r.tag(below: UInt8(RowKindCode.allCases.count), "row kind"))!
            let flags = try r.tag(below: 16, "style flags")
            let pins = try r.tag(below: 16, "pin")
            guard pins & 3 < 3, pins >> 2 < 3 else { throw LoadError(section: r.section, offset: r.offset - 1, message: "unknown pin \(pins)") }
            var style = RowStyle(kind: kind, pin: PinMode(rawValue: pins & 3)!, snapHide: PinMode(rawValue: pins >> 2)!)
            switch kind {
            case .text:
                style.contentExprs = [
                    try exprs.read(&r, .number, "a font size"), try exprs.read(&r, .number, "lines"),
                    try exprs.read(&r, .color, "a text colour"),
                ]
                style.weight = try string(&r, "a weight")
                style.align = try string(&r, "an alignment")
            case .image:
                if flags & 8 != 0 {
                    style.contentExprs = [try exprs.read(&r, .number, "an aspect")]
                    style.hasAspect = true
                }
            case .view:
                for _ in 0..<(try r.count(minimumSize: 2, "prop")) {
                    style.props.append(PropModel(name: try string(&r, "a prop name"), value: try exprs.read(&r, nil, "a prop")))
                }
            case .spacer, .stack:
                break
            }
            style.size = try exprs.read(&r, .length, "a size")
            style.min = flags & 1 != 0 ? try exprs.read(&r, .number, "min") : nil
            style.max = flags & 2 != 0 ? try exprs.read(&r, .number, "max") : nil
            let edgeIndex = try r.index(below: edges.count, "edge set")
            style.insets = edges[edgeIndex]
            style.background = try exprs.read(&r, .color, "a background")
            style.highlight = try exprs.read(&r, .color, "a highlight")
            style.hidden = try exprs.read(&r, .bool, "hidden")
            var tablesUse = edgesUse[edgeIndex]
            if flags & 4 != 0 {
                let separatorIndex = try r.index(below: separators.count, "separator")
                style.separator = separators[separatorIndex]
                tablesUse = tablesUse || separatorsUse[separatorIndex]
            }
            let actionIndex = try r.index(below: actionLists.count, "action list")
            let transitionIndex = try r.index(below: transitionLists.count, "transition list")
            style.tap = actionLists[actionIndex]
            style.transitions = transitionLists[transitionIndex]
            styles.append(style)
            stylesUse.append(exprs.parameterReads != before || tablesUse || actionListsUse[actionIndex] || transitionListsUse[transitionIndex])
        }
        try r.finish()

        // STACKS
        /// Stacks; the screen's own (`template` false) may not read component parameters.
        func readStacks(_ r: inout ByteReader, template: Bool = false) throws(LoadError) -> (stacks: [StackModel], offsets: [Int]) {
            var stacks: [StackModel] = []
            var offsets: [Int] = []
            let stackCount = try r.count(minimumSize: minimumStackSize, "stack")
            // A row holds its stack's index in 32 bits (RowModel).
            guard stackCount <= Int(Int32.max) else { throw r.fail("more than 2^31 stacks") }
            stacks.reserveCapacity(stackCount)
            for _ in 0..<stackCount {
                let at = r.offset
                let before = exprs.parameterReads
                let axis: Axis = try r.tag(below: 2, "axis") == 0 ? .vertical : .horizontal
                let edgeIndex = try r.index(below: edges.count, "edge set")
                let padding = edges[edgeIndex]
                let spacing = try exprs.read(&r, .number, "spacing")
                let hide = try exprs.read(&r, .bool, "hide-last-separator")
                let background = try exprs.read(&r, .color, "a background")
                if !template, exprs.parameterReads != before || edgesUse[edgeIndex] {
                    throw LoadError(section: r.section, offset: at, message: "stack \(stacks.count) reads a component parameter outside a component template")
                }
                offsets.append(r.offset)
                var rows: [Int] = []
                var previous = -1
                for _ in 0..<(try r.count(minimumSize: 1, "row index")) {
                    let zigzag = try r.varint()
                    let delta = zigzag & 1 == 0 ? zigzag >> 1 : -((zigzag + 1) >> 1)
                    previous = previous + 1 + delta
                    guard previous >= 0 else { throw r.fail("a negative row index") }
                    rows.append(previous)
                }
                stacks.append(StackModel(axis: axis, padding: padding, spacing: spacing, hideLastSeparator: hide, background: background, rows: rows))
            }
            return (stacks, offsets)
        }
        r = try sections.expect(.stacks)
        let (stacks, rowListOffsets) = try readStacks(&r)
        try r.finish()
        guard !stacks.isEmpty else { throw LoadError(section: r.section, offset: r.offset, message: "a screen needs its own stack") }

        // ROWS: each copies its style's template and fills in what is its own.
        // Their content is the style's, the shown expression left to each row,
        // so that rows of one style share their details (`RowModel`).
        let templates = styles.map { style in
            let placeholder = ExprRef(start: 0, count: 0)
            let content: ContentModel =
                switch style.kind {
                case .text:
                    .text(
                        text: placeholder, font: style.contentExprs[0], lines: style.contentExprs[1], color: style.contentExprs[2],
                        weight: style.weight, align: style.align)
                case .image: .image(source: placeholder, aspect: style.contentExprs.first)
                case .view: .view(host: placeholder, props: style.props)
                case .spacer, .stack: .spacer
                }
            return RowModel(
                kind: style.kind, id: nil, component: nil, parent: 0, content: content, size: style.size, min: style.min,
                max: style.max, insets: style.insets, background: style.background, highlight: style.highlight,
                hidden: style.hidden, separator: style.separator, tap: style.tap, transitions: style.transitions,
                pin: style.pin, snapHide: style.snapHide)
        }
        /// Rows whose parents are stacks below `stackCount`, shifted down by `parentOffset`
        /// (a template's rows: 0 is where the instance goes, stored as -1),
        /// read straight into pages (the screen's rows are kept in them).
        func readRows(_ r: inout ByteReader, stackCount: Int, parentOffset: Int) throws(LoadError) -> PagedArray<RowModel> {
            var rows = PagedArray<RowModel>()
            var lastOfStyle = [RowModel?](repeating: nil, count: templates.count)
            let rowCount = try r.count(minimumSize: minimumRowSize, "row")
            rows.reserveCapacity(rowCount)
            for _ in 0..<rowCount {
                let at = r.offset
                let before = exprs.parameterReads
                let styleIndex = try r.index(below: styles.count, "style")
                var row = templates[styleIndex]
                let rowFlags = try r.tag(below: 8, "row flags")
                if rowFlags & 1 != 0 { row.id = try string(&r, "a row id") }
                if rowFlags & 2 != 0 { row.component = try string(&r, "a component name") }
                row.parent = try r.index(below: stackCount + parentOffset, "parent stack") - parentOffset
                switch row.kind {
                case .text: row.content = row.content.showing(try exprs.read(&r, .string, "text"))
                case .image: row.content = row.content.showing(try exprs.read(&r, .string, "an image source"))
                case .view: row.content = row.content.showing(try exprs.read(&r, .string, "a host"))
                case .spacer: break
                case .stack: row.content = .stack(try r.index(below: stackCount, "nested stack"))
                }
                if rowFlags & 4 != 0 {
                    let present = try r.tag(below: 8, "accessibility flags")
                    let label = present & 1 != 0 ? try exprs.read(&r, .string, "an accessibility label") : nil
                    let hint = present & 2 != 0 ? try exprs.read(&r, .string, "an accessibility hint") : nil
                    let hidden = present & 4 != 0 ? try exprs.read(&r, .bool, "accessibility hidden") : nil
                    let traits = try r.index(below: 1 << AccessibilityTrait.all.count, "accessibility traits")
                    row.accessibility = AccessibilityModel(label: label, hint: hint, traits: UInt16(traits), hidden: hidden)
                }
                // Component parameters exist only in templates.
                if parentOffset == 0, stylesUse[styleIndex] || exprs.parameterReads != before {
                    throw LoadError(section: r.section, offset: at, message: "row \(rows.count) reads a component parameter outside a component template")
                }
                // A component's instances, rows with accessibility: equal to
                // the row of their style before them, more often than not.
                if let last = lastOfStyle[styleIndex] { row.shareDetails(with: last) }
                lastOfStyle[styleIndex] = row
                rows.append(row)
            }
            return rows
        }
        r = try sections.expect(.rows)
        let rows = try readRows(&r, stackCount: stacks.count, parentOffset: 0)
        try r.finish()

        // STEPS
        r = try sections.expect(.steps)
        var steps: [StepModel] = []
        for _ in 0..<(try r.count(minimumSize: 3, "step")) {
            steps.append(StepModel(
                name: try string(&r, "a step name"), title: try exprs.read(&r, .string, "a title"),
                stack: try r.index(below: stacks.count, "step stack")))
        }
        try r.finish()

        // TEMPLATES: components the runtime can insert; their rows may read parameters.
        func readTemplate(_ r: inout ByteReader, topLevelRows: Bool = false) throws(LoadError) -> ComponentTemplate {
            let templateName = try string(&r, "a template name")
            var indices: [Int] = []
            for _ in 0..<(try r.count(minimumSize: 1, "parameter")) { indices.append(try r.index(below: parameters.count, "parameter")) }
            var ownStates: [Int] = []
            for _ in 0..<(try r.count(minimumSize: 1, "state slot")) { ownStates.append(try r.index(below: state.count, "state slot")) }
            let at = r.offset
            let (localStacks, _) = try readStacks(&r, template: true)
            let localRows = Array(try readRows(&r, stackCount: localStacks.count, parentOffset: 1))
            try ModelValidation.validateTemplate(rows: localRows, stacks: localStacks, section: r.section, offset: at, topLevelRows: topLevelRows)
            var template = ComponentTemplate(name: templateName, parameters: indices, rows: localRows, stacks: localStacks)
            template.states = ownStates
            return template
        }
        r = try sections.expect(.templates)
        var components: [ComponentTemplate] = []
        for _ in 0..<(try r.count(minimumSize: 5, "template")) { components.append(try readTemplate(&r)) }
        try r.finish()

        // DATA: records and slots of the screen's data, and its `for`s.
        /// A record (DATA): its fields, list fields' element records nested no
        /// deeper than 32.
        func readRecord(_ r: inout ByteReader, depth: Int) throws(LoadError) -> RecordModel {
            let at = r.offset
            guard depth < 32 else { throw LoadError(section: r.section, offset: at, message: "records nested deeper than 32") }
            let recordName = try string(&r, "a record name")
            var fields: [FieldModel] = []
            for _ in 0..<(try r.count(minimumSize: 4, "field")) {
                let fieldName = try string(&r, "a field name")
                let type = try ScreenReader.readType(&r, enums: enums)
                let defaultValue = try readDefault(&r, type: type, of: "field '\(fieldName)'")
                var element: RecordModel?
                if try r.tag(below: 2, "list flag") == 1 {
                    guard type == .number, defaultValue == nil else {
                        throw LoadError(section: r.section, offset: r.offset, message: "list field '\(fieldName)' must count as a number and have no default")
                    }
                    element = try readRecord(&r, depth: depth + 1)
                }
                fields.append(FieldModel(name: fieldName, type: type, defaultValue: defaultValue, element: element))
            }
            return RecordModel(name: recordName, fields: fields)
        }
        r = try sections.expect(.data)
        var dataModels: [DataModel] = []
        for _ in 0..<(try r.count(minimumSize: 5, "data")) {
            let dataName = try string(&r, "a data name")
            let isList = try r.tag(below: 2, "list flag") == 1
            let record = try readRecord(&r, depth: 0)
            let fields = record.fields
            let at = r.offset
            var slots: [Int] = []
            for _ in 0..<(try r.count(minimumSize: 1, "slot")) { slots.append(try r.index(below: state.count, "state slot")) }
            guard slots.count == (isList ? 1 : fields.count) else {
                throw LoadError(section: r.section, offset: at, message: "data '\(dataName)' has \(slots.count) slots; it needs \(isList ? 1 : fields.count)")
            }
            dataModels.append(DataModel(name: dataName, record: record, isList: isList, slots: slots))
        }
        var repeaters: [RepeaterModel] = []
        for index in 0..<(try r.count(minimumSize: 13, "for")) {
            let at = r.offset
            let data = try r.index(below: dataModels.count, "data index")
            let parent = try r.index(below: index + 1, "enclosing for") - 1
            // The record whose field the list is (or the list's own record).
            let base: RecordModel
            if parent >= 0 {
                guard repeaters[parent].data == data, let record = ScreenModel.elementRecord(of: parent, repeaters: repeaters, data: dataModels) else {
                    throw LoadError(section: r.section, offset: at, message: "a nested for over other data than its enclosing for")
                }
                base = record
            } else {
                base = dataModels[data].record
            }
            let listField = try r.index(below: base.fields.count + 1, "list field") - 1
            let record: RecordModel
            if listField >= 0 {
                guard let element = base.fields[listField].elementRecord else {
                    throw LoadError(section: r.section, offset: at, message: "a for over field '\(base.fields[listField].name)', which is not a list")
                }
                record = element
            } else {
                guard parent < 0, dataModels[data].isList else {
                    throw LoadError(section: r.section, offset: at, message: "a for over data '\(dataModels[data].name)', which is not a list")
                }
                record = base
            }
            // A top-level for is placed in the screen's stacks; a nested one
            // in its parent's template (-1: among its top-level rows).
            let parentTemplate = parent >= 0 ? repeaters[parent].template : nil
            let stackIndex = try r.index(below: (parentTemplate?.stacks.count ?? stacks.count) + 1, "stack index") - 1
            let after = try r.index(below: (parentTemplate?.rows.count ?? rows.count) + 1, "row index") - 1
            let fieldCount = record.fields.count
            let keyField = try r.index(below: fieldCount + 1, "key field") - 1
            if keyField >= 0, record.fields[keyField].elementRecord != nil {
                throw LoadError(section: r.section, offset: at, message: "a for keyed by list field '\(record.fields[keyField].name)'")
            }
            let indexParameter = try r.index(below: parameters.count + 1, "parameter") - 1
            var fieldParameters: [Int] = []
            for _ in 0..<(try r.count(minimumSize: 1, "field parameter")) {
                fieldParameters.append(try r.index(below: parameters.count + 1, "parameter") - 1)
            }
            guard fieldParameters.count == fieldCount else {
                throw LoadError(section: r.section, offset: at, message: "a for reads \(fieldParameters.count) fields of a record of \(fieldCount)")
            }
            if let parentTemplate {
                if stackIndex >= 0, after >= 0, !parentTemplate.stacks[stackIndex].rows.contains(after) {
                    throw LoadError(section: r.section, offset: at, message: "a nested for placed after row \(after), which its stack does not list")
                }
                if stackIndex < 0, after >= 0, parentTemplate.rows[after].parent != -1 {
                    throw LoadError(section: r.section, offset: at, message: "a nested for placed after row \(after), which is not a top-level row of its for")
                }
            } else {
                guard stackIndex >= 0 else { throw LoadError(section: r.section, offset: at, message: "a for placed in no stack") }
                if after >= 0, !stacks[stackIndex].rows.contains(after) {
                    throw LoadError(section: r.section, offset: at, message: "a for placed after row \(after), which stack \(stackIndex) does not list")
                }
            }
            repeaters.append(RepeaterModel(
                data: data, stack: stackIndex, after: after, template: try readTemplate(&r, topLevelRows: true), fieldParameters: fieldParameters,
                indexParameter: indexParameter, keyField: keyField, parent: parent, listField: listField))
        }
        try r.finish()

        var model = ScreenModel(
            name: name, isFlow: flags == 1, enums: enums, state: state, stacks: stacks, rows: rows, steps: steps,
            expressions: ExpressionTable(constants: constants, code: code), flow: flow)
        model.components = components
        model.parameters = parameters
        model.data = dataModels
        model.repeaters = repeaters
        try ModelValidation.validateTree(model, rowListOffsets: rowListOffsets)
        try ModelValidation.validateInsertions(model)
        try ModelValidation.validateFlowDepth(model)
        return model
    }

    static func readType(_ r: inout ByteReader, enums: [EnumModel]) throws(LoadError) -> RuntimeType {
        switch try r.tag(below: 6, "type") {
        case 0: return .bool
        case 1: return .number
        case 2: return .string
        case 3: return .color
        case 4: return .duration
        default: return .enumeration(try r.index(below: enums.count, "enum index"))
        }
    }

    static func value(_ r: inout ByteReader, strings: [String], enums: [EnumModel]) throws(LoadError) -> RuntimeValue {
        switch try r.tag(below: 9, "value type") {
        case 0: return .bool(try r.tag(below: 2, "bool") == 1)
        case 1: return .number(try r.finite())
        case 2: return .percent(try r.finite())
        case 3: return .string(strings[try r.index(below: strings.count, "string index")])
        case 4: return .color(try r.u32())
        case 5: return .duration(try r.finite())
        case 6: return .fit
        case 7: return .fill(try r.finite())
        default:
            let e = try r.index(below: enums.count, "enum index")
            let c = try r.index(below: enums[e].cases.count, "case index")
            return .enumCase(enumIndex: e, caseIndex: c)
        }
    }

    static func keyframe(_ r: inout ByteReader, _ exprs: inout ExpressionReader) throws(LoadError) -> KeyframeModel? {
        let flags = try r.tag(below: 16, "keyframe flags")
        guard flags & 1 != 0 else {
            guard flags == 0 else { throw r.fail("keyframe flags \(flags) without the presence bit") }
            return nil
        }
        var keyframe = KeyframeModel()
        if flags & 2 != 0 { keyframe.alpha = try exprs.read(&r, .number, "alpha") }
        if flags & 4 != 0 {
            keyframe.offsetX = try exprs.read(&r, .number, "an offset")
            keyframe.offsetY = try exprs.read(&r, .number, "an offset")
        }
        if flags & 8 != 0 { keyframe.scale = try exprs.read(&r, .number, "scale") }
        return keyframe
    }
}

/// Resolves expression references — a constant's index × 2, or a code
/// expression's index × 2 + 1 — checking each use's type.
struct ExpressionReader {
    let refs: [ExprRef]
    let types: [ValueKind]
    /// Where the synthesized `.constant(i)` instructions start in the code.
    let constantBase: Int
    let constantTypes: [ValueKind]
    let usesParameters: [Bool]
    /// How many reads so far were of expressions that read component
    /// parameters: a table entry whose reads moved it uses parameters.
    var parameterReads = 0

    /// An expression whose type must fit `expected` (nil: any).
    mutating func read(_ r: inout ByteReader, _ expected: ValueKind?, _ what: @autoclosure () -> String) throws(LoadError) -> ExprRef {
        let at = r.offset
        let tagged = try r.varint()
        let index = tagged >> 1
        let isCode = tagged & 1 == 1
        let limit = isCode ? refs.count : constantTypes.count
        guard index < limit else {
            throw LoadError(
                section: r.section, offset: at,
                message: "\(isCode ? "expression" : "constant") \(index) for \(what()) is out of range (there are \(limit))")
        }
        if isCode, usesParameters[index] { parameterReads += 1 }
        let type = isCode ? types[index] : constantTypes[index]
        if let expected, !expected.accepts(type) {
            throw LoadError(section: r.section, offset: at, message: "\(what()) must be \(expected), but it is \(type)")
        }
        return isCode ? refs[index] : ExprRef(start: UInt32(constantBase + index), count: 1)
    }
}
