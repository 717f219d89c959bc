// Layout benchmarks: the layout pass over fixed rows (with a bare prefix-sum
// loop over the same sizes as the floor), fit text, and visible-range queries.

import Foundation
import StackRuntime

enum LayoutBench {
    typealias Result = (String, Double, String)

    static func fixed(rows: Int, iterations: Int) -> [Result] {
        let screen = Screen(model: SyntheticModels.screen(rows: rows, kind: .fixed))
        var resolved = screen.resolve()
        let resolveTime = Measure.median(iterations: iterations) { resolved = screen.resolve() }
        var layout = screen.layout(resolved)
        let layoutTime = Measure.median(iterations: iterations) { layout = screen.layout(resolved) }
        // The floor: a prefix sum over the same row extents.
        let sizes = [Double](repeating: 68, count: rows)
        var starts = [Double](repeating: 0, count: rows)
        let floorTime = Measure.median(iterations: iterations) {
            sizes.withUnsafeBufferPointer { sizes in
                starts.withUnsafeMutableBufferPointer { starts in
                    var y = 0.0
                    for index in sizes.indices {
                        starts[index] = y
                        y += sizes[index]
                    }
                }
            }
        }
        precondition(starts.last! >= 0 && layout.contentHeight > 0)
        let perRow = { (t: Double) in String(format: "%.1f ns a row", t * 1e9 / Double(rows)) }
        return [
            ("layout pass, \(rows) fixed rows", layoutTime, perRow(layoutTime)),
            ("  floor: prefix sum of the same sizes", floorTime, perRow(floorTime)),
            ("  evaluate properties (resolve)", resolveTime, perRow(resolveTime)),
        ]
    }

    static func fitText(rows: Int, iterations: Int) -> [Result] {
        let screen = Screen(model: SyntheticModels.screen(rows: rows, kind: .fitText))
        let resolved = screen.resolve()
        var layout = screen.layout(resolved)
        let time = Measure.median(iterations: iterations) { layout = screen.layout(resolved) }
        let mixed = Screen(model: SyntheticModels.screen(rows: rows, kind: .mixed))
        let mixedResolved = mixed.resolve()
        let mixedTime = Measure.median(iterations: iterations) { _ = mixed.layout(mixedResolved) }
        precondition(layout.contentHeight > 0)
        return [
            ("layout pass, \(rows) fit text rows", time, String(format: "%.1f ns a row (measuring included)", time * 1e9 / Double(rows))),
            ("layout pass, \(rows) mixed rows", mixedTime, String(format: "%.1f ns a row (hidden, nested, text)", mixedTime * 1e9 / Double(rows))),
        ]
    }

    static func query(rows: Int) -> [Result] {
        let before = Measure.peakResidentBytes() ?? 0
        let screen = Screen(model: SyntheticModels.screen(rows: rows, kind: .fixed))
        let layout = screen.layout()
        let after = Measure.peakResidentBytes() ?? 0
        let content = layout.contentHeight
        var state: UInt64 = 12345
        let count = 200_000
        var offsets = [Double](repeating: 0, count: count)
        for index in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            offsets[index] = Double(state >> 11) / Double(1 << 53) * content
        }
        var total = 0
        let time = Measure.median(iterations: 5) {
            for offset in offsets { total &+= layout.visibleRange(offset: offset).count }
        }
        precondition(total > 0)
        return [
            ("visible-range query, \(rows) rows", time / Double(count), String(format: "%.0f ns a query (median of 5 × %d)", time / Double(count) * 1e9, count)),
            ("memory, model + layout of \(rows) rows", 0, String(format: "%.0f bytes a row (peak RSS growth)", Double(max(0, after - before)) / Double(rows))),
        ]
    }
}
