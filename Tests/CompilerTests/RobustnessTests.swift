// Hostile input through the whole front end: random bytes, random mutations
// of the samples, and absurd nesting. Each case must return — diagnostics or
// a program — without crashing or hanging. Seeded: a failure is repeatable.

import StackCompiler
import StackParser
import TestSupport
import XCTest

final class RobustnessTests: XCTestCase {
    private func check(_ bytes: [UInt8], loader: any SourceLoader) -> CheckResult {
        Compiler.check(SourceFile(path: "fuzz.stack", bytes: bytes), loader: loader)
    }

    func testRandomBytes() {
        var random = SplitMix64(seed: 0x5EED_0001)
        let loader = MemoryLoader([:])
        // Bytes drawn mostly from the language's own alphabet, so the parser
        // gets deep, not just the lexer.
        let alphabet = Array("{}():;,.=?!&|<>+-*/#%\"\\ \n\tabcdefghijklmnopqrstuvwxyzTSVIms0123456789_".utf8) + [0xC3, 0xA9, 0xFF, 0x00]
        for _ in 0..<3000 {
            let length = Int.random(in: 0..<200, using: &random)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &random)! }
            let result = check(bytes, loader: loader)
            XCTAssertLessThanOrEqual(result.diagnostics.items.count, result.diagnostics.limit)
        }
    }

    func testMutatedSamples() throws {
        var random = SplitMix64(seed: 0x5EED_0002)
        let loader = try Samples.memoryLoader()
        let samples = try Samples.names().map { Array(try Samples.text($0).utf8) }
        let fragments = ["{", "}", "(", ")", ":", ",", "\"", "-", "?", "Stack {", "state x: bool = ", "transition show {", "import \"hotel.stack\"", "//", "/*", "#", "%", "ms", "\n"]
            .map { Array($0.utf8) }
        var checkedClean = 0
        for round in 0..<TestScale.count(full: 3000, quick: 1200) {
            var bytes = samples[round % samples.count]
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0...bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where !bytes.isEmpty:
                    bytes.remove(at: min(position, bytes.count - 1))
                case 1:
                    bytes.insert(contentsOf: fragments.randomElement(using: &random)!, at: position)
                case 2 where !bytes.isEmpty:
                    bytes[min(position, bytes.count - 1)] = UInt8.random(in: 0...255, using: &random)
                default:
                    let end = min(bytes.count, position + Int.random(in: 1...40, using: &random))
                    bytes.removeSubrange(position..<end)
                }
            }
            let result = check(bytes, loader: loader)
            if !result.diagnostics.hasErrors { checkedClean += 1 }
            // Rendering must cope with whatever spans the mutation produced.
            _ = DiagnosticRenderer(sources: result.sources).render(result.diagnostics)
        }
        // Some mutations land in comments or strings: the test reaches both outcomes.
        XCTAssertGreaterThan(checkedClean, 0)
    }

    func testDeepNestingIsOneDiagnostic() {
        let depth = 10_000
        let cases: [(String, String)] = [
            ("rows", "screen S {\n" + String(repeating: "Stack {\n", count: depth) + String(repeating: "}\n", count: depth) + "}\n"),
            ("parentheses", "screen S { Text { size: " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth) + " } }"),
            ("unary", "screen S { Text { hidden: " + String(repeating: "!", count: depth) + "true } }"),
            ("ternary", "screen S { Text { size: " + String(repeating: "a ? 1 : ", count: depth) + "2 } }"),
            ("calls", "screen S { Text { size: " + String(repeating: "min(1, ", count: depth) + "1" + String(repeating: ")", count: depth) + " } }"),
            ("minus", "screen S { Text { size: " + String(repeating: "- ", count: depth) + "1 } }"),
            ("unclosed", "screen S {\n" + String(repeating: "Stack {\n", count: depth)),
            ("blocks", "screen S { defaults { " + String(repeating: "transition show { from { ", count: depth / 2) + " } }"),
        ]
        for (name, text) in cases {
            let result = check(Array(text.utf8), loader: MemoryLoader([:]))
            let codes = result.diagnostics.items.map(\.code)
            XCTAssertTrue(codes.contains(.nestingTooDeep), "\(name): \(codes.prefix(5))")
            XCTAssertLessThanOrEqual(codes.count, 3, "\(name): \(result.diagnostics.items.prefix(5).map(\.message))")
        }
    }

    func testDiagnosticsAreCapped() {
        let text = String(repeating: "@", count: 100_000)
        let result = check(Array(text.utf8), loader: MemoryLoader([:]))
        XCTAssertEqual(result.diagnostics.items.count, result.diagnostics.limit)
    }

    /// Long left-associative chains of every operator, generated: one
    /// diagnostic at the height limit, in time linear in their length.
    func testLongChainsAreOneDiagnostic() {
        let operators: [(String, String, String)] = [
            ("+", "1", "size"), ("-", "1", "size"), ("*", "1", "size"), ("/", "1", "size"), ("&&", "true", "hidden"),
            ("||", "false", "hidden"), ("==", "true", "hidden"), ("!=", "true", "hidden"), ("<", "1", "hidden"),
            ("<=", "1", "hidden"), (">", "1", "hidden"), (">=", "1", "hidden"), ("+", "\"a\"", "text"),
        ]
        for (op, operand, property) in operators {
            for count in [Parser.maximumExpressionHeight / 2, Parser.maximumExpressionHeight + 2, 50_000] {
                let chain = Array(repeating: operand, count: count).joined(separator: " \(op) ")
                let result = check(Array("screen S { Text { text: \"x\"  \(property): \(chain) } }".utf8), loader: MemoryLoader([:]))
                let codes = result.diagnostics.items.map(\.code)
                if count > Parser.maximumExpressionHeight {
                    XCTAssertEqual(codes.filter { $0 == .nestingTooDeep }.count, 1, "\(op) × \(count): \(codes.prefix(5))")
                } else {
                    XCTAssertFalse(codes.contains(.nestingTooDeep), "\(op) × \(count)")
                }
            }
        }
    }

    /// Imports of imports past the depth limit, and more files than a
    /// program may read: one diagnostic each, no deep recursion.
    func testImportChainsAreBounded() {
        var files: [String: String] = [:]
        for i in 0..<300 { files["/p/f\(i).stack"] = "import \"f\(i + 1).stack\"\n" }
        files["/p/f300.stack"] = "component C(): Text { text: \"x\" }\n"
        let deep = Compiler.check(SourceFile(path: "/p/main.stack", text: "import \"f0.stack\"\nscreen S { Text { } }\n"), loader: MemoryLoader(files))
        XCTAssertEqual(deep.diagnostics.items.filter { $0.code == .nestingTooDeep }.count, 1, "\(deep.diagnostics.items.prefix(3).map(\.message))")
        var wide: [String: String] = [:]
        var root = ""
        for i in 0..<1_200 {
            wide["/w/f\(i).stack"] = "enum E\(i) { a }\n"
            root += "import \"f\(i).stack\"\n"
        }
        let many = Compiler.check(SourceFile(path: "/w/main.stack", text: root + "screen S { Text { } }\n"), loader: MemoryLoader(wide))
        XCTAssertEqual(many.diagnostics.items.filter { $0.code == .nestingTooDeep }.count, 1)
        XCTAssertEqual(many.sources.files.count, 1_000)
    }
}
