// Whole-model checks of a loaded screen: expression code is well formed and
// well typed, and rows and stacks form one tree of bounded depth. After
// these, nothing the layout engine or the evaluator does can go out of
// bounds, loop, or recurse without end.

/// The type of a value, as the loader checks code.
enum ValueKind: Hashable, CustomStringConvertible {
    case bool, number, percent, duration, string, color
    /// `fit` / `fill(w)`.
    case length
    case enumeration(Int)

    init(_ value: RuntimeValue) {
        switch value {
        case .bool: self = .bool
        case .number: self = .number
        case .percent: self = .percent
        case .string: self = .string
        case .color: self = .color
        case .duration: self = .duration
        case .fit, .fill: self = .length
        case .enumCase(let e, _): self = .enumeration(e)
        }
    }

    init(_ type: RuntimeType) {
        switch type {
        case .bool: self = .bool
        case .number: self = .number
        case .string: self = .string
        case .color: self = .color
        case .duration: self = .duration
        case .enumeration(let e): self = .enumeration(e)
        }
    }

    /// Whether a value of `found` may stand where `self` is expected: a size
    /// (`length`) takes numbers and percentages too.
    func accepts(_ found: ValueKind) -> Bool {
        self == found || (self == .length && (found == .number || found == .percent))
    }

    var isNumeric: Bool { self == .number || self == .duration }

    var description: String {
        switch self {
        case .bool: "bool"
        case .number: "number"
        case .percent: "percentage"
        case .duration: "duration"
        case .string: "string"
        case .color: "color"
        case .length: "length"
        case .enumeration(let e): "enum #\(e)"
        }
    }
}

/// Types expression code by running it over types instead of values.
struct ExpressionTyper {
    let constants: [ValueKind]
    let code: CodeTable
    let state: [ValueKind]
    let parameters: [ValueKind]
    /// By enum, its number of cases.
    let caseCounts: [Int]
    /// By constant, how many string constants run from it (itself
    /// included): a `caseName` is checked in one step however many cases
    /// its enum has, and however often it is written.
    let stringRuns: [Int]
    private var stack: [ValueKind] = []

    init(constants: some Collection<RuntimeValue>, code: [Instruction], state: some Collection<StateSlot>, enums: [EnumModel], parameters: [TemplateParameter] = []) {
        self.init(constants: constants, code: CodeTable(code), state: state, enums: enums, parameters: parameters)
    }

    init(constants: some Collection<RuntimeValue>, code: CodeTable, state: some Collection<StateSlot>, enums: [EnumModel], parameters: [TemplateParameter] = []) {
        self.constants = constants.map(ValueKind.init)
        self.code = code
        self.state = state.map { ValueKind($0.type) }
        self.parameters = parameters.map { ValueKind($0.type) }
        caseCounts = enums.map(\.cases.count)
        var runs = [Int](repeating: 0, count: self.constants.count)
        var run = 0
        for index in self.constants.indices.reversed() {
            run = self.constants[index] == .string ? run + 1 : 0
            runs[index] = run
        }
        stringRuns = runs
    }

    /// The type of `code[start..<start+count]`, or nil if it underflows,
    /// leaves other than one value, or combines types it may not.
    mutating func type(start: Int, count: Int) -> ValueKind? {
        stack.removeAll(keepingCapacity: true)
        for index in start..<(start + count) {
            switch code[index] {
            case .constant(let i): stack.append(constants[Int(i)])
            case .state(let i): stack.append(state[Int(i)])
            case .viewportWidth, .viewportHeight: stack.append(.number)
            case .not:
                guard stack.popLast() == .bool else { return nil }
                stack.append(.bool)
            case .negate:
                guard let a = stack.popLast(), a.isNumeric else { return nil }
                stack.append(a)
            case .binary(let op):
                guard let b = stack.popLast(), let a = stack.popLast(), let result = Self.binary(op, a, b) else { return nil }
                stack.append(result)
            case .select:
                guard let b = stack.popLast(), let a = stack.popLast(), stack.popLast() == .bool else { return nil }
                if a == b {
                    stack.append(a)
                } else if a.accepts(b) {
                    stack.append(a)
                } else if b.accepts(a) {
                    stack.append(b)
                } else if (a == .number || a == .percent || a == .length), (b == .number || b == .percent || b == .length) {
                    stack.append(.length)
                } else {
                    return nil
                }
            case .min, .max:
                guard let b = stack.popLast(), let a = stack.popLast(), a == b, a.isNumeric else { return nil }
                stack.append(a)
            case .clamp:
                guard let c = stack.popLast(), let b = stack.popLast(), let a = stack.popLast(), a == b, b == c, a.isNumeric else {
                    return nil
                }
                stack.append(a)
            case .parameter(let index):
                guard Int(index) < parameters.count else { return nil }
                stack.append(parameters[Int(index)])
            case .text:
                guard let a = stack.popLast(), a == .number || a == .percent || a == .bool || a == .string else { return nil }
                stack.append(.string)
            case .fixed:
                guard stack.popLast() == .number, stack.popLast() == .number else { return nil }
                stack.append(.string)
            case .caseName(let first):
                // Every case's name must be a string constant.
                guard case .enumeration(let e) = stack.popLast(), e < caseCounts.count, Int(first) < stringRuns.count,
                    stringRuns[Int(first)] >= caseCounts[e]
                else { return nil }
                stack.append(.string)
            }
        }
        return stack.count == 1 ? stack[0] : nil
    }

    static func binary(_ op: RuntimeOperator, _ a: ValueKind, _ b: ValueKind) -> ValueKind? {
        switch op {
        case .or, .and: return a == .bool && b == .bool ? .bool : nil
        case .equal, .notEqual: return a.accepts(b) || b.accepts(a) ? .bool : nil
        case .less, .lessEqual, .greater, .greaterEqual: return a == b && a.isNumeric ? .bool : nil
        case .add:
            if a == .string && b == .string { return .string }
            return a == b && a.isNumeric ? a : nil
        case .subtract: return a == b && a.isNumeric ? a : nil
        case .multiply:
            if a == .number && b == .number { return .number }
            if (a == .duration && b == .number) || (a == .number && b == .duration) { return .duration }
            return nil
        case .divide:
            if a == .number && b == .number { return .number }
            return a == .duration && b == .number ? .duration : nil
        case .remainder: return a == .number && b == .number ? .number : nil
        }
    }
}

enum ModelValidation {
    /// Deeper nesting than the compiler ever produces is refused: layout recurses per level.
    static let maximumDepth = 256

    static func value(_ value: RuntimeValue, fits type: RuntimeType) -> Bool {
        ValueKind(type) == ValueKind(value)
    }

    /// A template's rows and stacks form a tree under its first row: every
    /// other row is listed by exactly the local stack it names; every local
    /// stack belongs to exactly one row; depth is bounded.
    /// A component's template is a tree under its first row (the instance);
    /// a `for`'s (`topLevelRows`) may have several rows at the top, or none.
    static func validateTemplate(rows: [RowModel], stacks: [StackModel], section: String, offset: Int, topLevelRows: Bool = false) throws(LoadError) {
        func fail(_ message: String) -> LoadError { LoadError(section: section, offset: offset, message: "template: " + message) }
        if !topLevelRows {
            guard let first = rows.first, first.parent == -1 else { throw fail("the first row must be the instance") }
        }
        var listed = [Bool](repeating: false, count: rows.count)
        for (index, row) in rows.enumerated() where topLevelRows && row.parent == -1 { listed[index] = true }
        for (index, stack) in stacks.enumerated() {
            for row in stack.rows {
                guard row > (topLevelRows ? -1 : 0), row < rows.count, !listed[row], rows[row].parent == index else {
                    throw fail("stack \(index) lists row \(row) wrongly")
                }
                listed[row] = true
            }
        }
        for index in rows.indices.dropFirst(topLevelRows ? 0 : 1) where !listed[index] || (!topLevelRows && rows[index].parent < 0) {
            throw fail("row \(index) belongs to no stack")
        }
        var holders = [Int](repeating: 0, count: stacks.count)
        for row in rows { if case .stack(let nested) = row.content { holders[nested] += 1 } }
        if let bad = holders.firstIndex(where: { $0 != 1 }) { throw fail("stack \(bad) is used \(holders[bad]) times") }
        // Depth from the instance row down, which also rules out cycles.
        var depth = [Int](repeating: -1, count: stacks.count)
        var pending: [(Int, Int)] = []
        for row in rows where row.parent == -1 {
            if case .stack(let top) = row.content { pending.append((top, 1)) }
        }
        while let (stack, level) = pending.popLast() {
            guard depth[stack] == -1 else { throw fail("stack \(stack) contains itself") }
            guard level <= maximumDepth else { throw fail("stacks nest more than \(maximumDepth) deep") }
            depth[stack] = level
            for row in stacks[stack].rows { if case .stack(let nested) = rows[row].content { pending.append((nested, level + 1)) } }
        }
        if let lost = depth.firstIndex(of: -1) { throw fail("stack \(lost) cannot be reached") }
    }

    /// Rows and stacks form a tree: every row is listed by exactly one stack,
    /// the one it names as parent; every stack but the screen's belongs to
    /// exactly one Stack row (a flow's steps too); all are reachable from the
    /// screen's stack; depth is bounded.
    static func validateTree(_ model: ScreenModel, rowListOffsets: [Int]) throws(LoadError) {
        func fail(_ message: String, at offset: Int = 0) -> LoadError {
            LoadError(section: "STACKS", offset: offset, message: message)
        }
        var listedIn = [Int](repeating: -1, count: model.rows.count)
        for (stackIndex, stack) in model.stacks.enumerated() {
            for row in stack.rows {
                guard row < model.rows.count else {
                    throw fail("stack \(stackIndex) lists row \(row), but there are \(model.rows.count)", at: rowListOffsets[stackIndex])
                }
                guard listedIn[row] == -1 else {
                    throw fail("row \(row) is listed by stacks \(listedIn[row]) and \(stackIndex)", at: rowListOffsets[stackIndex])
                }
                guard model.rows[row].parent == stackIndex else {
                    throw fail("row \(row) is listed by stack \(stackIndex) but names stack \(model.rows[row].parent)", at: rowListOffsets[stackIndex])
                }
                listedIn[row] = stackIndex
            }
        }
        if let orphan = listedIn.firstIndex(of: -1) { throw fail("row \(orphan) belongs to no stack") }
        // Who holds each stack: a row, a step, or (stack 0) the screen.
        var holders = [Int](repeating: 0, count: model.stacks.count)
        holders[0] = 1
        model.rows.forEachWithIndex { _, row in
            if case .stack(let nested) = row.content { holders[nested] += 1 }
        }
        for (index, count) in holders.enumerated() where count != 1 {
            throw fail(count == 0 ? "stack \(index) belongs to nothing" : "stack \(index) is used \(count) times")
        }
        // Reachable from the screen's stack and the steps', depth bounded.
        var depth = [Int](repeating: -1, count: model.stacks.count)
        var pending = [0]
        depth[0] = 0
        while let stack = pending.popLast() {
            for row in model.stacks[stack].rows {
                guard case .stack(let nested) = model.rows[row].content else { continue }
                guard depth[nested] == -1 else { throw fail("stack \(nested) contains itself") }
                depth[nested] = depth[stack] + 1
                guard depth[nested] <= maximumDepth else { throw fail("stacks nest more than \(maximumDepth) deep") }
                pending.append(nested)
            }
        }
        if let lost = depth.firstIndex(of: -1) { throw fail("stack \(lost) cannot be reached from the screen") }
    }

    /// A flow's `flow.depth` starts as a whole number of its steps, and no
    /// tap action sets it: only push and pop change it, within range.
    static func validateFlowDepth(_ model: ScreenModel) throws(LoadError) {
        guard let slot = model.state.firstIndex(where: { $0.name == ScreenModel.flowDepthState }) else { return }
        func fail(_ message: String) -> LoadError { LoadError(section: "STATE", offset: 0, message: message) }
        guard model.isFlow else { throw fail("'\(ScreenModel.flowDepthState)' belongs to flows, and '\(model.name)' is a screen") }
        guard ScreenModel.isValidFlowDepth(model.state[slot].initial.numberValue, steps: model.steps.count) else {
            throw fail("'\(ScreenModel.flowDepthState)' starts outside 0…\(model.steps.count), the flow's steps")
        }
        let setsDepth = (model.rows + model.components.flatMap(\.rows)).contains { row in
            row.tap.contains { if case .set(slot, _) = $0 { true } else if case .toggle(slot) = $0 { true } else { false } }
        }
        if setsDepth { throw LoadError(section: "ROWS", offset: 0, message: "a tap action sets '\(ScreenModel.flowDepthState)'; only push and pop may") }
    }

    /// Every `insert` action names a component of the screen, gives only
    /// its parameters, each of its type, and every parameter without a
    /// default: what `ScreenModel.instantiate` would otherwise refuse when
    /// the user taps.
    static func validateInsertions(_ model: ScreenModel) throws(LoadError) {
        var typer = ExpressionTyper(
            constants: model.expressions.constants, code: model.expressions.code, state: model.state, enums: model.enums,
            parameters: model.parameters)
        // Components, and each one's parameters, found by name (the first
        // of a name): searched for each action and each argument, a file
        // of many inserts of a component of many parameters was quadratic.
        let templates = Dictionary(model.components.indices.map { (model.components[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
        var places: [Int: [String: Int]] = [:]
        for index in model.rows.indices {
            for case .insert(let component, let arguments, _, _) in model.rows[index].tap {
                func fail(_ message: String) -> LoadError {
                    LoadError(section: "ACTIONS", offset: 0, message: "row \(index) inserts \(message)")
                }
                guard let number = templates[component] else {
                    throw fail("component '\(component)', which the screen does not have")
                }
                let parameters = model.components[number].parameters.map { model.parameters[$0] }
                let place = places[number] ?? Dictionary(parameters.indices.map { (parameters[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
                places[number] = place
                var given = [Bool](repeating: false, count: parameters.count)
                for argument in arguments {
                    guard let at = place[argument.name] else {
                        throw fail("\(component) with an argument '\(argument.name)' it does not take")
                    }
                    let kind = typer.type(start: Int(argument.value.start), count: Int(argument.value.count))
                    guard let kind, ValueKind(parameters[at].type).accepts(kind) else {
                        throw fail("\(component) with argument '\(argument.name)' of the wrong type")
                    }
                    given[at] = true
                }
                // A name given once for each of its places: a parameter
                // named twice is given when its first place is.
                for at in parameters.indices where parameters[at].defaultValue == nil && !given[place[parameters[at].name] ?? at] {
                    throw fail("\(component) without its argument '\(parameters[at].name)'")
                }
            }
        }
    }
}
