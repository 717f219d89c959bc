// Render passes as a host takes them: mid-scroll and mid-animation, at 10k,
// 100k and 1M rows, to show what depends on N and what does not.

import StackRuntime

enum HostBench {
    typealias Result = (String, Double, String)

    static func passes(rows: Int) -> [Result] {
        var results: [Result] = []
        for count in [10_000, 100_000, max(rows, 1_000_000)] {
            let model = SyntheticModels.screen(rows: count, kind: .fitText)
            var session = HostSession(LiveScreen(model: model, viewportWidth: 390, viewportHeight: 844))
            let clock = ContinuousClock()
            func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }
            // Mid-scroll: scroll a little, take a pass.
            var scroll: [Double] = []
            var windowRows = 0
            var offset = session.screen.live.contentMain / 2
            for step in 0..<1000 {
                offset += 7
                let t = Double(step)
                scroll.append(seconds(clock.measure {
                    session.scroll(to: offset, at: t)
                    windowRows = session.pass(at: t).rows.count
                }))
            }
            scroll.sort()
            results.append(("host: pass mid-scroll (\(count / 1000)k)", scroll[scroll.count / 2],
                String(format: "%.1f µs median, %d rows in the window", scroll[scroll.count / 2] * 1e6, windowRows)))
            // Mid-animation: near the end, a row hides and the 50 rows after it move.
            var animated = model
            var table = animated.expressions
            let duration = table.addConstant(.duration(0.3))
            let none = table.addConstant(.duration(0))
            animated.expressions = table
            let specs = [
                TransitionModel(kind: .move, duration: duration, delay: none, curve: .easeInOut, from: nil, to: nil),
                TransitionModel(kind: .hide, duration: duration, delay: none, curve: .easeInOut, from: nil, to: nil),
                TransitionModel(kind: .show, duration: duration, delay: none, curve: .easeInOut, from: nil, to: nil),
            ]
            for row in animated.rows.indices { animated.rows[row].transitions = specs }
            var moving = HostSession(LiveScreen(model: animated, viewportWidth: 390, viewportHeight: 844))
            moving.scroll(to: .infinity, at: 0)
            _ = moving.pass(at: 0)
            let rowsOfScreen = moving.screen.live.screen.model.stacks[moving.screen.live.screen.model.rootStack].rows
            let target = rowsOfScreen[rowsOfScreen.count - 51]
            var animation: [Double] = []
            var tracks = 0
            for step in 0..<20 {
                let t = 10 + Double(step)
                _ = try? moving.change(at: t) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    try live.setHidden(RowKey(target), step % 2 == 0)
                }
                tracks = moving.screen.transition?.tracks.count ?? 0
                animation.append(seconds(clock.measure { _ = moving.pass(at: t + 0.1) }))
            }
            animation.sort()
            results.append(("host: pass mid-animation (\(count / 1000)k)", animation[animation.count / 2],
                String(format: "%.1f µs median, %d rows animating", animation[animation.count / 2] * 1e6, tracks)))
        }
        return results
    }
}
