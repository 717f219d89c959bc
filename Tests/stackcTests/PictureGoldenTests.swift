// The pictures `stackc layout --format svg` draws, held byte for byte:
// every sample at rest (one with its data), scrolled, right to left and
// dark; a flow with faded steps; transitions as animated SVG; and `--frames` lines. The writer of
// all of them is the byte sink of the JSON output, so these goldens are
// what says it draws what the string-built pictures drew.
// STACKC_UPDATE_FIXTURES=1 rewrites them.

import Foundation
import XCTest

final class PictureGoldenTests: XCTestCase {
    static let fixtures = CLI.repository.appendingPathComponent("Tests/stackcTests/Fixtures/pictures")

    /// Golden name → the `stackc` arguments that draw it.
    static func cases() throws -> [(name: String, arguments: [String])] {
        let samples = try FileManager.default.contentsOfDirectory(atPath: CLI.repository.appendingPathComponent("samples").path)
            .filter { $0.hasSuffix(".stack") && $0 != "components.stack" }.sorted()
        var cases = samples.map { ("\($0).svg", ["layout", "samples/\($0)", "--format", "svg"]) }
        cases += [
            ("hotel-scrolled.svg", ["layout", "samples/hotel.stack", "--viewport", "390x400", "--offset", "200", "--format", "svg"]),
            ("menu-data.svg", ["layout", "samples/menu.stack", "--data", "place=samples/data/menu-place.json", "--data", "sections=samples/data/menu.json", "--format", "svg"]),
            ("inbox-data.svg", ["layout", "samples/inbox.stack", "--data", "messages=samples/data/inbox.json", "--format", "svg"]),
            ("hotel-rtl-dark.svg", ["layout", "samples/hotel.stack", "--direction", "rtl", "--appearance", "dark", "--format", "svg"]),
            ("pinned-scrolled.svg", ["layout", "samples/pinned.stack", "--scroll", "300", "--format", "svg"]),
            ("stackflow-faded.svg", ["layout", "samples/stackflow.stack", "--state", "flow.depth=3", "--format", "svg"]),
            ("stackflow-transition.svg", ["layout", "samples/stackflow.stack", "--then", "flow.depth=3", "--format", "svg"]),
            ("hotel-photos-transition.svg", ["layout", "samples/hotel.stack", "--then", "tab=.photos", "--format", "svg"]),
            ("settings-transition.svg", ["layout", "samples/settings.stack", "--then", "notifications=false", "--format", "svg"]),
            ("settings-frames.jsonl", ["layout", "samples/settings.stack", "--then", "notifications=false", "--frames", "5", "--format", "json"]),
        ]
        return cases
    }

    func testPicturesAreTheGoldenPictures() throws {
        let update = ProcessInfo.processInfo.environment["STACKC_UPDATE_FIXTURES"] == "1"
        if update { try FileManager.default.createDirectory(at: Self.fixtures, withIntermediateDirectories: true) }
        for (name, arguments) in try Self.cases() {
            let result = try CLI.run(arguments)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            let golden = Self.fixtures.appendingPathComponent(name)
            if update {
                try result.stdout.write(to: golden, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            XCTAssertEqual(result.stdout, expected, "\(name): run with STACKC_UPDATE_FIXTURES=1 and read the diff")
        }
    }
}
