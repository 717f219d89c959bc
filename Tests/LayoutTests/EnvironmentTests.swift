// Screens that adapt: text styles equal their sizes from Apple's table
// written out, at every content size category (seeded screens); light and
// dark layouts have identical frames and differ only in colours; and
// switching appearance, text size or direction on a live screen equals a
// fresh layout with the new setting, measuring again only the rows the
// setting reaches (counted).

import StackCompiler
import StackOutput
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class EnvironmentTests: XCTestCase {
    static let styles = TextStyle.allCases

    /// A screen of random text rows with fonts from `font(index)`.
    static func source(_ rows: [(words: Int, style: Int, insets: Int)], font: (Int) -> String) -> String {
        let words = ["adapt", "to", "the", "person", "reading", "this", "text", "grows", "wraps"]
        let lines = rows.enumerated().map { index, row in
            let text = (0..<row.words).map { words[($0 + index) % words.count] }.joined(separator: " ")
            return "Text t\(index) { text: \"\(text)\"  font: \(font(index))  insets: \(row.insets) }"
        }
        return "screen S {\n" + lines.joined(separator: "\n") + "\n}\n"
    }

    func testTextStylesEqualTheirSizesWrittenOut() throws {
        var random = SplitMix64(seed: 12)
        for round in 0..<12 {
            let rows = (0..<Int.random(in: 1...14, using: &random)).map { _ in
                (words: Int.random(in: 0...30, using: &random), style: Int.random(in: 0..<Self.styles.count, using: &random),
                 insets: Int.random(in: 0...16, using: &random))
            }
            let styled = try LiveModelTests.model(Self.source(rows) { Self.styles[rows[$0].style].rawValue })
            for category in ContentSizeCategory.allCases {
                let written = try LiveModelTests.model(Self.source(rows) { "\(ValueText.shortest(Self.styles[rows[$0].style].size(at: category)))" })
                var screen = Screen(model: styled, viewportWidth: 320, viewportHeight: 600)
                screen.setEnvironment(contentSize: category)
                let reference = Screen(model: written, viewportWidth: 320, viewportHeight: 600)
                XCTAssertEqual(
                    LayoutJSON.render(screen: screen, layout: screen.layout(), offset: 0),
                    LayoutJSON.render(screen: reference, layout: reference.layout(), offset: 0), "round \(round) at \(category)")
            }
        }
    }

    /// Seeded screens whose colours adapt lay out the same in light and dark.
    func testLightAndDarkFramesAreEqualOnSeededScreens() throws {
        var random = SplitMix64(seed: 41)
        let colors = ["label", "secondary-label", "light-dark(#000000, #FFFFFF)", "red", "system-blue", "separator"]
        for round in 0..<30 {
            let rows = (0..<Int.random(in: 1...12, using: &random)).map { _ in
                (words: Int.random(in: 0...25, using: &random), style: Int.random(in: 0..<Self.styles.count, using: &random),
                 insets: Int.random(in: 0...16, using: &random))
            }
            let picks = rows.map { _ in (colors.randomElement(using: &random) ?? "red", colors.randomElement(using: &random) ?? "red") }
            var source = Self.source(rows) { Self.styles[rows[$0].style].rawValue }
            for (index, pick) in picks.enumerated() {
                source = source.replacingOccurrences(of: "Text t\(index) {", with: "Text t\(index) { color: \(pick.0)  background: \(pick.1) ")
            }
            let model = try LiveModelTests.model(source)
            var light = Screen(model: model, viewportWidth: 300, viewportHeight: 600)
            light.setEnvironment(appearance: .light)
            var dark = Screen(model: model, viewportWidth: 300, viewportHeight: 600)
            dark.setEnvironment(appearance: .dark)
            XCTAssertEqual(
                LayoutJSON.render(screen: light, layout: light.layout(), offset: 0), LayoutJSON.render(screen: dark, layout: dark.layout(), offset: 0),
                "round \(round)")
        }
    }

    func testScaledFontsFollowBody() throws {
        let model = try LiveModelTests.model("screen S { Text a { text: \"x\"  font: scaled(34) }  Text b { text: \"x\"  font: 34 } }")
        for category in ContentSizeCategory.allCases {
            var screen = Screen(model: model)
            screen.setEnvironment(contentSize: category)
            let layout = screen.layout()
            let a = try XCTUnwrap(screen.row(id: "a")), b = try XCTUnwrap(screen.row(id: "b"))
            let expected = 34 * TextStyle.body.size(at: category) / 17 * 1.2
            XCTAssertEqual(try XCTUnwrap(layout.contentFrame(of: a)).height, expected, accuracy: 1e-9, "\(category)")
            XCTAssertEqual(try XCTUnwrap(layout.contentFrame(of: b)).height, 34 * 1.2, accuracy: 1e-9, "a number stays fixed")
        }
    }

    static let adaptive = """
        screen S {
            background: system-background
            defaults { insets: 10 16 }
            Text title { text: "Settings"  font: large-title  color: label }
            Text note { text: "Appearance and text size"  font: footnote  color: secondary-label }
            Text fixed { text: "Fixed size"  font: 15  color: light-dark(#111111, #EEEEEE) }
            Stack card {
                background: secondary-system-grouped-background
                Text inner { text: "Inside a card, body text that wraps over lines"  font: body }
                Text plain { text: "Plain"  font: 13 }
            }
            Text tail { text: "end"  size: 20 }
        }
        """

    func testLightAndDarkHaveTheSameFramesAndOnlyColoursDiffer() throws {
        let model = try LiveModelTests.model(Self.adaptive)
        var light = Screen(model: model)
        light.setEnvironment(appearance: .light)
        var dark = Screen(model: model)
        dark.setEnvironment(appearance: .dark)
        let lightLayout = light.layout(), darkLayout = dark.layout()
        XCTAssertEqual(LayoutJSON.render(screen: light, layout: lightLayout, offset: 0), LayoutJSON.render(screen: dark, layout: darkLayout, offset: 0))
        let title = try XCTUnwrap(light.row(id: "title"))
        XCTAssertEqual(light.appearance(of: title).text?.color, 0x0000_00FF)
        XCTAssertEqual(dark.appearance(of: title).text?.color, 0xFFFF_FFFF)
        let note = try XCTUnwrap(light.row(id: "note"))
        XCTAssertEqual(dark.appearance(of: note).text?.color, 0xEBEB_F599, "secondary-label in dark")
    }

    /// Live switches equal fresh layouts with the new setting; the rows
    /// measured again are counted.
    func testLiveSwitchingMeasuresOnlyWhatTheSettingReaches() throws {
        let model = try LiveModelTests.model(Self.adaptive)
        let views = HostViews()
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 700, measurer: views)
        func fresh(_ set: (inout Screen) -> Void) -> String {
            var screen = Screen(model: model, viewportWidth: 320, viewportHeight: 700)
            set(&screen)
            return LayoutJSON.render(screen: screen, layout: screen.layout(), offset: 0)
        }

        views.asked = []
        var events = live.setAppearance(.dark)
        XCTAssertEqual(views.asked.count, 0, "colours only: nothing is measured")
        XCTAssertFalse(events.contains(.layoutUpdated), "\(events)")
        XCTAssertEqual(LiveModelTests.render(live), fresh { $0.setEnvironment(appearance: .dark) })
        XCTAssertEqual(live.appearance, .dark)

        views.asked = []
        events = live.setContentSize(.ax3)
        let measured = Set(views.asked.compactMap(\.id))
        // The rows with text styles, and "plain": it shares its card with
        // "inner", and a nested row's holder is laid out again whole.
        XCTAssertEqual(measured, ["title", "note", "inner", "plain"], "not 'fixed' nor 'tail'")
        XCTAssertTrue(events.contains(.layoutUpdated), "\(events)")
        XCTAssertEqual(LiveModelTests.render(live), fresh { $0.setEnvironment(appearance: .dark, contentSize: .ax3) })
        XCTAssertEqual(live.contentSize, .ax3)

        views.asked = []
        events = live.setDirection(.rtl)
        XCTAssertEqual(LiveModelTests.render(live), fresh { $0.setEnvironment(appearance: .dark, contentSize: .ax3, direction: .rtl) })
        XCTAssertEqual(live.direction, .rtl)

        // Back to the defaults: the first layout again.
        live.setAppearance(.light)
        live.setContentSize(.l)
        live.setDirection(.ltr)
        XCTAssertEqual(LiveModelTests.render(live), fresh { _ in })
    }

    func testAScreenThatAdaptsToNothingIgnoresTheSettings() throws {
        let model = try LiveModelTests.model("screen S { Text a { text: \"plain\"  font: 15  color: red } }")
        XCTAssertFalse(model.state.contains { ScreenModel.isEnvironmentState($0.name) }, "no slots for what is not read")
        var live = LiveScreen(model: model)
        XCTAssertEqual(live.setAppearance(.dark), [])
        XCTAssertEqual(live.setContentSize(.ax5), [])
    }

    func testHeadlineIsSemibold() throws {
        let model = try LiveModelTests.model("""
            screen S {
                Text a { text: "a"  font: headline }
                Text b { text: "b"  font: headline  weight: light }
                Text c { text: "c"  font: body }
            }
            """)
        let screen = Screen(model: model)
        func weight(_ id: String) throws -> String? { screen.appearance(of: try XCTUnwrap(screen.row(id: id))).text?.weight }
        XCTAssertEqual(try weight("a"), "semibold")
        XCTAssertEqual(try weight("b"), "light")
        XCTAssertEqual(try weight("c"), "regular")
    }

    /// Settings stay when rows come and go: binding data or inserting a row
    /// on a right-to-left, dark, large-text screen keeps all three.
    func testSettingsSurviveRowChanges() throws {
        let model = try InterpolationTests.loaded("""
            record Item { id: string  title: string }
            component Chip(label: string): Text { text: label  font: caption1  insets: 4 20 4 8 }
            screen S {
                data items: [Item]
                Text head { text: "Items"  font: headline  color: label  insets: 10 40 10 10 }
                for i in items key i.id { Text item { text: i.title  font: body  insets: 8 30 8 12 } }
            }
            """)
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 600)
        live.setDirection(.rtl)
        live.setAppearance(.dark)
        live.setContentSize(.xxl)
        let json = #"[{"id": "a", "title": "First"}, {"id": "b", "title": "Second"}]"#
        try live.bind("items", json: json)
        _ = try live.insert(ComponentInstance("Chip", arguments: ["label": .string("new")]), at: .bottom)
        var fresh = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 600)
        try fresh.bind("items", json: json)
        _ = try fresh.insert(ComponentInstance("Chip", arguments: ["label": .string("new")]), at: .bottom)
        fresh.setDirection(.rtl)
        fresh.setAppearance(.dark)
        fresh.setContentSize(.xxl)
        XCTAssertEqual(live.direction, .rtl)
        XCTAssertEqual(live.appearance, .dark)
        XCTAssertEqual(live.contentSize, .xxl)
        XCTAssertEqual(LiveModelTests.render(live), LiveModelTests.render(fresh))
        let head = try live.row(id: "head")
        XCTAssertEqual(live.frame(of: head)?.x, 0)
        XCTAssertEqual(live.screen.layout().contentFrame(of: head.row)?.x, 40, "the leading inset is on the right")
    }

    /// The fixtures per setting agree with their counterparts: dark with
    /// light, ax3 with Apple's sizes written out, right to left with the
    /// mirror of left to right (every rectangle in the JSON).
    func testTheSettingsFixturesAgreeWithTheirCounterparts() throws {
        let directory = LayoutFixtureTests.directory
        func json(_ name: String) throws -> String { try String(contentsOf: directory.appendingPathComponent(name + ".json"), encoding: .utf8) }
        XCTAssertEqual(try json("adapt_dark_v"), try json("adapt_light_v"))
        XCTAssertEqual(try json("adapt_ax3_v"), try json("adapt_ax3_expanded_v"))
        let rtl = try json("adapt_rtl_v"), ltr = try json("adapt_ltr_v")
        let rects = #/\[(-?[0-9.]+), (-?[0-9.]+), ([0-9.]+), ([0-9.]+)\]/#
        let mirrored = ltr.replacing(rects) { match in
            let x = Double(match.1) ?? 0, width = Double(match.3) ?? 0
            return "[\(NumberText.format(320 - x - width)), \(match.2), \(match.3), \(match.4)]"
        }
        XCTAssertEqual(rtl, mirrored)
        XCTAssertTrue(rtl.contains("\"visiblePercent\""), "rectangles were compared")
    }
}
