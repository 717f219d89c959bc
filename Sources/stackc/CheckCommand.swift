// `stackc check FILE…`: parse and type-check, print diagnostics.

import StackCompiler
import StackParser

enum CheckCommand {
    static let help = """
        OVERVIEW: Parse and type-check .stack files and print their diagnostics.

        USAGE: stackc check FILE... [--format text|json] [--color auto|always|never]

        ARGUMENTS:
          FILE                    A .stack source file; '-' reads standard input (up to
                                  256 MiB; its imports resolve against the current
                                  directory).

        OPTIONS:
          --format text|json      'text' (default) prints diagnostics to standard error
                                  as path:line:column: severity: message [CODE], the source
                                  line and a caret line. 'json' prints one JSON array of
                                  every file's diagnostics to standard output.
          --color auto|always|never
                                  Colour diagnostics: 'auto' (default) only on a terminal
                                  and not when NO_COLOR is set; 'always' and 'never'
                                  decide regardless of both.
          -h, --help              Show this help.

        EXIT STATUS:
          0  no errors (warnings allowed)   1  errors   2  usage error or unreadable file

        """

    static func run(_ arguments: [String]) -> Int32 {
        var reader = Arguments(arguments)
        let options: [(name: String, value: String?)]
        do {
            options = try reader.parse(valued: ["--format", "--color"], flags: ["--help", "-h"])
        } catch let error as UsageError {
            return Main.usageError(error.message, command: "check")
        } catch {
            return 2
        }
        var format = "text"
        var color: String?
        for option in options {
            switch option.name {
            case "--help", "-h":
                Terminal.out(help)
                return 0
            case "--format":
                guard let value = option.value, ["text", "json"].contains(value) else {
                    return Main.usageError("--format takes 'text' or 'json', not '\(option.value ?? "")'", command: "check")
                }
                format = value
            default:
                guard let value = option.value, ["auto", "always", "never"].contains(value) else {
                    return Main.usageError("--color takes 'auto', 'always' or 'never', not '\(option.value ?? "")'", command: "check")
                }
                color = value
            }
        }
        guard !reader.operands.isEmpty else {
            return Main.usageError("no input files", command: "check")
        }
        var status: Int32 = 0
        var errors = 0
        var warnings = 0
        var jsonParts: [String] = []
        let useColor = format == "text" && Terminal.stderrWantsColor(color)
        for path in reader.operands {
            guard let source = Inputs.readOrReport(path) else {
                status = 2
                continue
            }
            // Diagnostics alone: each screen row let go once checked (at
            // 1M rows 1.1 GB → 168 MB, and faster than keeping the tree).
            let result = Compiler.diagnose(source)
            let renderer = DiagnosticRenderer(sources: result.sources, useColor: useColor)
            if format == "json" {
                let json = renderer.renderJSON(result.diagnostics)
                if json != "[]\n" { jsonParts.append(String(json.dropFirst(2).dropLast(3))) }
            } else {
                Terminal.err(renderer.render(result.diagnostics))
            }
            if result.diagnostics.isTruncated, format == "text" {
                Terminal.err(
                    "stackc: note: \(result.diagnostics.dropped) more diagnostics in '\(path)' not shown (at most \(result.diagnostics.limit) are, errors kept before warnings)\n")
            }
            errors += result.diagnostics.errorCount
            warnings += result.diagnostics.warningCount
            if result.diagnostics.hasErrors, status == 0 { status = 1 }
        }
        if format == "json" {
            Terminal.out(jsonParts.isEmpty ? "[]\n" : "[\n" + jsonParts.joined(separator: ",\n") + "\n]\n")
        } else if let summary = DiagnosticRenderer.summary(errors: errors, warnings: warnings) {
            Terminal.err(summary + "\n")
        }
        return status
    }
}
