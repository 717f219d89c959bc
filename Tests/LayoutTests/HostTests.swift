// Render passes and recycling, as host.md asks: applying each pass's
// differences to a recording host yields exactly the pass; a pass is the
// presented screen restricted to the window; live views stay bounded while
// scrolling a long screen, and scrolling back creates none.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

/// A view that remembers what it was last told to show.
final class RecordingView: PlatformRowView {
    let reuseIdentifier: String
    var shown: RenderedRow?
    var reuses = 0

    init(_ reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }

    func apply(_ row: RenderedRow) {
        precondition(row.reuseIdentifier == reuseIdentifier, "a view shows rows of its own identifier")
        shown = row
    }

    func prepareForReuse() {
        shown = nil
        reuses += 1
    }
}

final class HostTests: XCTestCase {
    func testPassesAppliedToARecordingHostOverRandomSteps() throws {
        var checked = 0
        for (name, models) in try CompiledFormatTests.sampleModels() {
            for model in models {
                checked += try walk(model, label: "\(name) \(model.name)")
            }
        }
        XCTAssertGreaterThan(checked, 250)
    }

    func walk(_ model: ScreenModel, label: String) throws -> Int {
        var random = SplitMix64(seed: 0x4057 &+ UInt64(model.rows.count))
        var session = HostSession(LiveScreen(model: model, viewportWidth: 390, viewportHeight: 500))
        let host = ViewHost<RecordingView> { RecordingView($0) }
        var time = 0.0
        var checked = 0
        for step in 0..<TestScale.count(full: 1000, quick: 150) {
            time += [0, 0.02, 0.1, 0.4, 1][Int.random(in: 0..<5, using: &random)]
            let roots = session.screen.live.rootRows
            let choice = Int.random(in: 0..<9, using: &random)
            if choice == 8 {
                // A host following a finger: no transition while none runs.
                session.scroll(to: Double.random(in: -50...(session.screen.live.contentMain + 50), using: &random), at: time)
            }
            if choice < 8 { _ = try? session.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                switch choice {
                case 0: return live.scroll(to: Double.random(in: -50...(live.contentMain + 50), using: &random))
                case 2: return live.tap(x: Double.random(in: 0..<390, using: &random), y: Double.random(in: 0..<500, using: &random)).events
                case 3 where !roots.isEmpty: return try live.invalidateSize(of: RowKey(roots.randomElement(using: &random)!))
                case 4 where roots.count > 2: return try live.setHidden(RowKey(roots.randomElement(using: &random)!), Bool.random(using: &random))
                case 5 where roots.count > 1: return try live.move(RowKey(roots.randomElement(using: &random)!), to: Int.random(in: 0..<roots.count, using: &random)).events
                case 6 where !live.screen.model.components.isEmpty && roots.count < 40:
                    let template = live.screen.model.components.randomElement(using: &random)!
                    var arguments: [String: RuntimeValue] = [:]
                    for parameter in template.parameters.map({ live.screen.model.parameters[$0] }) where parameter.defaultValue == nil {
                        arguments[parameter.name] = InstantiationTests.literal(parameter.type, live.screen.model).value
                    }
                    return try live.insert(ComponentInstance(template.name, arguments: arguments), at: .index(Int.random(in: 0...roots.count, using: &random))).events
                default:
                    guard let slot = live.screen.model.state.filter({ $0.type == .bool }).randomElement(using: &random) else { return [] }
                    return try live.setState(slot.name, to: .bool(Bool.random(using: &random)))
                }
            } }
            // Passes at a few instants after the change, some mid-animation.
            for _ in 0..<2 {
                let t = time + Double.random(in: 0...0.5, using: &random)
                let pass = session.pass(at: t)
                host.apply(pass)
                XCTAssertEqual(Set(host.views.keys), Set(pass.rows.map(\.key)), "\(label) step \(step): the host holds the pass's rows")
                for row in pass.rows where host.views[row.key]?.shown != row {
                    XCTFail("\(label) step \(step): \(row.key) is not shown as the pass has it")
                    return checked
                }
                // The pass is the presented screen, restricted to the window.
                let full = session.screen.presented(at: t)
                for row in pass.rows where row.zIndex == 0 || pass.isAnimating {
                    guard let presented = full.rows[row.key.row] else { XCTFail("\(label) step \(step): \(row.key) not presented"); return checked }
                    XCTAssertEqual(presented.frame, row.frame, "\(label) step \(step) \(row.key)")
                    XCTAssertEqual(presented.alpha, row.alpha, "\(label) step \(step) \(row.key)")
                }
                let inPass = Set(pass.rows.map(\.key.row))
                for root in full.roots {
                    guard let presented = full.rows[root], presented.visibility == .entire || {
                        if case .partial = presented.visibility { true } else { false }
                    }() else { continue }
                    XCTAssertTrue(inPass.contains(root), "\(label) step \(step): visible row \(root) missing from the pass")
                }
                checked += 1
            }
        }
        return checked
    }

    func testScrollingALongScreenKeepsViewsBoundedAndReusesThem() throws {
        let count = TestScale.count(full: 100_000, quick: 5_000)
        var source = "screen Long {\n"
        for i in 0..<count { source += "    Text { text: \"row \(i)\"  size: \(20 + i % 3 * 10) }\n" }
        source += "}\n"
        let model = try LiveModelTests.model(source)
        var session = HostSession(LiveScreen(model: model, viewportWidth: 390, viewportHeight: 800))
        let host = ViewHost<RecordingView> { RecordingView($0) }
        var largestWindow = 0
        var offset = 0.0
        var time = 0.0
        let end = session.screen.live.contentMain
        var passes = 0
        while offset < end {
            session.scroll(to: offset, at: time)
            let pass = session.pass(at: time)
            host.apply(pass)
            largestWindow = max(largestWindow, pass.rows.count)
            XCTAssertLessThanOrEqual(host.views.count + host.pooled, 2 * largestWindow + 2, "views bounded by the window")
            offset += 397
            time += 1
            passes += 1
        }
        XCTAssertGreaterThan(passes, count / 100)
        XCTAssertLessThan(largestWindow, 100, "a window of 800 points ± half of it")
        XCTAssertLessThanOrEqual(host.created, 2 * largestWindow + 2, "made once, then reused: \(host.created)")
        // Back to the top and down again: the pool serves every row.
        let made = host.created
        for back in stride(from: end, through: 0, by: -613.0) {
            session.scroll(to: back, at: time)
            host.apply(session.pass(at: time))
            time += 1
        }
        XCTAssertEqual(host.created, made, "no view made when scrolling back over rows already seen")
    }
}
