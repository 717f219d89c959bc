// Parsing deferred rows ahead of the caller. A compiler that checks a large
// screen parses each row and then checks it; the two take about as long,
// and parsing a row needs nothing the checker makes, so a second thread
// parses rows a few batches ahead while the caller checks those before
// them. The rows come out in order and each exactly as `DeferredRowParser`
// makes it, so nothing the compiler says depends on which thread parsed a
// row. At most `batchesAhead` batches are parsed and not yet taken: the
// syntax held at once stays a few hundred rows, not the screen. A block's
// rows come in runs of at most `Parser.deferredRun` (so that each run's
// places are let go once it is read); the runs that follow one another in
// a block share one worker, which is handed each run as the reader begins
// the one before it. With a worker for each run, a screen of 100,000 rows
// started 25 threads and waited, at the start of each run, for its first
// batch: two hundredths of checking it.

import Dispatch

/// The rows of runs of `DeferredRows` that follow one another in a block,
/// parsed one at a time — on a second thread, ahead of the caller, when
/// there are enough of them and a second processor — and handed out in
/// source order.
public final class DeferredRowReader {
    /// Runs shorter than this are parsed on the caller's thread: starting
    /// a thread costs more than it saves.
    public static let defaultThreshold = 256
    /// Rows a worker parses before handing them over together.
    static let batchSize = 32
    /// Batches parsed and not yet taken, at most.
    static let batchesAhead = 8

    /// The worker's hand-over, when rows are parsed ahead.
    private let handOver: HandOver?
    /// All that changes as rows are handed out, in memory of its own that
    /// the reader owns: the run time checks every access to a class's
    /// stored `var` for exclusivity (four such checks a row were 1.5% of a
    /// checker's thread; in one stored property, the two left, `next` and
    /// `recycle`, were still 2%), and none to a pointer's pointee. Only
    /// the caller's thread reads and changes it.
    private let cursor: UnsafeMutablePointer<Cursor>

    fileprivate struct Cursor {
        /// The run being handed out.
        var rows: DeferredRows
        /// The runs after it, last first; each is let go once handed out.
        var runsAfter: [DeferredRows]
        var parser: DeferredRowParser
        /// Rows of `rows` handed out so far.
        var position = 0
        var foundProblem = false
        /// The batch being handed out. Each row is moved out as it is
        /// handed out and, once the caller is done with it, back into its
        /// place; the batch goes back to the worker with the next batch
        /// taken, and the worker frees its rows (freeing a row's syntax
        /// was a twentieth of the checker's thread's work) and fills it
        /// again (a batch's room, made anew each time, cost the worker
        /// 5,000 instructions to allocate: the large block was sought
        /// among blocks the other thread had freed).
        var batch: [RowSyntax?] = []
        var inBatch = 0
    }

    /// True once a row had a problem: nothing more is handed out.
    public var foundProblem: Bool { cursor.pointee.foundProblem }

    /// A reader of `rows`, rows of `source`. With at least `threshold` rows
    /// and more than one processor, they are parsed on a second thread.
    public convenience init(_ rows: DeferredRows, source: SourceFile, threshold: Int = DeferredRowReader.defaultThreshold) {
        self.init(runs: [rows], source: source, threshold: threshold)
    }

    /// A reader of `runs`, runs of rows of `source` that follow one
    /// another in a block (so all of its file), in order, handed out as
    /// one.
    /// With at least `threshold` rows in all and more than one processor,
    /// they are parsed on a second thread.
    public init(runs: [DeferredRows], source: SourceFile, threshold: Int = DeferredRowReader.defaultThreshold) {
        precondition(runs.allSatisfy { $0.file == runs[0].file }, "runs of one file")
        var runsAfter = runs
        runsAfter.reverse()
        // No runs: a reader that hands out nothing.
        let first = runsAfter.popLast() ?? DeferredRows(file: FileID(0), rows: [])
        self.cursor = .allocate(capacity: 1)
        cursor.initialize(to: Cursor(rows: first, runsAfter: runsAfter, parser: DeferredRowParser(source: source, file: first.file)))
        let rows = runs.reduce(0) { $0 + $1.rows.count }
        self.handOver = Self.startWorker(first, then: runsAfter.last, source: source, wanted: rows >= threshold)
    }

    /// A worker parsing `first` and then `second` (nil: `first` is the
    /// last run), or nil if `wanted` is false (the rows are few), or there
    /// is one processor, or no thread could be started.
    private static func startWorker(_ first: DeferredRows, then second: DeferredRows?, source: SourceFile, wanted: Bool) -> HandOver? {
        guard wanted, WorkerThread.processors > 1 else { return nil }
        let handOver = HandOver()
        handOver.give(first)
        handOver.give(second)
        let started = WorkerThread.start { [file = first.file] in
            handOver.parse(source: source, file: file)
        }
        return started ? handOver : nil
    }

    /// The next row's syntax, or nil at the end — or, with `foundProblem`,
    /// at a row with a problem (then parse the file again without
    /// deferring rows, as `DeferredRowParser` says).
    public func next() -> RowSyntax? {
        cursor.pointee.next(handOver)
    }

    /// Hands back the row `next` gave last, once the caller is done with
    /// it, so that the worker frees it; on the caller's thread it is freed
    /// here.
    public func recycle(_ row: consuming RowSyntax) {
        guard handOver != nil else { return }
        cursor.pointee.recycle(row)
    }

    deinit {
        handOver?.stop()
        cursor.deinitialize(count: 1)
        cursor.deallocate()
    }
}

extension DeferredRowReader.Cursor {
    /// `row`, the one `next` gave last, back into its place in the batch:
    /// moved there (assigned, it was copied whole), in one access to the
    /// cursor.
    mutating func recycle(_ row: consuming RowSyntax) {
        guard inBatch > 0 else { return }
        var slot: RowSyntax? = consume row
        swap(&slot, &batch[inBatch - 1])
    }

    mutating func next(_ handOver: HandOver?) -> RowSyntax? {
        guard !foundProblem else { return nil }
        while position == rows.rows.count {
            guard let run = runsAfter.popLast() else { return nil }
            rows = run
            position = 0
            // The worker is given the run after this one (or told there is
            // none) as this one begins: it is well ahead by the time it
            // finishes this one.
            if let handOver {
                handOver.give(runsAfter.last)
            }
        }
        var syntax: RowSyntax? = nil
        if inBatch < batch.count || takeBatch(handOver) {
            // Moved out, leaving nil: let go as soon as it is handed out,
            // and not retained and released on the way.
            swap(&syntax, &batch[inBatch])
            inBatch += 1
        } else {
            syntax = parser.parse(rows.rows[position])
        }
        position += 1
        if syntax == nil { foundProblem = true }
        return syntax
    }

    /// The worker's next batch into `batch`, handing back the rows done
    /// with; false when rows are parsed on this thread.
    private mutating func takeBatch(_ handOver: HandOver?) -> Bool {
        guard let handOver else {
            return false
        }
        var done: [RowSyntax?] = []
        swap(&done, &batch)
        batch = handOver.take(returning: &done)
        inBatch = 0
        return true
    }
}

/// What the worker and the reader share: runs to parse, batches parsed and
/// not yet taken.
private final class HandOver: Sendable {
    private struct State {
        /// Runs given to the worker and not yet begun, in order; nil after
        /// the last.
        var runs: [DeferredRows?] = []
        var batches: [[RowSyntax?]] = []
        /// Batches the reader is done with, for the worker to free their
        /// rows and fill again.
        var done: [[RowSyntax?]] = []
        var stopped = false
    }

    private let state = Locked(State())
    /// Signalled once for each run given (and for the nil after the last).
    private let given = DispatchSemaphore(value: 0)
    /// Signalled once for each batch handed over.
    private let parsed = DispatchSemaphore(value: 0)
    /// Room for batches not yet taken.
    private let room = DispatchSemaphore(value: 0)
    /// Signalled when the worker is done.
    private let finished = DispatchSemaphore(value: 0)

    init() {
        // Made at 0 and signalled: libdispatch stops a program that lets go
        // of a semaphore whose count is below the one it was made with.
        for _ in 0..<DeferredRowReader.batchesAhead { room.signal() }
    }

    /// Gives the worker the run to parse after those given before; nil
    /// when there is none.
    func give(_ run: DeferredRows?) {
        state.withLock { $0.runs.append(run) }
        given.signal()
    }

    /// The worker: parses the runs it is given, of the file `file` of
    /// `source`, in batches, stopping after the last run, after a row with
    /// a problem, or when the reader stops it.
    func parse(source: SourceFile, file: FileID) {
        defer { finished.signal() }
        var parser = DeferredRowParser(source: source, file: file)
        while true {
            given.wait()
            let next = state.withLock { state -> DeferredRows? in
                state.stopped || state.runs.isEmpty ? nil : state.runs.removeFirst()
            }
            guard let rows = next, parse(rows, with: &parser) else { return }
        }
    }

    /// The rows of one run, in batches; false after a row with a problem,
    /// or when the reader stopped the worker.
    private func parse(_ rows: DeferredRows, with parser: inout DeferredRowParser) -> Bool {
        var index = 0
        let count = rows.rows.count
        while index < count {
            room.wait()
            if state.withLock({ $0.stopped }) { return false }
            var batch = state.withLock { $0.done.popLast() } ?? []
            // The rows the reader was done with are freed here, outside the
            // lock, their members' arrays kept for the rows to come.
            for slot in batch.indices where batch[slot] != nil { parser.reclaim(&batch[slot]!) }
            batch.removeAll(keepingCapacity: true)
            batch.reserveCapacity(DeferredRowReader.batchSize)
            let end = min(index + DeferredRowReader.batchSize, count)
            var problem = false
            while index < end {
                let syntax = parser.parse(rows.rows[index])
                // Asked before the row is appended, so that appending is
                // its last use and moves it (asked after, it was copied).
                problem = syntax == nil
                index = problem ? count : index + 1
                batch.append(syntax)
            }
            state.withLock { state in
                state.batches.append(batch)
            }
            parsed.signal()
            if problem { return false }
        }
        return true
    }

    /// The next batch, waiting for it if need be (the reader asks only
    /// for rows the worker will hand over).
    func take(returning done: inout [RowSyntax?]) -> [RowSyntax?] {
        parsed.wait()
        let batch = state.withLock { state in
            // Moved in, not copied: the worker finds it held once, and
            // frees its rows and fills it where it is.
            if done.capacity > 0 {
                state.done.append([])
                swap(&state.done[state.done.count - 1], &done)
            }
            return state.batches.removeFirst()
        }
        room.signal()
        return batch
    }

    /// Stops the worker and waits for it: it may be parsing a batch, or
    /// waiting for room or for a run.
    func stop() {
        state.withLock { $0.stopped = true }
        room.signal()
        given.signal()
        finished.wait()
    }
}
