// Hostile input, generated in bulk and run through the real executable
// under a memory limit and a time limit: long chains of every operator,
// nested calls of every function, deep and exploding components, extreme
// numbers in every numeric property and in state, damaged compiled files.
// Every run must end by itself with status 0, 1 or 2 — never a signal, a
// time-out or memory exhaustion — and its JSON and SVG must be well-formed.

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

final class HostileInputTests: XCTestCase {
    private var directory: URL!
    /// STACKC_LONG_TESTS=1 (a soak run by hand) runs every size; by default the larger ones.
    static let isLong = ProcessInfo.processInfo.environment["STACKC_LONG_TESTS"].map { $0 != "" && $0 != "0" } ?? false

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackc-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func file(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Runs `arguments`, asserting a clean end; returns the result.
    @discardableResult
    private func run(_ arguments: [String], _ what: String, seconds: Int = 60) throws -> CLIResult {
        let started = Date()
        let result = try CLI.runLimited(arguments, seconds: seconds)
        XCTAssertTrue([0, 1, 2].contains(result.status), "\(what): exit \(result.status) after \(Date().timeIntervalSince(started)) s\n\(result.stderr.suffix(600))")
        XCTAssertLessThan(result.stderr.utf8.count, 2_000_000, "\(what): standard error grew with the input")
        return result
    }

    private func wellFormedJSON(_ text: String, _ what: String) {
        // One document, or one document a line.
        if (try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil { return }
        for line in text.split(separator: "\n") where line.hasPrefix("{") || line.hasPrefix("[") {
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(line.utf8)), "\(what): JSON line is not well-formed")
        }
    }

    private func wellFormedSVG(_ text: String, _ what: String) {
        let parser = XMLParser(data: Data(text.utf8))
        XCTAssertTrue(parser.parse(), "\(what): SVG is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
    }

    static let operators: [(String, String, String)] = [
        ("+", "1", "size"), ("-", "1", "size"), ("*", "1", "size"), ("/", "1", "size"),
        ("&&", "true", "hidden"), ("||", "false", "hidden"), ("==", "1", "hidden"), ("!=", "1", "hidden"),
        ("<", "1", "hidden"), ("<=", "1", "hidden"), (">", "1", "hidden"), (">=", "1", "hidden"), ("+", "\"a\"", "text"),
    ]

    /// Chains of every binary operator, short and very long: one diagnostic
    /// at the height limit, never a stack overflow in any pass.
    func testLongChainsOfEveryOperator() throws {
        for (op, operand, property) in Self.operators {
            for count in Self.isLong ? [200, 20_000] : [20_000] {
                let chain = Array(repeating: operand, count: count).joined(separator: " \(op) ")
                let path = try file("chain.stack", "screen S {\n    Text t { text: \"x\"  \(property): \(chain) }\n}\n")
                let result = try run(["check", path], "\(op) × \(count)")
                if count > 256 { XCTAssertTrue(result.stderr.contains("[E0010]"), "\(op) × \(count)") }
                if result.status == 0 { try run(["compile", path, "-o", path + "c"], "compile \(op) × \(count)") }
            }
        }
    }

    /// Nested calls of every function, and deeply nested parentheses and
    /// unary operators, in every position; min(min(…)) checked in linear time.
    func testNestedCallsOfEveryFunction() throws {
        let shapes: [(String, (String) -> String)] = [
            ("min", { "min(\($0), 2)" }), ("max", { "max(2, \($0))" }), ("clamp", { "clamp(\($0), 0, 500)" }),
            ("parens", { "(\($0))" }), ("negate", { "-(\($0))" }), ("ternary", { "true ? \($0) : 3" }),
        ]
        for (name, wrap) in shapes {
            for depth in Self.isLong ? [30, 100, 5_000] : [30, 5_000] {
                var expr = "1"
                for _ in 0..<depth { expr = wrap(expr) }
                let path = try file("calls.stack", "screen S {\n    Text t { text: \"x\"  size: \(expr) }\n}\n")
                let result = try run(["layout", path, "--format", "json"], "\(name) × \(depth)", seconds: 30)
                if result.status == 0 { wellFormedJSON(result.stdout, name) }
            }
        }
    }

    /// Chains of components past the nesting limit, components that double at
    /// every level, and arguments that grow down a chain: refused by `check`
    /// with E0110, quickly; chains just inside the limits compile and lay out.
    func testDeepAndExplodingComponents() throws {
        func chain(_ count: Int, argument: String = "p") -> String {
            var text = ""
            for i in 0..<count { text += "component C\(i)(p: number): Stack {\n    C\(i + 1) { p: \(argument) }\n}\n" }
            text += "component C\(count)(p: number): Text { text: \"leaf\"  size: p }\n"
            return text + "screen S {\n    state x: number = 1\n    C0 { p: x }\n    Text { text: \"t\"  tap: set(x, x + 1) }\n}\n"
        }
        func explode(_ levels: Int, width: Int) -> String {
            var text = ""
            for i in 0..<levels {
                text += "component E\(i)(): Stack {\n" + String(repeating: "    E\(i + 1) { }\n", count: width) + "}\n"
            }
            return text + "component E\(levels)(): Text { text: \"x\" }\nscreen S {\n    E0 { }\n}\n"
        }
        let cases: [(String, String, Bool)] = [
            ("chain 3000", chain(3_000), false), ("chain 255", chain(255), true),
            ("chain growing arguments", chain(200, argument: "p + 1 + 1 + 1"), false),
            ("doubling × 24", explode(24, width: 2), false), ("× 10 per level", explode(7, width: 10), false),
            ("doubling × 12", explode(12, width: 2), true),
        ]
        for (name, text, fits) in cases {
            let path = try file("components.stack", text)
            let checked = try run(["check", path], name, seconds: 30)
            XCTAssertEqual(checked.status, fits ? 0 : 1, "\(name)\n\(checked.stderr.prefix(500))")
            if !fits { XCTAssertTrue(checked.stderr.contains("[E0110]"), name) }
            let compiled = try run(["compile", path, "-o", path + "c"], name, seconds: 60)
            XCTAssertEqual(compiled.status, fits ? 0 : 1, name)
            guard fits else { continue }
            // What the compiler writes, the loader accepts.
            let laidOut = try run(["layout", path + "c", "--format", "json", "--tap", "100,100"], name, seconds: 60)
            XCTAssertEqual(laidOut.status, 0, "\(name)\n\(laidOut.stderr.prefix(500))")
        }
    }

    static let extremes = [
        "0", "0.0000001", "1000000000000000", String(repeating: "9", count: 300), String(repeating: "9", count: 400),
        "(0 - " + String(repeating: "9", count: 300) + ")", String(repeating: "9", count: 200) + " * " + String(repeating: "9", count: 200),
    ]

    /// Every numeric property at extreme values, laid out as text, JSON, SVG,
    /// taps, and animated frames and SVG.
    /// Enums of tens of thousands of cases, named by as many rows, and as
    /// many enums whose cases are written without a type, and as many
    /// events: finding a case walked the list of cases (or every enum),
    /// and generating Swift walked every declaration for each enum and the
    /// files for each event, all in time the square of the file (60,000 of
    /// each: over a minute). And an enum interpolated on 2,000 rows, whose
    /// code was a compare with every case at every place.
    func testEnumsOfManyCasesAndManyEnums() throws {
        let count = Self.isLong ? 60_000 : 20_000
        var oneEnum = "enum Mode { " + (0..<count).map { "c\($0)" }.joined(separator: ", ") + " }\n"
        oneEnum += "screen S {\n    state mode: Mode = .c0\n"
        for row in 0..<count { oneEnum += "    Text r\(row) { text: \"x\"  hidden: mode == .c\(count - 1 - row) }\n" }
        oneEnum += "}\n"
        var manyEnums = ""
        for index in 0..<count { manyEnums += "enum E\(index) { k\(index) }\n" }
        manyEnums += "screen S {\n"
        for row in 0..<count {
            manyEnums += "    Text r\(row) { text: \"x\"  hidden: .k\(count - 1 - row) == .k\(count - 1 - row)  tap: emit(\"e\(row)\") }\n"
        }
        manyEnums += "}\n"
        // The enum interpolated on 2,000 rows: each place compared the value
        // with every case (20,000 cases: 42 s, 3.7 GB, a 487 MB file).
        var interpolated = "enum Mode { " + (0..<count).map { "c\($0)" }.joined(separator: ", ") + " }\n"
        interpolated += "screen S {\n    state mode: Mode = .c0\n"
        for row in 0..<2_000 { interpolated += "    Text r\(row) { text: \"\(row): \\(mode)\" }\n" }
        interpolated += "}\n"
        let cases = [("one enum of \(count) cases", oneEnum), ("\(count) enums", manyEnums), ("\(count) cases interpolated", interpolated)]
        for (name, text) in cases {
            let path = try file("enums.stack", text)
            let checked = try run(["check", path], name, seconds: 30)
            XCTAssertEqual(checked.status, 0, "\(name)\n\(checked.stderr.prefix(500))")
            let compiled = try run(["compile", path, "-o", path + "c"], name, seconds: 30)
            XCTAssertEqual(compiled.status, 0, "\(name)\n\(compiled.stderr.prefix(500))")
            let size = try FileManager.default.attributesOfItem(atPath: path + "c")[.size] as? Int ?? .max
            XCTAssertLessThan(size, 4 * text.utf8.count, "\(name): the compiled file grows with the source, not faster")
            // Swift for them: each enum, case and event named once.
            let output = directory.appendingPathComponent("generated").path
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            let generated = try run(["generate", "swift", path, "-o", output], name, seconds: 30)
            XCTAssertEqual(generated.status, 0, "\(name)\n\(generated.stderr.prefix(500))")
        }
    }

    /// A component of tens of thousands of parameters given by one
    /// instance and by an `insert`, as many unknown names among as many
    /// states, as many screens, a flow of as many steps, and a screen of as
    /// many lists each gone over by a `for`: each argument was looked for
    /// among those given so far (and lowered the same way), each unknown
    /// name compared with 2,000 states for a message past the diagnostic
    /// limit, each screen copied the file's string table, each step was
    /// compared with the steps before it, each `for` walked the lists
    /// (20,000 parameters took a minute to check; 20,000 unknown names 15 s;
    /// 32,000 steps 1.6 s, 32,000 `for`s 2.5 s to compile).
    func testManyParametersNamesScreensStepsAndLists() throws {
        let count = Self.isLong ? 30_000 : 20_000  // 60,000 of each took a minute under CI
        let parameters = (0..<count).map { "p\($0): number" }.joined(separator: ", ")
        let arguments = (0..<count).map { "p\($0): \($0)" }.joined(separator: "  ")
        let manyParameters = """
            component C(\(parameters)): Text { text: "\\(p0) \\(p\(count - 1))" }
            screen S {
                C c { \(arguments) }
                Text t { text: "x"  tap: insert(C { \(arguments) }, after: c) }
            }

            """
        var unknownNames = "screen S {\n"
        for index in 0..<count { unknownNames += "    state s\(index): bool = false\n" }
        for index in 0..<count { unknownNames += "    Text r\(index) { text: \"x\"  hidden: q\(index) || s\(index) }\n" }
        unknownNames += "}\n"
        let manyScreens = (0..<count).map { "screen S\($0) { Text r { text: \"x\($0)\" } }" }.joined(separator: "\n") + "\n"
        let manySteps = "flow F {\n" + (0..<count).map { "    step s\($0) { Text r\($0) { text: \"x\"  tap: push(s\(($0 + 1) % count)) } }" }.joined(separator: "\n") + "\n}\n"
        var manyLists = "record E { id: string }\nscreen S {\n"
        for index in 0..<count { manyLists += "    data l\(index): [E]\n" }
        for index in 0..<count { manyLists += "    for e in l\(index) key e.id { Text t\(index) { text: e.id } }\n" }
        manyLists += "}\n"
        let cases = [
            ("\(count) parameters", manyParameters, 0), ("\(count) unknown names", unknownNames, 1), ("\(count) screens", manyScreens, 0),
            ("\(count) steps", manySteps, 0), ("\(count) lists and fors", manyLists, 0),
        ]
        for (name, text, status) in cases {
            let path = try file("many.stack", text)
            let checked = try run(["check", path], name, seconds: 30)
            XCTAssertEqual(checked.status, Int32(status), "\(name)\n\(checked.stderr.prefix(500))")
            guard status == 0 else {
                XCTAssertTrue(checked.stderr.contains("\(count) errors generated"), "\(name): every error counted\n\(checked.stderr.suffix(300))")
                continue
            }
            let compiled = try run(["compile", path, "-o", path + "c"], name, seconds: 30)
            XCTAssertEqual(compiled.status, 0, "\(name)\n\(compiled.stderr.prefix(500))")
            let laidOut = try run(["layout", path + "c", "--format", "json"], name, seconds: 30)
            XCTAssertEqual(laidOut.status, 0, "\(name)\n\(laidOut.stderr.prefix(500))")
            wellFormedJSON(laidOut.stdout, name)
        }
    }

    func testExtremeNumbersInEveryNumericProperty() throws {
        var checkedClean = 0
        defer { XCTAssertGreaterThanOrEqual(checkedClean, 4, "most extremes are valid source and get laid out") }
        for value in Self.extremes {
            let duration = value.hasPrefix("(") ? "0ms" : "\(value)s"
            let text = """
                screen S {
                    spacing: \(value)
                    padding: \(value)
                    state open: bool = false
                    defaults {
                        transition show { duration: \(duration)  delay: \(duration)  from { alpha: 0.5  scale: \(value)  offset: \(value) \(value) } }
                        transition resize { duration: \(duration)  curve: spring(1) }
                    }
                    Text a { text: "words\\u{0}\\u{7} & <more>"  font: 17  lines: \(value == "0.0000001" ? "1" : value)  insets: \(value)  min: 0  max: \(value)  tap: toggle(open) }
                    Text b { text: "x"  size: open ? \(value) : 10  separator { thickness: \(value)  insets: \(value) } }
                    Image c { aspect: 1.5  hidden: !open }
                    Stack d { axis: horizontal  size: \(value)  Text { text: "y"  size: 50% } Spacer { size: fill(\(value.hasPrefix("(") || value == "0" ? "1" : value)) } }
                }
                flow F {
                    head-padding: \(value)
                    transition: \(duration)
                    separation: line(\(value), #000)
                    step One { Text { text: "one"  size: \(value)  tap: push(Two) } }
                    step Two { Text { text: "two"  tap: pop(1) } }
                }
                """
            let path = try file("extreme.stack", text)
            let checked = try run(["check", path], value.prefix(20) + "")
            checkedClean += checked.status == 0 ? 1 : 0
            guard checked.status == 0 else { continue }
            for arguments in [
                ["--format", "json"], ["--format", "svg"], ["--tap", "10,10", "--format", "json"], ["--then", "open=true", "--format", "svg"],
                ["--then", "open=true", "--frames", "20", "--format", "json"], ["--screen", "F", "--tap", "10,10", "--tap", "10,10", "--format", "svg"],
                ["--state", "open=true", "--offset", "1e300", "--viewport", "100000x1"],
            ] {
                let what = "\(value.prefix(20)) \(arguments.joined(separator: " "))"
                let result = try run(["layout", path] + arguments, what)
                XCTAssertEqual(result.status, 0, "\(what)\n\(result.stderr.prefix(400))")
                if arguments.contains("svg") { wellFormedSVG(result.stdout, what) }
                if arguments.contains("json") { wellFormedJSON(result.stdout, what) }
            }
        }
    }

    /// State from the command line at extreme values, and a flow's internal
    /// depth: refused with a usage error when out of range, never a trap.
    func testExtremeStateValues() throws {
        let path = try file("state.stack", """
            screen S {
                state n: number = 0
                state d: duration = 0ms
                Text { text: "x"  size: n  insets: n  font: n  tap: set(n, n * n) }
                Text { text: "y"  transition show { duration: d } }
            }
            flow F { step A { Text { text: "a"  tap: push(B) } } step B { Text { text: "b" } } step C { Text { text: "c" } } }
            """)
        for value in ["1e308", "-1e308", "1e19", "nan", "inf", "-0", "4.5", String(repeating: "9", count: 400)] {
            for state in ["n=\(value)", "d=\(value)s"] {
                let result = try run(["layout", path, "--state", state, "--tap", "5,5", "--tap", "5,5", "--format", "json"], state)
                if result.status == 0 { wellFormedJSON(result.stdout, state) }
            }
            let depth = try run(["layout", path, "--screen", "F", "--state", "flow.depth=\(value)", "--tap", "5,5"], "flow.depth=\(value)")
            XCTAssertEqual(depth.status, value == "-0" ? 0 : 2, "flow.depth=\(value) must be refused\n\(depth.stderr)")
        }
        XCTAssertEqual(try run(["layout", path, "--screen", "F", "--state", "flow.depth=3", "--tap", "5,5"], "in range").status, 0)
    }

    /// A compiled file with every single byte changed in turn (sampled) and
    /// cut at every length (sampled): a clean error or a screen, through
    /// layout, taps and an animation.
    func testDamagedCompiledFiles() throws {
        let compiled = directory.appendingPathComponent("hotel.stackc").path
        XCTAssertEqual(try run(["compile", "samples/hotel.stack", "-o", compiled], "compile").status, 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: compiled)))
        var random = UInt64(0x5EED)
        func next() -> Int {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: random >> 33)
        }
        for attempt in 0..<(Self.isLong ? 40 : 12) {
            var damaged = bytes
            if attempt % 4 == 0 {
                damaged = Array(damaged.prefix(next() % damaged.count))
            } else {
                damaged[next() % damaged.count] = UInt8(truncatingIfNeeded: next())
            }
            let path = directory.appendingPathComponent("damaged.stackc").path
            try Data(damaged).write(to: URL(fileURLWithPath: path))
            let result = try run(["layout", path, "--tap", "100,200", "--format", "json"], "damaged \(attempt)")
            if result.status == 0 { wellFormedJSON(result.stdout, "damaged \(attempt)") }
        }
    }

    /// A megabyte-long line with mistakes on it: diagnostics show a window,
    /// not the line, once per mistake.
    func testMegabyteLine() throws {
        let line = String(repeating: "Text { siz: 1 } ", count: Self.isLong ? 60_000 : 15_000)
        let path = try file("line.stack", "screen S { " + line + "}\n")
        let result = try run(["check", path], "long line")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("…"))
    }

    /// Standard input past its limit is refused, not read until memory runs out.
    func testStandardInputLimit() throws {
        let result = try CLI.runCommand(["/bin/sh", "-c", "head -c 300000000 /dev/zero | \"$0\" check -", CLI.executable.path])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("standard input is larger than 256 MiB"), result.stderr)
    }
}
