// A component inserted at run time must be the row lowering makes from the
// same instance written in the source: every expression of every row
// (keyframes of transitions included) evaluates alike.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class InstantiationTests: XCTestCase {
    /// Every expression of a row's subtree, evaluated, in the model's order.
    static func values(of row: Int, in screen: Screen) -> [String] {
        let model = screen.model
        var out: [String] = []
        func visit(_ index: Int) {
            let row = model.rows[index]
            out.append("\(row.kind) \(row.component ?? "") \(row.pin) \(row.snapHide) \(row.transitions.map { "\($0.kind)\($0.curve)\($0.follows)" })")
            func value(_ ref: ExprRef?) { out.append(ref.map { "\(model.expressions.evaluate($0, in: screen.context))" } ?? "-") }
            row.forEachExpression { value($0) }
            // Listed here again, not through the model's own list: a field
            // that list forgot must still be compared.
            for transition in row.transitions {
                for keyframe in [transition.from, transition.to] {
                    for ref in [keyframe?.alpha, keyframe?.offsetX, keyframe?.offsetY, keyframe?.scale] { value(ref) }
                }
                value(transition.duration)
                value(transition.delay)
            }
            if case .stack(let stack) = row.content {
                let nested = model.stacks[stack]
                _ = nested.mapExpressions { ref in
                    out.append("\(model.expressions.evaluate(ref, in: screen.context))")
                    return ref
                }
                for child in nested.rows { visit(child) }
            }
        }
        visit(row)
        return out
    }

    static func literal(_ type: RuntimeType, _ model: ScreenModel) -> (source: String, value: RuntimeValue) {
        switch type {
        case .bool: ("true", .bool(true))
        case .number: ("3", .number(3))
        case .string: ("\"x\"", .string("x"))
        case .color: ("#FF0000", .color(0xFF00_00FF))
        case .duration: ("200ms", .duration(0.2))
        case .enumeration(let e): (".\(model.enums[e].cases[0])", .enumCase(enumIndex: e, caseIndex: 0))
        }
    }

    func testEveryComponentInsertedAtRunTimeEqualsItsLoweredInstance() throws {
        let samples = CompiledFormatTests.samples
        var probe = "import \"components.stack\"\n"
        // Components of the test's own whose transitions read parameters.
        probe += """
            component Slide(distance: number, fade: number = 0.5, time: duration = 300ms): Text {
                text: "slide"
                transition show { duration: time  from { offset: distance 0  alpha: fade  scale: fade } }
                transition hide { delay: time  to { offset: 0 distance } }
            }

            """
        let base = try LiveModelTests.model(probe + "screen P { Text { text: \"first\" } }", loader: DirectoryLoader(base: samples.path))
        var instances = ""
        var runtime: [ComponentInstance] = []
        for template in base.components {
            var source: [String] = []
            var arguments: [String: RuntimeValue] = [:]
            for parameter in template.parameters.map({ base.parameters[$0] }) where parameter.defaultValue == nil {
                let (text, value) = Self.literal(parameter.type, base)
                source.append("\(parameter.name): \(text)")
                arguments[parameter.name] = value
            }
            instances += "    \(template.name) { \(source.joined(separator: "  ")) }\n"
            runtime.append(ComponentInstance(template.name, arguments: arguments))
        }
        XCTAssertGreaterThanOrEqual(runtime.count, 6, "the samples' components and the probe's")
        let written = try LiveModelTests.model(probe + "screen P {\n    Text { text: \"first\" }\n\(instances)}\n", loader: DirectoryLoader(base: samples.path))
        let writtenScreen = Screen(model: written)
        var live = LiveScreen(model: base)
        let inserted = try live.insert(runtime, at: .bottom).rows
        let writtenRows = Array(written.stacks[written.rootStack].rows.dropFirst())
        XCTAssertEqual(inserted.count, writtenRows.count)
        for (index, (a, b)) in zip(inserted, writtenRows).enumerated() {
            XCTAssertEqual(Self.values(of: a.row, in: live.screen), Self.values(of: b, in: writtenScreen), "component \(runtime[index].component)")
        }
    }
}
