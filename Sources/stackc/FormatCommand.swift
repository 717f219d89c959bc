// `stackc fmt FILE…`: the canonical layout of .stack files.

import StackParser

enum FormatCommand {
    static let help = """
        OVERVIEW: Print .stack files in their canonical layout, or rewrite them.

        USAGE: stackc fmt FILE... [-i | --check]

        ARGUMENTS:
          FILE                    A .stack source file; '-' reads standard input.

        OPTIONS:
          -i                      Rewrite each file in place (atomically; an unchanged file
                                  is not touched).
          --check                 Write nothing; list the files that are not formatted and
                                  exit 1 if there are any.
          --color auto|always|never
                                  Colour diagnostics (default: auto).
          -h, --help              Show this help.

        Only whitespace changes: 4-space indentation, one space after ':' and ',', two
        spaces between properties on one line, at most one blank line, comments kept.
        Line breaks stay where they are. The compiled screens of a file and of its
        formatted form are identical. A file with syntax errors is refused and left alone.

        EXIT STATUS:
          0  formatted (or already formatted)   1  a file has syntax errors, or --check
          found files to format   2  usage error or unreadable file

        """

    static func run(_ arguments: [String]) -> Int32 {
        var reader = Arguments(arguments)
        let options: [(name: String, value: String?)]
        do {
            options = try reader.parse(valued: ["--color"], flags: ["-i", "--check", "--help", "-h"])
        } catch let error as UsageError {
            return Main.usageError(error.message, command: "fmt")
        } catch {
            return 2
        }
        var inPlace = false
        var check = false
        var color: String?
        for option in options {
            switch option.name {
            case "--help", "-h":
                Terminal.out(help)
                return 0
            case "-i": inPlace = true
            case "--check": check = true
            default: color = option.value
            }
        }
        guard !(inPlace && check) else { return Main.usageError("-i and --check do not go together", command: "fmt") }
        let files = reader.operands
        guard !files.isEmpty else { return Main.usageError("no input files", command: "fmt") }
        if inPlace, files.contains("-") { return Main.usageError("-i rewrites files; standard input has none", command: "fmt") }
        var status: Int32 = 0
        var unformatted: [String] = []
        for path in files {
            guard let source = Inputs.readOrReport(path) else {
                status = 2
                continue
            }
            switch Formatter.format(source) {
            case .failure(let refusal):
                var sources = SourceManager()
                _ = sources.add(source)
                Terminal.err(DiagnosticRenderer(sources: sources, useColor: Terminal.stderrWantsColor(color)).render(refusal.diagnostics))
                Terminal.err("stackc fmt: error: \(refusal.message)\n")
                if status == 0 { status = 1 }
            case .success(let text):
                let changed = Array(text.utf8) != source.bytes
                if check {
                    if changed { unformatted.append(path) }
                } else if inPlace {
                    if changed, OutputFile.write(text, to: path, command: "fmt") != 0 { status = 2 }
                } else {
                    Terminal.out(text)
                }
            }
        }
        if check, !unformatted.isEmpty {
            for path in unformatted { Terminal.out("\(path)\n") }
            Terminal.err("stackc fmt: \(unformatted.count) file\(unformatted.count == 1 ? "" : "s") not formatted; run 'stackc fmt -i' on \(unformatted.count == 1 ? "it" : "them")\n")
            if status == 0 { status = 1 }
        }
        return status
    }
}
