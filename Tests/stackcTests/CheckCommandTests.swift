// `stackc check` as cli.md describes it: output forms and exit statuses.

import Foundation
import XCTest

final class CheckCommandTests: XCTestCase {
    func testSamplesCheckCleanWithExitZero() throws {
        let result = try CLI.run(["check", "samples/hotel.stack", "samples/settings.stack", "samples/checkout.stack", "samples/components.stack"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(result.stdout, "")
    }

    func testErrorsGiveExitOneAndTheCompilerForm() throws {
        let result = try CLI.run(["check", "-"], stdin: "screen S {\n    Text { hiden: true }\n}\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            """
            <stdin>:2:12: error: unknown property 'hiden' on Text; did you mean 'hidden'? [E0200]
                Text { hiden: true }
                       ^~~~~
            1 error generated.

            """)
    }

    func testWarningsAloneExitZero() throws {
        let result = try CLI.run(["check", "-"], stdin: "screen S {\n state unused: bool = false\n}\n")
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("warning: state 'unused' is never read"), result.stderr)
    }

    func testJSONFormat() throws {
        let result = try CLI.run(["check", "--format", "json", "-"], stdin: "screen S { Text { size: -1 } }")
        XCTAssertEqual(result.status, 1)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        let first = try XCTUnwrap(parsed?.first)
        XCTAssertEqual(first["code"] as? String, "E0307")
        XCTAssertEqual(first["severity"] as? String, "error")
        XCTAssertEqual(first["line"] as? Int, 1)
        XCTAssertEqual(first["column"] as? Int, 25)
        XCTAssertEqual(first["file"] as? String, "<stdin>")
        XCTAssertEqual(result.stderr, "")
        let clean = try CLI.run(["check", "--format=json", "samples/hotel.stack"])
        XCTAssertEqual(clean.stdout, "[]\n")
    }

    func testColourOnlyWhenAskedAndNeverWithNoColor() throws {
        let source = "screen S { Txt { } }"
        XCTAssertFalse(try CLI.run(["check", "-"], stdin: source).stderr.contains("\u{1B}["))
        XCTAssertTrue(try CLI.run(["check", "--color", "always", "-"], stdin: source).stderr.contains("\u{1B}["))
        XCTAssertFalse(try CLI.run(["check", "-"], stdin: source, environment: ["NO_COLOR": "1"]).stderr.contains("\u{1B}["))
    }

    func testUsageErrorsExitTwo() throws {
        let missing = try CLI.run(["check", "no/such/file.stack"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("cannot read 'no/such/file.stack': no such file"), missing.stderr)
        let unknown = try CLI.run(["check", "--frobnicate", "samples/hotel.stack"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown option '--frobnicate'"), unknown.stderr)
        let none = try CLI.run(["check"])
        XCTAssertEqual(none.status, 2)
        XCTAssertEqual(try CLI.run(["check", "--format", "xml", "-"]).status, 2)
        XCTAssertEqual(try CLI.run(["bogus"]).status, 2)
        XCTAssertEqual(try CLI.run([]).status, 2)
    }

    func testHelp() throws {
        let check = try CLI.run(["check", "--help"])
        XCTAssertEqual(check.status, 0)
        XCTAssertTrue(check.stdout.contains("USAGE: stackc check FILE..."))
        let top = try CLI.run(["--help"])
        XCTAssertEqual(top.status, 0)
        XCTAssertTrue(top.stdout.contains("check"))
    }

    func testImportsResolveRelativeToTheImportingFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("lib"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "import \"lib/a.stack\"\nscreen S { A { } }".write(to: directory.appendingPathComponent("main.stack"), atomically: true, encoding: .utf8)
        try "import \"b.stack\"\ncomponent A(): Text { text: \"a\" }".write(to: directory.appendingPathComponent("lib/a.stack"), atomically: true, encoding: .utf8)
        let missing = try CLI.run(["check", directory.appendingPathComponent("main.stack").path])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("cannot import 'b.stack'"), missing.stderr)
        XCTAssertTrue(missing.stderr.contains("import chain:"), missing.stderr)
        try "enum B { x }".write(to: directory.appendingPathComponent("lib/b.stack"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try CLI.run(["check", directory.appendingPathComponent("main.stack").path]).status, 0)
    }
}

final class ReadmeExampleTests: XCTestCase {
    /// The README shows what breaking a sample prints; it must stay true.
    func testTheReadmesBrokenSampleSaysWhatTheReadmeSays() throws {
        let readme = try String(contentsOf: CLI.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let shown = try XCTUnwrap(readme.split(separator: "\n").first { $0.hasPrefix("samples/hotel.stack:") && $0.contains("error:") })
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["hotel.stack", "components.stack", "Localizable.xcstrings"] {
            var text = try String(contentsOf: CLI.repository.appendingPathComponent("samples/" + name), encoding: .utf8)
            if name == "hotel.stack" {
                let range = try XCTUnwrap(text.range(of: "lines: 0"), "the README's instruction no longer applies")
                text.replaceSubrange(range, with: "hiden: true")
            }
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        let result = try CLI.run(["check", directory.appendingPathComponent("hotel.stack").path])
        XCTAssertEqual(result.status, 1)
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertEqual(first.replacingOccurrences(of: directory.path + "/", with: "samples/"), String(shown))
    }
}

/// The command line suggests, as the checker does.
final class CommandSuggestionTests: XCTestCase {
    func testMisspeltCommandsAndOptionsAndHelpTopics() throws {
        let command = try CLI.run(["chek", "samples/hotel.stack"])
        XCTAssertEqual(command.status, 2)
        XCTAssertTrue(command.stderr.contains("unknown command 'chek'; did you mean 'check'?"), command.stderr)
        let option = try CLI.run(["layout", "samples/hotel.stack", "--fromat", "json"])
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.stderr.contains("unknown option '--fromat'; did you mean '--format'?"), option.stderr)
        let help = try CLI.run(["help", "layout"])
        XCTAssertEqual(help.status, 0)
        XCTAssertEqual(help.stdout, try CLI.run(["layout", "--help"]).stdout)
        XCTAssertEqual(try CLI.run(["help", "nothing"]).status, 2)
    }
}
