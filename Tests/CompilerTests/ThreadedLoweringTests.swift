// `Compiler.compile` lowers a large screen on a thread of its own, fed by
// the checker in batches (ThreadedLowering). What it makes must be what
// lowering on the checker's thread makes, byte for byte, whichever screen
// starts the thread; and a compile the checker stops with an error must
// not leave the thread behind.

import Foundation
@testable import StackCompiler
import StackParser
import StackRuntime
import XCTest

final class ThreadedLoweringTests: XCTestCase {
    private func rows(_ count: Int, prefix: String) -> String {
        (0..<count).map { index in
            index % 97 == 0
                ? "    Stack \(prefix)s\(index) { axis: horizontal  Text { text: \"a\" }  Toggle { title: \"t\(index)\" } }"
                : "    Text \(prefix)\(index) { text: \"\(prefix) row \(index), long enough to be kept as bytes\"  size: \(index % 5 * 10 + 20) }"
        }.joined(separator: "\n")
    }

    private var components: String {
        """
        component Toggle(title: string): Text {
            state on = false
            text: title
            hidden: on
        }

        """
    }

    /// Lowers `text` through a `ThreadedLowering`; returns the screens and
    /// whether it ran on its own thread.
    private func threaded(_ text: String, rowsTo sink: (any LoweredRowSink)? = nil) -> (screens: [ScreenModel]?, threaded: Bool) {
        var lowering = ThreadedLowering(StreamingLowering(firstScreenRows: sink), usesThread: true)
        let result = Compiler.check(SourceFile(path: "t.stack", text: text), loader: MemoryLoader([:]), into: &lowering)
        let isThreaded = lowering.isThreaded
        guard var program = result.program else { return (nil, isThreaded) }
        program.sources = SourceManager()
        return ((consume lowering).finish(program), isThreaded)
    }

    private func checkedThenLowered(_ text: String) -> [ScreenModel]? {
        Compiler.check(SourceFile(path: "t.stack", text: text), loader: MemoryLoader([:])).program.map { Compiler.lower($0) }
    }

    /// A small screen, a large one (the thread starts there, taking the
    /// lowering of the first along), a flow and another small screen.
    func testTheThreadStartsAtTheFirstLargeScreen() throws {
        let text = components + """
            screen First {
            \(rows(50, prefix: "f"))
            }
            screen Large {
                defaults { insets: 4 8 }
            \(rows(3_000, prefix: "l"))
                Text last { color: light-dark(#000, #fff) }
            }
            flow Steps {
                step one { Text { text: "one" } }
            }
            screen Last {
            \(rows(20, prefix: "z"))
            }
            """
        let (screens, isThreaded) = threaded(text)
        XCTAssertTrue(isThreaded, "the large screen did not start the thread: the test proves nothing")
        let expected = try XCTUnwrap(checkedThenLowered(text))
        let made = try XCTUnwrap(screens)
        XCTAssertEqual(made.count, 4)
        XCTAssertEqual(ScreenEncoder.encode(made), ScreenEncoder.encode(expected))
    }

    /// Small screens only: no thread.
    func testSmallScreensStayOnTheCallersThread() throws {
        let text = components + "screen A {\n\(rows(ThreadedLowering.threshold - 1, prefix: "a"))\n}\n"
        let (screens, isThreaded) = threaded(text)
        XCTAssertFalse(isThreaded)
        XCTAssertEqual(ScreenEncoder.encode(try XCTUnwrap(screens)), ScreenEncoder.encode(try XCTUnwrap(checkedThenLowered(text))))
    }

    /// A large screen lowered without encoding (`Compiler.compile`, the
    /// model keeping its rows) stays on the checker's thread, where the
    /// third would not pay; lowered for encoding, it starts the thread.
    func testOnlyACompileForEncodingStartsTheThread() throws {
        let text = components + "screen A {\n\(rows(3_000, prefix: "a"))\n}\n"
        for (sink, expected) in [(nil, false), (ScreenEncoder.RowStream() as (any LoweredRowSink)?, true)] {
            var lowering = Compiler.loweringSink(firstScreenRows: sink)
            let result = Compiler.check(SourceFile(path: "t.stack", text: text), loader: MemoryLoader([:]), into: &lowering)
            XCTAssertEqual(result.diagnostics.errorCount, 0)
            XCTAssertEqual(lowering.isThreaded, expected, sink == nil ? "lowering alone" : "lowering for encoding")
        }
    }

    /// The first screen's rows encoded as the thread lowers them: the same file.
    func testRowsEncodedOnTheThread() throws {
        let text = components + "screen A {\n\(rows(5_000, prefix: "a"))\n}\n"
        let (result, encodable) = Compiler.compileForEncoding(SourceFile(path: "t.stack", text: text), loader: MemoryLoader([:]))
        XCTAssertEqual(result.diagnostics.errorCount, 0)
        let parts = ScreenEncoder.encodeParts(try XCTUnwrap(encodable))
        XCTAssertEqual(Array(parts.joined()), ScreenEncoder.encode(try XCTUnwrap(checkedThenLowered(text))))
    }

    /// A row the deferring parse cannot take as it stands (a string the
    /// lexer reports) after thousands of rows the thread is still lowering
    /// and encoding: the file is checked again without deferring, into a
    /// copy of the sink made before that shares the encoder's rows. The
    /// first attempt's thread must be over by then (run under
    /// ThreadSanitizer, two threads writing the rows would be reported),
    /// and the error said once.
    func testAFileCheckedAgainWhileTheThreadLowers() throws {
        let text = components + "screen A {\n\(rows(4_000, prefix: "a"))\n    Text bad { text: }\n\(rows(100, prefix: "b"))\n}\n"
        let before = try threadCount()
        let (result, encodable) = Compiler.compileForEncoding(SourceFile(path: "t.stack", text: text), loader: MemoryLoader([:]))
        XCTAssertNil(encodable)
        XCTAssertEqual(result.diagnostics.errorCount, 1, "\(result.diagnostics.items.map(\.message))")
        XCTAssertEqual(try threadCount(), before, "a lowering thread outlived its compile")
    }

    /// Compiles stopped by an error after the thread started: each thread
    /// drops what it was handed and ends.
    func testAnErrorLetsTheThreadEnd() throws {
        let text = components + "screen A {\n\(rows(4_000, prefix: "a"))\n    Text bad { text: 1 }\n\(rows(100, prefix: "b"))\n}\n"
        let before = try threadCount()
        for _ in 0..<8 {
            let (screens, isThreaded) = threaded(text)
            XCTAssertNil(screens)
            XCTAssertTrue(isThreaded, "the thread never started: the test proves nothing")
        }
        // The threads end on their own, after the sink is let go.
        var now = try threadCount()
        for _ in 0..<200 where now > before {
            usleep(10_000)
            now = try threadCount()
        }
        XCTAssertLessThanOrEqual(now, before, "threads were left behind")
    }

    /// This process's threads, from /proc (skipped where there is none).
    private func threadCount() throws -> Int {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else {
            throw XCTSkip("no /proc/self/task here: threads cannot be counted")
        }
        return tasks.count
    }
}
