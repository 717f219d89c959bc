// Components with state of their own: each instance — written in the
// source or inserted at run time — has its own slots, so tapping one changes
// it alone; the slots survive the compiled format.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class ComponentStateTests: XCTestCase {
    static let source = """
        component Toggle(title: string): Text {
            state on: bool = false
            size: 40
            text: "\\(title): \\(on ? "on" : "off")"
            color: on ? red : black
            tap: toggle(on)
        }
        component Counter(): Text {
            state count: number = 0
            size: 40
            text: "\\(count)"
            tap: set(count, count + 1)
        }
        screen S {
            defaults { insets: 0 }
            Toggle wifi { title: "Wi-Fi" }
            Toggle { title: "Bluetooth" }
            Counter taps { }
        }
        """

    func testEachInstanceOwnsItsState() throws {
        let model = try InterpolationTests.loaded(Self.source)
        XCTAssertEqual(model.state.map(\.name), ["Counter.count", "Toggle.on", "wifi.on", "Toggle#2.on", "taps.count"])
        var live = LiveScreen(model: model, viewportWidth: 300, viewportHeight: 600)
        _ = live.tap(x: 10, y: 10)
        XCTAssertEqual(try InterpolationTests.text("wifi", live), "Wi-Fi: on")
        XCTAssertEqual(try live.state("Toggle#2.on"), .bool(false), "the other instance is untouched")
        _ = live.tap(x: 10, y: 90)
        _ = live.tap(x: 10, y: 90)
        XCTAssertEqual(try InterpolationTests.text("taps", live), "2")
    }

    func testInstancesInsertedAtRunTimeGetStateOfTheirOwn() throws {
        let model = try InterpolationTests.loaded(Self.source)
        var live = LiveScreen(model: model, viewportWidth: 300, viewportHeight: 600)
        let (rows, _) = try live.insert(
            [ComponentInstance("Toggle", arguments: ["title": .string("NFC")], id: "nfc"),
             ComponentInstance("Toggle", arguments: ["title": .string("GPS")])],
            at: .bottom)
        XCTAssertEqual(live.screen.model.state.suffix(2).map(\.name), ["nfc.on", "Toggle@\(rows[1].row).on"])
        let gps = try XCTUnwrap(live.frame(of: rows[1]))
        _ = live.tap(x: 10, y: gps.y + gps.height / 2)
        XCTAssertEqual(try InterpolationTests.text("nfc", live), "NFC: off")
        guard case .text(let text, _, _, _, _, _) = live.screen.model.rows[rows[1].row].content else { return XCTFail() }
        XCTAssertEqual(live.screen.model.expressions.evaluate(text, in: live.screen.context), .string("GPS: on"))
        XCTAssertEqual(try live.state("Toggle.on"), .bool(false), "the template's slot only holds the initial value")
        XCTAssertEqual(try live.state("wifi.on"), .bool(false))
        // A fresh layout of the edited model agrees with the live one.
        var fresh = Screen(model: live.screen.model, viewportWidth: 300, viewportHeight: 600)
        for (slot, value) in live.screen.state.enumerated() { try fresh.setState(slot: slot, to: value) }
        XCTAssertEqual(LiveModelTests.render(fresh.layout(), live), LiveModelTests.render(live))
    }
}
