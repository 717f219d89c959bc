// Seeded property tests over thousands of random screens: the engine's
// invariants, and agreement with the simple reference implementation.

import StackRuntime
import TestSupport
import XCTest

final class LayoutPropertyTests: XCTestCase {
    private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(a), abs(b)) }
    private func close(_ a: Rect, _ b: Rect) -> Bool {
        close(a.x, b.x) && close(a.y, b.y) && close(a.width, b.width) && close(a.height, b.height)
    }

    func testEngineAgreesWithTheReference() {
        var random = SplitMix64(seed: 0x1A40_0001)
        for round in 0..<3000 {
            let root = RandomScreens.stack(&random, depth: 2)
            let width = Double(Int.random(in: 100...500, using: &random))
            let height = Double(Int.random(in: 100...900, using: &random))
            let screen = Screen(model: TestScreen.model(root), viewportWidth: width, viewportHeight: height)
            let layout = screen.layout()
            let reference = ReferenceLayout.layout(root, width: width, height: height)
            XCTAssertEqual(reference.rows.count, screen.model.rows.count)
            XCTAssertTrue(close(layout.stackContentMain, reference.contentMain), "round \(round): content \(layout.stackContentMain) vs \(reference.contentMain)")
            for (index, expected) in reference.rows.enumerated() {
                XCTAssertEqual(layout.isHidden(index), expected.hidden, "round \(round) row \(index)")
                if !expected.hidden, !close(layout.frame(of: index), expected.frame) {
                    XCTFail("round \(round) row \(index): engine \(layout.frame(of: index)) vs reference \(expected.frame)")
                    return
                }
            }
        }
    }

    func testInvariants() {
        var random = SplitMix64(seed: 0x1A40_0002)
        var fillChecks = 0
        for round in 0..<3000 {
            let root = RandomScreens.stack(&random, depth: 2, allowMinMaxOnFill: false)
            let width = Double(Int.random(in: 100...500, using: &random))
            let height = Double(Int.random(in: 100...900, using: &random))
            let screen = Screen(model: TestScreen.model(root), viewportWidth: width, viewportHeight: height)
            let layout = screen.layout()
            let axis = root.axis
            let visible = layout.rows.filter { !layout.isHidden($0) }
            // Rows never overlap, and visible rows plus spacing tile the content exactly.
            var cursor = axis == .vertical ? root.padding.top : root.padding.left
            for (n, row) in visible.enumerated() {
                if n > 0 { cursor += root.spacing }
                let frame = layout.frame(of: row)
                XCTAssertTrue(close(frame.start(axis), cursor), "round \(round): row \(row) starts at \(frame.start(axis)), expected \(cursor)")
                cursor += frame.size(axis)
            }
            cursor += axis == .vertical ? root.padding.bottom : root.padding.right
            XCTAssertTrue(close(cursor, axis == .vertical ? layout.contentHeight : layout.contentWidth), "round \(round): content size")
            for row in 0..<screen.model.rows.count {
                let frame = layout.frame(of: row)
                if layout.isHidden(row) {
                    // Hidden rows are zero-sized along their axis and draw no separator.
                    XCTAssertEqual(frame.size(layout.axis(of: layout.parent(of: row))), 0)
                    XCTAssertNil(layout.separatorFrame(of: row))
                    XCTAssertNil(layout.contentFrame(of: row))
                } else if let separator = layout.separatorFrame(of: row) {
                    // Separators lie inside their rows.
                    XCTAssertGreaterThanOrEqual(separator.x, frame.x - 1e-9)
                    XCTAssertGreaterThanOrEqual(separator.y, frame.y - 1e-9)
                    XCTAssertLessThanOrEqual(separator.x + separator.width, frame.x + frame.width + 1e-6, "round \(round) row \(row)")
                    XCTAssertLessThanOrEqual(separator.y + separator.height, frame.y + frame.height + 1e-6, "round \(round) row \(row)")
                }
            }
            // Fill rows fill the viewport exactly when there is room.
            let hasFill = root.rows.contains { row in
                if case .fill = row.size { return !row.hidden }
                return false
            }
            if hasFill {
                let viewport = axis == .vertical ? height : width
                let content = axis == .vertical ? layout.contentHeight : layout.contentWidth
                let fixedOnly = root.rows.enumerated().filter { _, row in
                    if case .fill = row.size { return false }
                    return !row.hidden
                }
                let others = fixedOnly.map { layout.frame(of: screen.model.stacks[0].rows[$0.offset]).size(axis) }.reduce(0, +)
                let gaps = root.spacing * Double(max(0, visible.count - 1))
                let padding = axis == .vertical ? root.padding.top + root.padding.bottom : root.padding.left + root.padding.right
                // Each fill row's share at least its insets (a row is never
                // smaller than its insets: its content is the share minus
                // them, never below 0). Its share is by weight: a fifth of
                // the room with weights 2, 1 and 2.
                let weights = root.rows.reduce(0.0) { total, row in
                    if case .fill(let w) = row.size, !row.hidden { total + w } else { total }
                }
                let fillInsetsFit = root.rows.allSatisfy { row in
                    guard case .fill(let w) = row.size, !row.hidden else { return true }
                    let insets = axis == .vertical ? row.insets.top + row.insets.bottom : row.insets.left + row.insets.right
                    return insets <= (viewport - padding - gaps - others) * w / weights
                }
                if viewport - padding - gaps - others > 0, fillInsetsFit {
                    fillChecks += 1
                    XCTAssertTrue(close(content, viewport), "round \(round): fill rows should fill \(viewport), content \(content)")
                }
            }
        }
        XCTAssertGreaterThan(fillChecks, 100)
    }
}
