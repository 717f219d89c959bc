// `stackc layout`: the worked example end to end, options, errors, -o.

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

final class LayoutCommandTests: XCTestCase {
    static let fixtures = CLI.repository.appendingPathComponent("Tests/LayoutTests/Fixtures/layout")

    func testWorkedExampleAsJSON() throws {
        let result = try CLI.run(["layout", Self.fixtures.appendingPathComponent("worked_example.stack").path, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let expected = try String(contentsOf: Self.fixtures.appendingPathComponent("worked_example.json"), encoding: .utf8)
        XCTAssertEqual(result.stdout, expected)
        // The design's numbers, checked independently of the golden file.
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(json?["contentSize"] as? [Double], [390, 392.4])
        let rows = json?["rows"] as? [[String: Any]]
        XCTAssertEqual(rows?.first?["frame"] as? [Double], [0, 0, 390, 50.4])
        let amenities = rows?[3]["rows"] as? [[String: Any]]
        XCTAssertEqual(amenities?[0]["frame"] as? [Double], [15, 236.4, 54, 120])
        XCTAssertEqual(amenities?[1]["separator"] as? [Double], [113.5, 236.4, 1, 120])
    }

    func testScrolledViewportVisibility() throws {
        let result = try CLI.run([
            "layout", Self.fixtures.appendingPathComponent("worked_example.stack").path, "--format", "json", "--viewport", "390x200",
            "--offset", "100",
        ])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let rows = try XCTUnwrap(json?["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["visibility"] as? String }, ["offscreen", "partial", "hidden", "partial", "offscreen"])
        XCTAssertEqual(rows[1]["visiblePercent"] as? Double, 71.4943)
        XCTAssertEqual(rows[3]["visiblePercent"] as? Double, 52.5)
    }

    func testTextAndSVGForms() throws {
        let text = try CLI.run(["layout", "samples/hotel.stack"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.hasPrefix("screen Hotel  viewport 390x844  offset 0"), text.stdout)
        XCTAssertTrue(text.stdout.contains("Text welcome"))
        let svg = try CLI.run(["layout", "samples/settings.stack", "--format", "svg"])
        XCTAssertEqual(svg.status, 0, svg.stderr)
        XCTAssertTrue(svg.stdout.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertTrue(svg.stdout.hasSuffix("</svg>\n"))
        // Well-formed XML.
        XCTAssertNoThrow(try XMLDocument(data: Data(svg.stdout.utf8)))
    }

    func testStateOptionIsTyped() throws {
        let hotel = "samples/hotel.stack"
        let good = try CLI.run(["layout", hotel, "--state", "tab=.photos", "--state", "tagsExpanded=true", "--format", "json"])
        XCTAssertEqual(good.status, 0, good.stderr)
        XCTAssertTrue(good.stdout.contains("\"id\": \"gallery\", \"kind\": \"Image\", \"frame\": [0, 560.4, 390, 292.5]"), good.stdout)
        let unknown = try CLI.run(["layout", hotel, "--state", "tba=photos"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("has no state 'tba'"), unknown.stderr)
        XCTAssertTrue(unknown.stderr.contains("tagsExpanded, tab, showPricing, nights"), unknown.stderr)
        let wrongType = try CLI.run(["layout", hotel, "--state", "nights=many"])
        XCTAssertEqual(wrongType.status, 2)
        XCTAssertTrue(wrongType.stderr.contains("state 'nights' is number, and 'many' is not a number"), wrongType.stderr)
    }

    /// `--data` and the settings: data that does not fit is an error of the
    /// input (1), a file that cannot be read or a bad setting a usage error (2).
    func testDataAndSettingsOptions() throws {
        let inbox = "samples/inbox.stack"
        let good = try CLI.run(["layout", inbox, "--data", "messages=samples/data/inbox.json", "--format", "accessibility"])
        XCTAssertEqual(good.status, 0, good.stderr)
        XCTAssertTrue(good.stdout.hasPrefix("screen Inbox: "), good.stdout)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("bad.json")
        try Data(#"[{"id": "x", "subject": 3}]"#.utf8).write(to: bad)
        let wrong = try CLI.run(["layout", inbox, "--data", "messages=" + bad.path])
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.stderr.contains("bad.json: messages[0].subject: expected a string, found a number"), wrong.stderr)
        let missing = try CLI.run(["layout", inbox, "--data", "messages=" + directory.appendingPathComponent("nope.json").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("--data: cannot read"), missing.stderr)
        XCTAssertEqual(try CLI.run(["layout", "samples/hotel.stack", "--locale", "ja"]).status, 2)
        XCTAssertEqual(try CLI.run(["layout", "samples/hotel.stack", "--content-size", "huge"]).status, 2)
        XCTAssertEqual(try CLI.run(["layout", "samples/hotel.stack", "--locale", "fr", "--direction", "rtl", "--appearance", "dark"]).status, 0)
    }

    func testErrorsAndUsage() throws {
        let broken = try CLI.run(["layout", "-"], stdin: "screen S { Txt { } }")
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stderr.contains("unknown row kind 'Txt'"))
        XCTAssertEqual(try CLI.run(["layout", "samples/hotel.stack", "--viewport", "wide"]).status, 2)
        XCTAssertEqual(try CLI.run(["layout", "samples/hotel.stack", "--viewport", "0x100"]).status, 2)
        XCTAssertEqual(try CLI.run(["layout", "samples/hotel.stack", "--offset", "nan"]).status, 2)
        XCTAssertEqual(try CLI.run(["layout", "samples/hotel.stack", "--format", "pdf"]).status, 2)
        XCTAssertEqual(try CLI.run(["layout"]).status, 2)
        let noScreen = try CLI.run(["layout", "samples/hotel.stack", "--screen", "Nope"])
        XCTAssertEqual(noScreen.status, 2)
        XCTAssertTrue(noScreen.stderr.contains("no screen 'Nope'; it has Hotel"))
        let components = try CLI.run(["layout", "samples/components.stack"])
        XCTAssertEqual(components.status, 1)
        XCTAssertTrue(components.stderr.contains("declares no screen or flow"))
        XCTAssertEqual(try CLI.run(["layout", "--help"]).status, 0)
    }

    /// A compiled file of many screens: the one asked for is laid out (it
    /// alone decoded), and a name it lacks lists ten of its screens and
    /// how many more, from the source and from the compiled file alike.
    func testAScreenOfACompiledFileOfMany() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackc-many-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("many.stack")
        try (0..<12).map { "screen S\($0) {\n    Text t { text: \"screen \($0)\" }\n}\n" }.joined().write(to: source, atomically: true, encoding: .utf8)
        let compiled = directory.appendingPathComponent("many.stackc").path
        XCTAssertEqual(try CLI.run(["compile", source.path, "-o", compiled]).status, 0)
        for input in [source.path, compiled] {
            let eleventh = try CLI.run(["layout", input, "--screen", "S11"])
            XCTAssertEqual(eleventh.status, 0, eleventh.stderr)
            XCTAssertTrue(eleventh.stdout.hasPrefix("screen S11 ") && eleventh.stdout.contains("\"screen 11\""), eleventh.stdout)
            XCTAssertTrue(try CLI.run(["layout", input]).stdout.hasPrefix("screen S0 "))
            let missing = try CLI.run(["layout", input, "--screen", "Nope"])
            XCTAssertEqual(missing.status, 2)
            XCTAssertTrue(missing.stderr.contains("no screen 'Nope'; it has S0, S1, S2, S3, S4, S5, S6, S7, S8, S9 and 2 more\n"), missing.stderr)
        }
    }

    func testOutputFileIsReplacedAtomically() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackc-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("hotel.svg")
        try "old".write(to: target, atomically: true, encoding: .utf8)
        let result = try CLI.run(["layout", "samples/hotel.stack", "--format", "svg", "-o", target.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(try String(contentsOf: target, encoding: .utf8).hasPrefix("<svg"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["hotel.svg"])
        let unwritable = try CLI.run(["layout", "samples/hotel.stack", "-o", "/nonexistent/dir/out.txt"])
        XCTAssertEqual(unwritable.status, 2)
        XCTAssertTrue(unwritable.stderr.contains("cannot write"))
    }
}

final class InteractiveCommandTests: XCTestCase {
    func testTapsAndScrollsPrintStepsThenTheLayout() throws {
        let result = try CLI.run([
            "layout", "samples/hotel.stack", "--viewport", "390x300", "--scroll", "250", "--tap", "100,290", "--format", "json",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3)
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        XCTAssertEqual(first?["step"] as? Int, 1)
        XCTAssertEqual((first?["events"] as? [String])?.last, "did scroll to 250")
        let second = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any]
        XCTAssertEqual(second?["row"] as? String, "Text pricingToggle")
        XCTAssertEqual(second?["actions"] as? [String], ["toggle showPricing → true", "scroll-to pricing → offset 419.2"])
        let layout = try JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any]
        XCTAssertEqual(layout?["offset"] as? Double, 419.2)
        XCTAssertEqual(layout?["contentSize"] as? [Double], [390, 743.2])
        let text = try CLI.run(["layout", "samples/hotel.stack", "--tap", "200,180"])
        XCTAssertTrue(text.stdout.hasPrefix("step 1: tap 200,180 → View tags\n  action: toggle tagsExpanded → true\n"), text.stdout)
        XCTAssertEqual(try CLI.run(["layout", "samples/hotel.stack", "--tap", "1"]).status, 2)
        XCTAssertEqual(try CLI.run(["layout", "samples/hotel.stack", "--scroll", "x"]).status, 2)
    }
}

final class AnimateCommandTests: XCTestCase {
    func testFramesAreTheGoldenFrames() throws {
        let result = try CLI.run(["layout", "samples/hotel.stack", "--then", "showPricing=true", "--frames", "9", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let golden = try String(
            contentsOf: CLI.repository.appendingPathComponent("Tests/LayoutTests/Fixtures/frames/hotel-pricing.jsonl"), encoding: .utf8)
        XCTAssertEqual(result.stdout, golden)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 9)
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        XCTAssertEqual(first?["t"] as? Double, 0)
        let last = try JSONSerialization.jsonObject(with: Data(lines[8].utf8)) as? [String: Any]
        XCTAssertEqual(last?["t"] as? Double, 0.45)
    }

    func testTextListsTheAnimatedRowsAndSVGAnimates() throws {
        let text = try CLI.run(["layout", "samples/settings.stack", "--then", "notifications=false"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.hasPrefix("transition: 0.25s, 10 rows\n  SettingRow sounds: hide 0.25s after 0s\n"), text.stdout)
        XCTAssertTrue(text.stdout.contains("  Text plan: move 0.25s after 0s\n"), "rows below follow the hiding rows")
        XCTAssertTrue(text.stdout.contains("event: SettingRow sounds did end hide (hiding)"), text.stdout)
        XCTAssertTrue(text.stdout.contains("screen Settings"), text.stdout)
        let svg = try CLI.run(["layout", "samples/hotel.stack", "--then", "tab=.photos", "--format", "svg"])
        XCTAssertEqual(svg.status, 0, svg.stderr)
        XCTAssertTrue(svg.stdout.hasPrefix("<svg"))
        XCTAssertTrue(svg.stdout.hasSuffix("</svg>\n"))
        XCTAssertTrue(svg.stdout.contains("<animateTransform attributeName=\"transform\" type=\"translate\""))
        XCTAssertTrue(svg.stdout.contains("<animate attributeName=\"opacity\""))
    }

    /// Steps in any order: a tap, then a change, then a tap; `--frames` and
    /// the picture animate the last step, a tap's consequences included.
    func testStepsInAnyOrderAndWhatATapCauses() throws {
        let text = try CLI.run(["layout", "samples/hotel.stack", "--tap", "100,200", "--then", "showPricing=true", "--tap", "100,520"])
        XCTAssertEqual(text.status, 0, text.stderr)
        let steps = text.stdout.components(separatedBy: "\nstep ")
        XCTAssertEqual(steps.count, 3, text.stdout)
        XCTAssertTrue(steps[0].hasPrefix("step 1: tap 100,200 → View tags\n  action: toggle tagsExpanded → true"), steps[0])
        XCTAssertTrue(steps[0].contains("animated: View tags: resize 0.3s after 0s"), steps[0])
        XCTAssertTrue(steps[1].hasPrefix("2: then showPricing=true\n"), steps[1])
        XCTAssertTrue(steps[1].contains("animated: Stack pricing: show 0.4s after 0.05s"), steps[1])
        XCTAssertTrue(steps[1].contains("event: Stack pricing did end show"), steps[1])
        // The Info tab has no id: it is named by its place, the first row of the fourth row's stack.
        XCTAssertTrue(steps[2].hasPrefix("3: tap 100,520 → Text #4.1\n  action: set tab → .info"), steps[2])

        let frames = try CLI.run(["layout", "samples/hotel.stack", "--tap", "100,200", "--frames", "4", "--format", "json"])
        XCTAssertEqual(frames.status, 0, frames.stderr)
        let lines = frames.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 4)
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        let last = try JSONSerialization.jsonObject(with: Data(lines[3].utf8)) as? [String: Any]
        XCTAssertEqual(first?["t"] as? Double, 0)
        XCTAssertEqual(last?["t"] as? Double, 0.3, "the tag row's 300 ms resize")
        XCTAssertEqual((first?["contentSize"] as? [Double])?.last, 582.8)
        XCTAssertEqual((last?["contentSize"] as? [Double])?.last, 772.8)

        let svg = try CLI.run(["layout", "samples/hotel.stack", "--tap", "100,200", "--format", "svg"])
        XCTAssertTrue(svg.stdout.contains("<animate"), "a tap's animation plays in the picture")
        let json = try CLI.run(["layout", "samples/hotel.stack", "--tap", "100,330", "--then", "nights=3", "--format", "json"])
        let objects = json.stdout.split(separator: "\n")
        XCTAssertEqual(objects.count, 3)
        XCTAssertTrue(objects[0].contains("\"row\": \"Text #4.1\""), String(objects[0]))
        XCTAssertTrue(objects[1].contains("\"input\": \"then nights=3\""), String(objects[1]))
    }

    func testUsageErrors() throws {
        for (arguments, message) in [
            (["--frames", "5", "--format", "json"], "--frames needs a step to animate (--then, --tap or --scroll) and --format json"),
            (["--then", "showPricing=true", "--frames", "5"], "--frames needs a step to animate (--then, --tap or --scroll) and --format json"),
            (["--then", "showPricing=true", "--frames", "1", "--format", "json"], "--frames takes a whole number from 2 to 10000, not '1'"),
            (["--then", "=true"], "--then takes NAME=VALUE, not '=true'"),
            (["--then", "nope=1"], "--then nope=1: screen 'Hotel' has no state 'nope'; it has tagsExpanded, tab, showPricing, nights"),
            (["--then", "showPricing=12"], "--then showPricing=12:"),
        ] {
            let result = try CLI.run(["layout", "samples/hotel.stack"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }
}
