// Reading the files named on the command line (or standard input for `-`).

import StackParser
import StackCompiler

enum Inputs {
    /// The source named by `path`; `-` reads standard input.
    static func read(_ path: String) -> Result<SourceFile, UsageError> {
        if path == "-" {
            return StandardInput.read(limit: FileSystemLoader.maximumFileSize).map { SourceFile(path: "<stdin>", bytes: $0) }
        }
        do {
            let bytes = try FileSystemLoader().read(path)
            return .success(SourceFile(path: path, bytes: bytes))
        } catch {
            return .failure(UsageError(message: "cannot read '\(path)': \(error)"))
        }
    }

    /// The file, or nil after saying on standard error why it cannot be read.
    static func readOrReport(_ path: String) -> SourceFile? {
        switch read(path) {
        case .success(let file): return file
        case .failure(let error):
            Terminal.err("stackc: error: \(error.message)\n")
            return nil
        }
    }
}
