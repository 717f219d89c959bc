// A host view whose content changed size: `invalidateSize(of:)` measures the
// row again and moves the rows after it — as a layout from scratch would —
// and, inside an animated change, the row resizes by its transition.

import StackOutput
import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

/// A host measurer whose views' heights the test sets, by host name, and
/// which remembers the rows it was asked about.
final class HostViews: Measurer, @unchecked Sendable {
    var heights: [String: Double] = [:]
    var asked: [MeasuredRow] = []
    let fallback = DefaultMeasurer()

    func measure(_ row: MeasuredRow, along axis: Axis, across: Constraint) -> Double {
        asked.append(row)
        if case .view(let host) = row.content, let height = heights[host] { return height }
        return fallback.measure(row, along: axis, across: across)
    }
}

final class InvalidationTests: XCTestCase {
    static let source = """
        screen S {
            defaults { insets: 0  transition resize { duration: 200ms  curve: linear }  transition move { duration: 500ms } }
            Text a { text: "top"  size: 40 }
            View cell { host: "Cell" }
            Text b { text: "below"  size: 40 }
            Stack nested { View inner { host: "Inner" } }
            Text c { text: "last"  size: 40 }
        }
        """

    func testInvalidatingARowMovesTheRowsAfterItAsFromScratch() throws {
        let model = try LiveModelTests.model(Self.source)
        let views = HostViews()
        views.heights = ["Cell": 100, "Inner": 30]
        var live = LiveScreen(model: model, viewportWidth: 300, viewportHeight: 1000, measurer: views)
        let cell = try live.row(id: "cell"), b = try live.row(id: "b"), inner = try live.row(id: "inner")
        XCTAssertEqual(live.frame(ofRootRow: b)?.y, 140)
        views.heights["Cell"] = 160
        XCTAssertEqual(live.frame(ofRootRow: b)?.y, 140, "nothing moves until the host says so")
        let events = try live.invalidateSize(of: cell)
        XCTAssertTrue(events.contains(.layoutUpdated))
        XCTAssertTrue(events.contains(.contentSizeChanged(old: 250, new: 310)), "\(events)")
        XCTAssertEqual(live.frame(ofRootRow: b)?.y, 200)
        // The same as a layout from scratch with the host's new answers.
        let fresh = Screen(model: model, viewportWidth: 300, viewportHeight: 1000).layout(measurer: views)
        XCTAssertEqual(LiveModelTests.render(live), LayoutJSON.render(screen: live.screen, layout: fresh, offset: 0))
        // A row inside a nested stack: its holder grows.
        views.heights["Inner"] = 50
        _ = try live.invalidateSize(of: inner)
        XCTAssertEqual(live.contentMain, 330)
        XCTAssertThrowsError(try live.invalidateSize(of: 999))
    }

    func testAnInvalidatedRowResizesByItsTransitionAndTheRowsBelowFollow() throws {
        let model = try LiveModelTests.model(Self.source)
        let views = HostViews()
        views.heights = ["Cell": 100, "Inner": 30]
        var screen = AnimatedScreen(LiveScreen(model: model, viewportWidth: 300, viewportHeight: 1000, measurer: views))
        let cell = try screen.live.row(id: "cell"), b = try screen.live.row(id: "b")
        views.heights["Cell"] = 200
        _ = try screen.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.invalidateSize(of: cell) }
        let half = screen.presented(at: 0.1)
        XCTAssertEqual(half.rows[cell.row]?.frame.height ?? -1, 150, accuracy: 1e-9, "halfway through its 200 ms linear resize")
        XCTAssertEqual(half.rows[b.row]?.frame.y ?? -1, 190, accuracy: 1e-9, "b follows the resize, not its own 500 ms move")
        XCTAssertEqual(screen.presented(at: 0.2).rows[b.row]?.frame.y, 240)
    }
}
