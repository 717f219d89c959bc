// Turning a file named on the command line into a runtime screen: check,
// print diagnostics, lower, pick the screen.

import StackCompiler
import StackParser
import StackRuntime

enum ScreenLoading {
    enum Failure: Error {
        /// Diagnostics were printed; exit 1.
        case errors
        /// A usage problem; exit 2 with this message.
        case usage(String)
    }

    /// A screen and the files it was read from.
    struct Loaded {
        var model: ScreenModel
        var inputs: [String]
    }

    /// Loads and checks `path`, printing diagnostics (warnings too) to
    /// standard error, and returns the screen called `name` (default: the
    /// first) with the paths of every file read.
    static func load(_ path: String, screen name: String?, useColor: Bool) -> Result<Loaded, Failure> {
        let inputs = path == "-" ? [] : [path]
        return loadModel(path, screen: name, useColor: useColor, inputs: inputs)
    }

    private static func loadModel(_ path: String, screen name: String?, useColor: Bool, inputs: [String]) -> Result<Loaded, Failure> {
        let source: SourceFile
        switch Inputs.read(path) {
        case .success(let file): source = file
        case .failure(let error): return .failure(.usage(error.message))
        }
        // A compiled screen is told from a source by its magic bytes.
        if CompiledFormat.hasMagic(source.bytes) {
            do {
                // The screen alone: a file of thousands decodes one.
                if let model = try ScreenDecoder.decode(source.bytes, screen: name) { return .success(Loaded(model: model, inputs: inputs)) }
                return .failure(missing(name ?? "", in: try ScreenDecoder.screenNames(source.bytes), path: path))
            } catch {
                Terminal.err("stackc: error: \(path): \(error)\n")
                return .failure(.errors)
            }
        }
        if isDebugDump(source.bytes) {
            return .failure(.usage(
                "'\(path)' is a debug dump of a compiled screen (compile --emit json), which nothing loads; lay out its .stack source or the binary .stackc"))
        }
        // Each row lowered as soon as it is checked, as `compile` does.
        let (result, lowered) = Compiler.compile(source)
        let renderer = DiagnosticRenderer(sources: result.sources, useColor: useColor)
        Terminal.err(renderer.render(result.diagnostics))
        guard let screens = lowered else {
            if let summary = DiagnosticRenderer.summary(errors: result.diagnostics.errorCount, warnings: result.diagnostics.warningCount) {
                Terminal.err(summary + "\n")
            }
            return .failure(.errors)
        }
        guard !screens.isEmpty else {
            Terminal.err("stackc: error: '\(path)' declares no screen or flow to lay out\n")
            return .failure(.errors)
        }
        let read = inputs + result.sources.files.map(\.path).filter { $0 != "<stdin>" } + result.importedPaths
        return pick(screens, name: name, path: path).map { Loaded(model: $0, inputs: read) }
    }

    /// `compile --emit json` output: a JSON array whose first object has the
    /// model's keys. A source file never starts with `[`.
    static func isDebugDump(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }), first == UInt8(ascii: "[") else {
            return false
        }
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        return head.contains("\"components\"") || head.contains("\"expressions\"") || head.contains("\"rows\"")
    }

    private static func pick(_ screens: [ScreenModel], name: String?, path: String) -> Result<ScreenModel, Failure> {
        guard let name else { return .success(screens[0]) }
        guard let screen = screens.first(where: { $0.name == name }) else { return .failure(missing(name, in: screens.map(\.name), path: path)) }
        return .success(screen)
    }

    private static func missing(_ name: String, in names: [String], path: String) -> Failure {
        .usage("'\(path)' has no screen '\(name)'; it has \(NameList.shortened(names))")
    }
}
