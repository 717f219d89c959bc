// Stepping over a large screen's rows on two threads. Before a screen's
// rows can be checked the parser steps over all of them (`skipBraces`) to
// find where the screen ends and what follows it, on the compiler's thread
// alone: about a fourteenth of checking 100,000 rows, all of it waited for.
// A second thread starts halfway through the file, just after a `}` that
// ends a line followed by what looks like the next row, and steps over the
// rows from there as `skipBraces` would. When the compiler's thread comes
// to that place between two rows, it takes them; stepping over rows from
// a place between two rows depends on nothing before it, so they are
// exactly the rows it would have found. Should it never come to that place
// between two rows — the guess was inside a string, a comment, a nested
// stack or another declaration — the second thread's work is let go.

import Dispatch

/// Rows stepped over on a second thread from a place further on in a file,
/// for `Lexer.skipBraces` to take when it gets there.
///
/// The second thread writes the rows and then signals `stepped`; the
/// parser's thread reads them only after waiting for that signal, and
/// alone keeps its place among them.
final class RowsSkimmedAhead: @unchecked Sendable {
    /// Where the second thread began: right after a `}` a row may end with.
    let start: Int
    /// The rows after `start`, one after another, with the stretches each
    /// adds to the parser's count of tokens and the trivia before each
    /// one's closing brace (bit 0: a space, bit 1: a line break).
    private var rows: [DeferredRow] = []
    private var stretches: [UInt32] = []
    private var braces: [UInt8] = []
    /// Comments inside those rows, in order.
    private var comments: [Span] = []

    private let stepped = DispatchSemaphore(value: 0)
    /// Whether the parser's thread gave up on the rows, read and written
    /// on `guarding`: `Atomic` needs macOS 15, and a semaphore asked
    /// without waiting slept its timer's slack, about 50 µs, each time.
    private var cancelled = false
    private let guarding = DispatchQueue(label: "stackc.rows-skimmed-ahead")

    // The parser's thread's alone.
    private var waited = false
    private var gaveUp = false
    /// The row expected next, and the first comment not yet taken.
    private var next = 0
    private var nextComment = 0
    /// Rows taken so far (for tests).
    private(set) var rowsTaken = 0

    /// Files at least this long have their rows stepped over on two threads.
    static let threshold = 1 << 19

    private init(start: Int) {
        self.start = start
    }

    /// Starts a second thread stepping over the rows of `bytes` (of file
    /// `file`) from halfway between `position` and the end, where a line
    /// ends with `}` and the next holds, after `indentation`, a capital
    /// letter; nil when the rest of the file is shorter than `threshold`,
    /// there is one processor, no such place is near, or no thread could
    /// be started.
    static func start(
        _ bytes: [UInt8], file: FileID, from position: Int, indentation: ArraySlice<UInt8>, threshold: Int = RowsSkimmedAhead.threshold
    ) -> RowsSkimmedAhead? {
        guard bytes.count - position >= threshold, WorkerThread.processors > 1,
            let place = Self.place(in: bytes, from: position + (bytes.count - position) / 2, indentation: indentation)
        else { return nil }
        let ahead = RowsSkimmedAhead(start: place)
        return WorkerThread.start { ahead.stepOver(bytes, file: file) } ? ahead : nil
    }

    /// The first place from `from` on, within 64 KB, right after a `}`
    /// that ends a line whose next line holds `indentation` and then a
    /// capital letter.
    private static func place(in bytes: [UInt8], from: Int, indentation: ArraySlice<UInt8>) -> Int? {
        let n = bytes.count
        var i = max(from, 1)
        let end = min(n - 1, i + (1 << 16))
        while i < end {
            if bytes[i] == 0x0A, bytes[i - 1] == UInt8(ascii: "}") {
                let head = i + 1 + indentation.count
                if head < n, bytes[i + 1..<head].elementsEqual(indentation), bytes[head] >= UInt8(ascii: "A"), bytes[head] <= UInt8(ascii: "Z") {
                    return i
                }
            }
            i += 1
        }
        return nil
    }

    /// The second thread: the rows one after another from `start`, until
    /// what follows is no row, a row has something lexing would report
    /// (that row is left out: the parser's thread reports it as it
    /// comes), the file ends, or the parser's thread gives up.
    private func stepOver(_ bytes: [UInt8], file: FileID) {
        defer { stepped.signal() }
        var lexer = Lexer(file: file)
        // Made in locals and stored once: every access to a class's stored
        // `var` is checked for exclusivity at run time, which took this
        // thread half again as long as stepping over the rows.
        var rows: [DeferredRow] = [], stretches: [UInt32] = [], braces: [UInt8] = []
        // Room for the rows a benchmark screen's lines would hold.
        let estimate = (bytes.count - start) / 64
        rows.reserveCapacity(estimate)
        stretches.reserveCapacity(estimate)
        braces.reserveCapacity(estimate)
        var at = start
        bytes.withUnsafeBufferPointer { b in
            while rows.count & 255 != 0 || !guarding.sync(execute: { cancelled }) {
                guard let row = lexer.stepOverRow(b, after: at), lexer.diagnostics.items.isEmpty, lexer.diagnostics.dropped == 0,
                    !lexer.endsInComment
                else { break }
                rows.append(DeferredRow(token: row.kind, end: UInt32(row.end)))
                stretches.append(UInt32(truncatingIfNeeded: row.stepped))
                braces.append((row.brace.spaceBefore ? 1 : 0) | (row.brace.newlineBefore ? 2 : 0))
                at = row.end
            }
        }
        // Comments of a row left out are not the rows' taken.
        var comments = lexer.comments
        while let last = comments.last, last.start >= at { comments.removeLast() }
        self.rows = rows
        self.stretches = stretches
        self.braces = braces
        self.comments = comments
    }

    /// Lets the second thread go: the rows it steps over will not be taken.
    func cancel() {
        guard !gaveUp else { return }
        gaveUp = true
        guarding.sync { cancelled = true }
    }

    /// The rows right after `end`, the end of a row, at most `limit` of
    /// them, appended to `taken` (and the comments inside them to
    /// `found`): where the last of them ends, the stretches they add, and
    /// its closing brace. Nil when `end` is not between two rows stepped
    /// over ahead — then none will be taken, and the second thread is
    /// stopped.
    func take(after end: Int, upTo limit: Int, into taken: inout [DeferredRow], comments found: inout [Span]) -> (end: Int, stepped: Int, last: Token)? {
        guard !gaveUp else { return nil }
        if !waited {
            guard end == start else {
                cancel()
                return nil
            }
            stepped.wait()
            waited = true
        } else if end != (next == 0 ? start : Int(rows[next - 1].end)) {
            // The parser's thread stepped over the row expected next itself
            // (the first of a run of rows); any other place is not between
            // two of these rows.
            guard next < rows.count, end == Int(rows[next].end) else {
                cancel()
                return nil
            }
            next += 1
        }
        guard next < rows.count else {
            cancel()
            return nil
        }
        let count = min(limit, rows.count - next)
        let range = next..<next + count
        taken.append(contentsOf: rows[range])
        var sum = 0
        for row in range { sum += Int(stretches[row]) }
        let last = range.upperBound - 1
        let through = Int(rows[last].end)
        while nextComment < comments.count, comments[nextComment].start < end { nextComment += 1 }
        while nextComment < comments.count, comments[nextComment].start < through {
            found.append(comments[nextComment])
            nextComment += 1
        }
        next = range.upperBound
        rowsTaken += count
        let brace = Token(kind: .rightBrace, start: through - 1, end: through, spaceBefore: braces[last] & 1 != 0, newlineBefore: braces[last] & 2 != 0)
        return (through, sum, brace)
    }
}
