// Rows moved while a change still animates — a row moved by the host, or
// elements bound again in another order a moment after a push — compose
// with the running change without a full layout (a row moved through the
// session's own `move` on the live screen itself, nothing copied): each run of rows moved
// goes from where it is drawn to its new place, following the nearest
// change before it among the rows now, else among the rows then, else by
// its own `move`. The oracle is the general transition.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

extension QuickTransitionTests {
    /// The busy screen with separators, and rows that move in 250 ms.
    static let movingSource = busySource.replacingOccurrences(
        of: "defaults {\n", with: "defaults {\n        separator { color: #DDDDDD  thickness: 1 }\n        transition move { duration: 250ms  curve: ease-in-out }\n")

    /// Rows resized, hidden, shown and moved at random moments, many of
    /// them while the last change still runs: every pass drawn as the
    /// general transition draws it, and most moves composed with the
    /// change they interrupt.
    func testRowsMovedWhileAChangeRunsPresentAsTheGeneralTransition() throws {
        XCTAssertNotEqual(Self.movingSource, Self.busySource)
        let model = try LiveModelTests.model(Self.movingSource)
        var random = SplitMix64(seed: 0x30FE)
        let heights = SharedHeights()
        var (quick, general) = sessions(model, height: 420, measurer: heights)
        var time = 1.0, moves = 0, movesWhileRunning = 0, movesInPlace = 0
        let steps = TestScale.count(full: 800, quick: 300)
        for step in 0..<steps {
            time += [0.02, 0.05, 0.09, 0.15, 0.6][Int.random(in: 0..<5, using: &random)]
            let roots = quick.live.rootRows
            let choice = Int.random(in: 0..<10, using: &random)
            let row = roots.randomElement(using: &random)!
            let index = Int.random(in: 0..<roots.count, using: &random)
            let extra = Double(Int.random(in: 0...5, using: &random) * 12)
            let hidden = Bool.random(using: &random)
            let open = Bool.random(using: &random)
            if choice < 3 { heights.extra[row] = extra }
            if choice >= 6 {
                moves += 1
                if quick.isAnimating(at: time) { movesWhileRunning += 1 }
            }
            let running = quick.isAnimating(at: time), inPlaceBefore = quick.screen.changesInPlace
            onBoth(&quick, &general) { session, _ in
                // Half the moves through the session's own call (in place
                // while a change runs), half through change(at:).
                if choice >= 6, step % 2 == 0 {
                    _ = try? session.move(RowKey(row), to: index, at: time)
                    return
                }
                _ = try? session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    switch choice {
                    case 0..<3: try live.invalidateSize(of: RowKey(row))
                    case 3, 4: try live.setHidden(RowKey(row), hidden)
                    case 5: try live.setState("open", to: .bool(open))
                    default: try live.move(RowKey(row), to: index).events
                    }
                }
            }
            if choice >= 6, step % 2 == 0, running, quick.screen.changesInPlace > inPlaceBefore { movesInPlace += 1 }
            compare(&quick, &general, at: time, after: [0.0, 0.01, 0.04, 0.1, 0.2, 0.5], label: "step \(step) choice \(choice)")
            if testRun?.failureCount ?? 0 > 0 { return }
        }
        XCTAssertGreaterThan(moves, steps / 5)
        // A move onto the place it had moves nothing, and one whose runs
        // would follow no common timing takes the general transition.
        XCTAssertGreaterThan(quick.screen.movesComposed, movesWhileRunning / 2, "moves composed with the running change (\(movesWhileRunning) made while one ran)")
        // Through the session, on the live screen itself.
        XCTAssertGreaterThan(movesInPlace, movesWhileRunning / 4, "moves through the session made in place while a change ran")
    }
}

extension QuickTransitionTests {
    /// On a long screen, rows moved far (from deep down to the top, and
    /// back) while an insert grows in: the moved row's run shifts by many
    /// viewports, and a frame walks it on its own, where it is drawn, not
    /// every row between (`QuickTrackIndex.segments(movingBeyond:atMost:)`);
    /// drawn as the general transition draws it at every instant sampled,
    /// scrolled anywhere.
    func testRowsMovedFarWhileAnInsertAnimatesPresentAsTheGeneralTransition() throws {
        var source = "component Note(label: string): Text { text: label  size: 30 }\nscreen Long {\n"
        source += "    defaults { transition insert { duration: 250ms  from { alpha: 0 } }  transition move { duration: 300ms  curve: ease-out } }\n"
        for row in 0..<300 { source += "    Text r\(row) { text: \"row \(row)\"  size: \(30 + row % 4 * 7) }\n" }
        source += "}\n"
        let model = try LiveModelTests.model(source)
        var random = SplitMix64(seed: 0xFA2)
        var (quick, general) = sessions(model, height: 500)
        var time = 1.0, walkedApart = 0
        let steps = TestScale.count(full: 120, quick: 60)
        for step in 0..<steps {
            time += 1
            let offset = Double.random(in: 0...(quick.live.contentMain - 500), using: &random)
            let rows = quick.live.rootRows
            let row = rows[Int.random(in: 150..<rows.count, using: &random)]
            let index = Int.random(in: 0..<20, using: &random)
            let at = Int.random(in: 0..<rows.count, using: &random)
            try onBoth(&quick, &general) { session, _ in
                session.scroll(to: offset, at: time - 0.5)
                _ = try session.insert([ComponentInstance("Note", arguments: ["label": .string("new")], id: "n\(step)")], at: .index(at), at: time)
                _ = try session.move(RowKey(row), to: index, at: time + 0.05)
            }
            if let running = quick.screen.quick, let split = quick.screen.quickIndex?.segments(movingBeyond: 4 * 1000, atMost: 64),
                !split.segments.isEmpty, running.segments.count > 1
            {
                walkedApart += 1
            }
            compare(&quick, &general, at: time + 0.05, after: [0.0, 0.02, 0.08, 0.15, 0.3, 1.0], label: "step \(step) row \(row) to \(index)")
            if testRun?.failureCount ?? 0 > 0 { return }
        }
        XCTAssertGreaterThan(walkedApart, steps / 2, "moves far enough that a frame walks their run apart")
        XCTAssertGreaterThan(quick.screen.movesComposed, steps / 2)
    }
}
