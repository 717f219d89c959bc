// The front end's passes, in order, in one place:
//
//   1. load         — parse the root file and its imports (ImportResolver)
//   2. collect      — one namespace of enums, components, screens, flows
//   3. signatures   — component base kinds and typed parameters
//   4. bodies       — component bodies with their parameters in scope
//   5. recursion    — components that contain themselves
//   6. stacks       — the root file's screens and flows, rows and actions
//   7. expansion    — rows, nesting and expression heights once components expand
//   8. percentages  — a warning for percentage rows that overflow their stack
//
// Every pass runs even after errors: each reports only what it can see, and
// invalid nodes keep it from repeating what an earlier pass said.

import StackParser

/// The result of checking: the model (when there were no errors) and every diagnostic.
public struct CheckResult: Sendable {
    public var program: CheckedProgram?
    public var sources: SourceManager
    public var diagnostics: DiagnosticList
    /// Every file an import asked for, whether or not it could be read.
    public var importedPaths: [String] = []
}

/// Runs the front end.
public enum Compiler {
    /// Parses and type-checks `root` and everything it imports.
    /// Nothing keeps the syntax trees: the root file's screen rows are
    /// parsed one at a time as they are checked, and let go once checked.
    public static func check(_ root: SourceFile, loader: any SourceLoader = FileSystemLoader()) -> CheckResult {
        var keeping = KeepingRows()
        return check(root, loader: loader, into: &keeping)
    }

    /// What checking `root` reports, without its program: each screen row
    /// is let go as soon as it is checked (and its syntax before), so that
    /// neither the syntax nor the checked rows of a large screen ever all
    /// exist. `program` is nil.
    public static func diagnose(_ root: SourceFile, loader: any SourceLoader = FileSystemLoader()) -> CheckResult {
        var dropping = DroppingRows()
        var result = check(root, loader: loader, into: &dropping)
        result.program = nil
        return result
    }

    /// `check`, handing the screens' rows to `sink` as they are checked:
    /// the program's screens hold only the rows it did not take.
    static func check<Sink: CheckedRowSink>(_ root: SourceFile, loader: any SourceLoader, into sink: inout Sink) -> CheckResult {
        var cache = ParseCache()
        var attempt = sink
        if let result = check(root, loader: loader, cache: &cache, keepsSyntax: false, defersRows: true, into: &attempt) {
            sink = attempt
            return result
        }
        // A row with a problem: parsed in place, it reports and recovers
        // as it would have with the rest of the file around it. The sink
        // starts again as it was; the attempt's copy is let go first, and
        // with it anything it started (a lowering thread ends before this
        // goes on: the copies may share where rows are written).
        _ = consume attempt
        cache = ParseCache()
        return check(root, loader: loader, cache: &cache, keepsSyntax: false, defersRows: false, into: &sink)!
    }

    /// Checks `root`, reusing files parsed before that have not changed.
    public static func check(_ root: SourceFile, loader: any SourceLoader = FileSystemLoader(), cache: inout ParseCache) -> CheckResult {
        var keeping = KeepingRows()
        return check(root, loader: loader, cache: &cache, keepsSyntax: true, defersRows: false, into: &keeping)!
    }

    /// `keepsSyntax`: `cache` keeps what was parsed for the next check;
    /// when not, nothing does, and checking lets each screen row's syntax
    /// go once it is checked (and hands it to `sink`). `defersRows`: the
    /// root file's screen rows are parsed as they are checked
    /// (`Parser.parse(_:id:deferringRows:)`); nil when one of them has a
    /// problem and the file must be checked again without.
    private static func check(
        _ root: SourceFile, loader: any SourceLoader, cache: inout ParseCache, keepsSyntax: Bool, defersRows: Bool,
        into sink: inout some CheckedRowSink
    ) -> CheckResult? {
        var resolver = ImportResolver(loader: loader)
        cache.resetCounts()
        resolver.cache = cache
        resolver.defersRootRows = defersRows
        // Rows are parsed ahead on a second thread whatever takes them
        // (`DeferredRowReader`): checking goes about a quarter faster so,
        // and a compile, where parsing is a quarter of the work, a seventh
        // (100,000 rows 0.47 -> 0.40 s, the peak within a megabyte).
        resolver.stepsOverRootRowsAhead = true
        var loaded = resolver.load(root: root)
        let attempted = resolver.attempted
        var checker = TypeChecker(diagnostics: resolver.diagnostics)
        // The resolver holds every file's syntax (and the cache the root's):
        // let go of it unless it is kept for the next check.
        cache = keepsSyntax ? resolver.cache : ParseCache()
        resolver = ImportResolver(loader: loader)
        checker.sources = loaded.sources
        checker.readCatalogs(loaded)
        checker.collectDeclarations(loaded.files)
        checker.checkRecords()
        checker.checkComponentSignatures()
        checker.checkComponentBodies()
        checker.checkComponentRecursion()
        checker.planExpansion()
        // Declared before any screen is checked, and not changed by it.
        let enums = checker.enums.dictionary.mapValues(\.cases)
        let components = checker.checkedComponents.dictionary
        sink.declarationsChecked(
            CheckedProgram(sources: SourceManager(), enums: enums, components: components, records: checker.records, stacks: []),
            locales: checker.locales)
        var stacks: [CheckedStack] = []
        var decls: [StackDecl] = []
        for case .stack(let decl) in loaded.files[0].declarations { decls.append(decl) }
        if !keepsSyntax { loaded.files[0].declarations = [] }
        // Taken off the end, so that each is held by `decl` alone.
        decls.reverse()
        while var decl = decls.popLast() {
            stacks.append(checker.checkStack(&decl, number: stacks.count, draining: !keepsSyntax, into: &sink))
            if checker.rowsNeedParsingInPlace { return nil }
        }
        checker.checkExpansion()
        checker.checkPercentages()
        let diagnostics = checker.diagnostics
        var program = CheckedProgram(
            sources: loaded.sources,
            enums: enums,
            components: components, records: checker.records,
            stacks: stacks)
        program.environment = checker.environment
        if checker.environment.contains(TypeChecker.localeState) { program.enums[TypeChecker.localeState] = checker.locales }
        return CheckResult(
            program: diagnostics.hasErrors ? nil : program, sources: loaded.sources, diagnostics: diagnostics,
            importedPaths: attempted)
    }
}
