// Lowering compiles a value a row takes from its stack's defaults once for
// all the rows that take it (`LoweredDefaults`). These screens are where
// that would go wrong: equal defaults whose state or parameter stands for
// another slot in each instance or template, and more nested defaults than
// the lowering keeps, replacing the memo of the row being lowered.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class LoweredDefaultsTests: XCTestCase {
    /// `ref` of row `row` evaluated on the live screen now.
    private func value(_ live: LiveScreen, _ row: Int, _ ref: (RowModel) -> ExprRef) -> RuntimeValue {
        let model = live.screen.model
        return model.expressions.evaluate(ref(model.rows[row]), in: live.screen.context.reading(model.rows[row]))
    }

    /// The rows of the stack row `id` holds.
    private func rows(in id: String, _ live: LiveScreen) throws -> [Int] {
        let model = live.screen.model
        guard case .stack(let stack) = model.rows[try live.row(id: id).row].content else { throw RuntimeError("\(id) is no stack") }
        return Array(model.stacks[stack].rows)
    }

    /// Each instance's nested defaults read that instance's state.
    func testDefaultsReadingAnInstancesStateReadItsOwnSlot() throws {
        let model = try InterpolationTests.loaded("""
            component Panel(title: string): Stack {
                state open: bool = false
                defaults { background: open ? #FF0000 : #00FF00  insets: open ? 20 : 0 }
                Text { text: title }
                Text { text: "more" }
            }
            screen S {
                Panel a { title: "A" }
                Panel b { title: "B" }
            }
            """)
        var live = LiveScreen(model: model, viewportWidth: 300, viewportHeight: 600)
        func check(a: Bool, b: Bool, _ message: String) throws {
            for (id, open) in [("a", a), ("b", b)] {
                for row in try rows(in: id, live) {
                    XCTAssertEqual(value(live, row, \.background), .color(open ? 0xFF00_00FF : 0x00FF_00FF), "\(id): \(message)")
                    XCTAssertEqual(value(live, row, \.insets.left), .number(open ? 20 : 0), "\(id): \(message)")
                }
            }
        }
        try check(a: false, b: false, "at first")
        _ = try live.setState("b.open", to: .bool(true))
        try check(a: false, b: true, "b opened")
        _ = try live.setState("a.open", to: .bool(true))
        _ = try live.setState("b.open", to: .bool(false))
        try check(a: true, b: false, "a opened, b closed")
    }

    /// Two components' templates with equal nested defaults reading a
    /// parameter of the same name: each reads its own component's.
    func testDefaultsReadingAParameterInTemplatesReadTheirComponents() throws {
        let model = try InterpolationTests.loaded("""
            component Light(tint: color = #EEEEEE): Stack {
                defaults { background: tint }
                Text { text: "light" }
            }
            component Dark(tint: color = #222222): Stack {
                defaults { background: tint }
                Text { text: "dark" }
            }
            screen S {
                Text top { text: "top" }
            }
            """)
        var live = LiveScreen(model: model, viewportWidth: 300, viewportHeight: 600)
        _ = try live.insert(
            [ComponentInstance("Light", arguments: ["tint": .color(0x1111_11FF)], id: "l"),
             ComponentInstance("Dark", arguments: ["tint": .color(0x3333_33FF)], id: "d"),
             ComponentInstance("Dark", arguments: [:], id: "e")],
            at: .bottom)
        for (id, tint) in [("l", 0x1111_11FF), ("d", 0x3333_33FF), ("e", 0x2222_22FF)] as [(String, UInt32)] {
            let row = try XCTUnwrap(rows(in: id, live).first)
            XCTAssertEqual(value(live, row, \.background), .color(tint), id)
        }
    }

    /// Stacks nested deeper than the lowering keeps defaults, each with
    /// defaults of its own: lowering a stack's rows replaces the memo of
    /// the defaults it fell back to before its own settings are lowered,
    /// yet each still takes its parent's, and the rows after them the
    /// screen's.
    func testDeeperNestedDefaultsThanKeptLeaveEachRowItsOwn() throws {
        let depth = 24
        var body = "Text deepest { text: \"deepest\" }"
        for level in stride(from: depth, through: 1, by: -1) {
            body = "Stack s\(level) { defaults { background: #0000\(String(format: "%02X", level))  insets: \(level) } \(body) }"
        }
        let model = try InterpolationTests.loaded("""
            screen S {
                defaults { background: #112233  insets: 7 }
                \(body)
                Text after { text: "after" }
            }
            """)
        let live = LiveScreen(model: model, viewportWidth: 300, viewportHeight: 6000)
        for (id, parent) in [("s1", 0), ("after", 0), ("deepest", depth)] + (2...depth).map({ ("s\($0)", $0 - 1) }) {
            let row = try live.row(id: id).row
            let (background, insets) = parent == 0 ? (0x1122_33FF, 7.0) : (UInt32(parent) << 8 | 0xFF, Double(parent))
            XCTAssertEqual(value(live, row, \.background), .color(UInt32(background)), id)
            XCTAssertEqual(value(live, row, \.insets.top), .number(insets), id)
        }
    }
}
