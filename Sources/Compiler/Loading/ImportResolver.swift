// Pass 1: load the root file and, depth first, every file it imports.
// Missing files and cycles are reported at the import that leads to them,
// naming the whole chain.

import StackParser

/// The parsed files of one compilation: the root first, then its imports.
public struct LoadedProgram: Sendable {
    public var sources: SourceManager
    public var files: [SourceFileSyntax]
    public var root: FileID
    /// Each file's String Catalog (`localize from "…"`), read, by the index
    /// of the file in `files`; nil bytes when it could not be read (reported).
    public var catalogs: [Int: (path: String, bytes: [UInt8]?)] = [:]
}

/// Parsed files kept between compilations (by `stackc watch`): a file whose
/// bytes are unchanged, at the same place in the load order, is not parsed again.
public struct ParseCache: Sendable {
    struct Entry: Sendable {
        var bytes: [UInt8]
        var file: FileID
        var syntax: SourceFileSyntax
        var diagnostics: DiagnosticList
    }

    var entries: [String: Entry] = [:]
    /// Files parsed, and files reused, by the last compilation.
    public private(set) var parsed = 0
    public private(set) var reused = 0

    public init() {}

    mutating func resetCounts() {
        parsed = 0
        reused = 0
    }

    mutating func lookup(key: String, bytes: [UInt8], file: FileID) -> Entry? {
        guard let entry = entries[key], entry.file == file, entry.bytes == bytes else { return nil }
        reused += 1
        return entry
    }

    mutating func store(key: String, _ entry: Entry) {
        parsed += 1
        entries[key] = entry
    }
}

/// Loads a root source and its imports through a `SourceLoader`.
struct ImportResolver {
    let loader: any SourceLoader
    var cache = ParseCache()
    var sources = SourceManager()
    var files: [SourceFileSyntax] = []
    var diagnostics = DiagnosticList()
    /// Every file an import asked for, read or not (a watcher follows these).
    var attempted: [String] = []
    /// The root file's screens and flows keep their clean rows as spans
    /// (`Member.deferredRows`), parsed again as they are checked.
    var defersRootRows = false
    /// Whether the root file's rows are stepped over on a second thread as
    /// well (`Parser.parse(_:id:deferringRows:steppingOverAhead:)`).
    var stepsOverRootRowsAhead = false
    /// Canonical path → file, for files already loaded.
    private var loaded: [String: FileID] = [:]
    /// The chain being loaded, as (canonical path, display path, the span of
    /// the import it is following now).
    private var chain: [(key: String, path: String, following: Span?)] = []

    init(loader: any SourceLoader) {
        self.loader = loader
    }

    mutating func load(root: SourceFile) -> LoadedProgram {
        let id = add(root, key: root.path == "<stdin>" ? "<stdin>" : loader.canonicalPath(root.path))
        var program = LoadedProgram(sources: sources, files: files, root: id)
        program.catalogs = catalogs
        return program
    }

    private mutating func add(_ source: SourceFile, key: String) -> FileID {
        let id = sources.add(source)
        loaded[key] = id
        let syntax: SourceFileSyntax
        let parseDiagnostics: DiagnosticList
        if let entry = cache.lookup(key: key, bytes: source.bytes, file: id) {
            (syntax, parseDiagnostics) = (entry.syntax, entry.diagnostics)
        } else {
            (syntax, parseDiagnostics) = Parser.parse(
                source, id: id, deferringRows: defersRootRows && files.isEmpty, steppingOverAhead: stepsOverRootRowsAhead && files.isEmpty)
            cache.store(key: key, ParseCache.Entry(bytes: source.bytes, file: id, syntax: syntax, diagnostics: parseDiagnostics))
        }
        diagnostics.append(contentsOf: parseDiagnostics)
        files.append(syntax)
        if let localize = syntax.localize { readCatalog(localize, from: source.path, file: files.count - 1) }
        chain.append((key, source.path, nil))
        for decl in syntax.imports {
            chain[chain.count - 1].following = decl.pathSpan
            resolve(decl, from: source.path)
        }
        chain.removeLast()
        return id
    }

    /// String Catalogs read so far, by file index.
    var catalogs: [Int: (path: String, bytes: [UInt8]?)] = [:]

    /// A catalog is read as bytes here; the checker parses it.
    private mutating func readCatalog(_ decl: LocalizeDecl, from importer: String, file: Int) {
        let path = PathText.resolve(decl.path, from: importer == "<stdin>" ? "./<stdin>" : importer)
        attempted.append(path)
        do {
            let bytes = try loader.read(path)
            guard bytes.count <= Self.maximumCatalogBytes else {
                diagnostics.error(.importNotFound, decl.pathSpan, "String Catalog '\(decl.path)' is \(bytes.count >> 20) MiB; the limit is 64 MiB")
                catalogs[file] = (path, nil)
                return
            }
            catalogs[file] = (path, bytes)
        } catch {
            diagnostics.error(.importNotFound, decl.pathSpan, "cannot read String Catalog '\(decl.path)': \(path): \(error)")
            catalogs[file] = (path, nil)
        }
    }

    /// The largest String Catalog read.
    static let maximumCatalogBytes = 64 << 20

    private var reportedFileLimit = false

    /// Imports of imports nested deeper than this are refused: loading
    /// recurses once per level, and real projects stay a few levels deep.
    static let maximumImportDepth = 100
    /// A program reads at most this many files.
    static let maximumFiles = 1_000

    private mutating func resolve(_ decl: ImportDecl, from importer: String) {
        guard chain.count < Self.maximumImportDepth else {
            diagnostics.error(
                .nestingTooDeep, decl.pathSpan,
                "imports nest more than \(Self.maximumImportDepth) files deep (a file imports a file that imports a file …); the compiler stops here")
            return
        }
        guard sources.files.count < Self.maximumFiles else {
            if !reportedFileLimit {
                reportedFileLimit = true
                diagnostics.error(.nestingTooDeep, decl.pathSpan, "a program may read at most \(Self.maximumFiles) files; this import is one too many")
            }
            return
        }
        let base = importer == "<stdin>" ? "./<stdin>" : importer
        let path = PathText.resolve(decl.path, from: base)
        let key = loader.canonicalPath(path)
        attempted.append(path)
        if let start = chain.firstIndex(where: { $0.key == key }) {
            let cycle = chain[start...].map { PathText.normalize($0.path) } + [path]
            // Reported where the cycle starts, which is where a user checking
            // the outermost file looks.
            diagnostics.error(.importCycle, chain[start].following ?? decl.pathSpan, "import cycle: " + cycle.joined(separator: " → "))
            return
        }
        if loaded[key] != nil { return }
        let bytes: [UInt8]
        do {
            bytes = try loader.read(path)
        } catch {
            var message = "cannot import '\(decl.path)': \(path): \(error)"
            if chain.count > 1 {
                message += " (import chain: " + (chain.map { PathText.normalize($0.path) } + [path]).joined(separator: " → ") + ")"
            }
            diagnostics.error(.importNotFound, decl.pathSpan, message)
            return
        }
        _ = add(SourceFile(path: path, bytes: bytes), key: key)
    }
}
