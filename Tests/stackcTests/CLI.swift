// Runs the real `stackc` executable, as a user or a script would.

import Foundation
import XCTest

struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum CLI {
    /// The built `stackc`, next to the test bundle.
    static var executable: URL {
        var directory = Bundle(for: Marker.self).bundleURL
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("stackc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: "stackc")
    }

    /// SIGPIPE ignored in this process, once: a write to a pipe nobody
    /// reads fails instead of ending the process.
    private static let ignoringBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> CLIResult {
        try launch(executable, arguments, stdin: stdin, environment: environment)
    }

    /// Runs stackc under a memory limit (virtual memory, in MiB) and a time
    /// limit: a hostile input must end within both. Exit 124 means the time ran out.
    static func runLimited(
        _ arguments: [String], memoryMiB: Int = 4096, seconds: Int = 60, stdin: String? = nil
    ) throws -> CLIResult {
        let script = "ulimit -v \(memoryMiB * 1024); exec \"$0\" \"$@\""
        let process = ["timeout", "-s", "KILL", "\(seconds)", "/bin/sh", "-c", script, executable.path] + arguments
        return try runCommand(process, stdin: stdin)
    }

    /// Runs any command from the repository directory, without Swift's backtracer
    /// (a crash in it would hang instead of ending the run).
    static func runCommand(_ command: [String], stdin: String? = nil) throws -> CLIResult {
        try launch(URL(fileURLWithPath: "/usr/bin/env"), ["SWIFT_BACKTRACE=enable=no"] + command, stdin: stdin, environment: [:])
    }

    /// Starts `executable` in the repository directory, feeds `stdin`, and
    /// collects both outputs; a death by signal is status 128 + the signal.
    private static func launch(_ executable: URL, _ arguments: [String], stdin: String?, environment: [String: String]) throws -> CLIResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = repository
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin {
            // A command may end without reading its input (a usage error):
            // writing then fails with EPIPE, which is no failure of the
            // test, where the signal it raises by default ended the whole
            // test process (CompileCommandTests, now and then).
            _ = ignoringBrokenPipes
            try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
        }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return CLIResult(
            status: status, stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }

    private final class Marker {}
}
