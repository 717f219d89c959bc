// The bundled samples, read from the repository's samples/ folder.

import Foundation
import StackCompiler

enum Samples {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("samples")

    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".stack") }.sorted()
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// Every sample, in memory, keyed by the path the loader is asked for.
    static func memoryLoader() throws -> MemoryLoader {
        var files: [String: String] = [:]
        for name in try names() { files[name] = try text(name) }
        // String Catalogs the samples are localized from.
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".xcstrings") {
            files[name] = try text(name)
        }
        return MemoryLoader(files)
    }
}
