// The build-tool plugin: every .stack file among a target's sources becomes
// NAME.stack.swift in the plugin's work directory on each build that changed
// it or anything it imports (declared inputs and outputs, so SwiftPM and
// Xcode rebuild only what changed). Errors fail the build at the line.

import Foundation
import PackagePlugin

@main
struct StackcPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url).filter { $0.pathExtension == "stack" }
        return try StackcCommands.commands(
            for: files, configDirectory: target.directoryURL, tool: try context.tool(named: "stackc").url,
            workDirectory: context.pluginWorkDirectoryURL)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension StackcPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url).filter { $0.pathExtension == "stack" }
        return try StackcCommands.commands(
            for: files, configDirectory: context.xcodeProject.directoryURL, tool: try context.tool(named: "stackc").url,
            workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif

enum StackcCommands {
    /// One command per file: `stackc generate swift FILE -o WORK [--config stackc.json]`,
    /// with the file, what it imports and the config as inputs.
    static func commands(for files: [URL], configDirectory: URL, tool: URL, workDirectory: URL) throws -> [Command] {
        let config = configDirectory.appendingPathComponent("stackc.json")
        let hasConfig = FileManager.default.fileExists(atPath: config.path)
        return files.sorted { $0.path < $1.path }.map { file in
            var arguments = ["generate", "swift", file.path, "-o", workDirectory.path]
            var inputs = [file] + Imports.closure(of: file)
            if hasConfig {
                arguments += ["--config", config.path]
                inputs.append(config)
            }
            return .buildCommand(
                displayName: "Generating Swift for \(file.lastPathComponent)",
                executable: tool, arguments: arguments, inputFiles: inputs,
                outputFiles: [workDirectory.appendingPathComponent(file.lastPathComponent + ".swift")])
        }
    }
}

/// The files a .stack file imports, directly or not: `import "path"` lines
/// and `localize from "path"` String Catalogs, resolved against the
/// importing file's directory. A file that cannot be read is left to
/// stackc to report.
enum Imports {
    static func closure(of file: URL) -> [URL] {
        var seen: Set<String> = [file.standardizedFileURL.path]
        var found: [URL] = []
        var pending = [file]
        while let next = pending.popLast(), found.count < 1_000 {
            guard next.pathExtension == "stack", let text = try? String(contentsOf: next, encoding: .utf8) else { continue }
            for path in direct(text) {
                let url = URL(fileURLWithPath: path, relativeTo: next.deletingLastPathComponent()).standardizedFileURL
                if seen.insert(url.path).inserted {
                    found.append(url)
                    pending.append(url)
                }
            }
        }
        return found
    }

    /// The paths of `import "…"` and `localize from "…"` declarations at the start of lines.
    static func direct(_ text: String) -> [String] {
        var paths: [String] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("import") || trimmed.hasPrefix("localize"), let open = trimmed.firstIndex(of: "\"") else { continue }
            let rest = trimmed[trimmed.index(after: open)...]
            guard let close = rest.firstIndex(of: "\"") else { continue }
            paths.append(String(rest[..<close]))
        }
        return paths
    }
}
