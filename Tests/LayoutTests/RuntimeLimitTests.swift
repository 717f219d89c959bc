// Values from files, state and hosts that the runtime must hold within its
// limits: lengths past the maximum, non-finite numbers, hour-long
// animations, a flow's depth out of range — from source, from compiled
// bytes the loader accepts, and through the public API.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class RuntimeLimitTests: XCTestCase {
    static let flow = """
        flow F {
            state extra: bool = false
            step A { Text a { size: 40  tap: push(B) } }
            step B { Text b { size: 40  tap: toggle(extra) } }
            step C { Text c { size: 40 } }
        }
        """

    func testFlowDepthIsRangeCheckedEverywhere() throws {
        let model = try LiveModelTests.model(Self.flow)
        var live = LiveScreen(model: model)
        for bad in [5.0, 1e19, -1, 1.5, .infinity, .nan] {
            XCTAssertThrowsError(try live.setState(ScreenModel.flowDepthState, to: .number(bad)), "\(bad)") { error in
                XCTAssertTrue("\(error)".contains("a whole number from 0 to 3"), "\(error)")
            }
        }
        XCTAssertThrowsError(try live.setState(ScreenModel.flowDepthState, fromText: "1e19"))
        try live.setState(ScreenModel.flowDepthState, to: .number(3))
        XCTAssertEqual(live.pushedSteps, 3)
        _ = live.tap(x: 10, y: 10)  // pops back to A: no index past the steps
        XCTAssertEqual(live.pushedSteps, 1)

        // Compiled files: a depth that starts out of range, or a tap that sets it, is refused.
        let slot = try XCTUnwrap(model.state.firstIndex { $0.name == ScreenModel.flowDepthState })
        var starts = model
        starts.state[slot].initial = .number(1e19)
        XCTAssertThrowsError(try ScreenDecoder.decode(ScreenEncoder.encode([starts]))) { error in
            XCTAssertTrue("\(error)".contains("starts outside 0…3"), "\(error)")
        }
        var sets = model
        let value = sets.expressions.addConstant(.number(5))
        sets.rows[sets.rows.count - 1].tap = [.set(state: slot, value: value)]
        XCTAssertThrowsError(try ScreenDecoder.decode(ScreenEncoder.encode([sets]))) { error in
            XCTAssertTrue("\(error)".contains("only push and pop may"), "\(error)")
        }
        // A screen with a slot of that name is no flow.
        var screen = try LiveModelTests.model("screen S { Text { size: 10 } }")
        screen.state.append(StateSlot(name: ScreenModel.flowDepthState, type: .number, initial: .number(1)))
        XCTAssertThrowsError(try ScreenDecoder.decode(ScreenEncoder.encode([screen])))
        // Held in range even if a model built in code sets it past the steps.
        var direct = model
        direct.state[slot].initial = .number(1e19)
        XCTAssertEqual(LiveScreen(model: direct).pushedSteps, 3)
    }

    func testLengthsAreBoundedAndRowsStayInOrder() throws {
        let huge = String(repeating: "9", count: 300)
        let model = try LiveModelTests.model("""
            screen S {
                state n: number = 0
                Text a { size: \(huge)  insets: \(huge) }
                Text b { size: n * \(huge) * \(huge) }
                Text c { size: 0 - n  min: n * n }
                Text d { size: 10 }
            }
            """)
        var screen = Screen(model: model)
        for value in [0.0, 1, 1e300, -1e300, .infinity, -.infinity, .nan] {
            try screen.setState("n", to: .number(value))
            let layout = screen.layout()
            XCTAssertTrue(layout.contentHeight.isFinite && layout.contentHeight > 0, "n = \(value)")
            let frames = layout.rows.map { layout.frame(of: $0) }
            for frame in frames {
                XCTAssertTrue(frame.y.isFinite && frame.height.isFinite && frame.height >= 0, "n = \(value): \(frame)")
                XCTAssertLessThanOrEqual(frame.height, 3 * Limits.maximumLength, "n = \(value)")
            }
            for (above, below) in zip(frames, frames.dropFirst()) {
                XCTAssertLessThan(above.y, below.y, "n = \(value): rows overlap")
            }
            XCTAssertEqual(frames.last?.height, 10 + 24, "the last row keeps its size, n = \(value)")
        }
    }

    func testAnimationsOfAnyLengthAreBounded() throws {
        let huge = String(repeating: "9", count: 300)
        let model = try LiveModelTests.model("""
            screen S {
                state open: bool = false
                state d: duration = 0ms
                Text a { size: open ? 100 : 10  transition resize { duration: \(huge)s  delay: d } }
                Text b { size: 10  transition move { duration: d } }
            }
            """)
        for seconds in [1e18, 1e300, .infinity, .nan, -5] {
            var live = LiveScreen(model: model)
            try live.setState("d", to: .duration(seconds))
            var animated = AnimatedScreen(live)
            _ = try animated.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                try live.setState("open", to: .bool(true))
            }
            let transition = try XCTUnwrap(animated.transition)
            XCTAssertLessThanOrEqual(transition.duration, 2 * Limits.maximumDuration, "\(seconds)")
            for track in transition.tracks {
                XCTAssertTrue(track.delay >= 0 && track.delay <= Limits.maximumDuration, "\(seconds)")
                XCTAssertTrue(track.duration >= 0 && track.duration <= Limits.maximumDuration, "\(seconds)")
            }
            for frame in transition.frames(5) {
                for (_, row) in frame.rows { XCTAssertTrue(row.frame.y.isFinite && row.alpha.isFinite, "\(seconds)") }
            }
        }
    }
}
