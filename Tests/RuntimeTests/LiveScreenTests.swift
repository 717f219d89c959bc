// The live screen against full layouts: after every random step, the
// incrementally kept frames, content size and visible rows must equal a
// layout made from scratch.

import StackOutput
import StackRuntime
import TestSupport
import XCTest

final class LiveScreenTests: XCTestCase {
    /// A screen whose rows read bool state: row i is hidden by slot
    /// `hideSlot[i]` and sized 20 or 60 by slot `sizeSlot[i]`.
    struct Plan {
        var rows: Int
        var slots: Int
        var hideSlot: [Int?]
        var sizeSlot: [Int?]
        var fitText: [Bool]
        /// `fill` rows, by weight (sized again, not laid out fully, when
        /// other rows change); with a size slot, filling or not by it.
        var fillWeight: [Double?] = []
        var spacing: Double
        var nestedAt: Int?
    }

    static func model(_ plan: Plan) -> ScreenModel {
        var table = ExpressionTable()
        let zero = table.addConstant(.number(0))
        let no = table.addConstant(.bool(false))
        let clear = table.addConstant(.color(0))
        let fit = table.addConstant(.fit)
        let spacing = table.addConstant(.number(plan.spacing))
        let twelve = table.addConstant(.number(12))
        let insets = EdgeExprs(top: twelve, right: zero, bottom: twelve, left: zero)
        let text = table.addConstant(.string("some words that wrap at a narrow width"))
        let font = table.addConstant(.number(17))
        func stateRef(_ slot: Int) -> ExprRef {
            table.code.append(.state(UInt32(slot)))
            return ExprRef(start: UInt32(table.code.count - 1), count: 1)
        }
        /// 60 or 20 by the slot, or (`fill`) a share of that weight or 20.
        func sizeRef(_ slot: Int, fill: Double? = nil) -> ExprRef {
            let start = table.code.count
            table.code.append(.state(UInt32(slot)))
            _ = table.addConstant(fill.map { .fill($0) } ?? .number(60))
            _ = table.addConstant(.number(20))
            table.code.append(.select)
            return ExprRef(start: UInt32(start), count: UInt32(table.code.count - start))
        }
        var rows: [RowModel] = []
        var stacks = [StackModel(
            axis: .vertical, padding: EdgeExprs(top: twelve, right: zero, bottom: twelve, left: zero), spacing: spacing,
            hideLastSeparator: no, background: clear, rows: [])]
        var root: [Int] = []
        for index in 0..<plan.rows {
            let hidden = plan.hideSlot[index].map(stateRef) ?? no
            let fill = index < plan.fillWeight.count ? plan.fillWeight[index] : nil
            // A row with both starts and stops filling as its slot changes.
            let size = plan.sizeSlot[index].map { sizeRef($0, fill: fill) } ?? fill.map { table.addConstant(.fill($0)) }
                ?? (plan.fitText[index] ? fit : table.addConstant(.number(30)))
            var content: ContentModel = plan.fitText[index]
                ? .text(text: text, font: font, lines: zero, color: clear, weight: "regular", align: "leading")
                : .view(host: text, props: [])
            if index == plan.nestedAt {
                stacks.append(StackModel(
                    axis: .horizontal, padding: EdgeExprs(top: zero, right: zero, bottom: zero, left: zero), spacing: zero,
                    hideLastSeparator: no, background: clear, rows: []))
                content = .stack(stacks.count - 1)
            }
            root.append(rows.count)
            let kind: RowKindCode = if case .stack = content { .stack } else if case .text = content { .text } else { .view }
            rows.append(RowModel(
                kind: kind, id: "r\(index)", component: nil, parent: 0, content: content, size: size, min: nil, max: nil,
                insets: insets, background: clear, highlight: clear, hidden: hidden, separator: nil, tap: [], transitions: [],
                pin: .none, snapHide: .none))
            if case .stack(let nested) = content {
                let child = rows.count
                rows.append(RowModel(
                    kind: .view, id: nil, component: nil, parent: nested, content: .view(host: text, props: []),
                    size: plan.sizeSlot[index].map { sizeRef($0) } ?? fit, min: nil, max: nil, insets: insets, background: clear,
                    highlight: clear, hidden: no, separator: nil, tap: [], transitions: [], pin: .none, snapHide: .none))
                stacks[nested].rows = [child]
            }
        }
        stacks[0].rows = BlockArray(root)
        let state = (0..<plan.slots).map { StateSlot(name: "s\($0)", type: .bool, initial: .bool(false)) }
        return ScreenModel(name: "Live", isFlow: false, enums: [], state: state, stacks: stacks, rows: rows, steps: [], expressions: table)
    }

    private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(a)) }

    func testIncrementalEqualsFullOverTenThousandSteps() throws {
        var random = SplitMix64(seed: 0x11FE_0005)
        var steps = 0
        while steps < TestScale.count(full: 10_000, quick: 3_000) {
            let rows = Int.random(in: 1...40, using: &random)
            let slots = Int.random(in: 1...6, using: &random)
            var plan = Plan(
                rows: rows, slots: slots,
                hideSlot: (0..<rows).map { _ in Bool.random(using: &random) ? Int.random(in: 0..<slots, using: &random) : nil },
                sizeSlot: (0..<rows).map { _ in Bool.random(using: &random) ? Int.random(in: 0..<slots, using: &random) : nil },
                fitText: (0..<rows).map { _ in Int.random(in: 0..<4, using: &random) == 0 },
                fillWeight: (0..<rows).map { _ in Int.random(in: 0..<8, using: &random) == 0 ? Double(Int.random(in: 1...3, using: &random)) : nil },
                spacing: Double(Int.random(in: 0...8, using: &random)),
                nestedAt: Int.random(in: 0..<5, using: &random) == 0 ? Int.random(in: 0..<rows, using: &random) : nil)
            // Half the rows holding a stack fill (laid out again at each new
            // share, not the screen in full).
            if let holder = plan.nestedAt, Bool.random(using: &random) { plan.fillWeight[holder] = 2 }
            let model = Self.model(plan)
            var live = LiveScreen(model: model, viewportWidth: 200, viewportHeight: 300)
            var reference = Screen(model: model, viewportWidth: 200, viewportHeight: 300)
            var previous = reference.layout()
            var previousOffset = 0.0
            for _ in 0..<50 {
                let events: [LiveEvent]
                var offsetNow = previousOffset
                let pick = Int.random(in: 0..<8, using: &random)
                if pick < 2 {
                    let target = Double.random(in: -50...(previous.contentHeight + 50), using: &random)
                    events = live.scroll(to: target)
                    offsetNow = previous.clampedOffset(target)
                } else if pick == 2 {
                    // A few rows hidden or shown at once (a row holding a stack among them, at times).
                    let rows = (0..<Int.random(in: 1...3, using: &random)).map { _ in Int.random(in: 0..<model.rows.count, using: &random) }
                    let hidden = Bool.random(using: &random)
                    events = try live.setHidden(rows.map { RowKey($0) }, hidden)
                    for row in rows { reference.overrideHidden(row, hidden) }
                } else {
                    let slot = Int.random(in: 0..<slots, using: &random)
                    let value = Bool.random(using: &random)
                    events = try live.setState("s\(slot)", to: .bool(value))
                    try reference.setState("s\(slot)", to: .bool(value))
                }
                let full = reference.layout()
                offsetNow = full.clampedOffset(offsetNow)
                let expectedEvents = LiveEventDiff.expectedEvents(previous, previousOffset, full, offsetNow)
                XCTAssertTrue(LiveEventDiff.same(events, expectedEvents), "step \(steps): \(events.map(\.text)) vs \(expectedEvents.map(\.text))")
                XCTAssertTrue(close(live.offset, offsetNow), "step \(steps): offset")
                previous = full
                previousOffset = offsetNow
                XCTAssertTrue(close(live.contentMain, full.contentHeight), "step \(steps): content \(live.contentMain) vs \(full.contentHeight)")
                for row in full.rows {
                    let a = try XCTUnwrap(live.frame(ofRootRow: row))
                    let b = full.frame(of: row)
                    if !(close(a.y, b.y) && close(a.height, b.height) && close(a.x, b.x) && close(a.width, b.width)) {
                        XCTFail("step \(steps) row \(row): live \(a) vs full \(b)")
                        return
                    }
                }
                let offset = Double.random(in: -20...(full.contentHeight + 20), using: &random)
                let expected = full.visibleRows(offset: offset)
                XCTAssertEqual(live.visibleRows(offset: offset), expected, "step \(steps) offset \(offset)")
                if steps % 2000 == 0 { _ = steps }
                // And the live screen's own full layout agrees with the reference.
                XCTAssertEqual(
                    LayoutJSON.render(screen: live.screen, layout: live.layout(), offset: offset),
                    LayoutJSON.render(screen: reference, layout: full, offset: offset), "step \(steps)")
                steps += 1
            }
        }
    }

    func testSetHiddenOverridesTheExpression() throws {
        let plan = Plan(rows: 5, slots: 1, hideSlot: [nil, nil, 0, nil, nil], sizeSlot: [nil, nil, nil, nil, nil],
                        fitText: [false, false, false, false, false], spacing: 4, nestedAt: nil)
        var live = LiveScreen(model: Self.model(plan), viewportWidth: 200, viewportHeight: 100)
        // Rows are 12 + 30 + 12 = 54 high, 4 apart, inside padding 12.
        XCTAssertEqual(live.contentMain, 310.0)  // 12 + 5 × 54 + 4 × 4 + 12
        try live.setHidden(1, true)
        XCTAssertEqual(live.contentMain, 252.0)  // 12 + 4 × 54 + 3 × 4 + 12
        XCTAssertEqual(live.frame(ofRootRow: 1)?.height, 0)
        XCTAssertEqual(live.frame(ofRootRow: 1)?.y, 66.0)  // where row 0 ends
        XCTAssertEqual(live.frame(ofRootRow: 2)?.y, 70.0)
        XCTAssertThrowsError(try live.setHidden(99, true))
        XCTAssertThrowsError(try live.setState("nope", to: .bool(true)))
        XCTAssertThrowsError(try live.setState("s0", to: .number(1)))
    }
}
