// What a name in a .stack file refers to, and where else it is written:
// components, enums and their cases, state, row ids, component parameters
// and flow steps. Names are resolved from the tokens and the syntax tree of
// the document and the files it imports.

import StackParser

/// A named thing a file declares.
struct Symbol: Hashable {
    enum Kind: String {
        case component, enumType = "enum", enumCase = "enum case", state, rowID = "row id", parameter, step
        case record, field, data
    }

    var kind: Kind
    var name: String
    /// The screen, flow or component the name belongs to (state, row ids,
    /// steps, parameters); nil for file-level names.
    var scope: String?
}

/// One file's tokens and syntax.
struct FileView {
    let id: FileID
    let source: SourceFile
    let tokens: [Token]
    let comments: [Span]
    let syntax: SourceFileSyntax
    let index: FileIndex

    init(id: FileID, source: SourceFile) {
        self.id = id
        self.source = source
        var lexer = Lexer(file: id)
        tokens = Self.splittingInterpolations(lexer.tokenize(source.bytes), source.bytes, id)
        comments = lexer.comments
        syntax = Parser.parse(source, id: id).0
        index = FileIndex(syntax)
    }

    /// The tokens with each interpolated string cut into its text pieces
    /// (still `.string` tokens) and the tokens of its values, so that names
    /// inside `"\(nights) nights"` are found, highlighted and renamed.
    static func splittingInterpolations(_ tokens: [Token], _ bytes: [UInt8], _ id: FileID) -> [Token] {
        var out: [Token] = []
        out.reserveCapacity(tokens.count)
        for token in tokens {
            let ranges = Lexer.interpolationRanges(of: token, in: bytes)
            guard !ranges.isEmpty else {
                out.append(token)
                continue
            }
            var cursor = token.start
            for range in ranges {
                out.append(Token(kind: .string, start: cursor, end: range.lowerBound, spaceBefore: token.spaceBefore, newlineBefore: false))
                var lexer = Lexer(file: id)
                let inner = lexer.tokenize(bytes, from: range.lowerBound, to: range.upperBound).dropLast()
                out += splittingInterpolations(Array(inner), bytes, id)
                cursor = range.upperBound
            }
            out.append(Token(kind: .string, start: cursor, end: token.end, spaceBefore: false, newlineBefore: false))
        }
        return out
    }

    func text(_ index: Int) -> String {
        String(decoding: source.bytes[tokens[index].start..<tokens[index].end], as: UTF8.self)
    }

    func kind(_ index: Int) -> TokenKind? {
        index >= 0 && index < tokens.count ? tokens[index].kind : nil
    }

    /// The token covering `offset`, or ending at it (a cursor just after a
    /// name); a token starting there wins over one ending there.
    func token(at offset: Int) -> Int? {
        var low = 0, high = tokens.count
        // The first token that ends at or after `offset`.
        while low < high {
            let mid = (low + high) / 2
            if tokens[mid].end < offset { low = mid + 1 } else { high = mid }
        }
        guard low < tokens.count, tokens[low].start <= offset else { return nil }
        if tokens[low].end == offset, low + 1 < tokens.count, tokens[low + 1].start == offset { return low + 1 }
        return low
    }

    var stacks: [StackDecl] { index.stacks }
    var components: [ComponentDecl] { index.components }
    var enums: [EnumDecl] { index.enums }
    var records: [RecordDecl] { index.records }
}

/// The document and its imports, with name resolution over all of them.
struct Project {
    let files: [FileView]
    /// Every file's components, enums and records, file by file.
    let components: [(file: Int, decl: ComponentDecl)]
    let enums: [(file: Int, decl: EnumDecl)]
    let records: [(file: Int, decl: RecordDecl)]
    /// The first of each name, as places in the arrays above.
    private let componentPlaces: [String: Int]
    private let enumPlaces: [String: Int]
    private let recordPlaces: [String: Int]
    /// By case name, how many enums declare it and the first that does.
    private let caseDeclarers: [String: (count: Int, first: Int)]

    init(_ document: Document) {
        var files = [FileView(id: FileID(0), source: document.source)]
        for (index, source) in document.check.sources.files.enumerated() where index > 0 {
            files.append(FileView(id: FileID(index), source: source))
        }
        self.files = files
        components = files.indices.flatMap { f in files[f].components.map { (f, $0) } }
        enums = files.indices.flatMap { f in files[f].enums.map { (f, $0) } }
        records = files.indices.flatMap { f in files[f].records.map { (f, $0) } }
        func firstPlaces(_ names: [String]) -> [String: Int] {
            Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
        componentPlaces = firstPlaces(components.map(\.decl.name.name))
        enumPlaces = firstPlaces(enums.map(\.decl.name.name))
        recordPlaces = firstPlaces(records.map(\.decl.name.name))
        var declarers: [String: (count: Int, first: Int)] = [:]
        for (place, entry) in enums.enumerated() {
            for name in Set(entry.decl.cases.map(\.name)) {
                declarers[name, default: (0, place)].count += 1
            }
        }
        caseDeclarers = declarers
    }

    func component(_ name: String) -> (file: Int, decl: ComponentDecl)? { componentPlaces[name].map { components[$0] } }
    func record(_ name: String) -> (file: Int, decl: RecordDecl)? { recordPlaces[name].map { records[$0] } }
    func enumeration(_ name: String) -> (file: Int, decl: EnumDecl)? { enumPlaces[name].map { enums[$0] } }

    /// The enum declaring case `name`, when exactly one does.
    func enumDeclaring(case name: String) -> EnumDecl? {
        guard let declarers = caseDeclarers[name], declarers.count == 1 else { return nil }
        return enums[declarers.first].decl
    }

    /// Whether any enum declares case `name`.
    func isEnumCase(_ name: String) -> Bool { caseDeclarers[name] != nil }

    // MARK: Resolving

    /// What the identifier token `index` of file `f` refers to.
    func symbol(file f: Int, token index: Int) -> Symbol? {
        let view = files[f]
        guard view.kind(index) == .identifier else { return nil }
        let name = view.text(index)
        let offset = view.tokens[index].start
        let previous = view.kind(index - 1), next = view.kind(index + 1)
        // `a.title`, `hotel.name`, `d.price.amount`: a record's field,
        // read through data and the record fields before it.
        if previous == .dot, view.kind(index - 2) == .identifier {
            var root = index - 2
            var path: [String] = []
            while view.kind(root - 1) == .dot, view.kind(root - 2) == .identifier {
                path.insert(view.text(root), at: 0)
                root -= 2
            }
            guard var record = recordRead(through: view.text(root), at: offset, in: view) else { return nil }
            for field in path {
                guard let next = fieldRecord(record, field) else { return nil }
                record = next
            }
            guard record.fields.contains(where: { $0.name.name == name }) else { return nil }
            return Symbol(kind: .field, name: name, scope: record.name.name)
        }
        let container = view.index.container(at: offset)
        if case .record(let place)? = container {
            let decl = view.records[place]
            if decl.name.span.start == offset { return Symbol(kind: .record, name: name, scope: nil) }
            if view.index.fieldOffsets.contains(offset) { return Symbol(kind: .field, name: name, scope: decl.name.name) }
            if record(name) != nil, previous == .colon || previous == .leftBracket { return Symbol(kind: .record, name: name, scope: nil) }
            return nil
        }
        if record(name) != nil, previous == .colon || previous == .leftBracket {
            return Symbol(kind: .record, name: name, scope: nil)
        }
        // `.case`, not `viewport.width`.
        if previous == .dot, ![.identifier, .rightParen].contains(view.kind(index - 2) ?? .invalid) {
            return isEnumCase(name) ? Symbol(kind: .enumCase, name: name, scope: enumDeclaring(case: name)?.name.name) : nil
        }
        if case .enumeration(let place)? = container {
            if view.enums[place].name.span.start == offset { return Symbol(kind: .enumType, name: name, scope: nil) }
            if view.index.caseOffsets.contains(offset) {
                return Symbol(kind: .enumCase, name: name, scope: enumDeclaring(case: name)?.name.name)
            }
        }
        if case .component(let place)? = container {
            let decl = view.components[place]
            if decl.name.span.start == offset { return Symbol(kind: .component, name: name, scope: nil) }
            if view.index.parameterNames[place].contains(name), !isPropertyName(view, index) || view.index.parameterOffsets.contains(offset) {
                return Symbol(kind: .parameter, name: name, scope: decl.name.name)
            }
        }
        if component(name) != nil, next == .leftBrace || (next == .identifier && view.kind(index + 2) == .leftBrace) || previous == .colon && view.kind(index - 2) == .rightParen {
            return Symbol(kind: .component, name: name, scope: nil)
        }
        if enumeration(name) != nil, previous == .colon || previous == .identifier && view.text(index - 1) == "enum" {
            return Symbol(kind: .enumType, name: name, scope: nil)
        }
        guard case .stack(let place)? = container else { return nil }
        let scope = view.stacks[place].name.name
        let names = view.index.scopes[place]
        if names.hasData(name), next != .colon || previous == .identifier && view.text(index - 1) == "data" {
            return Symbol(kind: .data, name: name, scope: scope)
        }
        if names.states.contains(name) {
            let declaring = index > 0 && view.text(index - 1) == "state"
            if declaring || !isPropertyName(view, index) { return Symbol(kind: .state, name: name, scope: scope) }
        }
        if names.rowIDs[name] != nil, (next == .leftBrace && previous == .identifier) || (previous == .leftParen && index >= 2 && view.text(index - 2) == "scroll-to") {
            return Symbol(kind: .rowID, name: name, scope: scope)
        }
        if names.steps.contains(name), (previous == .leftParen && index >= 2 && view.text(index - 2) == "push") || (index > 0 && view.text(index - 1) == "step") {
            return Symbol(kind: .step, name: name, scope: scope)
        }
        return nil
    }

    /// Whether the identifier names a property (`name:` at the start of a member).
    func isPropertyName(_ view: FileView, _ index: Int) -> Bool {
        guard view.kind(index + 1) == .colon else { return false }
        let previous = view.kind(index - 1)
        return previous == nil || previous == .leftBrace || view.tokens[index].newlineBefore || previous == .semicolon
            || (previous.map { [.identifier, .number, .percent, .duration, .string, .color, .rightParen, .rightBrace].contains($0) } ?? false)
    }

    static func states(of stack: StackDecl) -> [StateDecl] {
        stack.body.members.compactMap { if case .state(let s) = $0 { s } else { nil } }
    }

    static func data(of stack: StackDecl) -> [DataDecl] {
        stack.body.members.compactMap { if case .data(let d) = $0 { d } else { nil } }
    }

    /// The record whose fields `base.field` reads at `offset`: of the
    /// element of a `for` there whose variable is `base` (its list data,
    /// or a list field of an enclosing element), or of single data `base`.
    func recordRead(through base: String, at offset: Int, in view: FileView) -> RecordDecl? {
        guard let (_, names) = view.index.stack(at: offset) else { return nil }
        // The `for`s around `offset`, outermost first.
        let loops = names.loops(around: offset)
        func record(of name: String, loops: ArraySlice<ForSyntax>) -> RecordDecl? {
            guard let at = loops.lastIndex(where: { $0.variable.name == name }) else {
                guard let decl = names.singleData[name] else { return nil }
                return self.record(decl.type.name)?.decl
            }
            var path: [String] = []
            var list = loops[at].list
            while case .member(let inner, let field) = list.kind {
                path.insert(field.name, at: 0)
                list = inner
            }
            guard case .name(let root) = list.kind else { return nil }
            var found: RecordDecl?
            if path.isEmpty {
                found = names.listData[root].flatMap { self.record($0.type.name)?.decl }
            } else {
                found = record(of: root, loops: loops[..<at])
                for field in path { found = found.flatMap { fieldRecord($0, field) } }
            }
            return found
        }
        return record(of: base, loops: loops[...])
    }

    /// The record field `field` of `record` holds (one or a list), if any.
    func fieldRecord(_ record: RecordDecl, _ field: String) -> RecordDecl? {
        record.fields.first { $0.name.name == field }.flatMap { self.record($0.type.name)?.decl }
    }

    static func steps(of stack: StackDecl) -> [Identifier] {
        stack.body.members.compactMap { if case .block(let b) = $0, b.keyword == .step { b.name } else { nil } }
    }

    static func rowIDs(in block: Block, into out: inout [String: Span]) {
        for member in block.members {
            switch member {
            case .row(let row):
                if let id = row.id, out[id.name] == nil { out[id.name] = id.span }
                rowIDs(in: row.body, into: &out)
            case .block(let nested): rowIDs(in: nested.body, into: &out)
            default: break
            }
        }
    }

    // MARK: Declarations and occurrences

    /// Where a symbol is declared: file and span of its name.
    func declaration(of symbol: Symbol) -> (file: Int, span: Span)? {
        switch symbol.kind {
        case .component: return component(symbol.name).map { ($0.file, $0.decl.name.span) }
        case .enumType: return enumeration(symbol.name).map { ($0.file, $0.decl.name.span) }
        case .enumCase:
            for (file, decl) in enums where symbol.scope == nil || decl.name.name == symbol.scope {
                if let c = decl.cases.first(where: { $0.name == symbol.name }) { return (file, c.span) }
            }
        case .parameter:
            if let (file, decl) = component(symbol.scope ?? ""), let p = decl.parameters.first(where: { $0.name.name == symbol.name }) {
                return (file, p.name.span)
            }
        case .record: return record(symbol.name).map { ($0.file, $0.decl.name.span) }
        case .field:
            if let (file, decl) = record(symbol.scope ?? ""), let field = decl.fields.first(where: { $0.name.name == symbol.name }) {
                return (file, field.name.span)
            }
        case .data:
            for (file, view) in files.enumerated() {
                guard let stack = view.stacks.first(where: { $0.name.name == symbol.scope }),
                    let decl = Self.data(of: stack).first(where: { $0.name.name == symbol.name })
                else { continue }
                return (file, decl.name.span)
            }
        case .state, .rowID, .step:
            for (file, view) in files.enumerated() {
                guard let stack = view.stacks.first(where: { $0.name.name == symbol.scope }) else { continue }
                switch symbol.kind {
                case .state: if let s = Self.states(of: stack).first(where: { $0.name.name == symbol.name }) { return (file, s.name.span) }
                case .step: if let s = Self.steps(of: stack).first(where: { $0.name == symbol.name }) { return (file, s.span) }
                default:
                    var ids: [String: Span] = [:]
                    Self.rowIDs(in: stack.body, into: &ids)
                    if let span = ids[symbol.name] { return (file, span) }
                }
            }
        }
        return nil
    }

    /// Every place the symbol is written (the declaration included), in file order.
    func occurrences(of symbol: Symbol) -> [(file: Int, span: Span)] {
        var out: [(Int, Span)] = []
        for (f, view) in files.enumerated() {
            for index in view.tokens.indices where view.tokens[index].kind == .identifier && view.text(index) == symbol.name {
                if let found = self.symbol(file: f, token: index), found.kind == symbol.kind, found.name == symbol.name,
                    found.scope == symbol.scope || symbol.kind == .enumCase && (found.scope == nil || symbol.scope == nil)
                {
                    out.append((f, Span(file: view.id, start: view.tokens[index].start, end: view.tokens[index].end)))
                }
            }
        }
        return out
    }
}
