// Hover (a property's type, default and meaning from the one property
// catalogue; a state's or parameter's type; a component's signature; an
// enum's cases) and completion by context (row kinds, components,
// properties and blocks where a member starts; values after a property's
// colon; enum cases after a dot; a component's parameters in an instance).

import StackCompiler
import StackParser

extension LanguageServer {
    func hover(_ document: Document, _ params: [String: Any]) -> Any {
        guard let offset = offset(document, params) else { return JSONNull() }
        let project = Project(document)
        let view = project.files[0]
        guard let index = view.token(at: offset), view.tokens[index].kind == .identifier else { return JSONNull() }
        let name = view.text(index)
        var text: String?
        if let symbol = project.symbol(file: 0, token: index) {
            text = describe(symbol, project)
        } else if project.isPropertyName(view, index), let spec = Completion.spec(named: name, at: offset, in: view, project: project) {
            text = "**\(spec.name)**: \(Completion.shapeText(spec.shape)) — \(spec.summary)\n\ndefault: \(spec.defaultText)"
        } else if let kind = RowKind(rawValue: name) {
            text = "**\(kind.rawValue)**: a built-in row kind"
        }
        guard let text else { return JSONNull() }
        return [
            "contents": ["kind": "markdown", "value": text],
            "range": document.source.range(view.tokens[index].start, view.tokens[index].end, encoding: encoding),
        ]
    }

    func describe(_ symbol: Symbol, _ project: Project) -> String {
        switch symbol.kind {
        case .component:
            guard let (file, decl) = project.component(symbol.name) else { return "component \(symbol.name)" }
            let parameters = decl.parameters.map { p in
                "\(p.name.name): \(p.type.name)" + (p.defaultValue != nil ? " = …" : "")
            }
            let source = project.files[file].source
            let defaults = decl.parameters.map { p -> String in
                guard let value = p.defaultValue else { return "\(p.name.name): \(p.type.name)" }
                return "\(p.name.name): \(p.type.name) = \(source.text(of: value.span))"
            }
            _ = parameters
            return "```stack\ncomponent \(decl.name.name)(\(defaults.joined(separator: ", "))): \(decl.base.name)\n```"
        case .enumType:
            let cases = project.enumeration(symbol.name)?.decl.cases.map(\.name) ?? []
            return "```stack\nenum \(symbol.name) { \(cases.joined(separator: ", ")) }\n```"
        case .enumCase:
            return "case **.\(symbol.name)**" + (symbol.scope.map { " of enum \($0)" } ?? "")
        case .state:
            for view in project.files {
                guard let stack = view.stacks.first(where: { $0.name.name == symbol.scope }),
                    let state = Project.states(of: stack).first(where: { $0.name.name == symbol.name })
                else { continue }
                let type = state.type?.name ?? "inferred"
                return "```stack\nstate \(symbol.name): \(type) = \(view.source.text(of: state.initialValue.span))\n```\nstate of \(stack.kind.rawValue) \(stack.name.name)"
            }
            return "state \(symbol.name)"
        case .parameter:
            let parameter = project.component(symbol.scope ?? "")?.decl.parameters.first { $0.name.name == symbol.name }
            return "**\(symbol.name)**: \(parameter?.type.name ?? "?") — parameter of \(symbol.scope ?? "")"
        case .rowID:
            return "row **\(symbol.name)** of \(symbol.scope ?? "")"
        case .step:
            return "step **\(symbol.name)** of flow \(symbol.scope ?? "")"
        case .record:
            guard let (file, decl) = project.record(symbol.name) else { return "record \(symbol.name)" }
            let fields = decl.fields.map { field in
                "\(field.name.name): \(field.isList ? "[\(field.type.name)]" : field.type.name)"
                    + (field.defaultValue.map { " = " + project.files[file].source.text(of: $0.span) } ?? "")
            }
            return "```stack\nrecord \(symbol.name) { \(fields.joined(separator: "  ")) }\n```"
        case .field:
            let field = project.record(symbol.scope ?? "")?.decl.fields.first { $0.name.name == symbol.name }
            return "**\(symbol.name)**: \(field.map { $0.isList ? "[\($0.type.name)]" : $0.type.name } ?? "?") — field of record \(symbol.scope ?? "")"
        case .data:
            for view in project.files {
                guard let stack = view.stacks.first(where: { $0.name.name == symbol.scope }),
                    let decl = Project.data(of: stack).first(where: { $0.name.name == symbol.name })
                else { continue }
                return "```stack\ndata \(symbol.name): \(decl.isList ? "[\(decl.type.name)]" : decl.type.name)\n```\nbound at run time (LiveScreen.bind, --data)"
            }
            return "data \(symbol.name)"
        }
    }

    func completion(_ document: Document, _ params: [String: Any]) -> Any {
        guard let offset = offset(document, params) else { return [] }
        let project = Project(document)
        return ["isIncomplete": false, "items": Completion(project: project, view: project.files[0], offset: offset).items()]
    }
}

/// Completion at one place of a file.
struct Completion {
    let project: Project
    let view: FileView
    let offset: Int

    /// LSP completion item kinds.
    enum ItemKind: Int {
        case keyword = 14, property = 10, classKind = 7, enumMember = 20, variable = 6, value = 12, field = 5
    }

    /// The blocks (and `state`) each place may hold.
    static let rowBlocks = ["separator", "transition"]
    static let curves = ["linear", "ease-in", "ease-out", "ease-in-out", "spring(0.8)"]

    func items() -> [[String: Any]] {
        let tokensBefore = view.tokens.prefix { $0.end <= offset && $0.kind != .endOfFile }
        let last = tokensBefore.last
        // After a dot: enum cases.
        if last?.kind == .dot || (last?.kind == .identifier && tokensBefore.dropLast().last?.kind == .dot && last?.end == offset) {
            return project.enums.flatMap { entry in
                entry.decl.cases.map { item($0.name, .enumMember, detail: "case of \(entry.decl.name.name)") }
            }
        }
        let context = Self.context(at: offset, in: view, project: project)
        // In a property's value: the part after `name:` on this member.
        if let property = propertyBeingValued(tokensBefore) {
            return values(for: property, context: context)
        }
        // Where a member starts.
        var out: [[String: Any]] = []
        if context.allowsRows {
            out += RowKind.allCases.map { item($0.rawValue, .classKind, detail: "row kind") }
            out += project.components.map { item($0.decl.name.name, .classKind, detail: "component: \($0.decl.base.name)") }
        }
        for spec in context.properties {
            out.append(item(spec.name, .property, detail: "\(Self.shapeText(spec.shape)) = \(spec.defaultText)", documentation: spec.summary, insert: spec.name + ": "))
        }
        for parameter in context.parameters {
            out.append(item(parameter.name.name, .field, detail: "parameter: \(parameter.type.name)", insert: parameter.name.name + ": "))
        }
        out += context.blocks.map { item($0, .keyword, detail: "block") }
        return out
    }

    /// The property whose value the cursor is in, if any.
    func propertyBeingValued(_ before: ArraySlice<Token>) -> String? {
        if let last = before.last, last.end < offset {
            let between = view.source.bytes[last.end..<offset]
            // On a later line than the last token: a new member.
            if between.contains(0x0A) { return nil }
            // After a finished value and a space, a new member starts (`size: 40  |`).
            if [.identifier, .number, .percent, .duration, .string, .color, .rightParen].contains(last.kind),
                between.allSatisfy({ $0 == 0x20 || $0 == 0x09 })
            {
                return nil
            }
        }
        var index = before.endIndex - 1
        while index >= before.startIndex {
            let token = before[index]
            if token.kind == .leftBrace || token.kind == .rightBrace { return nil }
            if token.kind == .colon, index > before.startIndex, before[index - 1].kind == .identifier,
                project.isPropertyName(view, index - 1)
            {
                return view.text(index - 1)
            }
            if token.newlineBefore, token.kind == .identifier { return nil }
            index -= 1
        }
        return nil
    }

    func values(for property: String, context: Context) -> [[String: Any]] {
        var out: [[String: Any]] = []
        if let spec = context.properties.first(where: { $0.name == property }) {
            switch spec.shape {
            case .keyword(let words), .keywordList(let words): out += words.map { item($0, .value, detail: property) }
            case .curve: out += Self.curves.map { item($0, .value, detail: "curve") }
            case .separator, .behavior, .separation, .fading: out.append(item("none", .value, detail: property))
            case .actions:
                out += ["toggle(", "set(", "emit(\"", "scroll-to(", "push(", "pop("].map { item($0, .keyword, detail: "action") }
            case .value(let type):
                if type == .bool { out += ["true", "false"].map { item($0, .value, detail: "bool") } }
                if type == .length { out += ["fit", "fill"].map { item($0, .value, detail: "length") } }
                if type == .color {
                    out += ColorNames.table.sorted { $0.key < $1.key }.map { name, rgba in
                        item(name, .value, detail: "colour #" + String(rgba, radix: 16, uppercase: true))
                    }
                }
                if type == .color {
                    out += AdaptiveNames.colors.map { color in
                        item(color.name, .value, detail: "colour: light #\(String(color.light, radix: 16, uppercase: true)), dark #\(String(color.dark, radix: 16, uppercase: true))")
                    }
                    out.append(item("light-dark(", .keyword, detail: "a colour for light, then one for dark"))
                }
                if type == .number, property == "font" {
                    out += AdaptiveNames.textStyles.map { item($0.name, .value, detail: "text style: \(Int($0.size)) pt at the default size") }
                    out.append(item("scaled(", .keyword, detail: "a size that follows the text size as body does"))
                }
            default: break
            }
        }
        out += context.states.map { item($0.name.name, .variable, detail: "state: \($0.type?.name ?? "inferred")") }
        for parameter in context.scopeParameters { out.append(item(parameter.name.name, .variable, detail: "parameter: \(parameter.type.name)")) }
        return out
    }

    func item(_ label: String, _ kind: ItemKind, detail: String, documentation: String? = nil, insert: String? = nil) -> [String: Any] {
        var item: [String: Any] = ["label": label, "kind": kind.rawValue, "detail": detail]
        if let documentation { item["documentation"] = documentation }
        if let insert { item["insertText"] = insert }
        return item
    }

    // MARK: Context

    /// What the innermost block around the cursor accepts.
    struct Context {
        var properties: [PropertySpec] = []
        var parameters: [ParameterDecl] = []
        var allowsRows = false
        var states: [StateDecl] = []
        /// The parameters of the component whose body the cursor is in.
        var scopeParameters: [ParameterDecl] = []
        /// Block keywords (and `state`) that may start here.
        var blocks: [String] = []
    }

    static func context(at offset: Int, in view: FileView, project: Project) -> Context {
        var context = Context()
        for stack in view.stacks where stack.body.span.start < offset && offset <= stack.body.span.end {
            context.states = Project.states(of: stack)
            context.properties = PropertyCatalog.properties(of: stack.kind == .screen ? .screen : .flow)
            context.allowsRows = stack.kind == .screen
            context.blocks = stack.kind == .screen ? ["state", "data", "defaults"] : ["state", "step", "defaults"]
            descend(stack.body, offset, project, &context)
        }
        for component in view.components where component.body.span.start < offset && offset <= component.body.span.end {
            context.scopeParameters = component.parameters
            context.properties = properties(ofKind: component.base.name, project: project)
            context.allowsRows = component.base.name == "Stack"
            context.blocks = rowBlocks + ["accessibility"] + (component.base.name == "View" ? ["props"] : [])
            descend(component.body, offset, project, &context)
        }
        return context
    }

    private static func descend(_ block: Block, _ offset: Int, _ project: Project, _ context: inout Context) {
        for member in block.members {
            switch member {
            case .row(let row) where row.body.span.start < offset && offset <= row.body.span.end:
                context.properties = properties(ofKind: row.kind.name, project: project)
                context.parameters = project.component(row.kind.name)?.decl.parameters ?? []
                let base = project.component(row.kind.name)?.decl.base.name ?? row.kind.name
                context.allowsRows = base == "Stack"
                context.blocks = rowBlocks + ["accessibility"] + (base == "View" ? ["props"] : [])
                descend(row.body, offset, project, &context)
            case .block(let nested) where nested.body.span.start < offset && offset <= nested.body.span.end:
                let blockContext: BlockContext? = switch nested.keyword {
                case .defaults: .defaults
                case .separator: .separator
                case .transition: .transition
                case .from, .to: .keyframe
                case .step: .step
                case .accessibility: .accessibility
                case .props: nil
                }
                context.properties = blockContext.map(PropertyCatalog.properties(of:)) ?? []
                context.parameters = []
                context.allowsRows = nested.keyword == .step
                context.blocks = switch nested.keyword {
                case .defaults: rowBlocks
                case .transition: ["from", "to"]
                case .step: ["state"]
                default: []
                }
                descend(nested.body, offset, project, &context)
            default: break
            }
        }
    }

    static func properties(ofKind name: String, project: Project) -> [PropertySpec] {
        let base = RowKind(rawValue: name)?.rawValue ?? project.component(name)?.decl.base.name ?? name
        guard let context = BlockContext(rawValue: base) else { return PropertyCatalog.common }
        return PropertyCatalog.properties(of: context)
    }

    /// The catalogue entry for a property name at `offset`.
    static func spec(named name: String, at offset: Int, in view: FileView, project: Project) -> PropertySpec? {
        context(at: offset, in: view, project: project).properties.first { $0.name == name }
            ?? BlockContext.allCases.lazy.compactMap { PropertyCatalog.properties(of: $0).first { $0.name == name } }.first
    }

    static func shapeText(_ shape: PropertyShape) -> String {
        switch shape {
        case .value(let type): "\(type)"
        case .edges: "1–4 numbers (CSS order)"
        case .keyword(let words): words.joined(separator: " | ")
        case .separator: "none | separator { … }"
        case .actions: "actions"
        case .curve: "curve"
        case .offset: "x y"
        case .behavior: "none | snap-hide(top | bottom)"
        case .separation: "none | line(thickness, color) | padding(size)"
        case .fading: "none | tint(…) gradient(…)"
        case .keywordList(let words): "list of " + words.joined(separator: " | ")
        }
    }
}
