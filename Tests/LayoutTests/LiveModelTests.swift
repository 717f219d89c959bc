// A seeded model-based test of live screens: 10,000 random steps — state
// changes, mutations, taps, scrolls, pushes and pops. After every step the
// incrementally kept layout must equal a layout made from scratch from the
// same model and state, and the events must equal those derived from
// diffing the two full layouts.

import StackOutput
import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class LiveModelTests: XCTestCase {
    static let screenSource = """
        enum Mode { compact, regular }
        component Tag(label: string, tall: bool = false): Text { text: label  font: 10  size: tall ? 60 : 20  tap: emit("tag") }
        component Card(title: string): Stack {
            padding: 4
            Text { text: title  size: 20 }
            Tag { label: title }
        }
        screen Live {
            spacing: 6
            state open: bool = false
            state big: bool = false
            state mode: Mode = .regular
            state count: number = 2
            Text bar { size: 24  behavior: snap-hide(top)  tap: toggle(open) }
            Text a { size: big ? 120 : 40  tap: toggle(big) }
            Text pinned { size: 30  pin: top  hidden: mode == .compact }
            Text limits {
                text: "limits, insets and a separator that read state"
                min: count * 5
                max: 20 + count * 10
                insets: count 15
                separator { thickness: count > 2 ? 3 : 1  insets: 0 count }
            }
            Text b { text: "some words that wrap at this width, more than once"  hidden: open  tap: toggle(open) }
            View c { host: "X"  size: count * 20  tap: set(count, count + 1) }
            Stack row {
                axis: horizontal
                size: 50
                Text { text: "left"  size: 50%  tap: set(mode, .compact) }
                Text { text: "right"  size: 50%  hidden: mode == .compact  tap: set(mode, .regular) }
            }
            Tag t { label: "tag"  tall: true }
            Card { title: "card" }
            Text d { size: 30  hidden: !open  tap: scroll-to(a, top) }
            Spacer { size: 200 }
            Text e { size: 70  tap: toggle(open), scroll-to(e, bottom) }
            Text foot { size: 20  pin: bottom }
        }
        """

    static let flowSource = """
        flow Steps {
            separation: padding(8)
            head-padding: 4
            state extra: bool = false
            step One { Text { size: 100  tap: push(Two) } Text { size: 40  hidden: !extra  tap: toggle(extra) } }
            step Two { Text { size: 150  tap: push(Three) } Text { size: 30  tap: toggle(extra) } }
            step Three { Text { size: 200  tap: pop(2) } }
        }
        """

    static func model(_ source: String, loader: any SourceLoader = MemoryLoader([:])) throws -> ScreenModel {
        let result = Compiler.check(SourceFile(path: "live.stack", text: source), loader: loader)
        return try XCTUnwrap(Compiler.lower(try XCTUnwrap(result.program, "\(result.diagnostics.items.map(\.message))")).first)
    }

    /// A layout from scratch of what the live screen holds now.
    static func reference(_ live: LiveScreen) -> ScreenLayout {
        var model = live.screen.model
        var table = model.expressions
        for (row, hidden) in live.screen.hiddenOverrides {
            model.rows[row].hidden = table.addConstant(.bool(hidden))
        }
        model.expressions = table
        var screen = Screen(model: model, viewportWidth: live.screen.viewportWidth, viewportHeight: live.screen.viewportHeight)
        for (slot, value) in live.screen.state.enumerated() { try? screen.setState(slot: slot, to: value) }
        return screen.layout()
    }

    /// The live screen's layout as JSON.
    static func render(_ live: LiveScreen) -> String {
        var copy = live
        return LayoutJSON.render(screen: copy.screen, layout: copy.layout(), offset: copy.offset)
    }

    /// A layout from scratch as JSON, at the live screen's offset.
    static func render(_ full: ScreenLayout, _ live: LiveScreen) -> String {
        LayoutJSON.render(screen: live.screen, layout: full, offset: live.offset)
    }

    func run(_ source: String, steps count: Int, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let model = try Self.model(source)
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 400)
        var previous = Self.reference(live)
        var previousOffset = live.offset
        var previousSlid = live.slideOffsets
        for step in 0..<count {
            let roots = live.rootRows
            var events: [LiveEvent] = []
            var structural: [LiveEvent] = []
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1:
                let target = Double.random(in: -50...(live.contentMain + 50), using: &random)
                events = live.scroll(to: target)
            case 2, 3, 4:
                events = live.tap(x: Double.random(in: 0..<320, using: &random), y: Double.random(in: 0..<400, using: &random)).events
            case 5 where !roots.isEmpty:
                events = try live.setHidden(RowKey(roots.randomElement(using: &random)!), Bool.random(using: &random))
            case 6 where roots.count > 1:
                let row = roots.randomElement(using: &random)!
                events = try live.move(RowKey(row), to: Int.random(in: 0..<roots.count, using: &random)).events
            case 7 where roots.count > 3:
                let result = try live.remove(rows: [RowKey(roots.randomElement(using: &random)!)])
                events = result.events
                structural = result.changes.map { if case .rowRemoved(let row) = $0 { .rowRemoved(row: row) } else { .layoutUpdated } }
            case 8 where !live.screen.model.components.isEmpty && roots.count < 30:
                let instance = Bool.random(using: &random)
                    ? ComponentInstance("Tag", arguments: ["label": .string("n\(step)"), "tall": .bool(Bool.random(using: &random))])
                    : ComponentInstance("Card", arguments: ["title": .string("c\(step)")])
                let result = try live.insert(instance, at: .index(Int.random(in: 0...roots.count, using: &random)))
                events = result.events
                structural = [.rowInserted(row: result.row)]
            case 9 where live.screen.model.isFlow:
                if live.pushedSteps < live.screen.model.steps.count, Bool.random(using: &random) {
                    events = try live.push(live.screen.model.steps[live.pushedSteps].name)
                } else if live.pushedSteps > 0 {
                    events = try live.pop(Int.random(in: 1...live.pushedSteps, using: &random))
                }
            default:
                let slots = live.screen.model.state.filter { $0.name != ScreenModel.flowDepthState }
                guard let slot = slots.randomElement(using: &random) else { continue }
                let value: RuntimeValue = switch slot.type {
                case .bool: .bool(Bool.random(using: &random))
                case .number: .number(Double(Int.random(in: 0...5, using: &random)))
                case .enumeration(let e): .enumCase(enumIndex: e, caseIndex: Int.random(in: 0..<live.screen.model.enums[e].cases.count, using: &random))
                default: .bool(false)
                }
                events = try live.setState(slot.name, to: value)
            }
            let full = Self.reference(live)
            let offset = live.offset
            // Frames of every row, and the content size, as from scratch.
            XCTAssertEqual(live.contentMain, full.contentHeight, accuracy: 1e-6, "step \(step)")
            XCTAssertEqual(
                LayoutJSON.render(screen: live.screen, layout: live.layout(), offset: offset, slid: live.slideOffsets),
                LayoutJSON.render(screen: live.screen, layout: full, offset: offset, slid: live.slideOffsets), "step \(step)")
            // The screen's own layout from scratch sees the same hidden rows.
            XCTAssertEqual(
                LayoutJSON.render(screen: live.screen, layout: live.screen.layout(), offset: offset),
                LayoutJSON.render(screen: live.screen, layout: full, offset: offset), "step \(step): screen.layout()")
            for row in full.rows {
                guard let frame = live.frame(ofRootRow: row) else { return XCTFail("step \(step): row \(row) has no frame") }
                XCTAssertEqual(frame.y, full.frame(of: row).y, accuracy: 1e-6, "step \(step) row \(row)")
                XCTAssertEqual(frame.height, full.frame(of: row).height, accuracy: 1e-6, "step \(step) row \(row)")
            }
            // Events: the structural ones first, the rest as the diff says (will/did push and pop aside).
            let flowEvents: (LiveEvent) -> Bool = { event in
                switch event {
                case .willPush, .didPush, .willPop, .didPop: true
                default: false
                }
            }
            let expected = structural
                + LiveEventDiff.expectedEvents(previous, previousOffset, full, offset, slidBefore: previousSlid, slidAfter: live.slideOffsets)
            let got = events.filter { !flowEvents($0) }
            if !LiveEventDiff.same(got, expected) {
                XCTFail("step \(step): \(got.map(\.text)) vs \(expected.map(\.text))")
                return
            }
            previous = full
            previousOffset = offset
            previousSlid = live.slideOffsets
        }
    }

    func testScreenOverManySteps() throws {
        try run(Self.screenSource, steps: TestScale.count(full: 3000, quick: 1200), seed: 0x51DE_0001)
    }

    func testFlowOverManySteps() throws {
        try run(Self.flowSource, steps: TestScale.count(full: 3000, quick: 1000), seed: 0x51DE_0002)
    }
}

/// The same kind of random walk through an animated screen: changes land at
/// random instants, often in the middle of the last transition. Every row on
/// screen must be drawn exactly where it was at the instant of a change, and
/// once everything has run its course the screen must be the layout.
final class AnimatedModelTests: XCTestCase {
    static let source = LiveModelTests.screenSource.replacingOccurrences(
        of: "screen Live {\n",
        with: """
            screen Live {
                defaults {
                    transition show { duration: 200ms  curve: spring(0.6)  from { alpha: 0  offset: 0 -10 } }
                    transition hide { duration: 150ms  to { alpha: 0  scale: 0.9 } }
                    transition insert { duration: 250ms  delay: 30ms  from { alpha: 0 } }
                    transition remove { duration: 120ms  curve: ease-in  to { alpha: 0 } }
                    transition move { duration: 180ms  curve: ease-out }
                    transition resize { duration: 220ms  curve: spring(1) }
                }

            """)

    func testChangesAtRandomInstants() throws {
        var random = SplitMix64(seed: 0xA2_1A7E)
        let model = try LiveModelTests.model(Self.source)
        XCTAssertFalse(model.rows[0].transitions.isEmpty, "the defaults reached the rows")
        var screen = AnimatedScreen(LiveScreen(model: model, viewportWidth: 320, viewportHeight: 400))
        var time = 0.0
        var interrupted = 0
        for step in 0..<TestScale.count(full: 3000, quick: 1500) {
            time += [0.01, 0.05, 0.1, 0.3, 1][Int.random(in: 0..<5, using: &random)]
            if let transition = screen.transition, time - screen.startTime < transition.duration { interrupted += 1 }
            let shown = screen.presented(at: time)
            let roots = screen.live.rootRows
            let choice = Int.random(in: 0..<6, using: &random)
            _ = try screen.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                switch choice {
                case 0 where roots.count > 3: return try live.remove(rows: [RowKey(roots.randomElement(using: &random)!)]).events
                case 1 where roots.count < 25:
                    return try live.insert(
                        ComponentInstance("Tag", arguments: ["label": .string("n\(step)")]),
                        at: .index(Int.random(in: 0...roots.count, using: &random))).events
                case 2 where roots.count > 1:
                    return try live.move(RowKey(roots.randomElement(using: &random)!), to: Int.random(in: 0..<roots.count, using: &random)).events
                case 3: return live.tap(x: Double.random(in: 0..<320, using: &random), y: Double.random(in: 0..<400, using: &random)).events
                case 4: return try live.setHidden(RowKey(roots.randomElement(using: &random)!), Bool.random(using: &random))
                default: return try live.setState("open", to: .bool(Bool.random(using: &random)))
                }
            }
            // A host drawing only what shows gets those rows exactly as the full sample has them.
            let instant = time + Double.random(in: 0...0.3, using: &random)
            if let transition = screen.transition {
                let full = transition.sample(at: instant - screen.startTime)
                let visible = transition.sample(at: instant - screen.startTime, visibleOnly: true)
                for row in full.roots {
                    guard let presented = full.rows[row], presented.visibility != .hidden, presented.visibility != .offscreen else { continue }
                    if visible.rows[row] != presented { return XCTFail("step \(step): visible row \(row) left out or different") }
                }
                for (row, presented) in visible.rows where full.rows[row] != presented {
                    return XCTFail("step \(step): row \(row) differs when sampling visible rows only")
                }
            }
            let resumed = screen.presented(at: time)
            for (row, before) in shown.rows where before.visibility != .hidden {
                guard let after = resumed.rows[row] else { return XCTFail("step \(step): row \(row) vanished") }
                // A row is not animated for a difference in the last bits
                // of a position (Transition.kind's tolerance): nor is that a jump.
                func differ(_ x: Double, _ y: Double) -> Bool { abs(x - y) > 1e-9 * max(1, abs(x), abs(y)) }
                let frames = [(after.frame.x, before.frame.x), (after.frame.y, before.frame.y), (after.frame.width, before.frame.width), (after.frame.height, before.frame.height)]
                if frames.contains(where: differ) || after.alpha != before.alpha || after.scale != before.scale
                    || after.offsetX != before.offsetX || after.offsetY != before.offsetY {
                    return XCTFail("step \(step): row \(row) jumped from \(before) to \(after)")
                }
            }
        }
        XCTAssertGreaterThan(interrupted, TestScale.count(full: 600, quick: 300), "most changes should land mid-transition")
        var live = screen.live
        let settled = screen.presented(at: time + 100)
        XCTAssertEqual(
            try TransitionTests.layoutPart(LayoutJSON.render(screen: live.screen, presented: settled)),
            try TransitionTests.layoutPart(LayoutJSON.render(screen: live.screen, layout: live.layout(), offset: live.offset)))
    }
}
