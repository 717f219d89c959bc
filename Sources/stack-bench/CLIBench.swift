// The command line end to end, as processes on the generated file: `check`,
// `compile`, and `layout --format json` and `svg` of the compiled screen — wall time
// and peak resident memory of each (GNU time's %e and %M).

import Foundation

enum CLIBench {
    typealias Result = (String, Double, String)

    static func run(source: String, rows: Int) -> [Result] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stack-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("generated.stack")
        let compiled = directory.appendingPathComponent("generated.stackc")
        guard (try? source.write(to: file, atomically: true, encoding: .utf8)) != nil else { return [] }
        let stackc = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("stackc")
        guard FileManager.default.isExecutableFile(atPath: stackc.path), FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            return [("cli: skipped", 0, "needs stackc beside stack-bench (swift build -c release) and /usr/bin/time")]
        }
        let sourceBytes = Double(source.utf8.count)
        var results: [Result] = []
        let stages: [(String, [String])] = [
            ("cli: stackc check", ["check", file.path]),
            ("cli: stackc compile", ["compile", file.path, "-o", compiled.path]),
            ("cli: stackc layout --format json", ["layout", compiled.path, "--format", "json", "-o", directory.appendingPathComponent("out.json").path]),
            ("cli: stackc layout --format svg", ["layout", compiled.path, "--format", "svg", "-o", directory.appendingPathComponent("out.svg").path]),
        ]
        for (name, arguments) in stages {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
            process.arguments = ["-f", "%e %M", stackc.path] + arguments
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            guard (try? process.run()) != nil else { continue }
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            // A stage that failed is not a time (nor are those after a failed compile).
            guard process.terminationStatus == 0 else {
                results.append((name, 0, "failed: exit \(process.terminationStatus), not measured"))
                continue
            }
            let last = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
            let parts = last.split(separator: " ")
            guard parts.count == 2, let seconds = Double(parts[0]), let kilobytes = Double(parts[1]) else { continue }
            results.append((name, seconds, String(format: "peak %.0f MB = %.1f× the source (%d rows)", kilobytes / 1024, kilobytes * 1024 / sourceBytes, rows)))
        }
        return results
    }

    /// Ratios of this run's stages to a saved `--json` run's.
    static func compare(_ results: [(String, Double, String)], with path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path),
            let saved = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let stages = saved["stages"] as? [[String: Any]]
        else { return ["--compare: cannot read a stack-bench --json run from '\(path)'"] }
        var before: [String: Double] = [:]
        for stage in stages {
            if let name = stage["stage"] as? String, let seconds = stage["seconds"] as? Double { before[name] = seconds }
        }
        var lines = ["compared with \(path) (ratio = now / then; below 1 is faster):"]
        for (name, seconds, _) in results {
            guard let then = before[name], then > 0, seconds > 0 else { continue }
            lines.append(name.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%6.2f×  (%.2f ms → %.2f ms)", seconds / then, then * 1000, seconds * 1000))
        }
        return lines
    }
}
