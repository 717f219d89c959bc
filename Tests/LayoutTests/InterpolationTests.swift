// Interpolation from source to a loaded screen: texts that read state are
// compiled to `text`/`fixed` instructions, survive the compiled format, and
// read at run time exactly as the compiler folds the same values written as
// constants; changing the state re-measures the row.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class InterpolationTests: XCTestCase {
    /// The text of row `id` of a live screen now.
    static func text(_ id: String, _ live: LiveScreen) throws -> String {
        let row = try live.row(id: id).row
        guard case .text(let text, _, _, _, _, _) = live.screen.model.rows[row].content else { return "?" }
        return live.screen.model.expressions.evaluate(text, in: live.screen.context.reading(live.screen.model.rows[row])).stringValue
    }

    /// `source` compiled, written in the compiled format and loaded.
    static func loaded(_ source: String) throws -> ScreenModel {
        let model = try LiveModelTests.model(source)
        return try XCTUnwrap(ScreenDecoder.decode(ScreenEncoder.encode([model])).first)
    }

    func testStateChangesTheTextAndItsRow() throws {
        let model = try Self.loaded("""
            enum Tier { basic, plus, premium }
            screen S {
                state nights: number = 2
                state tier: Tier = .plus
                state breakfast: bool = false
                Text price { text: "\\(nights) nights, \\(fixed(182.5 * nights, 2)) €" }
                Text plan { text: "\\(tier) · breakfast \\(breakfast) · \\(40%)" }
                Text long { text: "\\(nights > 5 ? "A long stay of \\(nights) nights, with everything the hotel offers included" : "Short")" }
            }
            """)
        var live = LiveScreen(model: model, viewportWidth: 200, viewportHeight: 600)
        XCTAssertEqual(try Self.text("price", live), "2 nights, 365.00 €")
        XCTAssertEqual(try Self.text("plan", live), "plus · breakfast false · 40%")
        XCTAssertEqual(try Self.text("long", live), "Short")
        let before = try XCTUnwrap(live.frame(of: try live.row(id: "long"))).height
        _ = try live.setState("nights", to: .number(7))
        _ = try live.setState("tier", to: .enumCase(enumIndex: 0, caseIndex: 2))
        _ = try live.setState("breakfast", to: .bool(true))
        XCTAssertEqual(try Self.text("price", live), "7 nights, 1277.50 €")
        XCTAssertEqual(try Self.text("plan", live), "premium · breakfast true · 40%")
        XCTAssertEqual(try Self.text("long", live), "A long stay of 7 nights, with everything the hotel offers included")
        let after = try XCTUnwrap(live.frame(of: try live.row(id: "long"))).height
        XCTAssertGreaterThan(after, before, "the longer text wraps: its row was measured again")
        var fresh = Screen(model: model, viewportWidth: 200, viewportHeight: 600)
        try fresh.setState("nights", to: .number(7))
        XCTAssertEqual(fresh.layout().frame(of: try live.row(id: "long").row).height, after)
    }

    /// For seeded numbers and digits, the text the runtime computes from state
    /// equals the text the compiler folds from the same value as a constant.
    func testRunTimeTextEqualsFoldedText() throws {
        var random = SplitMix64(seed: 5)
        var rows: [String] = []
        var values: [Double] = []
        for index in 0..<200 {
            let value = (Double(Int.random(in: -10_000_000...10_000_000, using: &random)) / pow(10, Double(Int.random(in: 0...6, using: &random))))
            let digits = Int.random(in: 0...15, using: &random)
            values.append(value)
            let literal = ValueText.shortest(abs(value))
            let sign = value < 0 ? "-" : ""
            rows.append("Text c\(index) { text: \"\\(\(sign)\(literal)) \\(fixed(\(sign)\(literal), \(digits)))\" }")
            rows.append("Text s\(index) { text: \"\\(v\(index)) \\(fixed(v\(index), \(digits)))\" }")
        }
        let states = values.indices.map { "state v\($0): number = 0" }
        let model = try Self.loaded("screen S {\n\(states.joined(separator: "\n"))\n\(rows.joined(separator: "\n"))\n}")
        var live = LiveScreen(model: model, viewportWidth: 390, viewportHeight: 800)
        for (index, value) in values.enumerated() { _ = try live.setState("v\(index)", to: .number(value)) }
        for index in values.indices {
            XCTAssertEqual(try Self.text("s\(index)", live), try Self.text("c\(index)", live), "value \(values[index])")
        }
        // The constant rows were folded: no code runs for them.
        let constant = try live.row(id: "c0").row
        guard case .text(let ref, _, _, _, _, _) = model.rows[constant].content else { return XCTFail() }
        XCTAssertNotNil(model.expressions.constantValue(ref))
    }

    func testAFileOfTheOldFormatIsRefusedWithAClearMessage() throws {
        var bytes = ScreenEncoder.encode([try LiveModelTests.model("screen S { Text { text: \"a\" } }")])
        bytes[4] = 2
        bytes[5] = 0
        XCTAssertThrowsError(try ScreenDecoder.decode(bytes)) { error in
            XCTAssertEqual(
                "\(error)",
                "compiled screen: header at byte 4: this file is format version 2; this runtime reads version 3 (it was compiled by an older stackc: compile its source again)")
        }
    }
}
