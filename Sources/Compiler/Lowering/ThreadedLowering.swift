// Lowering on a thread of its own while the checker goes on. `stackc
// compile` of a large screen parsed rows on a second thread and checked,
// lowered and encoded each on the first, which did more than twice the
// second's work (callgrind, 100,000 rows: 2,391 M instructions against
// 1,068 M). Lowering a row needs nothing of the rows after it, so the
// checker hands its rows in batches to a third thread that lowers and
// encodes them in the order they were checked: the screens come out byte
// for byte as on one thread. At most `batchesAhead` batches wait, so the
// checked rows held at once stay a few hundred.

import Dispatch
import StackParser
import StackRuntime

/// A `StreamingLowering` fed on a thread of its own once a screen of at
/// least `threshold` root rows begins, if `usesThread`; until then, and
/// with one processor, on the caller's.
///
/// Only a compile that encodes the rows as they are lowered
/// (`compileForEncoding`) gains: lowering alone on the third thread, the
/// model keeping its rows, took as long as on the checker's thread (the
/// three threads spent a third more processor time than two, handing
/// batches over and freeing blocks made on another thread).
struct ThreadedLowering: CheckedRowSink {
    /// Screens with fewer root rows are lowered on the caller's thread:
    /// starting a thread costs more than it saves.
    static var threshold: Int { 1024 }

    /// The lowering, while it runs on the caller's thread.
    private var inline: StreamingLowering?
    /// The thread, once started.
    private var worker: Worker?
    /// Whether the declarations were handed on (the lowering takes a
    /// screen's rows only then).
    private var declared = false
    /// Events not yet handed to the thread.
    private var pending: [Event] = []
    /// Whether a large screen starts the thread.
    private let usesThread: Bool

    init(_ lowering: consuming StreamingLowering, usesThread: Bool) {
        inline = lowering
        self.usesThread = usesThread
    }

    /// Whether the lowering runs on a thread of its own (for tests).
    var isThreaded: Bool { worker != nil }

    mutating func declarationsChecked(_ program: CheckedProgram, locales: [String]) {
        declared = true
        send(.declarations(program, locales: locales))
    }

    mutating func begin(_ stack: CheckedStack, number: Int, expectedRows: Int) -> Bool {
        // What `StreamingLowering.begin` answers, known here without asking it.
        guard declared else { return false }
        if usesThread, worker == nil, expectedRows >= Self.threshold, WorkerThread.processors > 1, let lowering = inline.take() {
            let started = Worker(lowering)
            if started.start() { worker = started } else { inline = started.stopped() }
        }
        send(.begin(stack, number: number, expectedRows: expectedRows))
        return true
    }

    mutating func take(_ row: consuming CheckedRow) {
        send(.row(row))
    }

    mutating func endScreen() {
        send(.endScreen)
    }

    /// `StreamingLowering.finish`, once every row handed on is lowered.
    consuming func finish(_ program: consuming CheckedProgram) -> [ScreenModel] {
        var lowering: StreamingLowering
        if let worker {
            worker.hand(&pending)
            lowering = worker.stopped()
        } else if let taken = inline.take() {
            lowering = taken
        } else {
            preconditionFailure("a lowering either runs here or on its thread")
        }
        return (consume lowering).finish(program)
    }

    private mutating func send(_ event: consuming Event) {
        if let worker {
            pending.append(event)
            if pending.count == Channel.batchSize { worker.hand(&pending) }
        } else if inline != nil {
            inline!.apply(event)
        }
    }
}

/// What the checker tells a lowering, in order.
private enum Event: Sendable {
    // Boxed, so that a row's event is no larger than the row.
    indirect case declarations(CheckedProgram, locales: [String])
    indirect case begin(CheckedStack, number: Int, expectedRows: Int)
    case row(CheckedRow)
    case endScreen
}

extension StreamingLowering {
    fileprivate mutating func apply(_ event: consuming Event) {
        switch consume event {
        case .declarations(let program, let locales): declarationsChecked(program, locales: locales)
        case .begin(let stack, let number, let expectedRows): _ = begin(stack, number: number, expectedRows: expectedRows)
        case .row(let row): take(row)
        case .endScreen: endScreen()
        }
    }
}

/// The thread, owned by the sink: let go without `stopped` (the checker
/// found an error, so nothing is lowered, or starts the file again), it
/// tells the thread to drop what it was handed and waits for it to end — a
/// batch at most — so that nothing it shares with a copy of the sink (the
/// encoder's rows) is written by two threads.
private final class Worker {
    private let channel: Channel
    private var running = false

    init(_ lowering: consuming StreamingLowering) {
        channel = Channel(lowering)
    }

    deinit {
        if running {
            channel.end(abandoning: true)
            channel.waitUntilDone()
        }
    }

    /// Starts the thread; false if none could be made.
    func start() -> Bool {
        running = WorkerThread.start { [channel] in channel.run() }
        return running
    }

    /// Hands `batch` over (waiting for room if need be) and empties it.
    func hand(_ batch: inout [Event]) {
        channel.hand(&batch)
    }

    /// The lowering, once the thread has lowered all it was handed.
    func stopped() -> StreamingLowering {
        if running {
            channel.end(abandoning: false)
            channel.waitUntilDone()
            running = false
        }
        return channel.takeLowering()
    }
}

/// What the thread shares with the caller: batches of events handed over,
/// their emptied arrays handed back to be filled again, and the lowering.
private final class Channel: @unchecked Sendable {
    /// Events handed over together.
    static let batchSize = 32
    /// Batches handed over and not yet lowered, at most.
    static let batchesAhead = 4

    private struct Shared {
        var batches: [[Event]] = []
        var spare: [[Event]] = []
        /// Set by `end(abandoning: true)`: the batches still handed over
        /// are dropped, not lowered.
        var abandoned = false
    }

    /// Only the thread touches it while it runs, and only the caller
    /// before it starts and after `waitUntilDone` (the semaphores order
    /// the two): hence `@unchecked Sendable`.
    private var lowering: StreamingLowering
    private let shared = Locked(Shared())
    /// Signalled once for each batch handed over, and once by `end`.
    private let handed = DispatchSemaphore(value: 0)
    /// Room for batches not yet lowered.
    private let room = DispatchSemaphore(value: 0)
    /// Signalled when the thread is done.
    private let done = DispatchSemaphore(value: 0)

    init(_ lowering: consuming StreamingLowering) {
        self.lowering = lowering
        // Made at 0 and signalled: libdispatch stops a program that lets go
        // of a semaphore whose count is below the one it was made with.
        for _ in 0..<Self.batchesAhead { room.signal() }
    }

    func hand(_ batch: inout [Event]) {
        guard !batch.isEmpty else { return }
        room.wait()
        var full: [Event] = []
        swap(&full, &batch)
        batch = shared.withLock { shared in
            shared.batches.append(full)
            return shared.spare.popLast() ?? []
        }
        batch.reserveCapacity(Self.batchSize)
        handed.signal()
    }

    /// Tells the thread to end once it has taken the batches handed over
    /// (its last signal finds none left).
    func end(abandoning: Bool) {
        shared.withLock { $0.abandoned = abandoning }
        handed.signal()
    }

    func waitUntilDone() { done.wait() }

    func takeLowering() -> StreamingLowering {
        var taken = StreamingLowering(firstScreenRows: nil)
        swap(&taken, &lowering)
        return taken
    }

    /// The thread: lowers each batch handed over, in order, until `end`.
    func run() {
        defer { done.signal() }
        while true {
            handed.wait()
            let (next, abandoned) = shared.withLock { shared in
                (shared.batches.isEmpty ? nil : shared.batches.removeFirst(), shared.abandoned)
            }
            guard var batch = next else { return }
            if !abandoned {
                for index in batch.indices {
                    // Moved out: each event is applied as it is, not copied.
                    var event = Event.row(.vacated)
                    swap(&event, &batch[index])
                    lowering.apply(event)
                }
            }
            batch.removeAll(keepingCapacity: true)
            shared.withLock { $0.spare.append(batch) }
            room.signal()
        }
    }
}
