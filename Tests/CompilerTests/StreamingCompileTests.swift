// `Compiler.compile` lowers each screen row as soon as it is checked,
// assuming every environment slot and renumbering at the end. Its output
// must be what checking everything and then lowering (`check` + `lower`)
// makes, byte for byte, with the same diagnostics in the same order (and
// `Compiler.diagnose`, which lets each row go, the same diagnostics): every
// fixture and sample, and screens made to hit each way the streaming can
// go — the environment read only by the last row, by a component's state,
// a locale enum beside the user's enums, settings after rows, flows, data,
// arguments tall enough to stop the rows flowing, errors.

import Foundation
@testable import StackCompiler
@testable import StackParser
import StackRuntime
import XCTest

final class StreamingCompileTests: XCTestCase {
    /// Whether streaming and checking-then-lowering agree on `source`;
    /// returns how many root rows the sink took.
    @discardableResult
    private func assertSameCompile(
        _ source: SourceFile, loader: any SourceLoader = FileSystemLoader(), _ name: String, file: StaticString = #filePath, line: UInt = #line
    ) -> Int {
        let checked = Compiler.check(source, loader: loader)
        let (streamed, screens) = Compiler.compile(source, loader: loader)
        func rendered(_ list: DiagnosticList) -> [String] {
            list.items.map { "\($0.code.rawValue) \($0.span.file.rawValue):\($0.span.start)-\($0.span.end) \($0.message)" }
        }
        XCTAssertEqual(rendered(streamed.diagnostics), rendered(checked.diagnostics), name, file: file, line: line)
        let diagnosed = Compiler.diagnose(source, loader: loader)
        XCTAssertEqual(rendered(diagnosed.diagnostics), rendered(checked.diagnostics), "\(name): diagnose", file: file, line: line)
        XCTAssertNil(diagnosed.program, name, file: file, line: line)
        XCTAssertEqual(streamed.diagnostics.dropped, checked.diagnostics.dropped, name, file: file, line: line)
        XCTAssertEqual(streamed.importedPaths, checked.importedPaths, name, file: file, line: line)
        var counter = CountingSink()
        _ = Compiler.check(source, loader: loader, into: &counter)
        guard let program = checked.program else {
            XCTAssertNil(screens, "\(name): errors, yet screens", file: file, line: line)
            return counter.taken
        }
        guard let screens else {
            XCTFail("\(name): no screens from compile", file: file, line: line)
            return counter.taken
        }
        let lowered = Compiler.lower(program)
        XCTAssertEqual(screens, lowered, "\(name): models differ", file: file, line: line)
        let bytes = ScreenEncoder.encode(lowered)
        XCTAssertEqual(ScreenEncoder.encode(screens), bytes, "\(name): bytes differ", file: file, line: line)
        // The first screen's rows encoded as they are lowered: the same file.
        let (forEncoding, encodable) = Compiler.compileForEncoding(source, loader: loader)
        XCTAssertEqual(rendered(forEncoding.diagnostics), rendered(checked.diagnostics), "\(name): for encoding", file: file, line: line)
        if let encodable {
            encodedRows += encodable.firstScreenRows?.written.count ?? 0
            XCTAssertEqual(Array(ScreenEncoder.encodeParts(encodable).joined()), bytes, "\(name): rows encoded early", file: file, line: line)
        } else {
            XCTFail("\(name): no screens to encode", file: file, line: line)
        }
        return counter.taken
    }

    /// Rows the encoder took as they were lowered, over a test.
    private var encodedRows = 0

    /// Takes every row it can and counts them.
    private struct CountingSink: CheckedRowSink {
        var taken = 0
        var begun: [Int] = []
        mutating func declarationsChecked(_ program: CheckedProgram, locales: [String]) {}
        mutating func begin(_ stack: CheckedStack, number: Int, expectedRows: Int) -> Bool {
            begun.append(number)
            return true
        }
        mutating func take(_ row: consuming CheckedRow) { taken += 1 }
    }

    private static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testEveryFixtureAndSampleCompilesAsCheckingThenLowering() throws {
        var files: [URL] = []
        for folder in ["Tests", "samples"] {
            let walker = FileManager.default.enumerator(at: Self.root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                if url.pathExtension == "stack" { files.append(url) }
            }
        }
        XCTAssertGreaterThan(files.count, 50, "the fixtures were not found")
        var taken = 0
        for url in files.sorted(by: { $0.path < $1.path }) {
            let source = SourceFile(path: url.path, bytes: Array(try Data(contentsOf: url)))
            taken += assertSameCompile(source, url.lastPathComponent)
        }
        XCTAssertGreaterThan(taken, 200, "hardly any rows were streamed: the test proves nothing")
        XCTAssertGreaterThan(encodedRows, 200, "hardly any rows were encoded as lowered: the test proves nothing")
    }

    private func compile(_ text: String, files: [String: String] = [:], _ name: String, line: UInt = #line) -> Int {
        assertSameCompile(SourceFile(path: "s.stack", text: text), loader: MemoryLoader(files), name, line: line)
    }

    func testTheEnvironmentReadByTheLastRowOnly() {
        let rows = (0..<40).map { "    Text r\($0) { text: \"row \($0)\" }" }.joined(separator: "\n")
        for last in ["color: light-dark(#000, #fff)", "font: body", "size: scaled(20)", "color: label", "text: \"plain\""] {
            XCTAssertEqual(compile("screen S {\n    state on = false\n\(rows)\n    Text last { \(last)  hidden: on }\n}\n", last), 41, last)
        }
    }

    /// More rows than one run of deferred rows holds, nested stacks the
    /// row table's first estimate does not count, and the environment
    /// read by the last row only.
    func testALargeScreen() {
        var rows: [String] = []
        for index in 0..<10_000 {
            if index % 50 == 0 {
                rows.append("    Stack s\(index) { axis: horizontal  Text { text: \"a\" }  Text { text: \"b\" }  Stack { Spacer {} } }")
            } else {
                rows.append("    Text r\(index) { text: \"row \(index)\"  size: \(index % 7 * 10 + 20) }")
            }
        }
        let source = "screen Big {\n    defaults { insets: 4 8 }\n\(rows.joined(separator: "\n"))\n    Text last { color: label }\n}\n"
        XCTAssertEqual(compile(source, "large"), 10_001)
        // Encoded as lowered: the model keeps none of the screen's rows.
        let (_, encodable) = Compiler.compileForEncoding(SourceFile(path: "s.stack", text: source), loader: MemoryLoader([:]))
        XCTAssertEqual(encodable?.screens.first?.rows.count, 0)
        XCTAssertEqual(encodable?.firstScreenRows?.written.count, 10_001 + 200 * 4)
    }

    /// A screen large enough that checking steps over its rows on two
    /// threads (`RowsSkimmedAhead`), as a compile does,
    /// with errors in both halves: a row id used again far from its first
    /// use, an unknown property and a string the lexer reports, past the
    /// middle. The same diagnostics every way.
    func testALargeScreenWithErrorsInBothHalves() {
        var rows: [String] = []
        let count = 12_000
        for index in 0..<count {
            switch index {
            case 7_000: rows.append("    Text r10 { text: \"again\" }")
            case 9_000: rows.append("    Text odd { colour: #FFF }")
            case 10_000: rows.append("    Text escape { text: \"bad \\q\" }")
            default: rows.append("    Text r\(index) { text: \"row \(index) of the large screen\"  size: \(index % 7 * 10 + 20) }")
            }
        }
        let text = "screen Big {\n\(rows.joined(separator: "\n"))\n}\n"
        XCTAssertGreaterThan(text.utf8.count, RowsSkimmedAhead.threshold + 100_000, "too small to be stepped over on two threads")
        let source = SourceFile(path: "big.stack", text: text)
        assertSameCompile(source, loader: MemoryLoader([:]), "large, with errors")
        let codes = Compiler.check(source, loader: MemoryLoader([:])).diagnostics.items.map(\.code)
        XCTAssertTrue(codes.contains(.duplicateRowID), "\(codes)")
        XCTAssertGreaterThanOrEqual(codes.count, 3, "\(codes)")
    }

    func testComponentStateAfterTheEnvironmentSlots() {
        for lastColor in ["light-dark(#000, #fff)", "#000"] {
        let source = """
            enum Mode { compact, regular }
            component Toggle(title: string): Text {
                state on = false
                text: title
                color: on ? #0a0 : #333
                tap: toggle(on)
            }
            screen S {
                state mode: Mode = .regular
                state count = 0
                Toggle { title: "a" }
                Text t { text: "x"  tap: set(count, count + 1)  hidden: mode == .compact }
                Toggle sauna { title: "b" }
                Stack inner { Toggle { title: "c" } }
                Text last { color: \(lastColor) }
            }
            screen T {
                Toggle { title: "d" }
                Text u { font: title1 }
            }
            """
        XCTAssertGreaterThan(compile(source, "component state"), 4)
        XCTAssertGreaterThan(compile(source.replacingOccurrences(of: "font: title1", with: "font: 17"), "no environment"), 4)
        }
    }

    /// "env.locale" sorts between "Area" and "zones" (a warning, but an enum name).
    func testALocaleEnumBesideTheUsersEnums() {
        let catalog = """
            { "sourceLanguage": "en", "version": "1.0", "strings": {
              "Hello": { "localizations": { "fr": { "stringUnit": { "state": "translated", "value": "Bonjour" } } } } } }
            """
        for text in ["\"Hello\"", "verbatim(\"Hello\")"] {
            let source = """
                localize from "Localizable.xcstrings"
                enum zones { a, b }
                enum Area { x, y }
                component Pick: Text { state zone: zones = .b  text: verbatim("z")  tap: set(zone, .a) }
                screen S {
                    state area: Area = .y
                    Pick {}
                    Text a { text: verbatim("a")  hidden: area == .x }
                    Text hello { text: \(text) }
                }
                """
            XCTAssertEqual(compile(source, files: ["Localizable.xcstrings": catalog], text), 3, text)
        }
    }

    func testScreensNotStreamedAndFlows() {
        let source = """
            screen Late {
                Text a { text: "a" }
                padding: 10
                Text b { text: "b" }
            }
            flow F {
                step One { Text a { text: "one" } }
                step Two { title: "Two"  Text b { text: "b"  color: light-dark(#000, #fff) } }
            }
            screen Early {
                spacing: 4
                defaults { insets: 4 8 }
                Text a { text: "a"  color: label }
            }
            """
        XCTAssertEqual(compile(source, "late settings and a flow"), 1, "only the last screen streams")
    }

    /// The first screen's long strings kept as bytes while its rows are
    /// encoded (`ConstantStrings`): one long text on many rows (found
    /// again through the bytes), the empty string beside them (which their
    /// stand-ins look like), long strings a component's template holds,
    /// one of 15 bytes and one of 16, and a second screen with the same
    /// texts that is not streamed.
    func testLongStringConstantsOfTheStreamedScreen() {
        let long = "A text long enough to need storage of its own"
        var rows: [String] = []
        for index in 0..<300 {
            switch index % 6 {
            case 0: rows.append("    Text r\(index) { text: \"\(long)\" }")
            case 1: rows.append("    Text r\(index) { text: \"\" }")
            case 2: rows.append("    Text r\(index) { text: \"row \(index) of a screen of long texts\" }")
            case 3: rows.append("    Card r\(index) { title: \"card \(index % 12) with a long enough title\" }")
            case 4: rows.append("    Text r\(index) { text: \"fifteen bytes!!\"  accessibility { label: \"sixteen bytes!!!\" } }")
            default: rows.append("    Image r\(index) { source: \"images/\(index % 5)/a-long-enough-path.png\"  aspect: 4/3  accessibility { hidden: true } }")
            }
        }
        let body = rows.joined(separator: "\n")
        let source = """
            component Card(title: string = "a default title, long enough"): Text {
                text: title
                accessibility { label: "a card of the long-strings test" }
            }
            screen First {
            \(body)
            }
            screen Second {
            \(body)
            }

            """
        XCTAssertEqual(compile(source, "long strings"), 600)
        let (_, encodable) = Compiler.compileForEncoding(SourceFile(path: "s.stack", text: source), loader: MemoryLoader([:]))
        let strings = encodable?.firstScreenRows?.longStrings
        // The long text once, each row's own, two titles (rows 3, 9, 15…
        // are cards 3 and 9), the template's label (its default is no
        // constant), five paths, the 16-byte label.
        XCTAssertEqual(strings?.count, 1 + 50 + 2 + 1 + 5 + 1)
        let constants = encodable?.screens.first?.expressions.constants
        XCTAssertEqual(constants?.filter { $0 == .string(long) }.count, 0, "kept as bytes only")
        XCTAssertEqual(constants?.filter { $0 == .string("fifteen bytes!!") }.count, 1, "a short string stays")
        XCTAssertEqual(encodable?.screens.last?.expressions.constants.filter { $0 == .string(long) }.count, 1, "the second screen keeps its own")
    }

    /// The empty string looked up among long strings' stand-ins (empty
    /// strings too): it must find only itself. Where its probe meets a
    /// stand-in depends on the process's hash seed, so screens with 1 to
    /// 40 long strings before it: each meets one about a third of the time.
    func testTheEmptyStringBesideLongStringStandIns() {
        for count in 1...40 {
            var rows = (0..<count).map { "    Text l\($0) { text: \"long string number \($0) of the screen\" }" }
            rows += ["    Text empty { text: \"\" }", "    Text again { text: \"long string number 0 of the screen\" }", "    Text e2 { text: \"\" }"]
            _ = compile("screen S {\n\(rows.joined(separator: "\n"))\n}\n", "\(count) long strings")
        }
    }

    /// Strings Swift calls equal but spelt differently (a precomposed "é"
    /// and "e" with a combining accent; the Kelvin sign and "K") are two
    /// constants, each kept as written, whether the rows are encoded as
    /// they are lowered or the model is kept: the model once gave the
    /// second row the first one's spelling, and only its long strings
    /// were told apart by their bytes when encoded early.
    func testConstantsSpeltDifferentlyStayApart() {
        let spellings = [
            ("caf\u{E9} au lait, a long enough text", "cafe\u{301} au lait, a long enough text"),
            ("caf\u{E9}", "cafe\u{301}"),
            ("\u{212A}", "K"),
        ]
        var rows: [String] = []
        for (index, pair) in spellings.enumerated() {
            rows.append("    Text a\(index) { text: \"\(pair.0)\" }")
            rows.append("    Text b\(index) { text: \"\(pair.1)\" }")
            rows.append("    Text c\(index) { text: \"\(pair.0)\" }")
        }
        let source = "screen S {\n\(rows.joined(separator: "\n"))\n}\n"
        XCTAssertEqual(compile(source, "spellings"), 9)
        let (result, screens) = Compiler.compile(SourceFile(path: "s.stack", text: source), loader: MemoryLoader([:]))
        XCTAssertTrue(result.diagnostics.items.isEmpty, "\(result.diagnostics.items.map(\.message))")
        let constants = screens?.first?.expressions.constants.compactMap { value -> [UInt8]? in
            if case .string(let text) = value { Array(text.utf8) } else { nil }
        } ?? []
        for (one, other) in spellings {
            XCTAssertEqual(one, other, "Swift calls them equal")
            XCTAssertEqual(constants.filter { $0 == Array(one.utf8) }.count, 1, one)
            XCTAssertEqual(constants.filter { $0 == Array(other.utf8) }.count, 1, other)
        }
    }

    /// An enum interpolated on the streamed screen, in a component and on
    /// a second screen, its case names short and long (a long one is kept
    /// as bytes while rows are encoded early): its names are one run of
    /// constants per screen, the same file every way, and the loaded file
    /// reads each case's name.
    func testAnInterpolatedEnumsNamesShortAndLong() throws {
        let cases = ["a", "aLongCaseNameOfTheEnum", "b", "anotherCaseNameLongEnough"]
        let rows = (0..<60).map { "    Text r\($0) { text: \"\($0) \\(mode)\"  hidden: mode == .b }" }.joined(separator: "\n")
        let source = """
            enum Mode { \(cases.joined(separator: ", ")) }
            component Badge(m: Mode): Text { text: "\\(m)!" }
            screen First {
                state mode: Mode = .aLongCaseNameOfTheEnum
            \(rows)
                Badge badge { m: mode }
            }
            screen Second {
                state mode: Mode = .anotherCaseNameLongEnough
                Text only { text: "\\(mode)" }
            }

            """
        XCTAssertEqual(compile(source, "interpolated enum"), 62)
        let (_, encodable) = Compiler.compileForEncoding(SourceFile(path: "s.stack", text: source), loader: MemoryLoader([:]))
        let bytes = Array(ScreenEncoder.encodeParts(try XCTUnwrap(encodable)).joined())
        let screens = try ScreenDecoder.decode(bytes)
        let expected = [("First", "r3", "3 aLongCaseNameOfTheEnum"), ("First", "badge", "aLongCaseNameOfTheEnum!"), ("Second", "only", "anotherCaseNameLongEnough")]
        for (name, id, text) in expected {
            let model = try XCTUnwrap(screens.first { $0.name == name })
            let screen = Screen(model: model, viewportWidth: 390, viewportHeight: 800)
            let row = try XCTUnwrap(screen.row(id: id), id)
            guard case .text(let ref, _, _, _, _, _) = model.rows[row].content else { return XCTFail(id) }
            XCTAssertEqual(model.expressions.evaluate(ref, in: screen.context.reading(model.rows[row])).stringValue, text, id)
        }
    }

    func testDataAndForRows() {
        let source = """
            record Amenity { name: string  free: bool = true }
            record Hotel { name: string  amenities: [Amenity] }
            screen S {
                data hotel: Hotel
                data extras: [Amenity]
                Text title { text: hotel.name }
                for a in hotel.amenities key a.name { Text { text: a.name  color: a.free ? label : #f00 } }
                for e in extras { Text { text: "\\(index): \\(e.name)" } }
            }
            """
        XCTAssertEqual(compile(source, "data"), 3)
    }

    func testTallArgumentsStopTheRowsFlowing() {
        // Not constant, so not folded: 100 levels.
        let tall = Array(repeating: "n", count: 100).joined(separator: " + ")
        let source = """
            component A(x: number): Text { size: x }
            component B(x: number): Stack { A { x: x } }
            component C(x: number): Stack { B { x: x } }
            screen S {
                state n = 1
                Text a { text: "a" }
                C { x: 1 }
                C { x: \(tall) }
                Text b { text: "b"  color: light-dark(#000, #fff) }
            }
            """
        XCTAssertEqual(compile(source, "tall"), 2, "the rows from the tall argument on are lowered at the end")
    }

    /// A screen whose rows were all lowered as checked is finished before
    /// the next one begins: it waits for the end of the file as a model,
    /// not as the larger lowering that made it. One whose rows stopped
    /// flowing waits as a lowering, to be finished with the rows kept.
    func testScreensFinishedAsSoonAsChecked() {
        func waiting(_ text: String, line: UInt = #line) -> (lowerings: Int, finished: Int) {
            var sink = StreamingLowering(firstScreenRows: nil)
            let result = Compiler.check(SourceFile(path: "s.stack", text: text), loader: MemoryLoader([:]), into: &sink)
            XCTAssertFalse(result.diagnostics.hasErrors, "\(result.diagnostics.items.map(\.message))", line: line)
            return sink.waiting
        }
        let screens = (0..<30).map { "screen S\($0) {\n    Text t { text: \"\($0)\" }\n}\n" }.joined()
        XCTAssertTrue(waiting(screens) == (0, 30), "\(waiting(screens))")
        XCTAssertEqual(compile(screens, "thirty screens"), 30)
        // The tall argument's screen keeps its last rows; the one before flows.
        let tall = Array(repeating: "n", count: 100).joined(separator: " + ")
        let kept = """
            component A(x: number): Text { size: x }
            component B(x: number): Stack { A { x: x } }
            component C(x: number): Stack { B { x: x } }
            screen T { Text b { text: "b"  color: light-dark(#000, #fff) } }
            screen S {
                state n = 1
                Text a { text: "a" }
                C { x: \(tall) }
            }
            """
        XCTAssertTrue(waiting(kept) == (1, 1), "\(waiting(kept))")
        XCTAssertEqual(compile(kept, "one kept, one finished"), 2)
    }

    func testErrorsStopTheRowsFlowing() {
        let source = """
            screen S {
                Text a { text: "a" }
                Text b { text: 1 }
                Text c { text: "c" }
            }
            """
        XCTAssertEqual(compile(source, "an error"), 1)
        XCTAssertEqual(compile("screen S {\n    Text a { size: 60% }\n    Text b { size: 50% }\n}\n", "a warning"), 2)
    }
}
