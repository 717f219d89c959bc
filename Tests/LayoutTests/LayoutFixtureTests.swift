// Layout fixtures: each `.stack` in Fixtures/layout is compiled, lowered and
// laid out, and the JSON must equal the `.json` beside it. A first line
// `// layout: --viewport WxH --offset N --state NAME=VALUE --screen NAME`
// (and `--data`, `--appearance`, `--content-size`, `--direction`,
// `--locale`, as `stackc layout` takes them) sets the options. STACKC_UPDATE_FIXTURES=1 rewrites the `.json` files —
// read the diff: the expected frames are the specification.

import StackOutput
import Foundation
import StackCompiler
import StackParser
import StackRuntime
import TestSupport
import XCTest

final class LayoutFixtureTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/layout")

    static func fixtureNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".stack") }.sorted()
    }

    func testFixtures() throws {
        let update = ProcessInfo.processInfo.environment["STACKC_UPDATE_FIXTURES"] == "1"
        let names = try Self.fixtureNames()
        XCTAssertGreaterThanOrEqual(names.count, 40)
        for name in names {
            let source = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
            let json = try Fixture.layoutJSON(name: name, source: source, directory: Self.directory.path)
            let expectedURL = Self.directory.appendingPathComponent(String(name.dropLast(6)) + ".json")
            if update {
                try json.write(to: expectedURL, atomically: true, encoding: .utf8)
            } else {
                let expected = (try? String(contentsOf: expectedURL, encoding: .utf8)) ?? "(missing \(expectedURL.lastPathComponent))"
                XCTAssertEqual(json, expected, "layout fixture \(name)")
            }
        }
    }
}

/// Compiling and laying out a fixture.
enum Fixture {
    struct Options {
        var screen: String?
        var viewport = (390.0, 844.0)
        var offset = 0.0
        var states: [(String, String)] = []
        /// `--data NAME=FILE`: JSON files beside the fixture.
        var data: [(String, String)] = []
        var appearance: Appearance?
        var contentSize: ContentSizeCategory?
        var direction: LayoutDirection?
        var locale: String?
    }

    static func options(_ source: String) -> Options {
        var options = Options()
        guard let first = source.split(separator: "\n").first, first.hasPrefix("// layout:") else { return options }
        var words = first.dropFirst("// layout:".count).split(separator: " ").map(String.init)[...]
        while let word = words.popFirst() {
            guard let value = words.popFirst() else { break }
            switch word {
            case "--viewport":
                let parts = value.split(separator: "x").compactMap { Double($0) }
                if parts.count == 2 { options.viewport = (parts[0], parts[1]) }
            case "--offset": options.offset = Double(value) ?? 0
            case "--state":
                let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { options.states.append((parts[0], parts[1])) }
            case "--screen": options.screen = value
            case "--appearance": options.appearance = Appearance(rawValue: value)
            case "--content-size": options.contentSize = ContentSizeCategory(name: value)
            case "--direction": options.direction = LayoutDirection(rawValue: value)
            case "--locale": options.locale = value
            case "--data":
                let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { options.data.append((parts[0], parts[1])) }
            default: break
            }
        }
        return options
    }

    static func screen(name: String, source: String, directory: String) throws -> (Screen, Options) {
        let result = Compiler.check(SourceFile(path: name, text: source), loader: DirectoryLoader(base: directory))
        guard let program = result.program else {
            let rendered = DiagnosticRenderer(sources: result.sources).render(result.diagnostics)
            throw FixtureError(description: "\(name) does not check:\n\(rendered)")
        }
        let options = options(source)
        let models = Compiler.lower(program)
        guard let model = options.screen.map({ wanted in models.first { $0.name == wanted } }) ?? models.first else {
            throw FixtureError(description: "\(name): no screen")
        }
        var screen = Screen(model: model, viewportWidth: options.viewport.0, viewportHeight: options.viewport.1)
        screen.setEnvironment(appearance: options.appearance, contentSize: options.contentSize, direction: options.direction)
        if let locale = options.locale { try screen.setLocale(locale) }
        if !options.data.isEmpty {
            var live = LiveScreen(screen: screen)
            for (name, file) in options.data {
                try live.bind(name, json: String(contentsOfFile: directory + "/" + file, encoding: .utf8))
            }
            screen = live.screen
        }
        for (state, value) in options.states { try screen.setState(state, fromText: value) }
        return (screen, options)
    }

    static func layoutJSON(name: String, source: String, directory: String) throws -> String {
        let (screen, options) = try screen(name: name, source: source, directory: directory)
        return LayoutJSON.render(screen: screen, layout: screen.layout(), offset: options.offset)
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
}
