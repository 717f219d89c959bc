// The `stackc` command: dispatches to its subcommands.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StackParser

@main
enum Main {
    static let help = """
        OVERVIEW: stackc — compiler for .stack screen files.

        USAGE: stackc COMMAND [OPTIONS] FILE...

        COMMANDS:
          check     Parse and type-check files and print their diagnostics.
          compile   Check files and write their compiled screens (.stackc).
          layout    Lay out a screen (source or compiled) and print it as text, JSON or SVG;
                    try taps and scrolls, or animate a state change.
          watch     Lay a screen out again every time its file or an import changes.
          generate  Generate Swift types for screens: 'stackc generate swift FILE...'.
          preview   Show a screen live in a browser, reloaded on every save.
          fmt       Print files in their canonical layout (-i rewrites, --check lists).
          lsp       The language server, for editors (JSON-RPC over stdio).

        Run 'stackc COMMAND --help' (or 'stackc help COMMAND') for a command's options.

        """

    static func main() {
        Allocation.tune()
        let arguments = Array(CommandLine.arguments.dropFirst())
        exit(run(arguments))
    }

    static func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            Terminal.err(help)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "check":
            return CheckCommand.run(rest)
        case "layout":
            return LayoutCommand.run(rest)
        case "compile":
            return CompileCommand.run(rest)
        case "watch":
            return WatchCommand.run(rest)
        case "generate":
            return GenerateCommand.run(rest)
        case "preview":
            return PreviewCommand.run(rest)
        case "fmt":
            return FormatCommand.run(rest)
        case "lsp":
            return LSPCommand.run(rest)
        case "--help", "-h", "help":
            // `stackc help layout` is `stackc layout --help`.
            if command == "help", let topic = rest.first {
                guard commands.contains(topic) else { return unknownCommand(topic) }
                return run([topic, "--help"])
            }
            Terminal.out(help)
            return 0
        case "--version":
            Terminal.out("stackc 0.1.0\n")
            return 0
        default:
            return unknownCommand(command)
        }
    }

    static let commands = ["check", "compile", "layout", "watch", "generate", "preview", "fmt", "lsp"]

    private static func unknownCommand(_ command: String) -> Int32 {
        let hint = Suggestions.closest(to: command, in: commands).map { "; did you mean '\($0)'?" } ?? "; see 'stackc --help'"
        Terminal.err("stackc: error: unknown command '\(command)'\(hint)\n")
        return 2
    }

    /// Prints a usage error for `command` and returns exit status 2.
    static func usageError(_ message: String, command: String) -> Int32 {
        Terminal.err("stackc \(command): error: \(message)\nRun 'stackc \(command) --help' for usage.\n")
        return 2
    }
}
