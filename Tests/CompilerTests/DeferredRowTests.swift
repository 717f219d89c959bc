// A parse that defers rows steps over each row of a screen or flow and
// parses it later, on its own (DeferredRowParser). Put back in place, the
// rows and everything reported must be what a parse that never deferred
// made: every fixture and sample, hostile rows (unclosed, too deep, too
// tall, stray braces, braces in strings and comments), and the samples with
// bytes deleted or braces added at random places.

import Foundation
@testable import StackParser
import TestSupport
import XCTest

final class DeferredRowTests: XCTestCase {
    /// The deferred parse with every deferred row parsed and put back, and
    /// how many rows were deferred; nil when a row has a problem (then the
    /// compiler parses the file again without deferring).
    ///
    /// Runs of at least `aheadFrom` rows are parsed ahead on a second
    /// thread (`DeferredRowReader`); 1 makes every run so.
    ///
    /// `window`: tokens lexed at a time. Rows the lexer has lexed already
    /// are walked token by token; the rest of a row it steps over itself
    /// (`Lexer.skipBraces`), as it does past the first window: a small
    /// window has it step over nearly every row of a small file.
    ///
    /// `skimAhead`: rows are stepped over on a second thread too, from
    /// halfway through the file (`RowsSkimmedAhead`), whatever its length;
    /// the rows taken from it are counted in `rowsSkimmedAhead`.
    private func parseDeferringThenRows(
        _ source: SourceFile, aheadFrom threshold: Int, window: Int, skimAhead: Bool
    ) -> (SourceFileSyntax, DiagnosticList, Int)? {
        let (parsed, skimmed) = Parser.parse(
            source, id: FileID(0), window: window, deferringRows: true, skimmingAheadFrom: skimAhead ? 0 : nil)
        var (syntax, diagnostics) = parsed
        rowsSkimmedAhead += skimmed
        var deferred = 0
        for index in syntax.declarations.indices {
            guard case .stack(var decl) = syntax.declarations[index] else { continue }
            var members: [Member] = []
            var rest = decl.body.members[...]
            while let member = rest.popFirst() {
                guard case .deferredRows(let rows) = member else {
                    members.append(member)
                    continue
                }
                // The runs right after it read as one, as the checker does.
                var runs = [rows]
                while case .deferredRows(let next)? = rest.first {
                    runs.append(next)
                    rest.removeFirst()
                }
                let reader = DeferredRowReader(runs: runs, source: source, threshold: threshold)
                var taken = 0
                while let syntax = reader.next() {
                    members.append(.row(syntax))
                    taken += 1
                }
                if reader.foundProblem { return nil }
                XCTAssertEqual(taken, runs.reduce(0) { $0 + $1.rows.count }, "the reader stopped before the end of its rows")
                deferred += taken
            }
            decl.body.members = members
            syntax.declarations[index] = .stack(decl)
        }
        return (syntax, diagnostics, deferred)
    }

    private func rendered(_ syntax: SourceFileSyntax, _ diagnostics: DiagnosticList) -> String {
        var text = ""
        dump(syntax.declarations, to: &text)
        // Comments inside rows are found by the lexer stepping over them.
        text += "comments: \(syntax.comments.map { "\($0.start)-\($0.end)" }.joined(separator: " "))\n"
        // Rows report when they are parsed: compare in the order shown.
        for item in diagnostics.sorted {
            text += "\(item.code.rawValue) \(item.span.start)-\(item.span.end) \(item.message) \(item.notes.map(\.message))\n"
        }
        return text
    }

    /// What deferring rows made of a file, next to a parse that did not.
    enum Outcome: Equatable {
        /// The same tree and diagnostics, with this many rows deferred.
        case same(deferred: Int)
        /// A row had a problem: the file is parsed again without deferring.
        case parsedAgain
        case different
    }

    /// Rows taken from the second thread that stepped over rows ahead.
    private var rowsSkimmedAhead = 0

    @discardableResult
    private func assertSameParse(
        _ text: String, _ name: String, aheadFrom threshold: Int = .max, window: Int = Parser.defaultWindow, skimAhead: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Outcome {
        assertSameParse(SourceFile(path: name, text: text), name, aheadFrom: threshold, window: window, skimAhead: skimAhead, file: file, line: line)
    }

    /// Fails unless deferring rows gives what parsing in place does, or
    /// asks for the file to be parsed again.
    @discardableResult
    private func assertSameParse(
        _ source: SourceFile, _ name: String, aheadFrom threshold: Int = .max, window: Int = Parser.defaultWindow, skimAhead: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Outcome {
        guard let (deferredSyntax, deferredDiagnostics, count) = parseDeferringThenRows(source, aheadFrom: threshold, window: window, skimAhead: skimAhead)
        else {
            return .parsedAgain
        }
        let (syntax, diagnostics) = Parser.parse(source, id: FileID(0))
        let expected = rendered(syntax, diagnostics)
        let actual = rendered(deferredSyntax, deferredDiagnostics)
        guard actual == expected else {
            if let folder = ProcessInfo.processInfo.environment["STACKC_DEFERRED_DUMP"] {
                try? expected.write(toFile: folder + "/expected.txt", atomically: true, encoding: .utf8)
                try? actual.write(toFile: folder + "/actual.txt", atomically: true, encoding: .utf8)
            }
            XCTFail("\(name): deferring rows parses differently (STACKC_DEFERRED_DUMP=DIR writes both)", file: file, line: line)
            return .different
        }
        return .same(deferred: count)
    }

    private static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private func stackFiles(in folders: [String]) -> [URL] {
        var files: [URL] = []
        for folder in folders {
            let walker = FileManager.default.enumerator(at: Self.root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if url.pathExtension == "stack" { files.append(url) }
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    func testEveryFixtureAndSampleParsesAsWithoutDeferring() throws {
        let files = stackFiles(in: ["Tests", "samples"])
        XCTAssertGreaterThan(files.count, 50, "the fixtures were not found")
        var deferred = 0
        for url in files {
            let source = SourceFile(path: url.path, bytes: Array(try Data(contentsOf: url)))
            // Every run parsed ahead, on a second thread.
            let outcome = assertSameParse(source, url.lastPathComponent, aheadFrom: 1)
            if case .same(let count) = outcome { deferred += count }
            XCTAssertEqual(assertSameParse(source, url.lastPathComponent + " (rows stepped over by the lexer)", window: 4), outcome)
            // And stepped over from halfway on a second thread as well.
            XCTAssertEqual(assertSameParse(source, url.lastPathComponent + " (stepped over ahead)", window: 4, skimAhead: true), outcome)
            // The samples parse cleanly: none needs parsing again.
            if url.path.contains("/samples/") { XCTAssertNotEqual(outcome, .parsedAgain, url.lastPathComponent) }
        }
        XCTAssertGreaterThan(deferred, 100, "hardly any rows were deferred: the test proves nothing")
        XCTAssertGreaterThan(rowsSkimmedAhead, 20, "hardly any rows were taken from the second thread: the test proves nothing")
    }

    func testHostileRowsParseAsWithoutDeferring() {
        let deep = String(repeating: "Stack s { ", count: 140) + String(repeating: "} ", count: 140)
        let tall = "Text t { size: " + Array(repeating: "1", count: 300).joined(separator: " + ") + " }"
        let cases: [(String, String)] = [
            ("unclosed", "screen S {\n    Text a { text: \"x\"\n    Text b { text: \"y\" }\n"),
            ("unclosed nested", "screen S {\n    Stack a {\n        Text b { text: \"y\" }\n"),
            ("too deep", "screen S {\n    \(deep)\n    Text after { text: \"z\" }\n}\n"),
            ("too tall twice", "screen S {\n    \(tall)\n    \(tall)\n    Text after { size: 1 + }\n}\n"),
            ("tall after an error", "screen S {\n    Text a { size: ( }\n    \(tall)\n}\ncomponent C(): Text { size: \(Array(repeating: "1", count: 300).joined(separator: " + ")) }\n"),
            ("stray braces", "screen S {\n    Text a { { } text: \"x\" }\n    Text b { } }\n    Text c { text: \"c\" }\n}\n"),
            ("braces in strings and comments", "screen S {\n    Text a { text: \"}{\" /* } */ font: 15 // }\n    }\n    Text b { text: \"\\(\"}\")\" }\n}\n"),
            ("missing value", "screen S {\n    Text a { size: }\n    Text b { text: }\n}\n"),
            ("misspelt block", "screen S {\n    seperator { color: #000 }\n    Text a { text: \"a\" }\n}\n"),
            ("rows in a flow", "flow F {\n    Text a { text: \"a\" }\n    step One { Text b { text: \"b\" } }\n}\n"),
            ("row ends the file", "screen S {\n    Text a { text: \"a\" }"),
            ("named row without a body", "screen S {\n    Text a\n    Text b { text: \"b\" }\n}\n"),
            ("unterminated comment", "screen S {\n    Text a { text: \"a\" }\n    Text b { /* text: \"b\" }\n}\n"),
            ("unterminated string", "screen S {\n    Text a { text: \"a }\n    Text b { text: \"b\" }\n}\n"),
            ("invalid characters", "screen S {\n    Text a { text: \"a\" ` }\n    Text b { size: 1 @ 2 }\n}\n"),
            ("semicolons", "screen S { Text a { text: \"a\" }; Text b { text: \"b\" }; state x = 1 }\n"),
            // Rows that parse, but whose bytes the lexer reports: stepping
            // over a row, the lexer scans only strings, comments and braces.
            ("the lexer's problems alone", "screen S {\n    Text a { size: 12px }\n    Text b { color: #12345G }\n    Text c { text: \"bad \\q\" }\n    Text d { text: 'single' }\n}\n"),
        ]
        var parsedAgain = 0
        for (name, text) in cases {
            // On the caller's thread and ahead on a second one: the same.
            let outcome = assertSameParse(text, name)
            XCTAssertEqual(assertSameParse(text, name + " (ahead)", aheadFrom: 1), outcome, name)
            XCTAssertEqual(assertSameParse(text, name + " (rows stepped over by the lexer)", window: 4), outcome, name)
            XCTAssertEqual(assertSameParse(text, name + " (stepped over ahead)", window: 4, skimAhead: true), outcome, name)
            if outcome == .parsedAgain { parsedAgain += 1 }
        }
        // Both ways: a problem in a row (unclosed, too deep, too tall, a
        // stray brace, a missing value), and trouble the row's parse does
        // not see (the lexer's, or outside the row), which must agree.
        XCTAssertGreaterThanOrEqual(parsedAgain, 6)
        XCTAssertGreaterThanOrEqual(cases.count - parsedAgain, 6)
    }

    /// Comments inside rows the lexer steps over are the comments a parse
    /// in place finds (a formatter and the generated Swift read them).
    func testCommentsInsideRowsSteppedOverAreKept() {
        let text = """
            screen S {
                Text a { text: "a // not a comment"  /* a { brace } */ font: 15 }
                Text b {
                    // a line comment } with a brace
                    text: "b"  /* nested /* block */ comment */
                }
                Text c { text: "\\(1 /* inside an interpolation? */)" }
                Text d { size: 15/* right after a token */}
            }

            """
        XCTAssertEqual(assertSameParse(text, "comments in rows", window: 4), .same(deferred: 4))
        XCTAssertEqual(assertSameParse(text, "comments in rows (one window)"), .same(deferred: 4))
        XCTAssertEqual(assertSameParse(text, "comments in rows (stepped over ahead)", window: 4, skimAhead: true), .same(deferred: 4))
    }

    /// After a row's `}`, the lexer steps over the rows right after it
    /// itself (`Lexer.rowHeader`: a capitalised kind, an id, `{`, apart by
    /// whitespace), and hands anything else back to the parser: each way of
    /// ending such a run, and the rows after it, parse as in place.
    func testRunsOfRowsTheLexerStepsOver() {
        let rows = "Text a { text: \"a\" }\n    Image b-c { size: 10 }\n    View { size: 5 }\n"
        let cases: [(String, String, Int?)] = [
            ("a run", "screen S {\n    \(rows)    Spacer d { size: 1 }\n}\n", 4),
            ("one line", "screen S { Text a { } Text b { }Text c{}Spacer{size:1} }\n", 4),
            ("tabs and CRLF", "screen S {\r\n\tText a { }\r\n\tText b\t{ }\r\n\r\n\tText c {\r\n\t}\r\n}\r\n", 3),
            ("a comment between", "screen S {\n    \(rows)    // between\n    \(rows)}\n", 6),
            ("a block comment between", "screen S {\n    \(rows)    /* { */ \(rows)}\n", 6),
            ("a property after", "screen S {\n    \(rows)    background: #FFF\n    \(rows)}\n", 6),
            ("a capitalised property after", "screen S {\n    \(rows)    Text: 5\n    \(rows)}\n", nil),
            ("state after", "screen S {\n    \(rows)    state x = 1\n    \(rows)}\n", 6),
            ("a lower-case kind after", "screen S {\n    \(rows)    text lower { }\n    \(rows)}\n", 7),
            ("a block after", "screen S {\n    \(rows)    separator { color: #000 }\n    \(rows)}\n", 6),
            ("a for after", "screen S {\n    data items: [Item]\n    \(rows)    for i in items key i.id { Text { } }\n    \(rows)}\nrecord Item { id: string }\n", 6),
            ("a kind without a body", "screen S {\n    \(rows)    Text x\n    \(rows)}\n", nil),
            ("an id that is a keyword", "screen S {\n    \(rows)    Text for { }\n    Text true { }\n}\n", 5),
            ("two names before the brace", "screen S {\n    \(rows)    Text a b { }\n    \(rows)}\n", nil),
            ("a nested stack", "screen S {\n    \(rows)    Stack s { Text a { } Text b { } }\n    \(rows)}\n", 7),
            ("cut off in a row", "screen S {\n    \(rows)    Text z { text: \"z\"\n", nil),
            ("cut off after a brace", "screen S {\n    \(rows)    Text z {", nil),
            ("cut off after a kind", "screen S {\n    \(rows)    Text z", nil),
            ("the end after a run", "screen S {\n    \(rows)", nil),
            ("a run in a flow", "flow F {\n    step One { Text a { } }\n    \(rows)}\n", nil),
        ]
        for (name, text, deferred) in cases {
            let outcome = assertSameParse(text, name)
            XCTAssertEqual(assertSameParse(text, name + " (rows stepped over by the lexer)", window: 4), outcome, name)
            XCTAssertEqual(assertSameParse(text, name + " (stepped over ahead)", window: 4, skimAhead: true), outcome, name)
            if let deferred { XCTAssertEqual(outcome, .same(deferred: deferred), name) }
        }
    }

    /// Property test: the samples with a byte deleted, or a brace or a quote
    /// put in, at places a seeded generator picks.
    func testDamagedSamplesParseAsWithoutDeferring() throws {
        var generator = SplitMix64(seed: 18)
        let damage: [UInt8?] = [nil, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "(")]
        var same = 0, parsedAgain = 0
        for url in stackFiles(in: ["samples"]) {
            let bytes = Array(try Data(contentsOf: url))
            for round in 0..<40 {
                var damaged = bytes
                let place = Int(generator.next() % UInt64(max(damaged.count, 1)))
                let what = damage[Int(generator.next() % UInt64(damage.count))]
                if let what { damaged.insert(what, at: place) } else if !damaged.isEmpty { damaged.remove(at: place) }
                // Every other round parsed ahead, on a second thread.
                let threshold = round.isMultiple(of: 2) ? Int.max : 1
                // Most rounds with rows stepped over by the lexer, and every
                // third from halfway on a second thread as well.
                let window = round % 4 == 1 ? Parser.defaultWindow : 4
                switch assertSameParse(
                    SourceFile(path: url.path, bytes: damaged), "\(url.lastPathComponent) #\(round) at \(place)", aheadFrom: threshold, window: window,
                    skimAhead: round % 3 == 0)
                {
                case .same: same += 1
                case .parsedAgain: parsedAgain += 1
                case .different: break
                }
            }
        }
        // Both ways are exercised: damage a row's parse notices, and damage
        // it does not (in a string, a comment, outside any row).
        XCTAssertGreaterThan(same, 40)
        XCTAssertGreaterThan(parsedAgain, 40)
    }

    /// Many rows parsed ahead: a problem far into them stops the worker
    /// (which may be waiting for room), as does letting the reader go
    /// after a few rows; what it hands out is what a parse in place makes.
    func testRowsParsedAheadStopCleanly() {
        let good = (0..<1500).map { "    Text r\($0) { text: \"row \($0)\"  size: \($0 % 90 + 10) }" }
        let broken = "screen S {\n" + good[..<900].joined(separator: "\n") + "\n    Text bad { size: ( }\n" + good[900...].joined(separator: "\n") + "\n}\n"
        XCTAssertEqual(assertSameParse(broken, "a problem after 900 rows", aheadFrom: 1), .parsedAgain)
        let whole = "screen S {\n" + good.joined(separator: "\n") + "\n}\n"
        XCTAssertEqual(assertSameParse(whole, "1,500 rows", aheadFrom: 1), .same(deferred: 1500))

        let source = SourceFile(path: "rows.stack", text: whole)
        let (syntax, _) = Parser.parse(source, id: FileID(0), deferringRows: true)
        guard case .stack(let decl) = syntax.declarations.first, case .deferredRows(let rows) = decl.body.members.first else {
            return XCTFail("no deferred rows")
        }
        XCTAssertGreaterThan(rows.rows.count, DeferredRowReader.batchSize * DeferredRowReader.batchesAhead, "too few rows to fill the hand-over")
        var inPlace = DeferredRowParser(source: source, file: FileID(0))
        for _ in 0..<20 {
            var reader: DeferredRowReader? = DeferredRowReader(rows, source: source, threshold: 1)
            for index in 0..<3 {
                var expected = "", actual = ""
                dump(inPlace.parse(rows.rows[index]), to: &expected)
                dump(reader!.next(), to: &actual)
                XCTAssertEqual(actual, expected)
            }
            // Let go with the worker ahead (waiting for room, or parsing): this must return.
            reader = nil
        }
    }

    /// More rows than one run holds: the runs that follow one another are
    /// read as one, by one worker given each run as the one before it
    /// begins. A problem in a later run stops it; so does letting the
    /// reader go in the first run, and right as the second begins (the
    /// worker may be waiting for room, or for its next run).
    func testRunsAfterRunsShareOneReader() {
        let count = Parser.deferredRun * 2 + 300
        let good = (0..<count).map { "    Text r\($0) { text: \"row \($0)\"  size: \($0 % 90 + 10) }" }
        let whole = "screen S {\n" + good.joined(separator: "\n") + "\n}\n"
        for threshold in [1, Int.max] {
            XCTAssertEqual(assertSameParse(whole, "three runs", aheadFrom: threshold), .same(deferred: count))
        }
        // Stepped over from halfway on a second thread too: the rows taken
        // from it go on past the end of the second run, where the next
        // run's first row is stepped over by the parser's thread itself.
        rowsSkimmedAhead = 0
        XCTAssertEqual(assertSameParse(whole, "three runs (stepped over ahead)", aheadFrom: 1, skimAhead: true), .same(deferred: count))
        XCTAssertGreaterThan(rowsSkimmedAhead, count / 3, "the rows stepped over ahead were not taken")
        let late = Parser.deferredRun * 2 + 100
        let broken = "screen S {\n" + good[..<late].joined(separator: "\n") + "\n    Text bad { size: ( }\n" + good[late...].joined(separator: "\n") + "\n}\n"
        XCTAssertEqual(assertSameParse(broken, "a problem in the third run", aheadFrom: 1), .parsedAgain)
        XCTAssertEqual(assertSameParse(broken, "a problem in the third run (stepped over ahead)", aheadFrom: 1, skimAhead: true), .parsedAgain)
        // A row the lexer reports, among the rows stepped over ahead: the
        // second thread stops before it, and the parser's thread goes on.
        let reported = "screen S {\n" + good[..<late].joined(separator: "\n") + "\n    Text bad { text: \"bad \\q\" }\n" + good[late...].joined(separator: "\n") + "\n}\n"
        let outcome = assertSameParse(reported, "a string the lexer reports")
        XCTAssertEqual(assertSameParse(reported, "a string the lexer reports (stepped over ahead)", skimAhead: true), outcome)

        let source = SourceFile(path: "rows.stack", text: whole)
        let (syntax, _) = Parser.parse(source, id: FileID(0), deferringRows: true)
        guard case .stack(let decl) = syntax.declarations.first else { return XCTFail("no screen") }
        let runs = decl.body.members.compactMap { member -> DeferredRows? in
            if case .deferredRows(let rows) = member { return rows } else { return nil }
        }
        XCTAssertEqual(runs.map(\.rows.count), [Parser.deferredRun, Parser.deferredRun, 300])
        XCTAssertNil(DeferredRowReader(runs: [], source: source, threshold: 1).next(), "no runs, no rows")
        for stopAt in [3, Parser.deferredRun, Parser.deferredRun + 1] {
            for _ in 0..<5 {
                var reader: DeferredRowReader? = DeferredRowReader(runs: runs, source: source, threshold: 1)
                var taken = 0
                while taken < stopAt, reader!.next() != nil { taken += 1 }
                XCTAssertEqual(taken, stopAt)
                // Let go with the worker ahead: this must return.
                reader = nil
            }
        }
    }
}
