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

    /// The JSON text of a data file, or a usage error printed.
    static func read(_ path: String, command: String) -> String? {
        switch load(path) {
        case .success(let text): return text
        case .failure(let error):
            _ = Main.usageError(error.message, command: command)
            return nil
        }
    }

    /// `model` with each file's data bound into it: the rows made and the
    /// data's slots' values as their initial values, so that every session
    /// started on it (the preview's tabs) starts with the data.
    static func baked(_ data: [(name: String, path: String)], into model: ScreenModel) -> Result<ScreenModel, UsageError> {
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
    static func bound(_ data: [(name: String, path: String)], to screen: Screen) -> Result<Screen, UsageError> {
        guard !data.isEmpty else { return .success(screen) }
        var live = LiveScreen(screen: screen)
        for item in data {
            switch load(item.path) {
            case .failure(let error): return .failure(error)
            case .success(let text):
                do {
                    try live.bind(item.name, json: text)
                } catch {
                    return .failure(UsageError(message: "\(item.path): \(error.description)"))
                }
            }
        }
        return .success(live.screen)
    }

    /// `screen` with each file's data bound, in order.
    static func bind(_ data: [(name: String, path: String)], to screen: Screen, command: String) -> Result<Screen, Status> {
        guard !data.isEmpty else { return .success(screen) }
        var live = LiveScreen(screen: screen)
        for item in data {
            guard let text = read(item.path, command: command) else { return .failure(Status(code: 2)) }
            do {
                try live.bind(item.name, json: text)
            } catch {
                Terminal.err("stackc \(command): error: \(item.path): \(error.description)\n")
                return .failure(Status(code: 1))
            }
        }
        return .success(live.screen)
    }
}
