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
        let before = Measure.settledResidentBytes() ?? 0
        let screen = Screen(model: SyntheticModels.screen(rows: rows, kind: .fixed))
        let layout = screen.layout()
        let after = Measure.settledResidentBytes() ?? 0
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
        withExtendedLifetime(screen) {}
        return [
            ("visible-range query, \(rows) rows", time / Double(count), String(format: "%.0f ns a query (median of 5 × %d)", time / Double(count) * 1e9, count)),
            ("memory, model + layout of \(rows) rows", 0, String(format: "%.0f bytes a row (resident growth, heap trimmed)", Double(max(0, after - before)) / Double(rows))),
        ]
    }
}

extension LayoutBench {
    /// Toggling one row of a million and asking what is visible, on a live screen.
    static func live(rows: Int) -> [Result] {
        toggle(rows: rows) + invalidate(rows: rows)
    }

    static func toggle(rows: Int) -> [Result] {
        var screen = LiveScreen(model: SyntheticModels.screen(rows: rows, kind: .fixed))
        var state: UInt64 = 99
        var samples: [Double] = []
        var visible = 0
        let clock = ContinuousClock()
        for step in 0..<2000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let row = Int(state >> 33) % rows
            let offset = Double(row) * 68
            let elapsed = clock.measure {
                _ = try? screen.setHidden(RowKey(row), step % 2 == 0)
                visible &+= screen.visibleRows(offset: offset).count
            }
            samples.append(Measure.seconds(elapsed))
        }
        samples.sort()
        precondition(visible > 0)
        let median = samples[samples.count / 2]
        return [("live: toggle a row, query (\(rows / 1000)k)", median, String(format: "%.1f µs median, %.1f µs 90th percentile (2,000 toggles)", median * 1e6, samples[samples.count * 9 / 10] * 1e6))]
    }

    /// A host saying one fit row's size changed (`invalidateSize(of:)`), then
    /// asking what is visible there: O(log n), whatever the screen's length.
    static func invalidate(rows: Int) -> [Result] {
        var results: [Result] = []
        for count in [10_000, 100_000, rows] {
            var screen = LiveScreen(model: SyntheticModels.screen(rows: count, kind: .fitText))
            var state: UInt64 = 7
            var samples: [Double] = []
            var visible = 0
            let clock = ContinuousClock()
            for _ in 0..<2000 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let row = Int(state >> 33) % count
                let elapsed = clock.measure {
                    _ = try? screen.invalidateSize(of: RowKey(row))
                    visible &+= screen.visibleRows(offset: screen.frame(ofRootRow: row)?.y ?? 0).count
                }
                samples.append(Measure.seconds(elapsed))
            }
            samples.sort()
            precondition(visible > 0)
            let median = samples[samples.count / 2]
            results.append((
                "live: invalidate a row's size, query (\(count / 1000)k)", median,
                String(format: "%.1f µs median, %.1f µs 90th percentile (2,000 rows)", median * 1e6, samples[samples.count * 9 / 10] * 1e6)))
        }
        return results
    }
}

extension LayoutBench {
    /// Building a transition for one row hidden or shown in the middle of the
    /// screen (every row after it moves) and sampling one instant of it.
    static func animate(rows: Int) -> [Result] {
        // Every row shows, hides and moves by a transition, as a real screen's would.
        var model = SyntheticModels.screen(rows: rows, kind: .fixed)
        var table = model.expressions
        let duration = table.addConstant(.duration(0.3))
        let none = table.addConstant(.duration(0))
        model.expressions = table
        let specs = [
            TransitionModel(kind: .move, duration: duration, delay: none, curve: .easeInOut, from: nil, to: nil),
            TransitionModel(kind: .hide, duration: duration, delay: none, curve: .spring(damping: 0.8, velocity: 0), from: nil, to: nil),
            TransitionModel(kind: .show, duration: duration, delay: none, curve: .spring(damping: 0.8, velocity: 0), from: nil, to: nil),
        ]
        for row in model.rows.indices { model.rows[row].transitions = specs }
        var screen = AnimatedScreen(LiveScreen(model: model))
        var step = 0
        var drawn = 0
        let change = Measure.median(iterations: 20) {
            step += 1
            _ = try? screen.change(at: Double(step)) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                try live.setHidden(RowKey(rows / 2), step % 2 == 0)
            }
        }
        // Halfway through the last change: rows below the hidden one on their way up.
        let sample = Measure.median(iterations: 20) { drawn &+= screen.presented(at: Double(step) + 0.15).rows.count }
        let transition = screen.transition!
        let visible = Measure.median(iterations: 20) { drawn &+= transition.sample(at: 0.15, visibleOnly: true).rows.count }
        precondition(drawn > 0)
        return [
            ("animate: change + transition (\(rows / 1000)k)", change, String(format: "%.1f ms", change * 1e3)),
            ("animate: sample one instant (\(rows / 1000)k)", sample, String(format: "%.1f ms", sample * 1e3)),
            ("animate: sample visible rows (\(rows / 1000)k)", visible, String(format: "%.2f ms", visible * 1e3)),
        ]
    }
}
