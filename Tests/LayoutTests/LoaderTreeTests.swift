// The loader's tree rules, one hand-built bad model each: rows and stacks
// must form one tree under the screen's stack. Each is refused with its
// own message, so a rule that stopped being checked shows here.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class LoaderTreeTests: XCTestCase {
    /// a (0), n (1, holding stack 1 with b (2)), c (3).
    func base() throws -> ScreenModel {
        let model = try LiveModelTests.model("screen S { Text a { } Stack n { Text b { } } Text c { } }")
        XCTAssertEqual(model.stacks.map(\.rows), [[0, 1, 3], [2]])
        return model
    }

    func refusal(_ edit: (inout ScreenModel) -> Void) throws -> String {
        var model = try base()
        edit(&model)
        do {
            _ = try ScreenDecoder.decode(ScreenEncoder.encode([model]))
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    func testEveryTreeRuleHasItsMessage() throws {
        XCTAssertEqual(try refusal { _ in }, "accepted")
        let cases: [(String, (inout ScreenModel) -> Void)] = [
            ("row 2 is listed by stack 0 but names stack 1", { $0.stacks[0].rows.append(2); $0.stacks[1].rows = [] }),
            ("row 0 is listed by stacks 0 and 0", { $0.stacks[0].rows.append(0) }),
            ("row 3 belongs to no stack", { $0.stacks[0].rows.remove(at: $0.stacks[0].rows.count - 1) }),
            ("stack 0 lists row 99, but there are 4", { $0.stacks[0].rows.append(99) }),
            ("stack 1 is used 2 times", { $0.rows[3].kind = .stack; $0.rows[3].content = .stack(1) }),
            ("stack 1 belongs to nothing", { $0.rows[1].kind = .spacer; $0.rows[1].content = .spacer }),
            ("cannot be reached from the screen", { model in
                // n holds stack 1, which lists n itself: a loop no path from the screen enters.
                model.rows[1].parent = 1
                model.stacks[1].rows = [2, 1]
                model.stacks[0].rows = [0, 3]
            }),
        ]
        for (message, edit) in cases {
            let got = try refusal(edit)
            XCTAssertTrue(got.contains(message), "expected '\(message)', got '\(got)'")
        }
    }

    func testNestingPastTheLimitIsRefused() throws {
        var source = "screen S {\n"
        for _ in 0..<100 { source += "Stack {\n" }
        source += "Text { }\n" + String(repeating: "}\n", count: 100) + "}\n"
        var model = try LiveModelTests.model(source)
        // Deepen it by hand past what the checker allows: 300 stacks in a chain.
        var last = model.stacks.count - 1
        for _ in 0..<200 {
            let row = model.rows.count
            var holder = model.rows[0]
            holder.kind = .stack
            holder.parent = last
            holder.content = .stack(model.stacks.count)
            model.rows.append(holder)
            model.stacks[last].rows.append(row)
            model.stacks.append(StackModel(
                axis: .vertical, padding: model.stacks[0].padding, spacing: model.stacks[0].spacing,
                hideLastSeparator: model.stacks[0].hideLastSeparator, background: model.stacks[0].background, rows: []))
            last = model.stacks.count - 1
        }
        XCTAssertThrowsError(try ScreenDecoder.decode(ScreenEncoder.encode([model]))) { error in
            XCTAssertTrue("\(error)".contains("stacks nest more than 256 deep"), "\(error)")
        }
    }
}
