// Screens with sticky rows (pinned to an edge, or a bar that snaps away)
// animate a change to one of their rows without a full layout too: the
// sticky rows outside the window are presented as well, so the host pins
// them once nothing animates. The oracle is the general transition.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

extension QuickTransitionTests {
    /// Rows pinned to the top and the bottom and a bar that snaps away: one
    /// of them or a row among them resized or hidden animates without a
    /// full layout, and the host pins the sticky rows where the general
    /// transition's frames have them, mid-animation and after.
    func testChangesOnAScreenWithStickyRowsPresentAsTheGeneralTransition() throws {
        let model = try LiveModelTests.model("""
            screen Sticky {
                spacing: 2
                state open: bool = false
                defaults { transition resize { duration: 250ms  curve: ease-in-out }  transition show { duration: 200ms }  transition hide { duration: 150ms } }
                Text bar { text: "search"  size: 30  behavior: snap-hide(top) }
                View header { host: "Header"  pin: top }
                View a { host: "A" }
                Text b { text: "grows"  size: open ? 120 : 40 }
                View c { host: "C" }
                Spacer { size: 400 }
                View d { host: "D" }
                Text e { text: "hides"  size: 50  hidden: open }
                View footer { host: "Footer"  pin: bottom }
                Spacer { size: 300 }
            }
            """)
        var random = SplitMix64(seed: 0x57_1C4)
        let heights = SharedHeights()
        var (quick, general) = sessions(model, height: 420, measurer: heights)
        var time = 1.0, quickChanges = 0
        for step in 0..<TestScale.count(full: 800, quick: 200) {
            time += [0.0, 0.03, 0.1, 0.3, 1.0][Int.random(in: 0..<5, using: &random)]
            let roots = quick.live.rootRows
            let row = roots.randomElement(using: &random)!
            let choice = Int.random(in: 0..<8, using: &random)
            let extra = Double(Int.random(in: 0...5, using: &random) * 10)
            let flag = Bool.random(using: &random)
            let offset = Double.random(in: 0...(quick.live.contentMain + 50), using: &random)
            if choice < 3 { heights.extra[row] = extra }
            let wasQuick = quick.screen.layoutIsStale
            onBoth(&quick, &general) { session, _ in
                switch choice {
                case 0..<3: _ = try? session.invalidateSize(of: RowKey(row), at: time)
                case 3: _ = try? session.setHidden(RowKey(row), flag, at: time)
                case 4: _ = try? session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("open", to: .bool(flag)) }
                default: session.scroll(to: offset, at: time)
                }
            }
            if choice < 5, quick.screen.layoutIsStale, !wasQuick || quick.isAnimating(at: time) { quickChanges += 1 }
            compare(&quick, &general, at: time, after: [0.0, 0.02, 0.08, 0.2, 1.0], label: "step \(step) choice \(choice) row \(row)")
        }
        XCTAssertGreaterThan(quickChanges, TestScale.count(full: 800, quick: 200) / 5, "the quick path was taken")
    }

    /// The feed with a row pinned to the top above its posts and one
    /// pinned to the bottom below them: posts in and out, one or several
    /// at once, through the session or by re-binding.
    static let stickyFeedSource = feedSource
        .replacingOccurrences(of: "\n    for p in posts key p.id {", with: "\n    Text top { text: \"filters\"  size: 28  pin: top }\n    for p in posts key p.id {")
        .replacingOccurrences(of: "\n    Text tail", with: "\n    Text bottom { text: \"compose\"  size: 36  pin: bottom }\n    Text tail")

    func testElementsInAndOutOnAScreenWithStickyRowsPresentAsTheGeneralTransition() throws {
        XCTAssertTrue(Self.stickyFeedSource.contains("pin: top") && Self.stickyFeedSource.contains("pin: bottom"))
        try checkFeed(seed: 0x57_1C4E, several: false, source: Self.stickyFeedSource)
        try checkFeed(seed: 0x57_1C4F, several: true, source: Self.stickyFeedSource)
        try checkFeed(seed: 0x57_1C50, several: false, byElement: true, source: Self.stickyFeedSource)
    }
}
