// What VoiceOver reads: the derived defaults (a Text reads its text, a
// tappable row is a button, a tappable Stack reads the texts inside it),
// what `accessibility { … }` changes (label, hint, traits, hidden — as
// expressions over state), the reading order, and that it survives the
// compiled format and a right-to-left layout.

import StackCompiler
import StackOutput
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class AccessibilityTests: XCTestCase {
    static let source = """
        component Thumb(name: string): Image {
            source: name
            aspect: 1
            accessibility { label: "Photo \\(name)" }
        }
        screen S {
            state quiet: bool = false
            state count: number = 2
            Text title { text: "Rooms"  accessibility { traits: header } }
            Image wave { source: "wave"  aspect: 4 }
            Stack card {
                tap: emit("open")
                Text { text: "Sea view" }
                Stack { Text { text: "\\(count) nights" }  Image { source: "x"  aspect: 1 } }
                Text { text: "secret"  accessibility { hidden: true } }
            }
            Text badge { text: "New"  accessibility { label: quiet ? "" : "New room"  hint: "Shown \\(count) times"  hidden: quiet } }
            Stack thumbs { axis: horizontal  size: 60  Thumb { name: "a"  tap: emit("a") }  Thumb { name: "b" } }
            Text { text: "" }
            View map { host: "Map"  size: 100  tap: emit("map")  accessibility { label: "Map"  traits: link } }
        }
        """

    static func spoken(_ elements: [AccessibilityElement]) -> [String] {
        elements.map { element in
            ([element.label] + element.traits + (element.hint.isEmpty ? [] : ["(\(element.hint))"])).joined(separator: ", ")
        }
    }

    func testDefaultsOverridesAndOrder() throws {
        let model = try InterpolationTests.loaded(Self.source)
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 800)
        XCTAssertEqual(Self.spoken(live.accessibilityElements()), [
            "Rooms, header",
            "Sea view, 2 nights, button",
            "New room, (Shown 2 times)",
            "Photo a, button, image",
            "Photo b, image",
            "Map, button, link",  // a tappable row's button trait comes first
        ])
        try live.setState("count", to: .number(5))
        try live.setState("quiet", to: .bool(true))
        let after = Self.spoken(live.accessibilityElements())
        XCTAssertEqual(after[1], "Sea view, 5 nights, button", "labels follow state")
        XCTAssertFalse(after.contains { $0.hasPrefix("New") }, "hidden: quiet hides the badge")
        XCTAssertEqual(after.count, 5)
    }

    func testFramesAreTheRowsAndMirrorRightToLeft() throws {
        let model = try InterpolationTests.loaded(Self.source)
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 800)
        let ltr = live.accessibilityElements()
        for element in ltr { XCTAssertTrue(nearlyEqual(element.frame, live.frame(of: element.row)), element.label) }
        live.setDirection(.rtl)
        let rtl = live.accessibilityElements()
        XCTAssertEqual(rtl.map(\.label), ltr.map(\.label), "the reading order is the row order either way")
        for (a, b) in zip(ltr, rtl) {
            XCTAssertTrue(
                nearlyEqual(b.frame, Rect(x: 320 - a.frame.x - a.frame.width, y: a.frame.y, width: a.frame.width, height: a.frame.height)),
                a.label)
        }
    }

    /// The compiled form keeps every block; the JSON lists the elements.
    func testLayoutJSONListsTheElementsInOrder() throws {
        let source = try LiveModelTests.model(Self.source)
        let loaded = try InterpolationTests.loaded(Self.source)
        // (Expression numbers differ between the two; what is written does not.)
        func shape(_ a: AccessibilityModel?) -> [Int] {
            a.map { [1, $0.label == nil ? 0 : 1, $0.hint == nil ? 0 : 1, $0.hidden == nil ? 0 : 1, Int($0.traits)] } ?? [0]
        }
        XCTAssertEqual(source.rows.map { shape($0.accessibility) }, loaded.rows.map { shape($0.accessibility) })
        let screen = Screen(model: loaded, viewportWidth: 320, viewportHeight: 800)
        let json = LayoutJSON.render(screen: screen, layout: screen.layout(), offset: 0)
        XCTAssertTrue(json.contains(#"{"id": "title", "label": "Rooms", "hint": "", "traits": ["header"], "frame": [0, 0, 320, 44.4]}"#), json)
        XCTAssertTrue(json.contains(#""label": "New room", "hint": "Shown 2 times""#))
        XCTAssertEqual(json, ReferenceLayoutJSON.render(screen: screen, layout: screen.layout(), offset: 0))
    }
}

