// What each screen's generated Swift is called, checked: two source names
// that become one Swift name, or a name that becomes one of the members the
// generator writes itself, are errors at the source naming both. Spans and
// doc comments come from the files' syntax, parsed again (cheap, and the
// checked program keeps only what lowering needs).

import StackParser
import StackRuntime

/// A source name and the Swift name it becomes.
struct NamePair: Hashable {
    var source: String
    var swift: String
}

/// Everything the writer needs to know of one screen's names.
struct ScreenPlan {
    var typeName: String
    var doc: [String]
    var isFlow: Bool
    var states: [StatePlan]
    var enums: [EnumPlan]
    var rows: [NamePair]
    var events: [NamePair]
    var components: [ComponentPlan]
    var steps: [NamePair]
    var data: [DataPlan] = []
    /// The structs of the data's records and of the records in them.
    var records: [RecordPlan] = []

    /// The first enum plan of each source name, for the writer's lookups
    /// (a walk of the list for each state and constant was quadratic).
    func enumsBySource() -> [String: EnumPlan] {
        Dictionary(enums.map { ($0.name.source, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// A screen's `data`: its setter (`setAmenities`) and its record's struct
/// (`Amenity`).
struct DataPlan {
    var name: NamePair
    var setter: String
    var record: NamePair
    var isList: Bool
}

/// A record's struct: its fields, each a value, another record's struct or
/// an array of one.
struct RecordPlan {
    enum Kind {
        case value(RuntimeType, RuntimeValue?)
        case record(String)
        case list(String)
    }
    var name: NamePair
    var fields: [(name: NamePair, kind: Kind)]
}

struct StatePlan {
    var name: NamePair
    var type: RuntimeType
    var doc: [String]
}

struct EnumPlan {
    var name: NamePair
    var cases: [NamePair]
}

struct ComponentPlan {
    var name: NamePair
    var parameters: [(name: NamePair, type: RuntimeType, defaultValue: RuntimeValue?)]
    var doc: [String]
}

/// The files' syntax, for spans and comments.
struct SourceSyntax {
    let sources: SourceManager
    let files: [SourceFileSyntax]
    /// The first declaration of each name (stacks of the first file only).
    /// Looked up by walking every declaration — copied into one array for
    /// each lookup — generating a file of 30,000 enums took 72 s.
    private var stacks: [String: StackDecl] = [:]
    private var enums: [String: EnumDecl] = [:]
    private var components: [String: ComponentDecl] = [:]
    /// Where `emit(` and each string literal after it is first written, by
    /// the bytes of both: searching the files again for each event name
    /// was quadratic in them.
    private var emits: [[UInt8]: Span] = [:]

    init(_ sources: SourceManager) {
        self.sources = sources
        files = sources.files.indices.map { Parser.parse(sources[FileID($0)], id: FileID($0)).0 }
        for (index, file) in files.enumerated() {
            for declaration in file.declarations {
                switch declaration {
                case .stack(let decl) where index == 0: stacks[decl.name.name] = stacks[decl.name.name] ?? decl
                case .enumeration(let decl): enums[decl.name.name] = enums[decl.name.name] ?? decl
                case .component(let decl): components[decl.name.name] = components[decl.name.name] ?? decl
                default: break
                }
            }
        }
        for index in sources.files.indices { findEmits(in: sources[FileID(index)].bytes, file: FileID(index)) }
    }

    func stack(named name: String) -> StackDecl? { stacks[name] }

    func enumeration(named name: String) -> EnumDecl? { enums[name] }

    func component(named name: String) -> ComponentDecl? { components[name] }

    /// `state` declarations of a screen or flow, by name.
    func states(of decl: StackDecl) -> [String: StateDecl] {
        var out: [String: StateDecl] = [:]
        for case .state(let state) in decl.body.members where out[state.name.name] == nil { out[state.name.name] = state }
        return out
    }

    /// Row ids written in a block and the blocks inside it, first spelling first.
    func rowIDs(in block: Block, into out: inout [String: Span]) {
        for member in block.members {
            switch member {
            case .row(let row):
                if let id = row.id, out[id.name] == nil { out[id.name] = id.span }
                rowIDs(in: row.body, into: &out)
            case .block(let nested):
                rowIDs(in: nested.body, into: &out)
            default: break
            }
        }
    }

    /// Where `emit("name")` is first written, in any file.
    func emitSpan(_ name: String) -> Span? {
        emits[Array(("emit(" + SwiftNames.stringLiteral(name)).utf8)]
    }

    /// Records each `emit(` followed by a string literal in `bytes`, the
    /// first of each spelling: its span is the literal's.
    private mutating func findEmits(in bytes: [UInt8], file: FileID) {
        let opening = Array("emit(\"".utf8)
        var start = 0
        while start + opening.count <= bytes.count {
            guard bytes[start] == opening[0], bytes[start..<start + opening.count].elementsEqual(opening) else {
                start += 1
                continue
            }
            // The literal's end: the next quote not escaped by a backslash.
            var end = start + opening.count
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\n") {
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else {
                start += opening.count
                continue
            }
            let key = Array(bytes[start...end])
            if emits[key] == nil { emits[key] = Span(file: file, start: start + 5, end: end + 1) }
            start = end + 1
        }
    }

    /// The `//` comment lines right above `span` (nothing but blank space
    /// between them), their text without the slashes.
    func docComment(before span: Span) -> [String] {
        guard span.file.rawValue < files.count else { return [] }
        let source = sources[span.file]
        let comments = files[span.file.rawValue].comments.filter { $0.end <= span.start }
        var lines: [String] = []
        var boundary = span.start
        for comment in comments.reversed() {
            let between = source.bytes[comment.end..<boundary]
            guard between.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }),
                between.count(where: { $0 == 0x0A }) <= 1
            else { break }
            var text = source.text(of: comment)
            guard text.hasPrefix("//") else { break }
            text.removeFirst(2)
            if text.hasPrefix(" ") { text.removeFirst() }
            lines.insert(text, at: 0)
            boundary = comment.start
        }
        return lines
    }
}

/// Works out Swift names and reports the clashes.
struct SwiftNaming {
    let syntax: SourceSyntax
    let suffix: String
    /// The program's records, for the structs of nested ones.
    var records: [String: CheckedRecord] = [:]
    private(set) var diagnostics = DiagnosticList()
    /// What was reported: the file's enums and components are planned once
    /// per screen, and a clash among them is reported once.
    private var reported = Set<Diagnostic>()
    /// Type names given so far in this file, with the screen that took each.
    private var typeNames: [String: (source: String, span: Span)] = [:]

    /// Members and nested types the generator writes into every screen's class.
    static let members: Set<String> = [
        "live", "compiled", "model", "layout", "tap", "press", "release", "cancel", "insert", "remove", "scroll",
        "change", "frame", "key", "setHidden", "push", "pop", "offset", "outcome", "init",
    ]
    static let nestedTypes: Set<String> = ["Row", "Event", "Component", "Outcome", "Layout", "Step"]

    init(syntax: SourceSyntax, suffix: String) {
        self.syntax = syntax
        self.suffix = suffix
    }

    mutating func plan(_ stack: CheckedStack, _ model: ScreenModel) -> ScreenPlan {
        let decl = syntax.stack(named: stack.name)
        let nameSpan = decl?.name.span ?? stack.span
        let typeName = SwiftNames.upperCamel(stack.name) + SwiftNames.upperCamel(suffix).filter { $0 != "_" }
        if let taken = typeNames[typeName] {
            clash("\(stack.kind.rawValue) '\(stack.name)' and '\(taken.source)' both become the Swift type '\(typeName)'; rename one", nameSpan, taken.span)
        } else {
            typeNames[typeName] = (stack.name, nameSpan)
        }
        var scope = Scope()

        // The file's enums become nested types; their cases, cases.
        var enums: [EnumPlan] = []
        for enumeration in model.enums where !enumeration.cases.isEmpty && !ScreenModel.isEnvironmentState(enumeration.name) {
            let enumDecl = syntax.enumeration(named: enumeration.name)
            let span = enumDecl?.name.span ?? stack.span
            let swift = SwiftNames.upperCamel(enumeration.name)
            if Self.nestedTypes.contains(swift) {
                reserved("enum '\(enumeration.name)'", swift, span)
            }
            claim(&scope.types, source: enumeration.name, swift: swift, what: "enum", span: span)
            var cases = Scope()
            var casePairs: [NamePair] = []
            // Each case's span by name, the first of a name: found by walking
            // the declaration's cases for each, an enum of 50,000 cases was
            // quadratic.
            var caseSpans: [String: Span] = [:]
            for item in enumDecl?.cases ?? [] where caseSpans[item.name] == nil { caseSpans[item.name] = item.span }
            for name in enumeration.cases {
                let caseSpan = caseSpans[name] ?? span
                let swiftCase = SwiftNames.lowerCamel(name)
                claim(&cases.members, source: name, swift: swiftCase, what: "case of '\(enumeration.name)'", span: caseSpan)
                casePairs.append(NamePair(source: name, swift: swiftCase))
            }
            enums.append(EnumPlan(name: NamePair(source: enumeration.name, swift: swift), cases: casePairs))
        }

        // State: typed properties of the class.
        let stateDecls = decl.map(syntax.states(of:)) ?? [:]
        var states: [StatePlan] = []
        // Components' template slots hold only initial values for instances inserted later.
        // Data's slots are set by binding (the `set…` methods), not as state;
        // the environment's by `live.setAppearance` and `live.setContentSize`.
        let templateSlots = Set(model.components.flatMap(\.states) + model.data.flatMap(\.slots))
        for (index, slot) in model.state.enumerated()
        where slot.name != ScreenModel.flowDepthState && !ScreenModel.isEnvironmentState(slot.name) && !templateSlots.contains(index) {
            let span = stateDecls[slot.name]?.name.span ?? stack.span
            let swift = SwiftNames.lowerCamel(slot.name)
            if Self.members.contains(swift) { reserved("state '\(slot.name)'", swift, span) }
            claim(&scope.members, source: slot.name, swift: swift, what: "state", span: span)
            states.append(StatePlan(
                name: NamePair(source: slot.name, swift: swift), type: slot.type,
                doc: stateDecls[slot.name].map { syntax.docComment(before: $0.span) } ?? []))
        }

        // Row ids (unique in a screen, by E0202): cases of `Row`.
        var idSpans: [String: Span] = [:]
        if let decl { syntax.rowIDs(in: decl.body, into: &idSpans) }
        var rowScope = Scope()
        var rows: [NamePair] = []
        var seenIDs = Set<String>()
        for row in model.rows {
            guard let id = row.id, seenIDs.insert(id).inserted else { continue }
            let swift = SwiftNames.lowerCamel(id)
            claim(&rowScope.members, source: id, swift: swift, what: "row id", span: idSpans[id] ?? stack.span)
            rows.append(NamePair(source: id, swift: swift))
        }

        // `emit` names: cases of `Event`.
        // In the order first met; the set spares walking the list for each
        // (quadratic in a screen's events).
        var eventNames: [String] = []
        var seenEvents: Set<String> = []
        func collect(_ actions: [ActionModel]) {
            for case .emit(let name) in actions where seenEvents.insert(name).inserted { eventNames.append(name) }
        }
        for row in model.rows { collect(row.tap) }
        for template in model.components { for row in template.rows { collect(row.tap) } }
        for repeater in model.repeaters { for row in repeater.template.rows { collect(row.tap) } }
        var eventScope = Scope()
        var events: [NamePair] = []
        for name in eventNames {
            let swift = SwiftNames.lowerCamel(name)
            claim(&eventScope.members, source: name, swift: swift, what: "emit name", span: syntax.emitSpan(name) ?? stack.span)
            events.append(NamePair(source: name, swift: swift))
        }

        // Components the screen can insert: cases of `Component`.
        var componentScope = Scope()
        var components: [ComponentPlan] = []
        for template in model.components {
            let componentDecl = syntax.component(named: template.name)
            let span = componentDecl?.name.span ?? stack.span
            let swift = SwiftNames.lowerCamel(template.name)
            claim(&componentScope.members, source: template.name, swift: swift, what: "component", span: span)
            var parameterScope = Scope()
            var parameters: [(name: NamePair, type: RuntimeType, defaultValue: RuntimeValue?)] = []
            for index in template.parameters {
                let parameter = model.parameters[index]
                let parameterSpan = componentDecl?.parameters.first { $0.name.name == parameter.name }?.name.span ?? span
                let label = SwiftNames.lowerCamel(parameter.name)
                claim(&parameterScope.members, source: parameter.name, swift: label, what: "parameter of '\(template.name)'", span: parameterSpan)
                parameters.append((NamePair(source: parameter.name, swift: label), parameter.type, parameter.defaultValue))
            }
            components.append(ComponentPlan(
                name: NamePair(source: template.name, swift: swift), parameters: parameters,
                doc: componentDecl.map { syntax.docComment(before: $0.span) } ?? []))
        }

        // A flow's steps: cases of `Step`.
        var stepScope = Scope()
        var steps: [NamePair] = []
        for step in model.steps {
            let swift = SwiftNames.lowerCamel(step.name)
            claim(&stepScope.members, source: step.name, swift: swift, what: "step", span: stack.span)
            steps.append(NamePair(source: step.name, swift: swift))
        }

        // Data: a setter per data, a struct per record (once, nested ones too).
        var dataPlans: [DataPlan] = []
        var recordPlans: [RecordPlan] = []
        var recordNames: [String: String] = [:]
        func recordStruct(_ name: String, model record: RecordModel, prefix: String) -> String {
            if let known = recordNames[name] { return known }
            let swiftName = SwiftNames.upperCamel(name)
            if Self.nestedTypes.contains(swiftName) { reserved("record '\(name)'", swiftName, stack.span) }
            claim(&scope.types, source: name, swift: swiftName, what: "record", span: stack.span)
            recordNames[name] = swiftName
            var fieldScope = Scope()
            var fields: [(name: NamePair, kind: RecordPlan.Kind)] = []
            for field in records[name]?.fields ?? [] {
                let swift = SwiftNames.lowerCamel(field.name)
                if swift == "json" { reserved("field '\(field.name)'", swift, stack.span) }
                claim(&fieldScope.members, source: field.name, swift: swift, what: "field of '\(name)'", span: stack.span)
                let pair = NamePair(source: field.name, swift: swift)
                let flat = record.fields.first { $0.name == prefix + field.name }
                switch field.shape {
                case .value:
                    guard let flat else { continue }
                    fields.append((pair, .value(flat.type, flat.defaultValue)))
                case .record(let nested):
                    fields.append((pair, .record(recordStruct(nested, model: record, prefix: prefix + field.name + "."))))
                case .list(let element):
                    guard let elementModel = flat?.elementRecord else { continue }
                    fields.append((pair, .list(recordStruct(element, model: elementModel, prefix: ""))))
                }
            }
            recordPlans.append(RecordPlan(name: NamePair(source: name, swift: swiftName), fields: fields))
            return swiftName
        }
        for data in model.data {
            let setter = "set" + SwiftNames.upperCamel(data.name)
            if Self.members.contains(setter) { reserved("data '\(data.name)'", setter, stack.span) }
            claim(&scope.members, source: data.name, swift: setter, what: "data", span: stack.span)
            let recordSwift = recordStruct(data.record.name, model: data.record, prefix: "")
            dataPlans.append(DataPlan(
                name: NamePair(source: data.name, swift: setter), setter: setter, record: NamePair(source: data.record.name, swift: recordSwift),
                isList: data.isList))
        }

        var plan = ScreenPlan(
            typeName: typeName, doc: decl.map { syntax.docComment(before: $0.span) } ?? [], isFlow: model.isFlow,
            states: states, enums: enums, rows: rows, events: events, components: components, steps: steps)
        plan.data = dataPlans
        plan.records = recordPlans
        return plan
    }

    /// Swift names taken in one scope, with the source name and span that took each.
    struct Scope {
        var members: [String: (source: String, span: Span)] = [:]
        var types: [String: (source: String, span: Span)] = [:]
    }

    private mutating func claim(
        _ taken: inout [String: (source: String, span: Span)], source: String, swift: String, what: String, span: Span
    ) {
        if let earlier = taken[swift], earlier.source != source {
            clash("\(what) '\(source)' and '\(earlier.source)' both become the Swift name '\(swift)'; rename one", span, earlier.span)
        } else if taken[swift] == nil {
            taken[swift] = (source, span)
        }
    }

    private mutating func clash(_ message: String, _ span: Span, _ other: Span) {
        report(Diagnostic(.swiftNameClash, span, message, notes: [DiagnosticNote(span: other, message: "the other name is here")]))
    }

    private mutating func reserved(_ what: String, _ swift: String, _ span: Span) {
        report(Diagnostic(
            .swiftNameReserved, span,
            "\(what) becomes the Swift name '\(swift)', which the generated screen type uses itself; rename it"))
    }

    private mutating func report(_ diagnostic: Diagnostic) {
        if reported.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
    }
}
