// `stackc fmt`'s formatter: canonical, idempotent, comment-keeping, and
// meaning-preserving — a file and its formatted form compile to the same
// bytes — over every sample and fixture that parses, over the same files
// with their spacing scrambled, and over seeded generated screens.

import Foundation
import StackCompiler
import StackParser
import StackRuntime
import TestSupport
import XCTest

final class FormatterTests: XCTestCase {
    static func format(_ text: String, path: String = "test.stack") throws -> String {
        switch Formatter.format(SourceFile(path: path, text: text)) {
        case .success(let formatted): return formatted
        case .failure(let refusal): throw XCTSkip("refused: \(refusal.message)")
        }
    }

    /// The compiled bytes of `text` (imports resolved beside `directory`), or nil with errors.
    static func compiled(_ text: String, directory: String) -> [UInt8]? {
        let result = Compiler.check(SourceFile(path: "x.stack", text: text), loader: DirectoryLoader(base: directory))
        guard let program = result.program else { return nil }
        return ScreenEncoder.encode(Compiler.lower(program))
    }

    /// Every sample and every fixture that parses (annotations stripped).
    static func corpus() throws -> [(name: String, text: String, directory: String)] {
        var out: [(String, String, String)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: Samples.directory.path) where name.hasSuffix(".stack") {
            out.append((name, try String(contentsOf: Samples.directory.appendingPathComponent(name), encoding: .utf8), Samples.directory.path))
        }
        for name in try DiagnosticFixtureTests.fixtureNames() {
            let text = try String(contentsOf: DiagnosticFixtureTests.directory.appendingPathComponent(name), encoding: .utf8)
            out.append((name, FixtureAnnotations.strip(text), DiagnosticFixtureTests.directory.path))
        }
        return out
    }

    func testCanonicalForm() throws {
        let messy = """
            // A screen.
            screen   Demo{
            \tstate open:bool=false
              Text a{text:"x"    size:20   tap:toggle(open),emit("a")}


              Text b {
                      size: open ? 40:20     // kept where it was
                  insets: 12 -15
                  hidden: !open
              }

            }
            """
        let expected = """
            // A screen.
            screen Demo {
                state open: bool = false
                Text a { text: "x"  size: 20  tap: toggle(open), emit("a") }

                Text b {
                    size: open ? 40 : 20     // kept where it was
                    insets: 12 -15
                    hidden: !open
                }
            }

            """
        XCTAssertEqual(try Self.format(messy), expected)
        XCTAssertEqual(try Self.format(expected), expected, "idempotent")
    }

    /// Samples, layout fixtures, the example app and fuzz regressions are kept formatted.
    func testRepositoryStackFilesAreFormatted() throws {
        let root = Samples.directory.deletingLastPathComponent()
        var checked = 0
        for folder in ["samples", "Tests/LayoutTests/Fixtures/layout", "Examples/HotelApp/Sources/HotelApp", "Tests/FuzzRegressions"] {
            let directory = root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".stack") {
                let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                XCTAssertEqual(try Self.format(text, path: name), text, "\(folder)/\(name) is not in canonical form: run stackc fmt -i on it")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 20)
    }

    func testIdempotentMeaningPreservingAndCommentKeeping() throws {
        var checked = 0
        for (name, text, directory) in try Self.corpus() {
            guard case .success(let formatted) = Formatter.format(SourceFile(path: name, text: text)) else { continue }
            checked += 1
            XCTAssertEqual(try Self.format(formatted, path: name), formatted, "\(name): not idempotent")
            XCTAssertEqual(Self.compiled(formatted, directory: directory), Self.compiled(text, directory: directory), "\(name): compiles differently")
            XCTAssertEqual(Self.comments(formatted), Self.comments(text), "\(name): comments changed")
        }
        XCTAssertGreaterThan(checked, 15)
    }

    /// The comments' texts, in order.
    static func comments(_ text: String) -> [String] {
        var lexer = Lexer(file: FileID(0))
        let bytes = Array(text.utf8)
        _ = lexer.tokenize(bytes)
        return lexer.comments.map { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self).trimmingCharacters(in: .whitespaces) }
    }

    /// The same files with their spacing scrambled where spacing means
    /// nothing: indentation, runs of spaces, blank lines, trailing spaces.
    func testScrambledSpacingFormatsTheSame() throws {
        var random = SplitMix64(seed: 0x5EED_F0F7)
        for (name, text, directory) in try Self.corpus() {
            guard case .success(let canonical) = Formatter.format(SourceFile(path: name, text: text)) else { continue }
            for round in 0..<TestScale.count(full: 40, quick: 6) {
                let scrambled = Self.scramble(canonical, &random)
                guard case .success(let again) = Formatter.format(SourceFile(path: name, text: scrambled)) else {
                    XCTFail("\(name) round \(round): a scrambled file was refused")
                    continue
                }
                XCTAssertEqual(again, canonical, "\(name) round \(round)")
                if round == 0 {
                    XCTAssertEqual(Self.compiled(scrambled, directory: directory), Self.compiled(canonical, directory: directory), name)
                }
            }
        }
    }

    static func scramble(_ text: String, _ random: inout SplitMix64) -> String {
        var out = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            out += String(repeating: " ", count: Int.random(in: 0...9, using: &random))
            // Widen single spaces that sit between two tokens no rule keeps narrow.
            var previous: Character = " "
            var inString = false
            var inComment = false
            for (index, character) in trimmed.enumerated() {
                if character == "\"", !inComment { inString.toggle() }
                if !inString, character == "/", trimmed.dropFirst(index).hasPrefix("//") { inComment = true }
                out.append(character)
                let next = trimmed.dropFirst(index + 1).first ?? " "
                // (A trailing comment keeps its distance: leave the space before `//`.)
                let beforeComment = trimmed.dropFirst(index + 1).drop { $0 == " " }.hasPrefix("//")
                if character == " ", !inString, !inComment, !beforeComment, !"-(.".contains(next), !"-!.".contains(previous), Bool.random(using: &random) {
                    out += String(repeating: " ", count: Int.random(in: 1...3, using: &random))
                }
                previous = character
            }
            if Bool.random(using: &random) { out += "  " }
            out += "\n"
            if trimmed.isEmpty, Bool.random(using: &random) { out += "\n\n" }
        }
        return out
    }

    /// Seeded generated screens: rows with random properties on one line or
    /// several, nested stacks, comments; formatted, they compile the same.
    func testGeneratedScreensCompileTheSame() throws {
        var random = SplitMix64(seed: 0xF0_2026)
        let properties = [
            "size: 40", "size: 25%", "size: fit", "size: open ? 60 : 20", "insets: 12 15", "insets: 4 -2 4 8", "hidden: !open",
            "background: #F2F2F7", "font: 15", "lines: 2", "weight: bold", "align: center", "tap: toggle(open), emit(\"t\")",
            "separator: none", "min: count * 2", "max: 100 - count", "text: \"a b c\"",
        ]
        for round in 0..<TestScale.count(full: 2000, quick: 200) {
            var source = "// round \(round)\nscreen G {\n    state open: bool = false\n    state count: number = 3\n"
            func row(_ depth: Int) {
                let indent = String(repeating: "    ", count: depth)
                if depth < 3, Int.random(in: 0..<5, using: &random) == 0 {
                    source += indent + "Stack {\n" + indent + "    axis: " + (Bool.random(using: &random) ? "vertical" : "horizontal") + "\n"
                    for _ in 0..<Int.random(in: 1...3, using: &random) { row(depth + 1) }
                    source += indent + "}\n"
                    return
                }
                let chosen = (0..<Int.random(in: 0...4, using: &random)).map { _ in properties.randomElement(using: &random)! }
                var seen = Set<String>()
                let unique = chosen.filter { seen.insert(String($0.prefix { $0 != ":" })).inserted }
                if Bool.random(using: &random) {
                    source += indent + "Text { " + unique.joined(separator: " " + String(repeating: " ", count: Int.random(in: 0...3, using: &random))) + " }"
                    source += Bool.random(using: &random) ? "   // trailing\n" : "\n"
                } else {
                    source += indent + "Text {\n"
                    for property in unique { source += indent + String(repeating: " ", count: Int.random(in: 0...6, using: &random)) + property + "\n" }
                    source += indent + "}\n"
                }
            }
            for _ in 0..<Int.random(in: 1...6, using: &random) { row(1) }
            source += "}\n"
            guard let bytes = Self.compiled(source, directory: "/") else { continue }
            let formatted = try Self.format(source)
            XCTAssertEqual(Self.compiled(formatted, directory: "/"), bytes, "round \(round):\n\(source)")
            XCTAssertEqual(try Self.format(formatted), formatted, "round \(round)")
        }
    }

    func testSyntaxErrorsAreRefused() {
        guard case .failure(let refusal) = Formatter.format(SourceFile(path: "bad.stack", text: "screen S { Text { size: }")) else {
            return XCTFail("a file with syntax errors was formatted")
        }
        XCTAssertTrue(refusal.diagnostics.hasErrors)
    }
}
