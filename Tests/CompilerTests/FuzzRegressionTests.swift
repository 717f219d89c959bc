// Replays every input in Tests/FuzzRegressions through the fuzz targets'
// checks: `.stack` files through the front end, everything else as compiled
// bytes through the loader. Each is an input that once crashed, hung or
// broke a property; scripts/fuzz.sh also seeds its corpora from them.

import Foundation
import StackCompiler
import StackParser
import StackRuntime
import TestSupport
import XCTest

final class FuzzRegressionTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("FuzzRegressions")

    func testEveryRecordedInput() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertFalse(names.isEmpty, "no regression inputs in \(Self.directory.path)")
        for name in names where !name.hasSuffix(".md") {
            let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name)))
            if name.hasSuffix(".stack") {
                FuzzChecks.frontEnd(bytes)
            } else {
                FuzzChecks.loader(bytes)
            }
        }
    }
}

/// Everything the repository compiles — samples, fixtures of every kind,
/// regression inputs — goes through the front-end check: what the compiler
/// writes, its loader accepts, and the loaded screens lay out as the
/// lowered ones.
final class CompiledOutputTests: XCTestCase {
    func testEverySourceInTheRepositoryLoadsAsCompiled() throws {
        let root = FuzzRegressionTests.directory.deletingLastPathComponent().deletingLastPathComponent()
        var sources: [URL] = []
        for folder in ["samples", "Tests"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "stack" { sources.append(url) }
            }
        }
        XCTAssertGreaterThan(sources.count, 50, "found the repository's sources")
        for url in sources {
            // Imports resolve against the file's folder, as `stackc compile` does.
            let text = try [UInt8](Data(contentsOf: url))
            let result = Compiler.check(SourceFile(path: url.lastPathComponent, bytes: text), loader: DirectoryLoader(base: url.deletingLastPathComponent().path))
            guard let program = result.program else { continue }
            let models = Compiler.lower(program)
            guard !models.isEmpty else { continue }
            let loaded = try ScreenDecoder.decode(ScreenEncoder.encode(models))
            XCTAssertEqual(loaded.count, models.count, url.lastPathComponent)
            FuzzChecks.frontEnd(text)  // imports aside, the same through the fuzz checks
        }
    }
}
