// Flows on a live screen: push, pop, clear, taps on earlier steps, fading.

import StackCompiler
import StackParser
import StackRuntime
import TestSupport
import XCTest

final class FlowTests: XCTestCase {
    func flow(_ settings: String = "fading: tint(#FFFFFF, 0.9, 0.2)") throws -> LiveScreen {
        let text = """
            flow F {
                growth: down
                separation: padding(10)
                head-padding: 5
                \(settings)
                step One { Text a { size: 30  tap: push(Two) } }
                step Two { Text b { size: 30  tap: push(Three) } }
                step Three { Text c { size: 30  tap: pop(2) } }
            }
            """
        let result = Compiler.check(SourceFile(path: "f.stack", text: text), loader: MemoryLoader([:]))
        let model = try XCTUnwrap(Compiler.lower(try XCTUnwrap(result.program, "\(result.diagnostics.items.map(\.message))")).first)
        return LiveScreen(model: model, viewportWidth: 390, viewportHeight: 600)
    }

    func testPushPopClearAndErrors() throws {
        var live = try flow()
        XCTAssertEqual(live.pushedSteps, 1)
        XCTAssertEqual(live.contentMain, 59)  // head 5 + 54
        let events = try live.push("Two")
        XCTAssertEqual(events.first, .willPush(step: "Two"))
        XCTAssertEqual(events.last, .didPush(step: "Two"))
        XCTAssertTrue(events.contains(.contentSizeChanged(old: 59, new: 123)))  // + 10 spacing + 54
        XCTAssertThrowsError(try live.push("One"))
        XCTAssertThrowsError(try live.push("Nope"))
        try live.push("Three")
        XCTAssertEqual(live.pushedSteps, 3)
        XCTAssertThrowsError(try live.pop(4))
        XCTAssertEqual(try live.pop(2).filter { if case .didPop = $0 { true } else { false } }, [.didPop(step: "Three"), .didPop(step: "Two")])
        live.clear()
        XCTAssertEqual(live.pushedSteps, 0)
        XCTAssertEqual(live.contentMain, 5)
    }

    func testTapsPushAndEarlierStepsPopBack() throws {
        var live = try flow()
        // Step One's row is at y 5..59: its tap pushes Two.
        var result = live.tap(x: 10, y: 20)
        XCTAssertEqual(result.actions, [.pushed("Two")])
        XCTAssertEqual(live.pushedSteps, 2)
        result = live.tap(x: 10, y: 80)  // Two's row (69..123) pushes Three
        XCTAssertEqual(result.actions, [.pushed("Three")])
        // A tap on step One (not the last) pops back to it instead of running its actions.
        result = live.tap(x: 10, y: 20)
        XCTAssertEqual(result.actions, [.popped(["Three", "Two"])])
        XCTAssertEqual(live.pushedSteps, 1)
    }

    func testTintFadesEarlierSteps() throws {
        var live = try flow()
        try live.push("Three")
        XCTAssertEqual(live.stepAlpha(2), 1)
        XCTAssertEqual(live.stepAlpha(1), 0.9)  // the step under the top shows at alpha
        XCTAssertEqual(live.stepAlpha(0), 0.7, accuracy: 1e-12)  // each earlier one `step` less
        var faded = try flow("fading: gradient(10%)")
        try faded.push("Three")
        // 10% of 600 = 60: Two's middle is 27 + 10 = 37 before Three → 1 − 37/60.
        XCTAssertEqual(faded.stepAlpha(1), 1 - 37.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(faded.stepAlpha(0), 0)  // 101 away: gone
    }

    func testScreensHaveNoSteps() throws {
        let result = Compiler.check(SourceFile(path: "s.stack", text: "screen S { Text { } }"), loader: MemoryLoader([:]))
        var live = LiveScreen(model: try XCTUnwrap(Compiler.lower(try XCTUnwrap(result.program)).first))
        XCTAssertThrowsError(try live.push("One"))
        XCTAssertEqual(live.pushedSteps, 0)
    }

    /// Pushing scrolls the newest step into view (StackFlowView keeps its
    /// head visible); head-padding sits beside the head, below it when the
    /// flow grows down.
    func testPushShowsTheNewStepAndHeadPaddingIsBesideIt() throws {
        let text = """
            flow F {
                growth: down
                head-padding: 20
                step One { Text a { size: 400 } }
                step Two { Text b { size: 400 } }
                step Three { Text c { size: 100 } }
            }
            """
        let result = Compiler.check(SourceFile(path: "f.stack", text: text), loader: MemoryLoader([:]))
        let model = try XCTUnwrap(Compiler.lower(try XCTUnwrap(result.program)).first)
        var live = LiveScreen(model: model, viewportWidth: 390, viewportHeight: 600)
        XCTAssertEqual(live.contentMain, 424 + 20, "the padding is after the newest step")
        let events = try live.push("Two")
        // Two spans 424…848: shown whole once the offset is 848 − 600.
        XCTAssertEqual(live.offset, 248)
        XCTAssertTrue(events.contains(.didScroll(offset: 248)), "\(events)")
        try live.push("Three")
        XCTAssertEqual(live.offset, 848 + 124 - 600)
        let two = try live.row(id: "Two")
        _ = live.scroll(to: 0)
        XCTAssertEqual(live.frame(ofRootRow: two)?.y, 424)
    }
}
