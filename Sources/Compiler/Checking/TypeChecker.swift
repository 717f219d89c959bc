// The type checker's state and its entry point. The passes themselves live
// in their own files (CollectDeclarations, CheckComponents, CheckStacks, …);
// `Compiler.check` runs them in order.

import StackParser

/// An enum as declared.
struct EnumInfo {
    var name: Identifier
    /// The cases in order (each once).
    let cases: [String]
    /// Each case's place among them: looked up by walking the list, an
    /// enum of 50,000 cases named by as many rows took 4.7 s to check.
    let places: [String: Int]

    init(name: Identifier, cases: [String]) {
        self.name = name
        self.cases = cases
        places = Dictionary(cases.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// A component as declared, before and after its body is checked.
struct ComponentInfo {
    var decl: ComponentDecl
    var base: RowKind?
    var parameters: [CheckedParameter] {
        didSet { parameterIndex = Self.index(parameters) }
    }
    /// Where each of `parameters` is declared.
    var parameterSpans: [Span] = []
    /// `parameters` by name (the first of a name), kept in step with it.
    private(set) var parameterIndex = NameTable<CheckedParameter>()

    init(decl: ComponentDecl, base: RowKind?, parameters: [CheckedParameter]) {
        self.decl = decl
        self.base = base
        self.parameters = parameters
        self.parameterIndex = Self.index(parameters)
    }

    private static func index(_ parameters: [CheckedParameter]) -> NameTable<CheckedParameter> {
        var index = NameTable<CheckedParameter>()
        for parameter in parameters where !index.contains(parameter.name) { index[parameter.name] = parameter }
        return index
    }
}

/// Checks loaded files, appending to `diagnostics`.
struct TypeChecker {
    var diagnostics: DiagnosticList
    var enums = NameTable<EnumInfo>()
    /// The enums that list each case name (for a case written without its
    /// enum's type: looking through every enum for it was quadratic too).
    var enumsByCase: [String: [String]] = [:]
    var components = NameTable<ComponentInfo>()
    /// Records as declared, and once their fields are typed.
    var recordDecls: [String: RecordDecl] = [:]
    var records: [String: CheckedRecord] = [:]
    var checkedComponents = NameTable<CheckedComponent>()
    /// Every flow step name in the program, for `push` in screens.
    var allSteps: Set<String> = []
    /// State names read by some expression or action in the stack being
    /// checked: only ever names of the scope's states (`markStateUsed`).
    var usedStates: Set<String> = []
    /// The environment's state slots some expression reads ("env.dark", …).
    var environment: Set<String> = []
    /// Each file's String Catalog (`localize from`), by file; and where it was named.
    var catalogs: [FileID: (catalog: StringCatalog, decl: LocalizeDecl)] = [:]
    /// The program's locales, the root catalog's source language first.
    var locales: [String] = []
    /// Row ids of the stack being checked, where each was first declared.
    var rowIDs = RowIDTable()
    /// The files being checked: rows the parser deferred are parsed from them.
    var sources = SourceManager()
    /// Set when a deferred row has a problem: what was checked is thrown
    /// away and the file parsed again without deferring rows.
    var rowsNeedParsingInPlace = false
    /// Rows named by `scroll-to` in the stack being checked, resolved at its end.
    var rowReferences: [Identifier] = []
    /// Whether any row's size is a constant percentage (else the percentage
    /// pass has nothing to look at), and the tallest argument of any
    /// component instance (it bounds what substitution can build).
    var sawPercentSize = false
    /// An empty span table with room, for the next block checked to take
    /// (`SpanTable.recycle`).
    var spareSpans = SpanTable()
    /// Room for an instance's arguments by parameter place, kept from one
    /// instance to the next (`checkInstance`).
    var spareGiven: [Span?] = []
    /// The flow being checked's steps, where each was declared: by name,
    /// not among the block's few names (`SpanTable`, a scan), where a flow
    /// of 32,000 steps took 1.6 s to check.
    var stepSpans: [String: Span] = [:]
    var tallestArgument = 0
    /// Pass 7's plan (made before the screens), each screen's and flow's
    /// tally in order, and the rows of those tallied so far with a copy of
    /// every component each; the tallest argument each component receives.
    var expansionPlan = ExpansionPlan()
    var stackExpansions: [StackExpansion] = []
    var expandedSoFar = 0
    var receivedArguments = NameTable<Int>()
    /// Pass 8's warnings, found as rows are checked, reported in its place.
    var percentWarnings: [PercentOverflow] = []

    init(diagnostics: DiagnosticList) {
        self.diagnostics = diagnostics
    }

    mutating func error(_ code: DiagnosticCode, _ span: Span, _ message: String, notes: [DiagnosticNote] = []) {
        diagnostics.error(code, span, message, notes: notes)
    }

    /// "; did you mean 'x'?" or "". Not looked for (nor the candidates
    /// gathered) once the diagnostic it explains would be dropped: a file
    /// of 20,000 states and as many unknown names took 15 s to check,
    /// comparing each name with 2,000 states for messages nobody read.
    func suggestion<Candidates: Sequence<String>>(_ name: String, _ candidates: @autoclosure () -> Candidates) -> String {
        guard diagnostics.keepsMore else { return "" }
        return Suggestions.closest(to: name, in: candidates()).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Resolves a written type name.
    mutating func resolveType(_ syntax: TypeSyntax) -> ValueType? {
        if let builtin = ValueType.declarable[syntax.name] { return builtin }
        if enums.contains(syntax.name) { return .enumeration(syntax.name) }
        if let ours = ForeignNames.types[syntax.name], let type = ValueType.declarable[ours] {
            error(.unknownType, syntax.span, "unknown type '\(syntax.name)'; write '\(ours)'")
            return type
        }
        let hint = suggestion(syntax.name, Array(ValueType.declarable.keys) + Array(enums.keys))
        error(.unknownType, syntax.span, "unknown type '\(syntax.name)'" + hint)
        return nil
    }

    /// Warns when a name that should start in lower case does not.
    /// Records `name` among names declared once in one place; a repeat is an
    /// error with a note at the first, and false.
    mutating func declareOnce(_ name: Identifier, in seen: inout [String: Span], code: DiagnosticCode, what: String) -> Bool {
        if let first = seen[name.name] {
            error(
                code, name.span, "\(what) '\(name.name)' is declared more than once",
                notes: [DiagnosticNote(span: first, message: "first declared here")])
            return false
        }
        seen[name.name] = name.span
        return true
    }

    mutating func checkLowercaseStyle(_ name: Identifier, what: String) {
        if case let first = name.name.firstByte, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") {
            let fixed = name.name.prefix(1).lowercased() + name.name.dropFirst()
            error(.namingStyle, name.span, "\(what) '\(name.name)' should start with a lowercase letter: '\(fixed)'")
        }
    }
}
