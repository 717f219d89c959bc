// Rows of the screen's own stack inserted, replaced, removed and moved
// through the seeds' imperative calls (`insert(_:at:)`, `replace(_:with:)`,
// `remove(rows:)`, `move(_:to:)`, as ScrollStackController and AloeStackView
// have them) are spliced into
// the layout, not laid out in full, and animate as elements of bound data
// do. The oracle is the general transition, as in QuickTransitionTests.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

extension QuickTransitionTests {
    static let mutationSource = """
        component Note(label: string, tall: bool = false): Text {
            text: label
            size: tall ? 64 : 32
        }
        component Pair(label: string): Stack {
            padding: 4
            Text { text: label  size: 20 }
            Text { text: "and"  size: 14 }
        }
        screen Notes {
            spacing: 3
            state open: bool = false
            defaults {
                separator { color: #DDDDDD  thickness: 1 }
                transition insert { duration: 250ms  curve: ease-out  from { alpha: 0  scale: 0.9 } }
                transition remove { duration: 200ms  to { alpha: 0 } }
                transition move { duration: 300ms }
                transition resize { duration: 200ms }
            }
            Text head { text: "notes"  size: open ? 60 : 40 }
            Note n1 { label: "one" }
            Note n2 { label: "two"  tall: true }
            Note n3 { label: "three" }
            Note n4 { label: "four" }
            Text foot { text: "end"  size: 30 }
        }
        """

    /// Rows inserted (one or two at a time, at the top, the bottom or a
    /// place), replaced, removed (one or two), moved, a state resized, scrolls —
    /// apart and mid-animation: drawn as the general transition draws them,
    /// and mostly without a full layout. A component that holds a stack
    /// (`Pair`) still lays out in full.
    func testRowsInsertedRemovedAndMovedImperativelyPresentAsTheGeneralTransition() throws {
        let model = try LiveModelTests.model(Self.mutationSource)
        var random = SplitMix64(seed: 0x1A4E)
        var (quick, general) = sessions(model, height: 400)
        var time = 0.0, spliced = 0, labels = 0
        for step in 0..<TestScale.count(full: 400, quick: 100) {
            time += [0, 0.05, 0.15, 0.6, 1.5][Int.random(in: 0..<5, using: &random)]
            let roots = quick.live.rootRows
            let choice = Int.random(in: 0..<11, using: &random)
            labels += 1
            let note = ComponentInstance(choice == 9 ? "Pair" : "Note", arguments: ["label": .string("note \(labels)")].merging(
                choice == 9 ? [:] : ["tall": .bool(Bool.random(using: &random))], uniquingKeysWith: { a, _ in a }))
            let position: InsertPosition = [.top, .bottom, .index(Int.random(in: 0...roots.count, using: &random))].randomElement(using: &random)!
            let two = Bool.random(using: &random)
            let gone = Array(roots.shuffled(using: &random).prefix(two ? 2 : 1))
            let moved = roots.randomElement(using: &random)
            let target = Int.random(in: 0..<max(roots.count, 1), using: &random)
            let open = Bool.random(using: &random)
            let offset = Double.random(in: 0...(quick.live.contentMain + 50), using: &random)
            let structural = choice < 7 || choice >= 9
            let mutation: (inout LiveScreen) throws(RuntimeError) -> [LiveEvent] = { live throws(RuntimeError) in
                switch choice {
                case 0, 1, 9: return try live.insert(two && choice != 9 ? [note, note] : [note], at: position).events
                case 2...4: return roots.count > 3 ? try live.remove(rows: gone.map { RowKey($0) }).events : []
                case 5, 6:
                    guard let moved else { return [] }
                    return try live.move(RowKey(moved), to: target).events
                case 7: return try live.setState("open", to: .bool(open))
                case 10:
                    // A row replaced by a note (`replace(_:with:)`), its id passing on.
                    guard let moved else { return [] }
                    return try live.replace(RowKey(moved), with: note).events
                default: return []
                }
            }
            try onBoth(&quick, &general) { session, _ in
                if choice == 8 {
                    session.scroll(to: offset, at: time)
                } else {
                    _ = try session.change(at: time, mutation)
                }
            }
            if structural, choice != 9, quick.screen.quick != nil { spliced += 1 }
            compare(&quick, &general, at: time, after: [0.0, 0.04, 0.1, 0.2, 0.35, 2.0], label: "step \(step) choice \(choice)")
            if testRun?.failureCount ?? 0 > 0 { return }
        }
        XCTAssertGreaterThan(spliced, TestScale.count(full: 400, quick: 100) / 6, "rows went in, out and moved on the quick path")
    }
}
