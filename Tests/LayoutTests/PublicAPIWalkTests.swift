// Random interleavings of what an app calls on a live screen — state, insert,
// remove, move, hide, reload, scroll, tap, push and pop — on each sample,
// freshly loaded from its compiled bytes. Unlike LiveModelTests, the layout
// is not read after every step (reading it brings the full layout up to
// date, which hid a trap: insert after an incremental state change), and
// values include extremes. Nothing may trap, and whenever the layout is
// read it must equal one made from scratch.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class PublicAPIWalkTests: XCTestCase {
    static let extremes: [Double] = [0, 1, 2, 5, 44, -1, -1e300, 1e300, 1.7976931348623157e308, 1e18, 0.5, .infinity, -.infinity, .nan]

    func testEverySampleOverRandomInterleavings() throws {
        // 4,000 steps a screen: 40–55 s in CI, which runs every stage in 15 minutes.
        let steps = TestScale.count(full: 4000, quick: 800)
        var checked = 0
        for (name, models) in try CompiledFormatTests.sampleModels() {
            let loaded = try ScreenDecoder.decode(ScreenEncoder.encode(models))
            for (index, model) in loaded.enumerated() {
                checked += try walk(model, steps: steps, seed: 0xA11_0000 + UInt64(index), label: "\(name) \(model.name)")
            }
        }
        XCTAssertGreaterThan(checked, 100, "the walks compared layouts")
    }

    /// The setState-then-insert trap, exactly as it was reported.
    func testInsertAfterStateChangeOnTheHotelSample() throws {
        let models = try XCTUnwrap(CompiledFormatTests.sampleModels().first { $0.0 == "hotel.stack" }?.1)
        let model = try XCTUnwrap(ScreenDecoder.decode(ScreenEncoder.encode(models)).first)
        for state in ["tagsExpanded", "tab"] {
            var live = LiveScreen(model: model)
            if state == "tab" { try live.setState(state, fromText: ".photos") } else { try live.setState(state, to: .bool(true)) }
            let row = try live.insert(ComponentInstance("Chip", arguments: ["label": .string("Gym")]), at: .after(id: "amenities")).row
            XCTAssertEqual(LiveModelTests.render(live), LiveModelTests.render(LiveModelTests.reference(live), live), state)
            XCTAssertNotNil(live.frame(ofRootRow: row))
        }
    }

    /// Returns how many steps compared the layout with one from scratch.
    func walk(_ model: ScreenModel, steps: Int, seed: UInt64, label: String) throws -> Int {
        var random = SplitMix64(seed: seed)
        var live = LiveScreen(model: model, viewportWidth: 390, viewportHeight: 600)
        var compared = 0
        func number() -> Double { Self.extremes.randomElement(using: &random)! }
        for step in 0..<steps {
            let roots = live.rootRows
            let all = Array(live.screen.model.rows.indices)
            switch Int.random(in: 0..<12, using: &random) {
            case 0:
                _ = live.scroll(to: Double.random(in: -100...(live.contentMain + 100), using: &random))
            case 1, 2:
                _ = live.tap(x: Double.random(in: -10..<400, using: &random), y: Double.random(in: -10..<610, using: &random))
            case 3 where !all.isEmpty:
                // Any row, nested ones too: hidden overrides must stay in the resolved data.
                _ = try? live.setHidden(RowKey(all.randomElement(using: &random)!), Bool.random(using: &random))
            case 4 where roots.count > 1:
                _ = try live.move(RowKey(roots.randomElement(using: &random)!), to: Int.random(in: 0..<roots.count, using: &random))
            case 5 where roots.count > 2:
                _ = try live.remove(rows: [RowKey(roots.randomElement(using: &random)!)])
            case 6 where !live.screen.model.components.isEmpty && roots.count < 40:
                let template = live.screen.model.components.randomElement(using: &random)!
                var arguments: [String: RuntimeValue] = [:]
                for parameter in template.parameters.map({ live.screen.model.parameters[$0] }) {
                    arguments[parameter.name] = value(of: parameter.type, live.screen.model, &random)
                }
                let position: InsertPosition = [.top, .bottom, .index(Int.random(in: 0...roots.count, using: &random))]
                    .randomElement(using: &random)!
                _ = try live.insert(ComponentInstance(template.name, arguments: arguments), at: position)
            case 7 where live.screen.model.isFlow:
                if live.pushedSteps < live.screen.model.steps.count, Bool.random(using: &random) {
                    _ = try live.push(live.screen.model.steps[live.pushedSteps].name)
                } else if live.pushedSteps > 0 {
                    _ = try live.pop(Int.random(in: 1...live.pushedSteps, using: &random))
                }
            case 8 where !all.isEmpty:
                _ = try? live.reload(RowKey(all.randomElement(using: &random)!))
            default:
                let slots = live.screen.model.state.filter { $0.name != ScreenModel.flowDepthState }
                guard let slot = slots.randomElement(using: &random) else { continue }
                _ = try live.setState(slot.name, to: value(of: slot.type, live.screen.model, &random))
            }
            // A flow's depth is refused out of range, through every entry point.
            if live.screen.model.isFlow, step % 50 == 0 {
                XCTAssertThrowsError(try live.setState(ScreenModel.flowDepthState, to: .number(number() + 0.5 + Double(live.screen.model.steps.count))))
            }
            if Int.random(in: 0..<5, using: &random) == 0 {
                compared += 1
                let full = LiveModelTests.reference(live)
                XCTAssertEqual(live.contentMain, full.contentHeight, accuracy: 1e-6, "\(label) step \(step)")
                let got = LiveModelTests.render(live), want = LiveModelTests.render(full, live)
                if got != want { XCTFail("\(label) step \(step): the live layout differs from one from scratch"); return compared }
            }
        }
        return compared
    }

    func value(of type: RuntimeType, _ model: ScreenModel, _ random: inout SplitMix64) -> RuntimeValue {
        switch type {
        case .bool: return .bool(Bool.random(using: &random))
        case .number: return .number(Self.extremes.randomElement(using: &random)!)
        case .duration: return .duration(Self.extremes.randomElement(using: &random)!)
        case .string: return .string(["", "Pool", "a much longer label that wraps over several lines of text", "\u{0}\u{7}<&>\""].randomElement(using: &random)!)
        case .color: return .color(UInt32.random(in: 0...UInt32.max, using: &random))
        case .enumeration(let e): return .enumCase(enumIndex: e, caseIndex: Int.random(in: 0..<model.enums[e].cases.count, using: &random))
        }
    }
}
