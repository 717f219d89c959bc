// A small command-line argument reader: `--name value`, `--name=value`,
// flags, and positional operands. Anything unknown is a usage error that
// names the argument. (No package dependencies, so no ArgumentParser.)

import StackParser

/// A usage error: printed with the command's usage line, exit status 2.
struct UsageError: Error {
    var message: String
}

/// Reads the arguments of one command.
struct Arguments {
    private var items: [String]
    private(set) var operands: [String] = []

    init(_ items: [String]) { self.items = items }

    /// Splits options from operands: `valued` options take a value, `flags` don't.
    /// `--` ends options; a lone `-` is an operand (standard input).
    mutating func parse(valued: Set<String>, flags: Set<String>) throws -> [(name: String, value: String?)] {
        var options: [(String, String?)] = []
        var index = 0
        while index < items.count {
            let item = items[index]
            index += 1
            if item == "--" {
                operands += items[index...]
                break
            }
            guard item.hasPrefix("-"), item != "-" else {
                operands.append(item)
                continue
            }
            var name = item
            var inline: String?
            if let equals = item.firstIndex(of: "="), item.hasPrefix("--") {
                name = String(item[..<equals])
                inline = String(item[item.index(after: equals)...])
            }
            if flags.contains(name) {
                if inline != nil { throw UsageError(message: "option '\(name)' takes no value") }
                options.append((name, nil))
            } else if valued.contains(name) {
                if let inline {
                    options.append((name, inline))
                } else if index < items.count {
                    options.append((name, items[index]))
                    index += 1
                } else {
                    throw UsageError(message: "option '\(name)' needs a value")
                }
            } else {
                let hint = Suggestions.closest(to: name, in: (valued.union(flags)).sorted()).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(message: "unknown option '\(name)'\(hint)")
            }
        }
        return options
    }
}
