// docs/language.md carries two generated sections — the property tables and
// the diagnostic catalogue with an example of each code taken from the golden
// fixtures — so the reference cannot drift from the compiler.
// STACKC_UPDATE_FIXTURES=1 rewrites them.

import Foundation
import StackCompiler
import StackParser
import XCTest

final class ReferenceDocTests: XCTestCase {
    static let docURL = Samples.directory.deletingLastPathComponent().appendingPathComponent("docs/language.md")

    func testGeneratedSectionsAreCurrent() throws {
        var text = try String(contentsOf: Self.docURL, encoding: .utf8)
        let original = text
        text = try Self.replacing(section: "properties", in: text, with: Self.propertyTables())
        text = try Self.replacing(section: "diagnostics", in: text, with: try Self.diagnosticCatalogue())
        if ProcessInfo.processInfo.environment["STACKC_UPDATE_FIXTURES"] == "1" {
            if text != original { try text.write(to: Self.docURL, atomically: true, encoding: .utf8) }
        } else {
            XCTAssertEqual(original, text, "docs/language.md is out of date; run the tests with STACKC_UPDATE_FIXTURES=1")
        }
    }

    static func replacing(section: String, in text: String, with body: String) throws -> String {
        let begin = "<!-- BEGIN GENERATED: \(section) -->\n"
        let end = "<!-- END GENERATED: \(section) -->"
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else {
            throw XCTSkip("markers for \(section) missing")
        }
        return text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: body)
    }

    static func propertyTables() -> String {
        let sections: [(String, [BlockContext])] = [
            ("Every row", []), ("Text", [.text]), ("Image", [.image]), ("View", [.view]), ("Stack (nested)", [.stack]),
            ("screen", [.screen]), ("flow", [.flow]), ("step", [.step]), ("defaults", [.defaults]),
            ("separator { … }", [.separator]), ("transition KIND { … }", [.transition]), ("from { … } / to { … }", [.keyframe]),
        ]
        let common = Set(PropertyCatalog.common.map(\.name))
        var out = ""
        for (title, contexts) in sections {
            let specs = contexts.isEmpty
                ? PropertyCatalog.common
                : PropertyCatalog.properties(of: contexts[0]).filter { [.text, .image, .view, .stack].contains(contexts[0]) ? !common.contains($0.name) : true }
            out += "#### \(title)\n\n| property | type | default | meaning |\n| --- | --- | --- | --- |\n"
            for spec in specs {
                out += "| `\(spec.name)` | \(spec.shape) | \(spec.defaultText) | \(spec.summary) |\n"
            }
            out += "\n"
        }
        return out
    }

    static func diagnosticCatalogue() throws -> String {
        var examples: [String: (String, String)] = [:]
        var longExamples: [String: String] = [:]
        for name in try DiagnosticFixtureTests.fixtureNames() {
            let text = try String(contentsOf: DiagnosticFixtureTests.directory.appendingPathComponent(name), encoding: .utf8)
            var previous = ""
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if FixtureAnnotations.isAnnotation(line) {
                    if let open = line.range(of: "["), let close = line.range(of: "]:") {
                        let code = String(line[open.upperBound..<close.lowerBound])
                        if examples[code] == nil, previous.count < 110 { examples[code] = (previous, String(line)) }
                        if longExamples[code] == nil { longExamples[code] = name }
                    }
                } else {
                    previous = String(line)
                }
            }
        }
        var out = "| code | severity | what it reports |\n| --- | --- | --- |\n"
        for code in DiagnosticCode.allCases {
            out += "| \(code.rawValue) | \(code.severity.rawValue) | \(code.summary) |\n"
        }
        out += "\nExamples, from the golden fixtures (`Tests/CompilerTests/Fixtures/diagnostics`):\n\n"
        for code in DiagnosticCode.allCases {
            out += "##### \(code.rawValue)\n\n"
            if let (source, annotation) = examples[code.rawValue] {
                out += "```stack\n\(source)\n\(annotation)\n```\n\n"
            } else if let fixture = longExamples[code.rawValue] {
                out += "The example's source line is too long to show here; see `\(fixture)`.\n\n"
            } else {
                out += "Invalid bytes cannot stand in a text example: a file holding byte 0xFF reports `the file is not valid UTF-8: byte 0xFF cannot start or continue a character`.\n\n"
            }
        }
        return out
    }
}
