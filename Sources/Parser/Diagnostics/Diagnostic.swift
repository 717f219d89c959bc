// Diagnostics are values: every stage appends them to a list it is handed,
// and one renderer prints them. Nothing throws and nothing is global.

public enum Severity: String, Sendable, Comparable {
    case error, warning, note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A secondary message attached to a diagnostic ("first declared here").
public struct DiagnosticNote: Hashable, Sendable {
    public var span: Span
    public var message: String

    public init(span: Span, message: String) {
        self.span = span
        self.message = message
    }
}

/// One error or warning, with its stable catalogue code and attached notes.
public struct Diagnostic: Hashable, Sendable {
    public var code: DiagnosticCode
    public var span: Span
    public var message: String
    public var notes: [DiagnosticNote]

    public var severity: Severity { code.severity }

    public init(_ code: DiagnosticCode, _ span: Span, _ message: String, notes: [DiagnosticNote] = []) {
        self.code = code
        self.span = span
        self.message = message
        self.notes = notes
    }
}

/// The diagnostics of one compilation, in the order they were found.
public struct DiagnosticList: Sendable {
    public private(set) var items: [Diagnostic] = []
    /// Past this many, further diagnostics are dropped: a file of garbage
    /// must not produce gigabytes of output.
    public let limit: Int

    /// Diagnostics past the limit, not kept but counted: an error among
    /// them still fails the compilation.
    public private(set) var droppedErrors = 0
    public private(set) var droppedWarnings = 0
    private var droppedNotes = 0
    /// Kept diagnostics that are not errors (an error past the limit may take one's place).
    private var keptOthers = 0

    public init(limit: Int = 1000) { self.limit = limit }

    /// Whether an error was found, kept or not (asked once a row while a
    /// large screen is checked, so it is not a search).
    public private(set) var hasErrors = false
    /// Errors found, kept or not.
    public var errorCount: Int { droppedErrors + items.count { $0.severity == .error } }
    /// Warnings found, kept or not.
    public var warningCount: Int { droppedWarnings + items.count { $0.severity == .warning } }
    public var isTruncated: Bool { dropped > 0 }
    /// How many diagnostics were found past the limit.
    public var dropped: Int { droppedErrors + droppedWarnings + droppedNotes }
    /// Whether a diagnostic found now may be kept: past the limit, with
    /// only errors kept, it is counted and its message never read, so the
    /// work of explaining it (the closest of thousands of names) is
    /// skipped.
    public var keepsMore: Bool { items.count < limit || keptOthers > 0 }

    /// Keeps `diagnostic` while fewer than `limit` are kept. Past it, an
    /// error takes the place of the last warning kept, if any: a file with
    /// a thousand warnings before its one error must show the error and
    /// must not compile.
    public mutating func append(_ diagnostic: Diagnostic) {
        let isError = diagnostic.severity == .error
        if isError { hasErrors = true }
        if items.count < limit {
            items.append(diagnostic)
            if !isError { keptOthers += 1 }
            return
        }
        // Only while warnings are kept (a search per error among a full
        // list of errors would make a hostile file quadratic).
        if isError, keptOthers > 0, let last = items.lastIndex(where: { $0.severity != .error }) {
            count(dropped: items[last])
            items.remove(at: last)
            keptOthers -= 1
            items.append(diagnostic)
            return
        }
        count(dropped: diagnostic)
    }

    private mutating func count(dropped diagnostic: Diagnostic) {
        switch diagnostic.severity {
        case .error: droppedErrors += 1
        case .warning: droppedWarnings += 1
        case .note: droppedNotes += 1
        }
    }

    public mutating func append(contentsOf other: DiagnosticList) {
        for item in other.items { append(item) }
        droppedErrors += other.droppedErrors
        if other.droppedErrors > 0 { hasErrors = true }
        droppedWarnings += other.droppedWarnings
        droppedNotes += other.droppedNotes
    }

    public mutating func error(
        _ code: DiagnosticCode, _ span: Span, _ message: String, notes: [DiagnosticNote] = []
    ) {
        append(Diagnostic(code, span, message, notes: notes))
    }

    /// Diagnostics ordered by file and position, stable for equal positions.
    public var sorted: [Diagnostic] {
        items.enumerated().sorted { a, b in
            let (x, y) = (a.element.span, b.element.span)
            if x.file != y.file { return x.file < y.file }
            if x.start != y.start { return x.start < y.start }
            return a.offset < b.offset
        }.map(\.element)
    }
}
