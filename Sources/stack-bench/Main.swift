// stack-bench: release-mode benchmarks of the stackc pipeline.
//
//   swift run -c release stack-bench [--rows N] [--iterations K] [--json]
//
// Prints a table (or JSON) of what each stage costs on a seeded synthetic
// screen. Goals live in the issues and docs, never in tests.

import Foundation
import StackCompiler
import StackParser
import StackRuntime

/// Stands in for the JSON form of the same screen, for the JSONDecoder baseline.
struct JSONRow: Codable {
    var kind: String
    var id: String
    var text: String?
    var font: Double?
    var size: Double?
    var insets: [Double]?
    var hidden: String?
}

@main
enum BenchMain {
    static func main() {
        var rows = 100_000
        var iterations = 5
        var json = false
        var only: String?
        var hostSizes = [10_000, 100_000, 1_000_000]
        var compare: String?
        var arguments = Array(CommandLine.arguments.dropFirst())
        while let argument = arguments.first {
            arguments.removeFirst()
            switch argument {
            case "--rows": rows = arguments.isEmpty ? rows : Int(arguments.removeFirst()) ?? rows
            case "--iterations": iterations = arguments.isEmpty ? iterations : Int(arguments.removeFirst()) ?? iterations
            case "--json": json = true
            case "--compare": compare = arguments.isEmpty ? nil : arguments.removeFirst()
            case "--host-sizes":
                // Screen sizes for `--only host`, comma-separated (e.g. for a profiler run).
                let sizes = (arguments.isEmpty ? "" : arguments.removeFirst()).split(separator: ",").compactMap { Int($0) }
                if !sizes.isEmpty, sizes.allSatisfy({ $0 > 100 }) { hostSizes = sizes }
            case "--only": only = arguments.isEmpty ? nil : arguments.removeFirst()
            case "--write-source":
                // Writes the generated screen and stops: for timing the CLI on it.
                let path = arguments.isEmpty ? "generated.stack" : arguments.removeFirst()
                _ = FileManager.default.createFile(atPath: path, contents: Data(ScreenGenerator.source(rows: rows).utf8))
                return
            case "--help", "-h":
                print("usage: stack-bench [--rows N] [--iterations K] [--only lex|parse|check|lower|front|compile|format|load|layout|fit|query|live|host|animate|json|lsp|cli|output|data|bind|push|environment] [--json] [--compare RUN.json] [--host-sizes N,N,…] [--write-source PATH]")
                return
            default:
                FileHandle.standardError.write(Data("stack-bench: unknown argument '\(argument)'\n".utf8))
                exit(2)
            }
        }
        var results: [(String, Double, String)] = []
        if rows > ScreenGenerator.maximumRows {
            // One row more and every stage past checking measured a failed compile (E0110).
            FileHandle.standardError.write(Data("stack-bench: a screen holds at most \(ScreenGenerator.maximumRows) rows besides its component's copy; generating that many instead of \(rows)\n".utf8))
            rows = ScreenGenerator.maximumRows
        }
        let source = ScreenGenerator.source(rows: rows)
        let bytes = Array(source.utf8)
        let megabytes = Double(bytes.count) / 1_000_000
        let file = SourceFile(path: "generated.stack", bytes: bytes)

        func wanted(_ stage: String) -> Bool { only == nil || only == stage }
        if wanted("lex") {
        let lexTime = Measure.median(iterations: iterations) {
            var lexer = Lexer(file: FileID(0))
            _ = lexer.tokenize(bytes)
        }
        results.append(("lex", lexTime, String(format: "%.1f MB/s", megabytes / lexTime)))
        }
        if wanted("parse") {
        let parseTime = Measure.median(iterations: iterations) {
            _ = Parser.parse(file, id: FileID(0))
        }
        results.append(("lex + parse", parseTime, String(format: "%.1f MB/s", megabytes / parseTime)))
        }
        if wanted("check") {
        var errors = 0
        let checkTime = Measure.median(iterations: iterations) {
            let result = Compiler.check(file, loader: MemoryLoader([:]))
            errors = result.diagnostics.errorCount
        }
        // Lines a second: the unit of the front end's goal (a million).
        let lines = Double(bytes.count { $0 == 0x0A })
        results.append(
            ("check (lex + parse + type-check)", checkTime,
             String(format: "%.1f MB/s, %.0fk lines/s, %d errors", megabytes / checkTime, lines / checkTime / 1000, errors)))
        // What `stackc check` does: each row let go once checked, nothing kept.
        let diagnoseTime = Measure.median(iterations: iterations) {
            errors = Compiler.diagnose(file, loader: MemoryLoader([:])).diagnostics.errorCount
        }
        results.append(
            ("check, diagnostics only (stackc check)", diagnoseTime,
             String(format: "%.1f MB/s, %.0fk lines/s, %d errors", megabytes / diagnoseTime, lines / diagnoseTime / 1000, errors)))
        }
        if wanted("lower") {
            let checked = Compiler.check(file, loader: MemoryLoader([:]))
            if let checkedProgram = checked.program {
                // Each run lowers a program of its own, handed over as the CLI
                // and the tools hand the checker's program to lowering: one the
                // bench still held had its table of rows copied first
                // (copy-on-write), which no caller pays.
                let lowerTime = Measure.median(
                    iterations: iterations, setUp: { Compiler.check(file, loader: MemoryLoader([:])).program ?? checkedProgram }
                ) { program in
                    if let taken = program.take() { _ = Compiler.lower(consume taken) }
                }
                results.append(("lower (checked model → runtime model)", lowerTime, String(format: "%.0f ns a row", lowerTime * 1e9 / Double(rows))))
            } else {
                results.append(("lower (checked model → runtime model)", 0, "not measured: the screen has \(checked.diagnostics.errorCount) errors"))
            }
        }
        if only == "front" { results += FrontBench.run(file: file, rows: rows, rounds: iterations) }
        if wanted("compile") {
            // Each row lowered as soon as it is checked, on the checker's
            // thread (`stackc compile`, which encodes the rows as well, does
            // both on a thread of their own: `--only cli`).
            let compileTime = Measure.median(iterations: iterations) { _ = Compiler.compile(file, loader: MemoryLoader([:])) }
            results.append(
                ("compile in process (check + lower as rows come)", compileTime,
                 String(format: "%.0f ns a row, %.0fk lines/s", compileTime * 1e9 / Double(rows), Double(bytes.count { $0 == 0x0A }) / compileTime / 1000)))
        }
        if only == "load", let program = Compiler.check(file, loader: MemoryLoader([:])).program {
            // For profiling the loader alone.
            let bytes = ScreenEncoder.encode(Compiler.lower(program))
            let time = Measure.median(iterations: iterations) { _ = try? ScreenDecoder.decode(bytes) }
            results.append(("load compiled (decode + validate)", time, String(format: "%.0f ns a row", time * 1e9 / Double(rows))))
        }
        if wanted("format") { results += FormatBench.run(file: file, rows: rows, iterations: iterations) }
        if wanted("lsp") { results += LSPBench.run() }
        if wanted("cli") { results += CLIBench.run(source: source, rows: rows) }
        if wanted("output") { results += OutputBench.run(rows: rows, iterations: iterations) }
        if wanted("layout") { results += LayoutBench.fixed(rows: rows, iterations: iterations) }
        if wanted("fit") { results += LayoutBench.fitText(rows: rows, iterations: iterations) }
        if wanted("query") { results += LayoutBench.query(rows: max(rows, 1_000_000)) }
        if wanted("live") { results += LayoutBench.live(rows: max(rows, 1_000_000)) }
        if wanted("host") { results += HostBench.passes(sizes: hostSizes) }
        if wanted("data") || only == "bind" { results += DataBench.run(elements: rows, iterations: iterations, bindOnly: only == "bind") }
        if wanted("push") { results += PushBench.run(sizes: hostSizes) }
        if wanted("environment") { results += EnvironmentBench.run(rows: rows) }
        if wanted("animate") { results += LayoutBench.animate(rows: rows) }
        if wanted("json") {
        let jsonData = jsonForm(rows: rows)
        let decodeTime = Measure.median(iterations: max(1, iterations / 2)) {
            _ = try? JSONDecoder().decode([JSONRow].self, from: jsonData)
        }
        results.append(("JSONDecoder, same rows as JSON", decodeTime, String(format: "%.1f MB/s (%.1f MB)", Double(jsonData.count) / 1e6 / decodeTime, Double(jsonData.count) / 1e6)))
        }

        let peak = Measure.peakResidentBytes() ?? 0
        if json {
            let entries = results.map { "{\"stage\": \"\($0.0)\", \"seconds\": \($0.1), \"note\": \"\($0.2)\"}" }
            print("{\"rows\": \(rows), \"sourceBytes\": \(bytes.count), \"peakResidentBytes\": \(peak), \"stages\": [\(entries.joined(separator: ", "))]}")
        } else {
            print(String(format: "stack-bench: %d rows, %.2f MB of source, median of %d runs", rows, megabytes, iterations))
            for (name, seconds, note) in results {
                print(name.padding(toLength: 36, withPad: " ", startingAt: 0) + String(format: "%10.2f ms   ", seconds * 1000) + note)
            }
            print(String(format: "peak resident memory: %.1f MB (%.0f bytes a row)", Double(peak) / 1e6, Double(peak) / Double(rows)))
            // The front end's first goal, said outright: it slipped to 1.3× once unnoticed.
            let check = results.first { $0.0.hasPrefix("check") }?.1 ?? 0
            let lower = results.first { $0.0.hasPrefix("lower") }?.1 ?? 0
            if check > 0, lower > 0 {
                print(String(format: "lowering / checking: %.2f× (the goal: at most 1)", lower / check))
            }
        }
        if let compare { for line in CLIBench.compare(results, with: compare) { print(line) } }
    }

    /// The generated rows as JSON, as a server might send them.
    static func jsonForm(rows: Int) -> Data {
        var parts: [String] = []
        parts.reserveCapacity(rows)
        for index in 0..<rows {
            parts.append("{\"kind\":\"Text\",\"id\":\"r\(index)\",\"text\":\"Row \(index) of the generated screen, with words\",\"font\":15,\"insets\":[12,15],\"hidden\":\"mode != .regular\"}")
        }
        return Data(("[" + parts.joined(separator: ",") + "]").utf8)
    }
}
