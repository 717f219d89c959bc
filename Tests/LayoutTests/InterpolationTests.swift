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

    /// A screen interpolating an enum of `cases` cases on `rows` rows, as a
    /// state and as a component's parameter.
    static func enumScreen(cases: Int, rows: Int) -> String {
        let names = (0..<cases).map { "c\($0)" }.joined(separator: ", ")
        let texts = (0..<rows).map { "Text r\($0) { text: \"\($0): \\(mode)\" }" }.joined(separator: "\n")
        return """
            enum Mode { \(names) }
            component Badge(m: Mode): Text { text: "badge \\(m)" }
            screen S {
                state mode: Mode = .c\(min(7, cases - 1))
                \(texts)
                Badge fixed { m: .c2 }
                Badge live { m: mode }
            }
            """
    }

    /// An enum's text is one `caseName` instruction wherever it is written,
    /// its names among the constants once: when each place compared the
    /// value with every case in turn, code grew as cases × places (this
    /// screen was 240,000 instructions; a file of 200 KB compiled to 487 MB).
    func testAnEnumsTextIsOneInstructionWhereverItIsWritten() throws {
        let model = try Self.loaded(Self.enumScreen(cases: 300, rows: 200))
        XCTAssertLessThan(model.expressions.code.count, 2_000, "instructions")
        XCTAssertLessThan(model.expressions.constants.count, 1_000, "constants: each name once, each row's prefix once")
        let mode = try XCTUnwrap(model.enums.firstIndex { $0.name == "Mode" })
        var live = LiveScreen(model: model, viewportWidth: 390, viewportHeight: 800)
        XCTAssertEqual(try Self.text("r5", live), "5: c7")
        XCTAssertEqual(try Self.text("fixed", live), "badge c2")
        XCTAssertEqual(try Self.text("live", live), "badge c7")
        for caseIndex in [0, 1, 150, 299] {
            _ = try live.setState("mode", to: .enumCase(enumIndex: mode, caseIndex: caseIndex))
            XCTAssertEqual(try Self.text("r199", live), "199: c\(caseIndex)")
            XCTAssertEqual(try Self.text("live", live), "badge c\(caseIndex)")
        }
    }

    /// A `caseName` the loader cannot vouch for is refused: names past the
    /// constants, a run of constants that are not all strings or too short
    /// for the enum, a value that is not a case.
    func testACaseNameTheLoaderCannotVouchForIsRefused() throws {
        let model = try LiveModelTests.model(Self.enumScreen(cases: 3, rows: 1))
        let code = model.expressions.code
        let at = try XCTUnwrap(code.firstIndex { if case .caseName = $0 { true } else { false } })
        guard case .caseName(let first) = code[at] else { return XCTFail() }
        XCTAssertNoThrow(try ScreenDecoder.decode(ScreenEncoder.encode([model])), "as compiled")
        let constants = model.expressions.constants.count
        let number = try XCTUnwrap((0..<constants).first { if case .number = model.expressions.constants[$0] { true } else { false } })
        let damaged: [(String, Int, Instruction, String)] = [
            ("past the constants", at, .caseName(first: UInt32(constants)), "case names' constant index"),
            ("a run too short for the enum", at, .caseName(first: first + 1), "ill-typed"),
            ("a run that is not strings", at, .caseName(first: UInt32(number)), "ill-typed"),
            ("a value that is not a case", at - 1, .constant(UInt32(number)), "ill-typed"),
        ]
        for (what, index, instruction, message) in damaged {
            var bad = model
            bad.expressions.code[index] = instruction
            XCTAssertThrowsError(try ScreenDecoder.decode(ScreenEncoder.encode([bad])), what) { error in
                XCTAssertTrue("\(error)".contains(message), "\(what): \(error)")
            }
        }
    }

    func testAFileOfTheOldFormatIsRefusedWithAClearMessage() throws {
        var bytes = ScreenEncoder.encode([try LiveModelTests.model("screen S { Text { text: \"a\" } }")])
        bytes[4] = 2
        bytes[5] = 0
        XCTAssertThrowsError(try ScreenDecoder.decode(bytes)) { error in
            XCTAssertEqual(
                "\(error)",
                "compiled screen: header at byte 4: this file is format version 2; this runtime reads version 4 (it was compiled by an older stackc: compile its source again)")
        }
    }
}
