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

    public init(limit: Int = 1000) { self.limit = limit }

    public var hasErrors: Bool { items.contains { $0.severity == .error } }
    public var errorCount: Int { items.count { $0.severity == .error } }
    public var warningCount: Int { items.count { $0.severity == .warning } }
    public var isTruncated: Bool { items.count >= limit }

    public mutating func append(_ diagnostic: Diagnostic) {
        guard items.count < limit else { return }
        items.append(diagnostic)
    }

    public mutating func append(contentsOf other: DiagnosticList) {
        for item in other.items { append(item) }
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
