// `--data NAME=FILE.json`: data bound from files before a screen is laid
// out, watched or previewed. A file that cannot be read is a usage error
// (exit 2); data that does not fit its record is an error of the input
// (exit 1), printed as `FILE: path: problem`.

import StackCompiler
import StackRuntime

enum DataFiles {
    /// JSON files larger than this are refused before reading.
    static let limit = 64 << 20

    struct Status: Error {
        let code: Int32
    }

    /// Why data could not be bound: a file that cannot be read (a usage
    /// error) or data that does not fit its record (an error of the input).
    struct Problem: Error {
        var message: String
        var unreadable: Bool
    }

    /// `NAME=FILE.json` split, or nil.
    static func option(_ value: String) -> (name: String, path: String)? {
        guard let equals = value.firstIndex(of: "="), equals != value.startIndex, value.index(after: equals) != value.endIndex else {
            return nil
        }
        return (String(value[..<equals]), String(value[value.index(after: equals)...]))
    }

    /// The JSON text of a data file, or why it cannot be read.
    static func load(_ path: String) -> Result<String, UsageError> {
        do {
            let bytes = try FileReading.read(path, limit: limit)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                return .failure(UsageError(message: "--data: cannot read '\(path)': it is not UTF-8 text"))
            }
            return .success(text)
        } catch {
            return .failure(UsageError(message: "--data: cannot read '\(path)': \(error.description)"))
        }
    }

    /// `model` with each file's data bound into it: the rows made and the
    /// data's slots' values as their initial values, so that every session
    /// started on it (the preview's tabs) starts with the data.
    static func baked(_ data: [(name: String, path: String)], into model: ScreenModel) -> Result<ScreenModel, Problem> {
        guard !data.isEmpty else { return .success(model) }
        switch bound(data, to: Screen(model: model)) {
        case .failure(let problem): return .failure(problem)
        case .success(let screen):
            var baked = screen.model
            for slot in baked.data.flatMap(\.slots) where slot < screen.state.count { baked.state[slot].initial = screen.state[slot] }
            return .success(baked)
        }
    }

    /// `screen` with each file's data bound, or the first problem as
    /// `FILE: problem` (for watch and preview, which keep running).
    static func bound(_ data: [(name: String, path: String)], to screen: Screen) -> Result<Screen, Problem> {
        guard !data.isEmpty else { return .success(screen) }
        var live = LiveScreen(screen: screen)
        for item in data {
            switch load(item.path) {
            case .failure(let error): return .failure(Problem(message: error.message, unreadable: true))
            case .success(let text):
                do {
                    try live.bind(item.name, json: text)
                } catch {
                    return .failure(Problem(message: "\(item.path): \(error.description)", unreadable: false))
                }
            }
        }
        return .success(live.screen)
    }

    /// `screen` with each file's data bound, in order; a problem printed,
    /// with its exit status.
    static func bind(_ data: [(name: String, path: String)], to screen: Screen, command: String) -> Result<Screen, Status> {
        switch bound(data, to: screen) {
        case .success(let bound): return .success(bound)
        case .failure(let problem) where problem.unreadable:
            return .failure(Status(code: Main.usageError(problem.message, command: command)))
        case .failure(let problem):
            Terminal.err("stackc \(command): error: \(problem.message)\n")
            return .failure(Status(code: 1))
        }
    }
}
