// A stack inside a nested stack hidden, animated, and shown again while it
// still collapses: the quick transition (the stack's own track, what it
// holds coming and going with it, the holder and the rows after it
// following; the second change composed with the first) against the
// general one, at the sizes of `--host-sizes`.

import Foundation
import StackRuntime

extension HostBench {
    static func nestedStackHidden(count: Int) -> [Result] {
        let (live, holder) = cardsScreen(count: count)
        guard let inner = live.rows(inside: holder).last else { return [("host: a stack inside a nested stack (none in the screen)", 0, "")] }
        let clock = ContinuousClock()
        var results: [Result] = []
        for quick in [true, false] {
            var session = Self.session(live, quick: quick, scrolledTo: holder)
            var times: [Double] = []
            var interrupting: [Double] = []
            for step in 0..<8 {
                let t = 100 + Double(step)
                times.append(Measure.seconds(clock.measure {
                    _ = try? session.setHidden(inner, true, at: t)
                    _ = session.pass(at: t + 0.016)
                }))
                // Shown again 50 ms later, while it still collapses.
                interrupting.append(Measure.seconds(clock.measure {
                    _ = try? session.setHidden(inner, false, at: t + 0.05)
                    _ = session.pass(at: t + 0.066)
                }))
            }
            times.sort()
            interrupting.sort()
            let path = quick ? "quick" : "general"
            results.append((
                "host: a stack inside a nested stack hidden, animated, \(path) (\(count / 1000)k)", times[times.count / 2],
                String(format: "%.2f ms median, change and a pass", times[times.count / 2] * 1e3)))
            results.append((
                "host: shown again mid-animation, \(path) (\(count / 1000)k)", interrupting[interrupting.count / 2],
                String(format: "%.2f ms median, change and a pass", interrupting[interrupting.count / 2] * 1e3)))
        }
        return results
    }

    /// A card of the screen's own (a row holding a stack) hidden, and
    /// shown again a second later, each with a pass: the quick transition
    /// (the card's track, what it holds coming and going with it) against
    /// the general one.
    static func cardHidden(count: Int) -> [Result] {
        let (live, holder) = cardsScreen(count: count)
        guard !live.rows(inside: holder).isEmpty else { return [("host: a card hidden (none in the screen)", 0, "")] }
        let clock = ContinuousClock()
        var results: [Result] = []
        for quick in [true, false] {
            var session = Self.session(live, quick: quick, scrolledTo: holder)
            var times: [Double] = []
            for step in 0..<8 {
                let t = 100 + Double(step)
                times.append(Measure.seconds(clock.measure {
                    _ = try? session.setHidden(holder, step % 2 == 0, at: t)
                    _ = session.pass(at: t + 0.016)
                }))
            }
            times.sort()
            results.append((
                "host: a card hidden or shown, animated, \(quick ? "quick" : "general") (\(count / 1000)k)", times[times.count / 2],
                String(format: "%.2f ms median, change and a pass", times[times.count / 2] * 1e3)))
        }
        return results
    }

    /// A screen of `count` rows of cards in a phone-sized viewport, and a
    /// card in its middle.
    static func cardsScreen(count: Int) -> (LiveScreen, RowKey) {
        let live = LiveScreen(model: SyntheticModels.screen(rows: count, kind: .cards), viewportWidth: 390, viewportHeight: 844)
        return (live, live.rows[live.rows.count / 2 / 50 * 50 + 49])
    }

    /// A session on `live`, with quick changes or not, scrolled to `row`,
    /// its first pass taken.
    static func session(_ live: LiveScreen, quick: Bool, scrolledTo row: RowKey) -> HostSession {
        var session = HostSession(live)
        session.allowsQuickChanges = quick
        session.scroll(to: live.frame(of: row)?.y ?? 0, at: 0)
        _ = session.pass(at: 0)
        return session
    }
}
