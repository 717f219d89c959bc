// `stackc generate swift FILE…`: Swift types for the screens of .stack files.

import StackCompiler
import StackParser

enum GenerateCommand {
    static let help = """
        OVERVIEW: Generate Swift for the screens and flows of .stack files.

        USAGE: stackc generate swift FILE... [-o DIR] [--access internal|public|package]
                                             [--suffix SUFFIX] [--config stackc.json]

        For each FILE, NAME.stack.swift holds a class per screen or flow (`screen Hotel`
        → `HotelScreen`) that embeds its compiled form and wraps a live screen: typed
        state properties, the file's enums as Swift enums, a `Row` enum of row ids, an
        `Event` enum of `emit` names, `tap(x:y:)` returning them, typed component
        constructors for `insert`, and `layout(width:height:)`. See docs/codegen.md.

        ARGUMENTS:
          FILE                    A .stack source file.

        OPTIONS:
          -o DIR                  The directory to write into (default: beside each FILE).
          --access LEVEL          internal (default), public or package: the access of
                                  every generated declaration.
          --suffix SUFFIX         Appended to screen names for type names (default: Screen).
          --config FILE           A stackc.json with "access" and "suffix" (options given
                                  on the command line win). A missing file is an error.
          --color auto|always|never
                                  Colour diagnostics (default: auto).
          -h, --help              Show this help.

        Errors (in the .stack file, or two names that become one Swift name) are printed
        as path:line:column: error[CODE]: …, and nothing is written for that file. Outputs
        are written to a temporary file and renamed; an unchanged output is not rewritten,
        so build systems see it as up to date.

        EXIT STATUS:
          0  all written   1  a file has errors   2  usage error or unwritable output

        """

    static func run(_ arguments: [String]) -> Int32 {
        var rest = arguments
        if rest.first == "swift" { rest.removeFirst() } else if !(rest.first.map { ["-h", "--help"].contains($0) } ?? false) {
            return Main.usageError("generate takes a language first: 'stackc generate swift FILE…'", command: "generate")
        }
        var reader = Arguments(rest)
        let options: [(name: String, value: String?)]
        do {
            options = try reader.parse(valued: ["-o", "--access", "--suffix", "--config", "--color"], flags: ["--help", "-h"])
        } catch let error as UsageError {
            return Main.usageError(error.message, command: "generate")
        } catch {
            return 2
        }
        var generation = SwiftGenerationOptions()
        var output: String?
        var color: String?
        var access: String?
        var suffix: String?
        for option in options {
            switch option.name {
            case "--help", "-h":
                Terminal.out(help)
                return 0
            case "-o": output = option.value
            case "--access": access = option.value
            case "--suffix": suffix = option.value
            case "--config":
                guard let path = option.value else { continue }
                switch GenerationConfig.read(path) {
                case .success(let config):
                    if let value = config.access { generation.access = value }
                    if let value = config.suffix { generation.suffix = value }
                case .failure(let problem):
                    Terminal.err("stackc: error: \(problem.message)\n")
                    return 2
                }
            default: color = option.value
            }
        }
        if let access {
            guard let level = SwiftGenerationOptions.Access(rawValue: access) else {
                return Main.usageError("--access takes internal, public or package, not '\(access)'", command: "generate")
            }
            generation.access = level
        }
        if let suffix {
            guard GenerationConfig.isValidSuffix(suffix) else {
                return Main.usageError("--suffix takes letters and digits, not '\(suffix)'", command: "generate")
            }
            generation.suffix = suffix
        }
        let files = reader.operands
        guard !files.isEmpty else { return Main.usageError("no input files", command: "generate") }
        if let output {
            guard FileStatus.isDirectory(output) else {
                return Main.usageError("-o must name an existing directory", command: "generate")
            }
        }
        var status: Int32 = 0
        let useColor = Terminal.stderrWantsColor(color)
        for path in files {
            guard path != "-", let source = Inputs.readOrReport(path) else {
                if path == "-" { Terminal.err("stackc: error: generate reads files, not standard input\n") }
                status = 2
                continue
            }
            let result = Compiler.check(source)
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let (swift, naming) = SwiftGenerator.generate(result, sourceName: name, options: generation)
            var all = result.diagnostics
            all.append(contentsOf: naming)
            Terminal.err(DiagnosticRenderer(sources: result.sources, useColor: useColor).render(all))
            guard let swift else {
                if status == 0 { status = 1 }
                continue
            }
            let target = (output.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? directory(of: path)) + name + ".swift"
            let bytes = Array(swift.utf8)
            // An unchanged output keeps its date: the build sees nothing to recompile.
            if let existing = try? FileReading.read(target, limit: bytes.count), existing == bytes { continue }
            let inputs = result.sources.files.map(\.path) + result.importedPaths
            if OutputFile.write(bytes, to: target, inputs: inputs, command: "generate") != 0 { status = 2 }
        }
        return status
    }

    /// `dir/hotel.stack` → `dir/`; `hotel.stack` → ``.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }
}
