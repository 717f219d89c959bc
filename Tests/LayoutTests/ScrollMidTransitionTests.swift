// A scroll while rows animate moves no row: the running transition goes on,
// seen from the new offset. The oracle for the general transition is a
// second session making the same changes without scrolling: the rows drawn
// in the scrolled viewport must be exactly where it has them (building the
// transition again, as a scroll once did, restarted each running row's
// curve from where it was: a spring's bounce changed mid-flight). A scroll
// also loses no transition event: rows that ended before it are reported by
// the next advance, once, and no row is reported interrupted.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

extension QuickTransitionTests {
    func testAScrollWhileTheGeneralTransitionRunsMovesNoRow() throws {
        var models = [try LiveModelTests.model(Self.source)]
        for (_, sample) in try CompiledFormatTests.sampleModels() { models += sample }
        var carriedOn = 0, compared = 0
        for (number, model) in models.enumerated() {
            var random = SplitMix64(seed: 0x5C20_11 &+ UInt64(number))
            let heights = SharedHeights()
            // Both take the general transition and the same changes; only the first scrolls.
            var (scrolled, still) = sessions(model, height: 500, measurer: heights)
            scrolled.allowsQuickChanges = false
            var time = 1.0
            for step in 0..<TestScale.count(full: 300, quick: 60) {
                time += [0.01, 0.04, 0.08, 0.2, 0.7][Int.random(in: 0..<5, using: &random)]
                let roots = scrolled.live.rootRows
                guard !roots.isEmpty else { break }
                let choice = Int.random(in: 0..<10, using: &random)
                let row = roots.randomElement(using: &random)!
                let extra = Double(Int.random(in: 0...6, using: &random) * 15)
                let flag = Bool.random(using: &random)
                let offset = Double.random(in: -20...(scrolled.live.contentMain + 50), using: &random)
                let state = model.state.first { $0.type == .bool }
                if choice < 3 { heights.extra[row] = extra }
                let running = scrolled.isAnimating(at: time)
                let started = scrolled.screen.startTime
                onBoth(&scrolled, &still) { session, first in
                    switch choice {
                    case 0..<3: _ = try? session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.invalidateSize(of: RowKey(row)) }
                    case 3: _ = try? session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setHidden(RowKey(row), flag) }
                    case 4:
                        if let state {
                            _ = try? session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState(state.name, to: .bool(flag)) }
                        }
                    default:
                        if first { session.scroll(to: offset, at: time) }
                    }
                }
                if choice >= 5, running, scrolled.screen.transition != nil, scrolled.screen.startTime == started { carriedOn += 1 }
                for delay in [0.0, 0.01, 0.05, 0.12, 0.3, 1.0] {
                    compared += 1
                    samePoses(scrolled, still, at: time + delay, label: "\(model.name) step \(step) choice \(choice) t+\(delay)")
                }
            }
        }
        XCTAssertGreaterThan(compared, 1000)
        XCTAssertGreaterThan(carriedOn, models.count * TestScale.count(full: 300, quick: 60) / 40, "scrolls carried the running transition on")
    }

    /// The rows `scrolled` draws in its viewport at `time`, from its own
    /// offset, are where `still` (same changes, never scrolled) has them,
    /// bit for bit, and none that `still` draws there is missing.
    func samePoses(_ scrolled: HostSession, _ still: HostSession, at time: Double, label: String) {
        let window = scrolled.screen.presented(at: time, visibleOnly: true)
        let all = still.screen.presented(at: time)
        // From its start the transition is seen from the offset scrolled to (before it, from the one it began at).
        if time > scrolled.screen.startTime { XCTAssertEqual(window.offset, scrolled.live.offset, accuracy: 1e-9, "\(label): the offset scrolled to") }
        for (row, pose) in window.rows {
            guard var other = all.rows[row] else { return XCTFail("\(label): row \(row) drawn only after the scroll") }
            other.visibility = pose.visibility
            XCTAssertEqual(pose, other, "\(label): row \(row)")
        }
        let low = window.offset, high = window.offset + window.viewportHeight
        for row in all.roots {
            guard let pose = all.rows[row], pose.visibility != .hidden, pose.alpha > 0, pose.frame.height > 0, pose.frame.y < high - 1e-6, pose.frame.y + pose.frame.height > low + 1e-6 else { continue }
            XCTAssertNotNil(window.rows[row], "\(label): row \(row) at \(pose.frame) missing from the window")
        }
    }

    func testAScrollMidAnimationLosesNoTransitionEvent() throws {
        let model = try LiveModelTests.model("""
            screen Ends {
                state open: bool = false
                Text a { text: "grows"  size: open ? 90 : 30  transition resize { duration: 300ms } }
                Text b { text: "shows"  size: 40  hidden: !open  transition show { duration: 100ms } }
                Spacer { size: 900 }
            }
            """)
        for quick in [true, false] {
            var session = HostSession(LiveScreen(model: model, viewportWidth: 390, viewportHeight: 400))
            session.allowsQuickChanges = quick
            var events = try session.change(at: 1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                try live.setState("open", to: .bool(true))
            }.transitionEvents
            events += session.advance(to: 1.05)
            // b's animation ends at 1.1, before the scroll; a's after it.
            session.scroll(to: 30, at: 1.15)
            session.scroll(to: 60, at: 1.2)
            events += session.advance(to: 1.5)
            let label = quick ? "quick" : "general"
            let ends = events.filter { if case .didEnd = $0 { true } else { false } }
            let begins = events.filter { if case .willBegin = $0 { true } else { false } }
            // Each row that began ends once, finished (the general transition also reports the rows that follow).
            XCTAssertEqual(Set(ends).count, ends.count, label)
            XCTAssertEqual(ends.count, begins.count, label)
            XCTAssertTrue(ends.contains(.didEnd(row: RowKey(1), kind: .show, hiding: false, finished: true)), "\(label): \(ends)")
            XCTAssertTrue(ends.contains(.didEnd(row: RowKey(0), kind: .resize, hiding: false, finished: true)), "\(label): \(ends)")
            XCTAssertFalse(ends.contains { if case .didEnd(_, _, _, false) = $0 { true } else { false } }, "\(label): \(ends)")
            XCTAssertFalse(session.isAnimating(at: 1.5), label)
            XCTAssertEqual(session.pass(at: 1.5).offset, 60, label)
        }
    }

    func testAScrollAfterTheAnimationEndedStillReportsTheEnd() throws {
        let model = try LiveModelTests.model("""
            screen Late {
                state open: bool = false
                Text a { text: "grows"  size: open ? 90 : 30  transition resize { duration: 200ms } }
                Spacer { size: 900 }
            }
            """)
        var session = HostSession(LiveScreen(model: model, viewportWidth: 390, viewportHeight: 400))
        session.allowsQuickChanges = false
        _ = try session.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("open", to: .bool(true)) }
        // The host's next frame comes after a scroll that follows the end.
        session.scroll(to: 50, at: 0.5)
        XCTAssertEqual(session.advance(to: 0.52).first, .didEnd(row: RowKey(0), kind: .resize, hiding: false, finished: true))
        XCTAssertEqual(session.advance(to: 0.6), [])
    }
}
