// The second half of deferring rows: each row the parser stepped over is
// parsed when the compiler needs it, from where it stands in the file, with
// the tokens after it in view as they were the first time. A row that lexes
// and parses without a problem (the parse that stepped over it matched its
// braces without lexing all of it, so it reported nothing of the row) and
// ends at the `}` its braces matched is exactly what a
// parse of the whole file would have made of it, and the whole file's parse
// goes on after it as the deferring one did. A row with a problem may end
// elsewhere (`size: {` takes the `{` as a bad value), and what a problem
// reports can depend on what came before (some are said once per file): then
// the file is parsed again without deferring.

/// Parses the rows of `Member.deferredRows` of one file, one at a time.
public struct DeferredRowParser {
    /// One parser for every row: its token and member buffers are grown
    /// once, not for each row.
    private var parser: Parser?
    private let source: SourceFile
    private let file: FileID

    /// For the rows of `source`, the file `file` of a parse that deferred rows.
    public init(source: SourceFile, file: FileID) {
        self.source = source
        self.file = file
    }

    /// `row`'s syntax — what a parse of the whole file would have made of
    /// it — or nil when the row has a problem: then parse the file again
    /// without deferring rows.
    public mutating func parse(_ row: DeferredRow) -> RowSyntax? {
        if parser == nil {
            parser = Parser(resuming: row.token, through: Int(row.end), bytes: source.bytes, file: file)
        } else {
            parser!.restart(at: row.token, through: Int(row.end))
        }
        // Unwrapped once: each `parser!` asked the optional's tag of the
        // large parser through an outlined function.
        return Self.parse(row, with: &parser!)
    }

    /// Takes back the room of `row`, a row it parsed that is done with,
    /// for the rows to come; the row's members are let go here.
    mutating func reclaim(_ row: inout RowSyntax) {
        parser?.keep(&row.body.members)
    }

    private static func parse(_ row: DeferredRow, with parser: inout Parser) -> RowSyntax? {
        // In a screen's or flow's braces, where the row was stepped over.
        parser.depth = 1
        let syntax = parser.parseRow()
        guard parser.diagnostics.items.isEmpty, parser.diagnostics.dropped == 0, syntax.span.end == Int(row.end) else { return nil }
        // What lexing the row reports: the parse that stepped over it did
        // not lex all of it (`Lexer.skipBraces`), so it has not said it.
        if let lexed = parser.lexer?.diagnostics, lexed.dropped > 0 || lexed.items.contains(where: { $0.span.start < Int(row.end) }) {
            return nil
        }
        return syntax
    }
}
