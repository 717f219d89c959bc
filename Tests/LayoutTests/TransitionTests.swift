// Transitions on the samples: endpoints equal to the layouts, rows that did
// not change left alone, interruption without a jump, events in pairs, and
// golden JSON of sampled frames (STACKC_UPDATE_FIXTURES=1 rewrites them).

import StackOutput
import Foundation
import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class TransitionTests: XCTestCase {
    static let samples = CLIRoot.repository.appendingPathComponent("samples")
    static let fixtures = CLIRoot.repository.appendingPathComponent("Tests/LayoutTests/Fixtures/frames")

    /// The changes with golden frames: fixture name, sample, state changes.
    static let changes: [(name: String, file: String, changes: [(String, String)])] = [
        ("hotel-pricing", "hotel", [("showPricing", "true")]),
        ("hotel-tags", "hotel", [("tagsExpanded", "true")]),
        ("hotel-photos", "hotel", [("tab", ".photos")]),
        ("settings-notifications", "settings", [("notifications", "false")]),
    ]

    static func live(_ file: String, height: Double = 844) throws -> LiveScreen {
        let text = try String(contentsOf: samples.appendingPathComponent(file + ".stack"), encoding: .utf8)
        let result = Compiler.check(SourceFile(path: file + ".stack", text: text), loader: DirectoryLoader(base: samples.path))
        let model = try XCTUnwrap(Compiler.lower(try XCTUnwrap(result.program)).first)
        return LiveScreen(model: model, viewportWidth: 390, viewportHeight: height)
    }

    static func animate(_ file: String, _ changes: [(String, String)], height: Double = 844) throws -> AnimatedScreen {
        var screen = AnimatedScreen(try live(file, height: height))
        _ = try screen.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
            var events: [LiveEvent] = []
            for (name, value) in changes { events += try live.setState(name, fromText: value) }
            return events
        }
        return screen
    }

    /// A frame's JSON without what only frames have, as the layout JSON has it.
    static func layoutPart(_ json: String) throws -> NSDictionary {
        var object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        object["t"] = nil
        object["accessibility"] = nil  // the layout's, not a frame's
        func strip(_ rows: Any?) -> [Any] {
            (rows as? [[String: Any]] ?? []).map { row in
                var row = row
                row["alpha"] = nil
                row["scale"] = nil
                row["offset"] = nil
                row["rows"] = strip(row["rows"])
                return row
            }
        }
        object["rows"] = strip(object["rows"])
        return object as NSDictionary
    }

    func testFirstFrameIsTheOldLayoutAndLastTheNew() throws {
        for change in Self.changes {
            var live = try Self.live(change.file)
            let oldJSON = LayoutJSON.render(screen: live.screen, layout: live.layout(), offset: 0)
            let screen = try Self.animate(change.file, change.changes)
            let transition = try XCTUnwrap(screen.transition)
            XCTAssertGreaterThan(transition.duration, 0, change.name)
            let frames = transition.frames(5)
            let newJSON = LayoutJSON.render(screen: screen.live.screen, layout: transition.new, offset: transition.newOffset)
            XCTAssertEqual(try Self.layoutPart(LayoutJSON.render(screen: screen.live.screen, presented: frames[0])), try Self.layoutPart(oldJSON), change.name)
            XCTAssertEqual(try Self.layoutPart(LayoutJSON.render(screen: screen.live.screen, presented: frames[4])), try Self.layoutPart(newJSON), change.name)
            XCTAssertNotEqual(oldJSON, newJSON)
            for frame in [frames[0], frames[4]] {
                XCTAssertTrue(frame.rows.values.allSatisfy { $0.alpha == 1 && $0.scale == 1 && $0.offsetX == 0 && $0.offsetY == 0 })
            }
        }
    }

    /// Each row on its own: its old frame up to its delay, its new one from
    /// its end on (even while other rows still move).
    func testEachRowKeepsItsOwnDelayAndDuration() throws {
        for change in Self.changes {
            let screen = try Self.animate(change.file, change.changes)
            let transition = try XCTUnwrap(screen.transition)
            let roots = Set(transition.new.rows)
            for track in transition.tracks where roots.contains(track.row) {
                let before = transition.sample(at: track.delay).rows[track.row]
                let old = PresentedRow(transition.old, row: track.row, offset: transition.oldOffset)
                XCTAssertEqual(before?.frame, old.frame, "\(change.name) row \(track.row) at its delay")
                if track.end < transition.duration {
                    let after = transition.sample(at: track.end).rows[track.row]
                    XCTAssertEqual(after?.frame, transition.new.frame(of: track.row), "\(change.name) row \(track.row) at its end")
                    XCTAssertEqual(after?.alpha, 1)
                }
                if track.duration > 0 {
                    let middle = transition.sample(at: track.delay + track.duration / 2).rows[track.row]
                    XCTAssertNotEqual(middle, transition.sample(at: transition.duration).rows[track.row], "\(change.name) row \(track.row) animates")
                }
            }
        }
    }

    func testRowsThatDidNotChangeAreNotAnimated() throws {
        let screen = try Self.animate("hotel", [("showPricing", "true")])
        let transition = try XCTUnwrap(screen.transition)
        let welcome = try XCTUnwrap(screen.live.screen.row(id: "welcome"))
        let pricing = try screen.live.row(id: "pricing")
        XCTAssertFalse(transition.tracks.contains { $0.row == welcome })
        XCTAssertEqual(transition.tracks.first { $0.row == pricing.row }?.kind, .show)
        XCTAssertEqual(transition.tracks.first { $0.row == pricing.row }?.delay, 0.05)
        XCTAssertEqual(transition.tracks.first { $0.row == pricing.row }?.duration, 0.4)
        // A change that moves nothing makes an empty transition.
        var same = screen
        _ = try same.change(at: 1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState("showPricing", to: .bool(true)) }
        XCTAssertEqual(same.transition?.tracks.count, 0)
        XCTAssertEqual(same.transition?.duration, 0)
    }

    func testInterruptionStartsFromWhatIsShown() throws {
        var random = SplitMix64(seed: 0xA11_7E55)
        for change in Self.changes {
            var screen = try Self.animate(change.file, change.changes, height: 400)
            let states = screen.live.screen.model.state.filter { if case .bool = $0.type { true } else { false } }.map(\.name)
            var time = 0.0
            for _ in 0..<40 {
                time += Double.random(in: 0.001...0.3, using: &random)
                let shown = screen.presented(at: time)
                let name = states.randomElement(using: &random)!
                let value = !(try screen.live.screen.stateValue(name) == .bool(true))
                _ = try screen.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setState(name, to: .bool(value)) }
                let resumed = screen.presented(at: time)
                let soon = screen.presented(at: time + 1e-7)
                for (row, before) in shown.rows where before.visibility != .hidden {
                    // Still drawn where it was, exactly, and a moment later hardly moved.
                    guard let after = resumed.rows[row] else { return XCTFail("\(change.name): row \(row) vanished at \(time)") }
                    XCTAssertEqual(after.frame, before.frame, "\(change.name) row \(row) at \(time)")
                    XCTAssertEqual(after.alpha, before.alpha, "\(change.name) row \(row) at \(time)")
                    // Rows without a spec for their change jump, as asked.
                    // (and the rows inside them with them).
                    if let next = soon.rows[row], Self.movesSmoothly(row, in: screen) {
                        XCTAssertEqual(next.frame.y, before.frame.y, accuracy: 0.05, "\(change.name) row \(row) at \(time)")
                        XCTAssertEqual(next.frame.height, before.frame.height, accuracy: 0.05, "\(change.name) row \(row) at \(time)")
                    }
                }
            }
            // And it ends at the layout of the last state.
            let end = screen.presented(at: time + 100)
            var live = screen.live
            let json = LayoutJSON.render(screen: live.screen, layout: live.layout(), offset: live.offset)
            XCTAssertEqual(try Self.layoutPart(LayoutJSON.render(screen: live.screen, presented: end)), try Self.layoutPart(json), change.name)
        }
    }

    /// Whether neither the row nor a row holding it jumps at the start.
    static func movesSmoothly(_ row: Int, in screen: AnimatedScreen) -> Bool {
        let model = screen.live.screen.model
        var current: Int? = row
        while let row = current {
            if let track = screen.transition?.tracks.first(where: { $0.row == row }), track.duration == 0 || track.delay > 0 { return false }
            let stack = model.rows[row].parent
            current = model.rows.firstIndex { if case .stack(stack) = $0.content { true } else { false } }
        }
        return true
    }

    func testEventsComeInPairs() throws {
        var screen = AnimatedScreen(try Self.live("hotel"))
        let begun = try screen.setStates([("showPricing", .bool(true))], at: 0).transitionEvents
        let pricing = try screen.live.row(id: "pricing")
        XCTAssertTrue(begun.contains(.willBegin(row: pricing, kind: .show, hiding: false)))
        XCTAssertEqual(screen.advance(to: 0.2), [])
        let ended = screen.advance(to: 1)
        XCTAssertTrue(ended.contains(.didEnd(row: pricing, kind: .show, hiding: false, finished: true)))
        XCTAssertEqual(Set(begun.map(\.row)), Set(ended.map(\.row)))
        XCTAssertEqual(screen.advance(to: 2), [])
        // Hiding it again and interrupting halfway.
        let hiding = try screen.setStates([("showPricing", .bool(false))], at: 3).transitionEvents
        XCTAssertTrue(hiding.contains(.willBegin(row: pricing, kind: .hide, hiding: true)))
        let showing = try screen.setStates([("showPricing", .bool(true))], at: 3.05).transitionEvents
        XCTAssertEqual(showing.first, .didEnd(row: pricing, kind: .hide, hiding: true, finished: false))
        XCTAssertTrue(showing.contains(.willBegin(row: pricing, kind: .show, hiding: false)))
    }

    /// Source → compiled bytes → loaded model: the same frames.
    func testCompiledScreensAnimateTheSame() throws {
        for change in Self.changes {
            let source = try Self.animate(change.file, change.changes)
            var live = try Self.live(change.file)
            let loaded = try XCTUnwrap(ScreenDecoder.decode(ScreenEncoder.encode([live.screen.model])).first)
            live = LiveScreen(model: loaded, viewportWidth: 390, viewportHeight: 844)
            var compiled = AnimatedScreen(live)
            _ = try compiled.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                var events: [LiveEvent] = []
                for (name, value) in change.changes { events += try live.setState(name, fromText: value) }
                return events
            }
            let a = try XCTUnwrap(source.transition).frames(9).map { LayoutJSON.render(screen: source.live.screen, presented: $0) }
            let b = try XCTUnwrap(compiled.transition).frames(9).map { LayoutJSON.render(screen: compiled.live.screen, presented: $0) }
            XCTAssertEqual(a, b, change.name)
        }
    }

    func testGoldenFrames() throws {
        let update = ProcessInfo.processInfo.environment["STACKC_UPDATE_FIXTURES"] == "1"
        for change in Self.changes {
            let screen = try Self.animate(change.file, change.changes)
            let transition = try XCTUnwrap(screen.transition)
            let text = transition.frames(9).map { LayoutJSON.render(screen: screen.live.screen, presented: $0) + "\n" }.joined()
            let path = Self.fixtures.appendingPathComponent(change.name + ".jsonl")
            if update {
                try FileManager.default.createDirectory(at: Self.fixtures, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: path, options: .atomic)
                continue
            }
            let expected = try String(contentsOf: path, encoding: .utf8)
            XCTAssertEqual(text, expected, "\(change.name): run with STACKC_UPDATE_FIXTURES=1 and read the diff")
        }
    }
}

extension TransitionEvent {
    var row: Int {
        switch self {
        case .willBegin(let row, _, _), .didEnd(let row, _, _, _): row.row
        }
    }
}

/// Rows moved by a change follow it: at no instant does a row overlap the
/// one before it or leave a gap the layouts on either side do not have.
final class FollowingTests: XCTestCase {
    func testRowsBelowAChangeNeitherOverlapNorOpenGaps() throws {
        for (file, changes) in [("settings", [("notifications", "false")]), ("settings", [("notifications", "true")])] {
            var screen = try TransitionTests.animate(file, [("notifications", changes[0].1 == "true" ? "false" : "true")])
            _ = try screen.change(at: 10) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                try live.setState(changes[0].0, fromText: changes[0].1)
            }
            let transition = try XCTUnwrap(screen.transition)
            // The gaps between consecutive rows before and after: all a row may have.
            var allowed = Set<Double>()
            for layout in [transition.old, transition.new] {
                let rows = layout.rows.filter { !layout.isHidden($0) }
                for (a, b) in zip(rows, rows.dropFirst()) {
                    allowed.insert(((layout.frame(of: b).y - layout.frame(of: a).y - layout.frame(of: a).height) * 1e6).rounded() / 1e6)
                }
            }
            let largest = allowed.max() ?? 0
            for step in 0...40 {
                let t = transition.duration * Double(step) / 40
                let presented = transition.sample(at: t)
                let drawn = presented.roots.compactMap { row in presented.rows[row].map { (row, $0) } }.filter { $0.1.visibility != .hidden }
                for (above, below) in zip(drawn, drawn.dropFirst()) {
                    let bottom = above.1.frame.y + above.1.frame.height
                    XCTAssertGreaterThanOrEqual(below.1.frame.y, bottom - 1e-6, "\(file) t=\(t): row \(below.0) overlaps row \(above.0)")
                    XCTAssertLessThanOrEqual(below.1.frame.y, bottom + largest + 1e-6, "\(file) t=\(t): a gap opens above row \(below.0)")
                }
            }
        }
    }
}

/// A track that an interrupting change does not touch carries on to where
/// it was going and ends when it would have ended — not later.
final class ContinuationTests: XCTestCase {
    func testACarriedOnTrackEndsOnTime() throws {
        let model = try LiveModelTests.model("""
            screen S {
                state showB: bool = false
                state tall: bool = false
                Text b { size: 40  hidden: !showB  transition show { duration: 1s  curve: linear  from { alpha: 0 } } }
                Text a { size: tall ? 80 : 40  transition resize { duration: 200ms } }
            }
            """)
        var screen = AnimatedScreen(LiveScreen(model: model))
        _ = try screen.setStates([("showB", .bool(true))], at: 0)
        _ = try screen.setStates([("tall", .bool(true))], at: 0.3)
        let transition = try XCTUnwrap(screen.transition)
        let b = try screen.live.row(id: "b")
        let track = try XCTUnwrap(transition.tracks.first { $0.row == b.row })
        XCTAssertEqual(track.delay + track.duration, 0.7, accuracy: 1e-12, "1 s from 0, interrupted at 0.3")
        XCTAssertEqual(screen.presented(at: 0.65).rows[b.row]?.alpha ?? -1, 0.65, accuracy: 1e-9, "the same linear fade, on time")
    }
}

/// Row ids are unique within a screen, not across the screens of a file.
final class RowIDScopeTests: XCTestCase {
    func testTheSameIDInTwoScreensChecksClean() {
        let source = "screen A { Text title { text: \"a\" } }\nscreen B { Text title { text: \"b\" } }\nflow C { step One { Text title { text: \"c\" } } }\n"
        let result = Compiler.check(SourceFile(path: "ids.stack", text: source), loader: MemoryLoader([:]))
        XCTAssertEqual(result.diagnostics.items.map(\.message), [])
        XCTAssertNotNil(result.program)
    }
}

final class MutationTransitionTests: XCTestCase {
    static let source = """
        component Tag(label: string): Text { text: label  size: 40 }
        screen Rows {
            defaults {
                insets: 0
                transition insert { duration: 200ms  curve: linear  from { alpha: 0  scale: 0.5 } }
                transition remove { duration: 100ms  curve: linear  to { alpha: 0 } }
                transition move { duration: 200ms  curve: linear }
            }
            Text a { size: 50 }
            Text b { size: 50 }
            Text c { size: 50 }
        }
        """

    func screen() throws -> AnimatedScreen {
        let result = Compiler.check(SourceFile(path: "rows.stack", text: Self.source), loader: MemoryLoader([:]))
        let model = try XCTUnwrap(Compiler.lower(try XCTUnwrap(result.program, "\(result.diagnostics.items.map(\.message))")).first)
        return AnimatedScreen(LiveScreen(model: model, viewportWidth: 300, viewportHeight: 500))
    }

    func testInsertGrowsInAndRowsBelowMove() throws {
        var screen = try screen()
        var inserted = -1
        _ = try screen.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
            let (row, events) = try live.insert(ComponentInstance("Tag", arguments: ["label": .string("new")]), at: .after(id: "a"))
            inserted = row.row
            return events
        }
        let transition = try XCTUnwrap(screen.transition)
        XCTAssertEqual(transition.tracks.map(\.kind), [.move, .move, .insert])  // b, c, then the new row
        XCTAssertNil(screen.presented(at: 0).rows[inserted], "not drawn before it starts")
        let half = try XCTUnwrap(screen.presented(at: 0.1).rows[inserted])
        // Linear: half grown from nothing at its new place, half faded in, scaled 0.75.
        XCTAssertEqual(half.frame, Rect(x: 0, y: 50, width: 300, height: 20))
        XCTAssertEqual(half.alpha, 0.5, accuracy: 1e-12)
        XCTAssertEqual(half.scale, 0.75, accuracy: 1e-12)
        let b = try XCTUnwrap(screen.live.screen.row(id: "b"))
        XCTAssertEqual(screen.presented(at: 0.1).rows[b]?.frame.y, 70)
        XCTAssertEqual(screen.presented(at: 0.2).rows[b]?.frame.y, 90)
    }

    func testRemovedRowsFadeWhereTheyWere() throws {
        var screen = try screen()
        let b = try XCTUnwrap(screen.live.screen.row(id: "b"))
        let c = try XCTUnwrap(screen.live.screen.row(id: "c"))
        _ = try screen.change(at: 1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.remove(id: "b").events }
        let middle = screen.presented(at: 1.05)
        XCTAssertEqual(middle.roots, [0, b, c], "drawn in its old place while it goes")
        XCTAssertEqual(middle.rows[b]?.alpha ?? -1, 0.5, accuracy: 1e-12)
        XCTAssertEqual(middle.rows[b]?.frame.height ?? -1, 25, accuracy: 1e-12)
        // c follows the change that moves it — b's 100 ms removal, not its own
        // 200 ms move — so it stays right under b as b collapses: no gap.
        XCTAssertEqual(middle.rows[c]?.frame.y ?? -1, 75, accuracy: 1e-12)
        XCTAssertEqual((middle.rows[b]?.frame.y ?? 0) + (middle.rows[b]?.frame.height ?? 0), 75, accuracy: 1e-12)
        XCTAssertEqual(screen.presented(at: 1.1).roots, [0, c], "gone once its own 100 ms are over")
        XCTAssertEqual(screen.presented(at: 1.1).rows[c]?.frame.y ?? -1, 50, accuracy: 1e-9)
        XCTAssertEqual(screen.presented(at: 1.25).rows[c]?.frame.y, 50)
        XCTAssertEqual(screen.advance(to: 2), [
            .didEnd(row: RowKey(b), kind: .remove, hiding: true, finished: true), .didEnd(row: RowKey(c), kind: .move, hiding: false, finished: true),
        ])
    }

    /// A row that says `timing: own` keeps its own move timing.
    func testRowsFollowUnlessTheySayOwn() throws {
        let source = Self.source.replacingOccurrences(of: "Text c { size: 50 }", with: "Text c { size: 50  transition move { duration: 200ms  curve: linear  timing: own } }")
        let result = Compiler.check(SourceFile(path: "rows.stack", text: source), loader: MemoryLoader([:]))
        let model = try XCTUnwrap(Compiler.lower(try XCTUnwrap(result.program, "\(result.diagnostics.items.map(\.message))")).first)
        // Through the compiled format too.
        let loaded = try XCTUnwrap(ScreenDecoder.decode(ScreenEncoder.encode([model])).first)
        var screen = AnimatedScreen(LiveScreen(model: loaded, viewportWidth: 300, viewportHeight: 500))
        let c = try XCTUnwrap(screen.live.screen.row(id: "c"))
        _ = try screen.change(at: 1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.remove(id: "b").events }
        XCTAssertEqual(screen.presented(at: 1.05).rows[c]?.frame.y ?? -1, 87.5, accuracy: 1e-12)  // a quarter of its own 200 ms
        XCTAssertEqual(screen.presented(at: 1.2).rows[c]?.frame.y ?? -1, 50, accuracy: 1e-9)
    }

    /// Rows with different lists of transitions, next to one another, each
    /// move by their own: specs are looked up by the row's list and kind,
    /// the last one kept, and a list must not stand for another.
    func testNeighboursWithTheirOwnTransitionsKeepThem() throws {
        var rows = "Text top { size: 10 }\n"
        for index in 0..<8 {
            let duration = index % 2 == 0 ? 300 : 100
            rows += "Text r\(index) { size: 50  transition move { duration: \(duration)ms  curve: linear  timing: own } }\n"
        }
        let source = "screen Rows {\n\(rows)}\n"
        let result = Compiler.check(SourceFile(path: "rows.stack", text: source), loader: MemoryLoader([:]))
        let model = try XCTUnwrap(Compiler.lower(try XCTUnwrap(result.program, "\(result.diagnostics.items.map(\.message))")).first)
        let loaded = try XCTUnwrap(ScreenDecoder.decode(ScreenEncoder.encode([model])).first)
        var screen = AnimatedScreen(LiveScreen(model: loaded, viewportWidth: 300, viewportHeight: 500))
        let top = try XCTUnwrap(screen.live.screen.row(id: "top"))
        _ = try screen.change(at: 1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.setHidden(RowKey(top), true) }
        let transition = try XCTUnwrap(screen.transition)
        for index in 0..<8 {
            let row = try XCTUnwrap(screen.live.screen.row(id: "r\(index)"))
            let track = try XCTUnwrap(transition.tracks.first { $0.row == row }, "r\(index) moves")
            XCTAssertEqual(track.kind, .move)
            XCTAssertEqual(track.duration, index % 2 == 0 ? 0.3 : 0.1, accuracy: 1e-12, "r\(index)")
        }
    }

    func testPushAndPopAnimateByTheFlowsDuration() throws {
        var screen = AnimatedScreen(try TransitionTests.live("checkout"))
        let begun = try screen.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.push("Shipping") }
        let shipping = try XCTUnwrap(screen.live.screen.row(id: "Shipping"))
        XCTAssertTrue(begun.transitionEvents.contains(.willBegin(row: RowKey(shipping), kind: .show, hiding: false)))
        XCTAssertEqual(screen.transition?.duration, 0.25)  // checkout.stack: transition: 250ms
        XCTAssertEqual(screen.presented(at: 0.125).rows[shipping]?.alpha ?? -1, 0.5, accuracy: 1e-9)  // ease-in-out is symmetric
        _ = try screen.change(at: 1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try live.pop() }
        XCTAssertEqual(screen.transition?.tracks.first { $0.row == shipping }?.kind, .hide)
        XCTAssertEqual(screen.presented(at: 1.3).rows[shipping]?.visibility, .hidden)
    }
}

final class AnimatedScreenErrorTests: XCTestCase {
    func testAChangeThatThrowsHalfwayChangesNothing() throws {
        var screen = AnimatedScreen(try TransitionTests.live("hotel"))
        let before = screen.presented(at: 1)
        XCTAssertThrowsError(try screen.change(at: 1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
            _ = try live.setState("showPricing", to: .bool(true))
            return try live.setState("nights", to: .bool(true))  // the wrong type
        })
        XCTAssertEqual(try screen.live.screen.stateValue("showPricing"), .bool(false))
        XCTAssertNil(screen.transition)
        XCTAssertEqual(screen.presented(at: 1).rows, before.rows)
    }
}
