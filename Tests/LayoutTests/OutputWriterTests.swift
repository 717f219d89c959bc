// The byte writer of outputs against what it replaced: numbers exactly as
// NumberText.format for seeded random values, and the layout JSON of every
// sample (at several offsets and states) equal to the string renderer's.

import StackCompiler
import StackOutput
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class OutputWriterTests: XCTestCase {
    func testNumbersAsNumberTextFormatsThem() {
        var random = SplitMix64(seed: 0x4E_0D)
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 50.4, 71.49434, 0.00004, 0.00005, -0.00005, 123456.78905, 1e14, 9.99999e14, 1e15, 2e20, -3.25, .nan, .infinity]
        for _ in 0..<TestScale.count(full: 200_000, quick: 20_000) {
            let magnitude = [1.0, 100, 10_000, 1e9, 1e14][Int.random(in: 0..<5, using: &random)]
            values.append(Double.random(in: -magnitude...magnitude, using: &random))
            values.append((Double.random(in: -1000...1000, using: &random) * 10_000).rounded() / 10_000 + 0.00005)
        }
        for value in values {
            var sink = ByteSink()
            sink.appendNumber(value)
            XCTAssertEqual(sink.string, NumberText.format(value), "\(value)")
        }
    }

    func testLayoutJSONEqualsTheStringRenderer() throws {
        var compared = 0
        for (name, models) in try CompiledFormatTests.sampleModels() {
            for model in models {
                var screen = Screen(model: model, viewportWidth: 390, viewportHeight: 600)
                for slot in model.state where slot.type == .bool {
                    for offset in [0.0, 137.25, 1e9] {
                        let layout = screen.layout()
                        XCTAssertEqual(
                            LayoutJSON.render(screen: screen, layout: layout, offset: offset),
                            ReferenceLayoutJSON.render(screen: screen, layout: layout, offset: offset), "\(name) \(model.name)")
                        compared += 1
                    }
                    try screen.setState(slot.name, to: .bool(!screen.state[model.state.firstIndex(of: slot)!].boolValue))
                }
            }
        }
        XCTAssertGreaterThan(compared, 20)
    }
}
