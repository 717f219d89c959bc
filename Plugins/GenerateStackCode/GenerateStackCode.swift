// `swift package generate-stack-code [--target NAME…]`: writes the Swift of
// every .stack file of the package's targets into the package, beside
// them (NAME.stack.swift), for teams that check generated code in. Such a
// target must not also use the build plugin (the types would be declared
// twice).

import Foundation
import PackagePlugin

@main
struct GenerateStackCode: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let wanted = Set(extractor.extractOption(named: "target"))
        let tool = try context.tool(named: "stackc").url
        var failed: [String] = []
        for target in context.package.targets {
            guard let target = target as? SourceModuleTarget, wanted.isEmpty || wanted.contains(target.name) else { continue }
            let files = stackFiles(under: target.directoryURL)
            for file in files {
                var arguments = ["generate", "swift", file.path, "-o", file.deletingLastPathComponent().path]
                let config = target.directoryURL.appendingPathComponent("stackc.json")
                if FileManager.default.fileExists(atPath: config.path) { arguments += ["--config", config.path] }
                let process = Process()
                process.executableURL = tool
                process.arguments = arguments
                try process.run()
                process.waitUntilExit()
                if process.terminationStatus == 0 {
                    print("wrote \(file.lastPathComponent).swift")
                } else {
                    failed.append(file.lastPathComponent)
                }
            }
        }
        if !failed.isEmpty {
            Diagnostics.error("stackc could not generate Swift for \(failed.joined(separator: ", ")) (its errors are above)")
        }
    }

    /// The .stack files in a target's directory, whether or not the target
    /// lists them as sources (a target that checks its Swift in excludes them).
    func stackFiles(under directory: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        var files: [URL] = []
        for case let url as URL in walker where url.pathExtension == "stack" { files.append(url) }
        return files.sorted { $0.path < $1.path }
    }
}
