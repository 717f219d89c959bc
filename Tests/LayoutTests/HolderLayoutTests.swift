// A row inside a nested stack that changes (its host view resized, its
// state-driven hidden flag flipped) lays out again only the screen's row
// holding it: the frames and separators it leaves must be those of a layout
// from scratch, and nothing outside the holder may be measured.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class HolderLayoutTests: XCTestCase {
    /// A screen of seeded random rows: fixed texts, host views, and stacks
    /// of either axis nesting host views, flags' hidden rows, `P%` and
    /// `fill` rows, separators and stacks up to three deep.
    static func source(seed: UInt64) -> (source: String, hosts: [String]) {
        var random = SplitMix64(seed: seed)
        var hosts: [String] = []
        var counter = 0
        func name() -> String {
            counter += 1
            return "r\(counter)"
        }
        func view(_ axisIsHorizontal: Bool) -> String {
            let id = name()
            hosts.append("H\(id)")
            var line = "View \(id) { host: \"H\(id)\""
            if Int.random(in: 0..<3, using: &random) == 0 { line += "  hidden: f\(Int.random(in: 0..<3, using: &random))" }
            if Int.random(in: 0..<3, using: &random) == 0 { line += "  separator { thickness: 2  insets: 0 4 0 4 }" }
            if Int.random(in: 0..<4, using: &random) == 0 { line += "  min: 12  max: 90" }
            return line + " }"
        }
        func stack(depth: Int) -> String {
            let horizontal = Bool.random(using: &random)
            var lines = ["Stack \(name()) {", "axis: \(horizontal ? "horizontal" : "vertical")"]
            lines.append("padding: \(Int.random(in: 0...6, using: &random))  spacing: \(Int.random(in: 0...5, using: &random))")
            if Bool.random(using: &random) { lines.append("hide-last-separator: true") }
            if Int.random(in: 0..<3, using: &random) == 0 { lines.append("hidden: f\(Int.random(in: 0..<3, using: &random))") }
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                switch Int.random(in: 0..<7, using: &random) {
                case 0 where depth < 3: lines.append(stack(depth: depth + 1))
                case 1: lines.append("Text \(name()) { text: \"p\"  size: \(Int.random(in: 5...30, using: &random))% }")
                case 2 where horizontal: lines.append("Spacer \(name()) { size: fill }")
                default: lines.append(view(horizontal))
                }
            }
            return lines.joined(separator: "\n") + "\n}"
        }
        var rows: [String] = []
        for _ in 0..<Int.random(in: 4...10, using: &random) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: rows.append("Text \(name()) { text: \"t\"  size: \(Int.random(in: 10...60, using: &random)) }")
            case 1: rows.append(view(false))
            default: rows.append(stack(depth: 1))
            }
        }
        let source = """
            screen S {
                state f0: bool = false
                state f1: bool = true
                state f2: bool = false
                spacing: 3
                defaults { insets: 2 3 }
            \(rows.joined(separator: "\n"))
            }
            """
        return (source, hosts)
    }

    /// A layout from scratch of the live screen's model and state.
    static func fresh(_ live: LiveScreen, measurer: any Measurer) -> ScreenLayout {
        var screen = Screen(model: live.screen.model, viewportWidth: live.screen.viewportWidth, viewportHeight: live.screen.viewportHeight)
        for (slot, value) in live.screen.state.enumerated() { try? screen.setState(slot: slot, to: value) }
        return screen.layout(measurer: measurer)
    }

    /// The screen's row holding `row`, walking up the model.
    static func root(of row: Int, in model: ScreenModel) -> Int {
        var current = row
        while model.rows[current].parent != model.rootStack {
            let stack = model.rows[current].parent
            current = model.rows.firstIndex { if case .stack(stack) = $0.content { true } else { false } } ?? 0
        }
        return current
    }

    func testAChangeInsideANestedStackLaysOutItsHolderAsAFullLayoutWould() throws {
        var holderOnly = 0
        for seed in UInt64(1)...40 {
            let (source, hosts) = Self.source(seed: seed)
            let model = try LiveModelTests.model(source)
            var random = SplitMix64(seed: seed &* 7919)
            let views = HostViews()
            for host in hosts { views.heights[host] = Double(Int.random(in: 8...80, using: &random)) }
            var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 600, measurer: views)
            let rowOfHost = Dictionary(uniqueKeysWithValues: model.rows.enumerated().compactMap { index, row -> (String, Int)? in
                guard case .view = row.content, let id = row.id else { return nil }
                return ("H\(id)", index)
            })
            for step in 0..<60 {
                let context = "seed \(seed) step \(step)\n\(source)"
                if Int.random(in: 0..<4, using: &random) == 0 {
                    let flag = "f\(Int.random(in: 0..<3, using: &random))"
                    _ = try live.setState(flag, to: .bool(Bool.random(using: &random)))
                } else {
                    let host = hosts[Int.random(in: 0..<hosts.count, using: &random)]
                    views.heights[host] = Double(Int.random(in: 0...90, using: &random))
                    let row = try XCTUnwrap(rowOfHost[host])
                    let holder = Self.root(of: row, in: model)
                    views.asked = []
                    _ = try live.invalidateSize(of: RowKey(row))
                    if holder != row, live.incremental.snapshotIsCurrent == false {
                        holderOnly += 1
                        let outside = views.asked.filter { Self.root(of: $0.key.row, in: model) != holder }
                        XCTAssertEqual(outside.map(\.key), [], "measured outside the holder: \(context)")
                    }
                }
                let full = Self.fresh(live, measurer: views)
                XCTAssertEqual(live.contentMain, full.stackContentMain, accuracy: 1e-9, context)
                for row in model.rows.indices where !full.isHidden(row) && Self.shown(row, in: full) {
                    let key = RowKey(row)
                    // Prefix sums add in another order than the layout: last bits differ.
                    XCTAssertTrue(nearlyEqual(live.frame(of: key), full.frame(of: row), tolerance: 1e-9), "row \(row): \(live.frame(of: key).map(String.init(describing:)) ?? "nil") against \(full.frame(of: row)) \(context)")
                    let holder = Self.root(of: row, in: model)
                    guard holder != row, let now = live.frame(of: RowKey(holder)) else { continue }
                    let then = live.incremental.snapshot.frame(of: holder)
                    let separator = live.incremental.snapshot.separatorFrame(of: row)?.moved(by: now.x - then.x, now.y - then.y)
                    XCTAssertTrue(nearlyEqual(separator, full.separatorFrame(of: row), tolerance: 1e-9), "separator of row \(row): \(context)")
                }
                if testRun?.failureCount ?? 0 > 0 { return }
            }
        }
        XCTAssertGreaterThan(holderOnly, 500, "the holder-only path was taken \(holderOnly) times")
    }

    /// Whether every stack above `row` is laid out (its holders shown).
    static func shown(_ row: Int, in layout: ScreenLayout) -> Bool {
        layout.stackOrigin[layout.parent(of: row)] != nil
    }
}
