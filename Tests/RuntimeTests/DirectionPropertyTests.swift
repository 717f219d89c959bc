// Right to left is the exact mirror of left to right: for seeded random
// screens (nested stacks of both axes, insets, separators, hidden rows),
// every frame, content frame and separator of the right-to-left layout is
// the left-to-right one with x replaced by W − x − width, W the content
// width — and nothing else changes.

@testable import StackRuntime
import TestSupport
import XCTest

final class DirectionPropertyTests: XCTestCase {
    static func mirrored(_ r: Rect, width: Double) -> Rect {
        Rect(x: width - r.x - r.width, y: r.y, width: r.width, height: r.height)
    }

    func testRightToLeftMirrorsEveryFrame() {
        var random = SplitMix64(seed: 77)
        for round in 0..<300 {
            let root = RandomScreens.stack(&random, depth: 2)
            let width = Double(Int.random(in: 100...500, using: &random))
            var screen = Screen(model: TestScreen.model(root), viewportWidth: width, viewportHeight: 600)
            let ltr = screen.layout()
            screen.direction = .rtl
            let rtl = screen.layout()
            XCTAssertEqual(rtl.contentWidth, ltr.contentWidth)
            XCTAssertEqual(rtl.contentHeight, ltr.contentHeight)
            let w = ltr.contentWidth
            for row in 0..<screen.model.rows.count {
                XCTAssertEqual(rtl.frame(of: row), Self.mirrored(ltr.frame(of: row), width: w), "round \(round), row \(row)")
                XCTAssertEqual(rtl.contentFrame(of: row), ltr.contentFrame(of: row).map { Self.mirrored($0, width: w) }, "round \(round), row \(row)")
                XCTAssertEqual(rtl.separatorFrame(of: row), ltr.separatorFrame(of: row).map { Self.mirrored($0, width: w) }, "round \(round), row \(row)")
                XCTAssertEqual(rtl.isHidden(row), ltr.isHidden(row))
            }
            if testRun?.failureCount ?? 0 > 0 { return }
        }
    }

    /// The live screen's answers (its own rows' frames in O(log n), hit
    /// testing) are mirrored too, and switching direction live equals a
    /// fresh right-to-left layout.
    func testALiveScreenSwitchesDirection() throws {
        var random = SplitMix64(seed: 5)
        for round in 0..<60 {
            var root = RandomScreens.stack(&random, depth: 2)
            root.axis = .vertical
            let model = TestScreen.model(root)
            var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
            _ = live.setDirection(.rtl)
            var fresh = Screen(model: model, viewportWidth: 320, viewportHeight: 500)
            fresh.direction = .rtl
            let layout = fresh.layout()
            for row in live.screen.model.stacks[live.screen.model.rootStack].rows {
                XCTAssertTrue(nearlyEqual(live.frame(of: RowKey(row)), layout.frame(of: row)), "round \(round), row \(row)")
            }
            _ = live.setDirection(.ltr)
            let back = Screen(model: model, viewportWidth: 320, viewportHeight: 500).layout()
            for row in live.screen.model.stacks[live.screen.model.rootStack].rows {
                XCTAssertTrue(nearlyEqual(live.frame(of: RowKey(row)), back.frame(of: row)), "round \(round), row \(row)")
            }
        }
    }
}
