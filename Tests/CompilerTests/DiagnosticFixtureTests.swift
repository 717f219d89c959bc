// Runs every golden diagnostic fixture: each `.stack` file directly in
// Fixtures/diagnostics is checked with its annotations stripped, and its
// text must equal the source re-annotated with the diagnostics found.
// STACKC_UPDATE_FIXTURES=1 rewrites the fixtures instead; read the diff.

import Foundation
import StackCompiler
import StackParser
import TestSupport
import XCTest

final class DiagnosticFixtureTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/diagnostics")

    static func fixtureNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".stack") }
            .sorted()
    }

    func testFixtures() throws {
        let update = ProcessInfo.processInfo.environment["STACKC_UPDATE_FIXTURES"] == "1"
        let names = try Self.fixtureNames()
        XCTAssertFalse(names.isEmpty, "no fixtures found in \(Self.directory.path)")
        for name in names {
            let url = Self.directory.appendingPathComponent(name)
            let original = try String(contentsOf: url, encoding: .utf8)
            let expected = Self.annotated(name: name, text: original)
            if update {
                if expected != original { try expected.write(to: url, atomically: true, encoding: .utf8) }
            } else {
                XCTAssertEqual(original, expected, "fixture \(name) differs; run with STACKC_UPDATE_FIXTURES=1 and read the diff")
            }
        }
    }

    /// The fixture re-annotated from a fresh check of its stripped text.
    static func annotated(name: String, text: String) -> String {
        let stripped = FixtureAnnotations.strip(text)
        let source = SourceFile(path: name, text: stripped)
        let result = Compiler.check(source, loader: DirectoryLoader(base: directory.path))
        var diagnostics = result.diagnostics
        // `codegen_` fixtures also go through Swift generation (its names).
        if name.hasPrefix("codegen_") {
            diagnostics.append(contentsOf: SwiftGenerator.generate(result, sourceName: name).diagnostics)
        }
        return FixtureAnnotations.annotate(source, file: FileID(0), diagnostics: diagnostics)
    }

    /// Every code in the catalogue is exercised by some fixture, and the
    /// fixtures hold at least 60 distinct error cases.
    func testCatalogueCoverage() throws {
        var codes = Set<String>()
        var errorCases = Set<String>()
        var filesWithSeveralErrors = 0
        for name in try Self.fixtureNames() {
            let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
            var errorsHere = 0
            for line in text.split(separator: "\n") where FixtureAnnotations.isAnnotation(line) {
                guard let open = line.range(of: "["), let close = line.range(of: "]:") else { continue }
                let code = String(line[open.upperBound..<close.lowerBound])
                codes.insert(code)
                if line.contains("error[") {
                    errorsHere += 1
                    errorCases.insert(String(line[close.upperBound...]))
                }
            }
            if errorsHere > 1 { filesWithSeveralErrors += 1 }
        }
        // Invalid UTF-8 cannot stand in a text fixture; LexerTests covers it.
        let coveredElsewhere: Set = [DiagnosticCode.invalidUTF8.rawValue]
        let missing = DiagnosticCode.allCases.map(\.rawValue).filter { !codes.contains($0) && !coveredElsewhere.contains($0) }
        XCTAssertEqual(missing, [], "diagnostic codes no fixture exercises")
        XCTAssertGreaterThanOrEqual(errorCases.count, 60, "distinct error cases in fixtures")
        XCTAssertGreaterThanOrEqual(filesWithSeveralErrors, 3)
    }

    /// A code's severity is a switch; the catalogue's rule is its letter.
    func testEveryCodeStartingWithWIsAWarningAndNoOther() {
        for code in DiagnosticCode.allCases {
            XCTAssertEqual(code.severity, code.rawValue.hasPrefix("W") ? .warning : .error, code.rawValue)
        }
    }
}
