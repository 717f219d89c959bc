// `stackc compile`: outputs beside sources or at -o, atomic replacement,
// nothing written on errors, determinism, JSON emission, and layout of the
// compiled file matching the source's.

import Foundation
import XCTest

final class CompileCommandTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackc-compile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["hotel.stack", "settings.stack", "checkout.stack", "components.stack", "Localizable.xcstrings"] {
            try FileManager.default.copyItem(
                at: CLI.repository.appendingPathComponent("samples/\(name)"), to: directory.appendingPathComponent(name))
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func testWritesBesideTheSourceAndLaysOutTheSame() throws {
        let result = try CLI.run(["compile", path("hotel.stack"), path("settings.stack"), path("checkout.stack")])
        XCTAssertEqual(result.status, 0, result.stderr)
        for name in ["hotel", "settings", "checkout"] {
            let compiled = try Data(contentsOf: directory.appendingPathComponent("\(name).stackc"))
            XCTAssertEqual(Array(compiled.prefix(4)), Array("STKC".utf8))
            let fromSource = try CLI.run(["layout", path("\(name).stack"), "--format", "json"])
            let fromCompiled = try CLI.run(["layout", path("\(name).stackc"), "--format", "json"])
            XCTAssertEqual(fromCompiled.status, 0, fromCompiled.stderr)
            XCTAssertEqual(fromCompiled.stdout, fromSource.stdout, name)
        }
    }

    func testTwoCompilesAreByteIdentical() throws {
        XCTAssertEqual(try CLI.run(["compile", path("hotel.stack"), "-o", path("a.stackc")]).status, 0)
        XCTAssertEqual(try CLI.run(["compile", path("hotel.stack"), "-o", path("b.stackc")]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("a.stackc"))), try Data(contentsOf: URL(fileURLWithPath: path("b.stackc"))))
    }

    /// A file larger than the output buffer is written in parts, straight
    /// from the encoder's buffers, to a file and to standard output: it
    /// loads (its checksum runs over all parts) and lays out as the source.
    func testALargeScreenWrittenInParts() throws {
        let rows = (0..<3_000).map { "    Text r\($0) { text: \"row \($0) of a screen larger than one buffer\"  size: \($0 % 5 * 10 + 20) }" }
        try "screen Big {\n\(rows.joined(separator: "\n"))\n    Text last { color: label }\n}\n"
            .write(to: directory.appendingPathComponent("big.stack"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try CLI.run(["compile", path("big.stack"), "-o", path("big.stackc")]).status, 0)
        let compiled = try Data(contentsOf: URL(fileURLWithPath: path("big.stackc")))
        XCTAssertGreaterThan(compiled.count, 1 << 17, "not larger than the output buffer: the test proves nothing")
        let piped = try CLI.runCommand(["/bin/sh", "-c", "\"$0\" compile \"$1\" -o - > \"$2\"", CLI.executable.path, path("big.stack"), path("piped.stackc")])
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("piped.stackc"))), compiled, "standard output")
        let fromSource = try CLI.run(["layout", path("big.stack"), "--format", "json"])
        let fromCompiled = try CLI.run(["layout", path("big.stackc"), "--format", "json"])
        XCTAssertEqual(fromCompiled.status, 0, fromCompiled.stderr)
        XCTAssertEqual(fromCompiled.stdout, fromSource.stdout)
    }

    func testNothingIsWrittenForAFileWithErrors() throws {
        try "old output".write(toFile: path("broken.stackc"), atomically: true, encoding: .utf8)
        try "screen Broken { Txt { } }".write(toFile: path("broken.stack"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["compile", path("broken.stack")])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("unknown row kind 'Txt'"))
        XCTAssertEqual(try String(contentsOfFile: path("broken.stackc"), encoding: .utf8), "old output")
    }

    func testEmitJSONAndStandardInput() throws {
        let json = try CLI.run(["compile", path("hotel.stack"), "--emit", "json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let data = try Data(contentsOf: URL(fileURLWithPath: path("hotel.stackc.json")))
        let parsed = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        XCTAssertEqual(parsed?.first?["name"] as? String, "Hotel")
        let stdin = try CLI.run(["compile", "-", "-o", path("stdin.stackc")], stdin: "screen S { Text { text: \"hi\" } }")
        XCTAssertEqual(stdin.status, 0, stdin.stderr)
        XCTAssertEqual(try CLI.run(["layout", path("stdin.stackc")]).status, 0)
        XCTAssertEqual(try CLI.run(["compile", "-"], stdin: "screen S { }").status, 2)
    }

    func testOutputDirectoryForSeveralFiles() throws {
        let out = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        XCTAssertEqual(try CLI.run(["compile", path("hotel.stack"), path("checkout.stack"), "-o", out.path]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(), ["checkout.stackc", "hotel.stackc"])
        XCTAssertEqual(try CLI.run(["compile", path("hotel.stack"), path("checkout.stack"), "-o", path("nodir")]).status, 2)
    }

    func testDamagedCompiledFileIsAnError() throws {
        XCTAssertEqual(try CLI.run(["compile", path("hotel.stack")]).status, 0)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path("hotel.stackc")))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path("hotel.stackc")))
        let result = try CLI.run(["layout", path("hotel.stackc")])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("checksum mismatch"), result.stderr)
        XCTAssertTrue(result.stderr.contains("header at byte 12"), result.stderr)
    }

    /// The JSON form is a debug dump: layout names it instead of reporting parse errors.
    func testLayoutOfTheDebugDumpSaysWhatItIs() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dump-\(UUID().uuidString).stackc.json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertEqual(try CLI.run(["compile", "samples/hotel.stack", "--emit", "json", "-o", path]).status, 0)
        let result = try CLI.run(["layout", path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("is a debug dump of a compiled screen"), result.stderr)
        XCTAssertFalse(result.stderr.contains("[E0"), "no parse errors")
    }
}

extension CompileCommandTests {
    /// More warnings than are shown, then one error: the error is shown
    /// and counted, nothing is written and both commands fail.
    func testAnErrorAfterAThousandWarningsStillFails() throws {
        var source = "screen Many {\n"
        for n in 0..<1100 { source += "    Image i\(n) { source: \"p\(n).jpg\"  aspect: 4/3 }\n" }
        source += "    Text bad { size: \"not a number\" }\n}\n"
        try source.write(to: directory.appendingPathComponent("many.stack"), atomically: true, encoding: .utf8)
        let compiled = try CLI.run(["compile", path("many.stack")])
        XCTAssertEqual(compiled.status, 1, compiled.stderr.suffix(300).description)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("many.stackc")))
        XCTAssertTrue(compiled.stderr.contains("bad"), "the error is shown")
        let checked = try CLI.run(["check", path("many.stack")])
        XCTAssertEqual(checked.status, 1)
        XCTAssertTrue(checked.stderr.contains("1 error, 1100 warnings generated."), String(checked.stderr.suffix(300)))
        XCTAssertTrue(checked.stderr.contains("101 more diagnostics in"), String(checked.stderr.suffix(300)))
    }
}
