// `stackc compile FILE…`: check, then write compiled screens.

import StackCompiler
import StackOutput
import StackParser
import StackRuntime

enum CompileCommand {
    static let help = """
        OVERVIEW: Check .stack files and write their compiled screens.

        USAGE: stackc compile FILE... [-o OUT] [--emit binary|json]

        ARGUMENTS:
          FILE                    A .stack source file; '-' reads standard input (needs -o;
                                  its imports resolve against the current directory).

        OPTIONS:
          -o OUT                  With one FILE: the output file. With several: a directory
                                  to write into. Default: beside each source, NAME.stackc
                                  (NAME.stackc.json with --emit json).
          --emit binary|json      binary (default): the compiled format of docs/format.md,
                                  which apps load. json: a debug dump of the same model
                                  (tables and code references as they are), for looking
                                  inside; nothing loads it.
          --color auto|always|never
                                  Colour diagnostics (default: auto).
          -h, --help              Show this help.

        Outputs are written to an unnamed temporary file and renamed into place: an
        existing output is never left half-written, and nothing is written for a file
        with errors. '-o -' writes to standard output. -o never overwrites the input or
        a file it imports; a device or FIFO is written through, a symbolic link's
        target replaced. The same source always gives the same bytes.

        EXIT STATUS:
          0  all written   1  a file has errors
          2  usage error, unreadable input, or an output that cannot be written

        """

    static func run(_ arguments: [String]) -> Int32 {
        var reader = Arguments(arguments)
        let options: [(name: String, value: String?)]
        do {
            options = try reader.parse(valued: ["-o", "--emit", "--color"], flags: ["--help", "-h"])
        } catch let error as UsageError {
            return Main.usageError(error.message, command: "compile")
        } catch {
            return 2
        }
        var output: String?
        var emit = "binary"
        var color: String?
        for option in options {
            switch option.name {
            case "--help", "-h":
                Terminal.out(help)
                return 0
            case "-o": output = option.value
            case "--emit":
                guard let value = option.value, ["binary", "json"].contains(value) else {
                    return Main.usageError("--emit takes 'binary' or 'json', not '\(option.value ?? "")'", command: "compile")
                }
                emit = value
            default: color = option.value
            }
        }
        let files = reader.operands
        guard !files.isEmpty else { return Main.usageError("no input files", command: "compile") }
        var outputIsDirectory = false
        if let output, files.count > 1 {
            guard FileStatus.isDirectory(output) else {
                return Main.usageError("with several files, -o must name an existing directory", command: "compile")
            }
            outputIsDirectory = true
        }
        if files.contains("-"), output == nil || outputIsDirectory {
            return Main.usageError("compiling standard input needs -o FILE", command: "compile")
        }
        var status: Int32 = 0
        let useColor = Terminal.stderrWantsColor(color)
        for path in files {
            // One binding, emptied as it goes: a copy would keep the source
            // and the model alive through encoding and writing.
            guard var compiled = Self.compiled(path, json: emit == "json") else {
                status = 2
                continue
            }
            Terminal.err(DiagnosticRenderer(sources: compiled.result.sources, useColor: useColor).render(compiled.result.diagnostics))
            let inputs = compiled.result.sources.files.map(\.path).filter { $0 != "<stdin>" } + compiled.result.importedPaths
            // Encoding needs neither the text nor the diagnostics (a 100 MB source is 100 MB).
            compiled.result.sources = SourceManager()
            compiled.result.diagnostics = DiagnosticList()
            guard var screens = compiled.screens.take() else {
                if status == 0 { status = 1 }
                continue
            }
            guard screens.count > 0 else {
                Terminal.err("stackc: error: '\(path)' declares no screen or flow to compile\n")
                if status == 0 { status = 1 }
                continue
            }
            let parts: [[UInt8]]
            switch screens {
            case .models(let models):
                do {
                    parts = try EncodableJSON.encodeParts(models)
                } catch {
                    Terminal.err("stackc: error: '\(path)': the model could not be written as JSON: \(error.description)\n")
                    status = 1
                    continue
                }
            case .encodable(let encodable):
                // In parts, so that the file is never whole in memory beside them.
                parts = ScreenEncoder.encodeParts(encodable)
            }
            screens = .models([])
            let target = outputPath(for: path, output: output, isDirectory: outputIsDirectory, json: emit == "json")
            if OutputFile.write(parts: parts, to: target, inputs: inputs, command: "compile") != 0 { status = 2 }
        }
        return status
    }

    /// `path` read, checked and lowered (nil screens when it has errors),
    /// or nil (reported) when it cannot be read. Each screen row is lowered
    /// as soon as it is checked (`Compiler.compile`), and nothing but the
    /// result holds the source afterwards. For a compiled file, the first
    /// screen's rows are encoded as they are lowered, not kept as models.
    private static func compiled(_ path: String, json: Bool) -> (result: CheckResult, screens: Lowered?)? {
        guard let source = Inputs.readOrReport(path) else { return nil }
        if json {
            let (result, models) = Compiler.compile(source)
            return (result, models.map(Lowered.models))
        }
        let (result, screens) = Compiler.compileForEncoding(source)
        return (result, screens.map(Lowered.encodable))
    }

    /// Screens lowered: models to write as JSON, or screens to encode.
    private enum Lowered {
        case models([ScreenModel])
        case encodable(ScreensToEncode)

        var count: Int {
            switch self {
            case .models(let models): models.count
            case .encodable(let screens): screens.count
            }
        }
    }

    /// `hotel.stack` → `hotel.stackc` (or `hotel.stackc.json`), beside it or in the -o directory.
    static func outputPath(for path: String, output: String?, isDirectory: Bool, json: Bool) -> String {
        if let output, !isDirectory { return output }
        var name = path
        if name.hasSuffix(".stack") { name.removeLast(6) }
        name += json ? ".stackc.json" : ".stackc"
        if let output, isDirectory {
            let file = name.split(separator: "/").last.map(String.init) ?? name
            return output.hasSuffix("/") ? output + file : output + "/" + file
        }
        return name
    }
}
