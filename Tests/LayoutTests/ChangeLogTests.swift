// The change log of several updates in one change against the layout before
// it: every row logged, of the screen's own or holding a nested stack, with
// the pose it had before the whole change, whichever update touched it first
// (IncrementalLayout+Updates).

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class ChangeLogTests: XCTestCase {
    func testRowsOfSeveralUpdatesAreLoggedWithTheirPosesBeforeTheChange() throws {
        var models = [try LiveModelTests.model(QuickTransitionTests.source), try LiveModelTests.model(QuickTransitionTests.nestedSource)]
        for (_, sample) in try CompiledFormatTests.sampleModels() { models += sample }
        var checked = 0
        for (number, model) in models.enumerated() {
            var random = SplitMix64(seed: 0xC4A_6E &+ UInt64(number))
            let heights = SharedHeights()
            var live = LiveScreen(model: model, viewportWidth: 390, viewportHeight: 500, measurer: heights)
            let flag = model.state.first { $0.type == .bool }
            for step in 0..<TestScale.count(full: 400, quick: 100) {
                let before = live.incremental
                live.incremental.beginChangeLog()
                for _ in 0..<Int.random(in: 2...4, using: &random) {
                    let row = Int.random(in: 0..<model.rows.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0:
                        heights.extra[row] = Double(Int.random(in: 0...6, using: &random) * 15)
                        _ = try? live.invalidateSize(of: RowKey(row))
                    case 1: _ = try? live.setHidden(RowKey(row), Bool.random(using: &random))
                    default:
                        if let flag { _ = try? live.setState(flag.name, to: .bool(!((try? live.state(flag.name))?.boolValue ?? false))) }
                    }
                }
                let log = live.incremental.changeLog
                guard !log.full, log.blocks.isEmpty, log.moved == nil else { continue }
                XCTAssertLessThanOrEqual(log.updates, 1, "\(model.name) step \(step)")
                XCTAssertEqual(Set(log.rows.map(\.row)).count, log.rows.count, "\(model.name) step \(step): a row logged twice")
                for (row, pose) in log.rows {
                    // Positions are sums of extents: the same place can differ in the last bits.
                    XCTAssertTrue(Self.same(pose, before.pose(ofRootRow: row)), "\(model.name) step \(step) row \(row): \(pose) against \(before.pose(ofRootRow: row))")
                    checked += 1
                }
                for change in log.nested {
                    XCTAssertTrue(Self.same(change.before, before.pose(ofRootRow: change.holder)), "\(model.name) step \(step) holder \(change.holder)")
                    for (row, pose) in change.rows { XCTAssertEqual(pose, before.nestedPose(of: row), "\(model.name) step \(step) row \(row) inside") }
                }
            }
        }
        XCTAssertGreaterThan(checked, 500)
    }

    static func same(_ a: Pose, _ b: Pose) -> Bool {
        func close(_ x: Rect?, _ y: Rect?) -> Bool {
            guard let x, let y else { return x == nil && y == nil }
            return [(x.x, y.x), (x.y, y.y), (x.width, y.width), (x.height, y.height)].allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0)) }
        }
        return close(a.frame, b.frame) && close(a.content, b.content) && close(a.separator, b.separator) && a.hidden == b.hidden && a.effects == b.effects
    }
}
