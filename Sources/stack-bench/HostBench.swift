// Render passes as a host takes them: mid-scroll, frames mid-animation, the
// first pass after a change, and a host view invalidated — at 10k, 100k and
// 1M rows (`--host-sizes`), to show what depends on N and what does not.

import StackCompiler
import StackParser
import StackRuntime

enum HostBench {
    typealias Result = (String, Double, String)

    static func passes(sizes: [Int]) -> [Result] {
        var results: [Result] = []
        for count in sizes {
            let model = SyntheticModels.screen(rows: count, kind: .fitText)
            var session = HostSession(LiveScreen(model: model, viewportWidth: 390, viewportHeight: 844))
            let clock = ContinuousClock()
            // Mid-scroll: scroll a little, take a pass.
            var scroll: [Double] = []
            var windowRows = 0
            var offset = session.screen.live.contentMain / 2
            for step in 0..<1000 {
                offset += 7
                let t = Double(step)
                scroll.append(Measure.seconds(clock.measure {
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
            var firstPass: [Double] = []
            var frames: [Double] = []
            var tracks = 0
            var framedRows = 0
            for step in 0..<20 {
                let t = 10 + Double(step)
                _ = try? moving.change(at: t) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    try live.setHidden(RowKey(target), step % 2 == 0)
                }
                // The general transition has a track per moving row; a quick one, one
                // track and the 50 rows after it following.
                tracks = moving.screen.transition?.tracks.count ?? 51
                // The first pass after a change finds the cache cold (the
                // change walked every row); the frames after it are what a
                // display link pays 60 times a second.
                firstPass.append(Measure.seconds(clock.measure { _ = moving.pass(at: t + 0.016) }))
                for frame in 2..<18 {
                    frames.append(Measure.seconds(clock.measure { framedRows = moving.pass(at: t + 0.016 * Double(frame)).rows.count }))
                }
            }
            firstPass.sort()
            frames.sort()
            results.append(("host: frame mid-animation (\(count / 1000)k)", frames[frames.count / 2],
                String(format: "%.1f µs median, %d rows animating, %d in the window", frames[frames.count / 2] * 1e6, tracks, framedRows)))
            results.append(("host: first pass after a change (\(count / 1000)k)", firstPass[firstPass.count / 2],
                String(format: "%.1f µs median (cache cold after the change)", firstPass[firstPass.count / 2] * 1e6)))
            // A host view changes size: invalidate it, take a pass. Without
            // a transition (the live screen alone, O(log n)), then as an
            // animated change (its resize transition: the change compares
            // the layouts, O(n)).
            let growing = GrowingMeasurer()
            var grown = LiveScreen(model: model, viewportWidth: 390, viewportHeight: 844, measurer: growing)
            let middle = grown.rows[grown.rows.count / 2]
            growing.target = middle
            var invalidateSession = HostSession(grown)
            invalidateSession.scroll(to: grown.frame(of: middle)?.y ?? 0, at: 0)
            _ = invalidateSession.pass(at: 0)
            var invalidations: [Double] = []
            for _ in 0..<1000 {
                invalidations.append(Measure.seconds(clock.measure { _ = try? grown.invalidateSize(of: middle) }))
            }
            invalidations.sort()
            var animatedInvalidations: [Double] = []
            for step in 0..<5 {
                let t = 100 + Double(step)
                animatedInvalidations.append(Measure.seconds(clock.measure {
                    _ = try? invalidateSession.invalidateSize(of: middle, at: t)
                    framedRows = invalidateSession.pass(at: t).rows.count
                }))
            }
            animatedInvalidations.sort()
            results.append(("host: invalidate one row (\(count / 1000)k)", invalidations[invalidations.count / 2],
                String(format: "%.1f µs median, the live screen alone", invalidations[invalidations.count / 2] * 1e6)))
            // A view inside a nested stack: its holder is laid out again, the rows after it move.
            let nestedModel = SyntheticModels.screen(rows: count, kind: .mixed)
            let nestedGrowing = GrowingMeasurer()
            var nestedLive = LiveScreen(model: nestedModel, viewportWidth: 390, viewportHeight: 844, measurer: nestedGrowing)
            let holder = nestedLive.rows[nestedLive.rows.count / 2 / 50 * 50 + 49]
            let inner = nestedLive.rows(inside: holder)[1]
            nestedGrowing.target = inner
            var nestedInvalidations: [Double] = []
            for _ in 0..<1000 {
                nestedInvalidations.append(Measure.seconds(clock.measure {
                    _ = try? nestedLive.invalidateSize(of: inner)
                    _ = nestedLive.frame(of: inner)
                }))
            }
            nestedInvalidations.sort()
            results.append(("host: invalidate a nested row (\(count / 1000)k)", nestedInvalidations[nestedInvalidations.count / 2],
                String(format: "%.1f µs median, the live screen alone: its holder laid out again", nestedInvalidations[nestedInvalidations.count / 2] * 1e6)))
            // The same, animated: the quick transition (the holder's track,
            // the rows inside on theirs, the rows after following) against the general one.
            for quick in [true, false] {
                var session = Self.session(nestedLive, quick: quick, scrolledTo: holder)
                var animated: [Double] = []
                for step in 0..<7 {
                    let t = 100 + Double(step)
                    animated.append(Measure.seconds(clock.measure {
                        _ = try? session.invalidateSize(of: inner, at: t)
                        _ = session.pass(at: t + 0.016)
                    }))
                }
                animated.sort()
                results.append(("host: a nested row resized, animated, \(quick ? "quick" : "general") (\(count / 1000)k)", animated[animated.count / 2],
                    String(format: "%.2f ms median, change and a pass", animated[animated.count / 2] * 1e3)))
            }
            results += nestedStackHidden(count: count)
            results += cardHidden(count: count)
            results.append(("host: invalidate + pass, animated (\(count / 1000)k)", animatedInvalidations[animatedInvalidations.count / 2],
                String(format: "%.1f µs median, %d rows in the window", animatedInvalidations[animatedInvalidations.count / 2] * 1e6, framedRows)))
            results += severalRows(count: count)
            results += overGeneral(count: count) + overGeneral(count: count, cards: true) + overGeneral(count: count, lists: true)
            results += manyReaders(count: count, readers: min(1000, count / 4))
            // A tenth of the screen's rows: past the 4,096 a change's log
            // held at any size (a quarter of the rows now), with frames.
            results += manyReaders(count: count, readers: count / 20, frames: true)
            results += pinnedScreen(count: count)
            results += fillScreen(count: count)
            results += imperativeInsert(count: count)
            results += movedAndChanged(count: count)
            results += hiddenMovedAndShown(count: count)
            results += changedThenMoved(count: count)
            results += lastMovedAndChanged(count: count)
            results += separatorPassedThenChanged(count: count)
            results += movedBesideCard(count: count)
            results += movedAndChangedWhileRunning(count: count)
            results += manyUpdates(count: count, updates: 500)
        }
        return results
    }

    /// The first screen of `source`, compiled for a bench (nil if it does not compile).
    static func benchScreen(_ source: String, path: String) -> ScreenModel? {
        guard let program = Compiler.check(SourceFile(path: path, text: source)).program else { return nil }
        return Compiler.lower(program).first
    }

    /// A session on `model` in a phone-sized viewport scrolled to its middle,
    /// with quick changes or not, and its first pass taken.
    static func sessionMidway(_ model: ScreenModel, quick: Bool) -> HostSession {
        var session = HostSession(LiveScreen(model: model, viewportWidth: 390, viewportHeight: 844))
        session.allowsQuickChanges = quick
        session.scroll(to: session.screen.live.contentMain / 2, at: 0)
        _ = session.pass(at: 0)
        return session
    }

    /// A state one row in the middle reads, set and a pass taken, on a
    /// screen whose first row is pinned to the top: the quick transition
    /// (the sticky row presented for the host to pin) against the general one.
    static func pinnedScreen(count: Int) -> [Result] {
        oneReader(count: count, name: "Pinned", first: "    Text header { text: \"pinned\"  size: 44  pin: top }\n", label: "a row resized under a pinned row")
    }

    /// The same on a screen whose first row fills what the others leave of
    /// the viewport (nothing, here): its share sized again, not the screen
    /// laid out fully — and when that row holds a stack (a card whose rows
    /// read its extent), the card laid out again at its share.
    static func fillScreen(count: Int) -> [Result] {
        oneReader(count: count, name: "Filled", first: "    Spacer top { size: fill }\n", label: "a row resized beside a fill row")
            + oneReader(
                count: count, name: "Filling", first: "    Spacer top { size: fill }\n", label: "a row that starts and stops filling",
                reader: "size: open ? fill(2) : 30")
            + oneReader(
                count: count, name: "FilledCard",
                first: "    Stack top { size: fill\n        Text topHalf { text: \"half\"  size: 50% }\n        Spacer topRest { size: fill }\n    }\n",
                label: "a row resized beside a fill row holding a stack", rowsInFirst: 2)
    }

    /// A row inserted in the middle of the screen through
    /// `LiveScreen.insert(_:at:)` (an instance of a component, as
    /// AloeStackView's `insertRow`), then removed again through
    /// `remove(rows:)`, each with a pass: spliced in and out (quick)
    /// against a full layout and the general transition.
    static func imperativeInsert(count: Int) -> [Result] {
        var source = "component Note(label: string): Text { text: label  size: 44 }\ncomponent Gap(label: string): Spacer { size: fill }\nscreen Notes {\n"
        source += "    defaults { transition insert { duration: 250ms }  transition remove { duration: 200ms } }\n"
        // The components' rows count too: a file holds at most 1,000,000.
        for row in 0..<(count - 2) { source += "    Text r\(row) { text: \"row\"  size: 44 }\n" }
        source += "}\n"
        guard let model = benchScreen(source, path: "notes.stack") else {
            return [("host: a row inserted imperatively (the bench screen did not compile)", 0, "")]
        }
        let middle = count / 2
        func note(_ step: Int) -> ComponentInstance { ComponentInstance("Note", arguments: ["label": .string("new")], id: "new\(step)") }
        let results = quickAndGeneral(model, label: "a row inserted or removed imperatively", count: count) { live, step throws(RuntimeError) in
            if step % 2 == 0 { return try live.insert(note(step), at: .index(middle)).events }
            return try live.remove(rows: [live.row(id: "new\(step - 1)")]).events
        }
        // The same through the session's own calls, made in place.
        var session = sessionMidway(model, quick: true)
        var times: [Double] = []
        for step in 0..<6 {
            let t = 10 + Double(step)
            times.append(Measure.seconds(ContinuousClock().measure {
                if step % 2 == 0 {
                    _ = try? session.insert([note(step)], at: .index(middle), at: t)
                } else if let row = try? session.live.row(id: "new\(step - 1)") {
                    _ = try? session.remove(rows: [row], at: t)
                }
                _ = session.pass(at: t + 0.016)
            }))
        }
        times.sort()
        // A row in the middle moved to the top and back, through the session.
        var moves: [Double] = []
        let moved = model.stacks[model.rootStack].rows[middle]
        for step in 0..<6 {
            let t = 20 + Double(step)
            moves.append(Measure.seconds(ContinuousClock().measure {
                _ = try? session.move(RowKey(moved), to: step % 2 == 0 ? 0 : middle, at: t)
                _ = session.pass(at: t + 0.016)
            }))
        }
        moves.sort()
        let inPlace = session.screen.changesInPlace == 12
        // A row inserted, and 50 ms later, while it grows in, a row moved to
        // the top (and back, the next time): the move composed with the
        // running insert, in place, against the general transition.
        var movesRunning: [[Double]] = [[], []]
        var composedInPlace = true
        for quick in [true, false] {
            var moving = sessionMidway(model, quick: quick)
            for step in 0..<6 {
                let t = 50 + Double(step)
                _ = try? moving.insert([note(100 + step)], at: .index(middle + 10), at: t)
                _ = moving.pass(at: t + 0.016)
                let composedBefore = moving.screen.movesComposed
                movesRunning[quick ? 0 : 1].append(Measure.seconds(ContinuousClock().measure {
                    _ = try? moving.move(RowKey(moved), to: step % 2 == 0 ? 0 : middle, at: t + 0.05)
                    _ = moving.pass(at: t + 0.066)
                }))
                if quick, moving.screen.movesComposed == composedBefore { composedInPlace = false }
            }
            movesRunning[quick ? 0 : 1].sort()
        }
        composedInPlace = composedInPlace && movesRunning[0].count == 6
        // Four rows spread through the screen hidden and shown again at
        // once: through the session's own call, and through `change(at:)`.
        let rootRows = Array(model.stacks[model.rootStack].rows)
        let spread = (1...4).map { RowKey(rootRows[$0 * rootRows.count / 5]) }
        var copied = sessionMidway(model, quick: true)
        var hides: [Double] = [], hidesCopied: [Double] = []
        for step in 0..<6 {
            let t = 30 + Double(step)
            hides.append(Measure.seconds(ContinuousClock().measure {
                _ = try? session.setHidden(spread, step % 2 == 0, at: t)
                _ = session.pass(at: t + 0.016)
            }))
            hidesCopied.append(changeAndPass(&copied, at: t, passAt: t + 0.016) { live throws(RuntimeError) in try live.setHidden(spread, step % 2 == 0) })
        }
        hides.sort()
        hidesCopied.sort()
        // A row that fills (what the others leave: nothing, here) in and
        // out through the session, against a full layout and the general
        // transition (what a `fill` row spliced took before).
        var fills: [Double] = [], fillsGeneral: [Double] = []
        var general = sessionMidway(model, quick: false)
        for step in 0..<6 {
            let t = 40 + Double(step)
            func fill(_ session: inout HostSession) {
                if step % 2 == 0 {
                    _ = try? session.insert([ComponentInstance("Gap", arguments: ["label": .string("gap")], id: "gap\(step)")], at: .index(middle), at: t)
                } else if let row = try? session.live.row(id: "gap\(step - 1)") {
                    _ = try? session.remove(rows: [row], at: t)
                }
                _ = session.pass(at: t + 0.016)
            }
            fills.append(Measure.seconds(ContinuousClock().measure { fill(&session) }))
            fillsGeneral.append(Measure.seconds(ContinuousClock().measure { fill(&general) }))
        }
        fills.sort()
        fillsGeneral.sort()
        return results + [
            ("host: a row inserted or removed through the session, in place (\(count / 1000)k)", times[times.count / 2],
                String(format: "%.2f ms median, change and a pass%@", times[times.count / 2] * 1e3, inPlace ? "" : " (not all made in place)")),
            ("host: a row moved to the top and back through the session, in place (\(count / 1000)k)", moves[moves.count / 2],
                String(format: "%.2f ms median, change and a pass%@", moves[moves.count / 2] * 1e3, inPlace ? "" : " (not all made in place)")),
            ("host: a row moved while an insert animates, composed, in place (\(count / 1000)k)", movesRunning[0][3],
                String(format: "%.2f ms median, change and a pass (%.2f ms through the general transition)%@", movesRunning[0][3] * 1e3,
                    movesRunning[1][3] * 1e3, composedInPlace ? "" : " (not all composed)")),
            inPlaceResult(
                "host: four rows hidden at once through the session, in place (\(count / 1000)k)", hides, against: hidesCopied,
                allInPlace: session.screen.changesInPlace >= 18),
            ("host: a fill row inserted or removed through the session (\(count / 1000)k)", fills[fills.count / 2],
                String(format: "%.2f ms median, change and a pass (%.2f ms through a full layout and the general transition)%@",
                    fills[fills.count / 2] * 1e3, fillsGeneral[fillsGeneral.count / 2] * 1e3, session.screen.changesInPlace == 24 ? "" : " (not all made in place)")),
        ]
    }

    /// `updates` rows spread through the screen hidden (or shown again),
    /// each by an update of its own, all in one change (a loop of
    /// `setHidden` calls): the quick transition against the general one.
    static func manyUpdates(count: Int, updates: Int) -> [Result] {
        var source = "screen Updates {\n    defaults { transition hide { duration: 200ms }  transition show { duration: 200ms } }\n"
        for row in 0..<count { source += "    Text r\(row) { text: \"row\"  size: 44 }\n" }
        source += "}\n"
        guard let model = benchScreen(source, path: "updates.stack") else {
            return [("host: many updates (the bench screen did not compile)", 0, "")]
        }
        let rows = Array(model.stacks[model.rootStack].rows)
        let spread = (0..<updates).map { rows[$0 * rows.count / updates] }
        return quickAndGeneral(model, label: "\(updates) one-row updates in one change", count: count) { live, step throws(RuntimeError) in
            var events: [LiveEvent] = []
            for row in spread { events += try live.setHidden(RowKey(row), step % 2 == 0) }
            return events
        }
    }

    /// `count` rows, `first` the first of them, one in the middle reading
    /// a state (`reader`, its size): set six times, each with a pass, quick
    /// and general.
    private static func oneReader(
        count: Int, name: String, first: String, label: String, reader: String = "size: open ? 90 : 30", rowsInFirst: Int = 0
    ) -> [Result] {
        var source = "screen \(name) {\n    state open: bool = false\n    defaults { transition resize { duration: 300ms } }\n" + first
        // The first row (and the rows inside it) are among the `count` rows
        // (a screen holds at most 1,000,000).
        for row in 0..<(count - 1 - rowsInFirst) {
            source += row == count / 2 ? "    Text r\(row) { text: \"grows\"  \(reader) }\n" : "    Text r\(row) { text: \"row\"  size: 44 }\n"
        }
        source += "}\n"
        guard let model = benchScreen(source, path: "\(name.lowercased()).stack") else {
            return [("host: \(label) (the bench screen did not compile)", 0, "")]
        }
        return quickAndGeneral(model, label: label, count: count) { live, step throws(RuntimeError) in
            try live.setState("open", to: .bool(step % 2 == 0))
        }
    }

    /// A row moved to the top (and back) and, in the same change, a state
    /// a row further down reads set — a tap that moves an element and marks
    /// it: the quick transition against the general one.
    static func movedAndChanged(count: Int) -> [Result] {
        movedWithState(
            count: count, name: "Moved", transitions: "transition resize { duration: 300ms }", reader: (count / 2, "text: \"grows\"  size: open ? 90 : 30"),
            label: "a row moved and a state a row reads set, in one change")
    }

    /// The same change made the other way round: the state set first,
    /// then the row moved — a tap whose actions mark an element, then sort
    /// it to the top.
    static func changedThenMoved(count: Int) -> [Result] {
        movedWithState(
            count: count, name: "Marked", transitions: "transition resize { duration: 300ms }", reader: (count / 2, "text: \"grows\"  size: open ? 90 : 30"),
            stateFirst: true, label: "a state a row reads set and a row moved, in one change")
    }

    /// The change of `changedThenMoved` made 100 ms apart, each while the
    /// last still animates (250–300 ms): composed with it, quick against
    /// general.
    static func movedAndChangedWhileRunning(count: Int) -> [Result] {
        movedWithState(
            count: count, name: "Busy", transitions: "transition resize { duration: 300ms }", reader: (count / 2, "text: \"grows\"  size: open ? 90 : 30"),
            stateFirst: true, apart: 0.1, label: "a state a row reads set and a row moved, 100 ms apart")
    }

    /// A row moved to the top (and back) and, in the same change, a state
    /// a row inside a card further down reads set: the card's row on its
    /// track inside it, quick against general.
    static func movedBesideCard(count: Int) -> [Result] {
        movedWithState(
            count: count, name: "Carded", transitions: "transition resize { duration: 300ms }", reader: (count / 2, ""),
            readerRow: "    Stack r\(count / 2) { padding: 6  Text inner { text: \"inside\"  size: open ? 90 : 30 } }\n",
            label: "a row moved and a state a row inside a card reads set, in one change")
    }

    /// A hidden row moved to the top and shown in the same change (and
    /// back, hidden again) — a tap that moves an element and reveals it:
    /// the quick transition against the general one.
    static func hiddenMovedAndShown(count: Int) -> [Result] {
        movedWithState(
            count: count, name: "Revealed", transitions: "transition show { duration: 200ms }  transition hide { duration: 200ms }",
            reader: (count / 3, "text: \"revealed\"  size: 60  hidden: !open"), label: "a hidden row moved and shown, in one change")
    }

    /// Under `hide-last-separator`, the last row moved to the top (and
    /// back) and, in the same change, a state the row it leaves the last
    /// shown one reads set — that row logged as the last shown one, the
    /// separator it had when the change began kept aside: quick against
    /// general.
    static func lastMovedAndChanged(count: Int) -> [Result] {
        movedWithState(
            count: count, name: "LastMoved", transitions: "separator { color: #C6C6C8  thickness: 1 }  transition resize { duration: 300ms }",
            reader: (count - 2, "text: \"grows\"  size: open ? 90 : 30"), settings: "    hide-last-separator: true\n", movedFrom: count - 1,
            label: "the last row moved to the top and the row left last resized, in one change")
    }

    /// Under `hide-last-separator`, the first row growing as the last one
    /// hides (the row before it made the last shown one as it moves, its
    /// separator going), then that row resized while it moves, each change
    /// 50 ms after the one before (then all back): each composed with the
    /// running one, quick against general.
    static func separatorPassedThenChanged(count: Int) -> [Result] {
        var source = "screen Passed {\n    state open: bool = false\n    state big: bool = false\n    hide-last-separator: true\n"
        source += "    defaults { separator { color: #C6C6C8  thickness: 1 }  transition resize { duration: 300ms  delay: 60ms }  transition hide { duration: 150ms } }\n"
        source += "    Text head { text: \"grows\"  size: open ? 90 : 40 }\n"
        for row in 1..<(count - 2) { source += "    Text r\(row) { text: \"row\"  size: 44 }\n" }
        source += "    Text b { text: \"made last\"  size: big ? 70 : 44 }\n    Text last { text: \"hides\"  size: 44  hidden: open }\n}\n"
        guard let model = benchScreen(source, path: "passed.stack") else {
            return [("host: a separator passed on (the bench screen did not compile)", 0, "")]
        }
        return quickAndGeneral(model, label: "the row made last as it moves resized 50 ms in, composed", count: count, apart: 0.05) { live, step throws(RuntimeError) in
            let on = step % 4 < 2
            return step % 2 == 0 ? try live.setState("open", to: .bool(on)) : try live.setState("big", to: .bool(on))
        }
    }

    /// `count` rows, the one at `reader.place` reading state `open` with
    /// `reader.properties` (or written as `readerRow`): the row a third of
    /// the way down (or at `movedFrom`) moved to the top and `open` set in
    /// one change (set first if `stateFirst`), then moved back and `open`
    /// unset, quick and general. `settings`: more of the screen's settings.
    private static func movedWithState(
        count: Int, name: String, transitions: String, reader: (place: Int, properties: String), readerRow: String? = nil, stateFirst: Bool = false,
        apart: Double = 1, settings: String = "", movedFrom: Int? = nil, label: String
    ) -> [Result] {
        var source = "screen \(name) {\n    state open: bool = false\n\(settings)    defaults { \(transitions)  transition move { duration: 250ms } }\n"
        // (A card's row inside is among the `count` rows: a screen holds at most 1,000,000.)
        for row in 0..<(readerRow == nil ? count : count - 1) {
            if row == reader.place {
                source += readerRow ?? "    Text r\(row) { \(reader.properties) }\n"
            } else {
                source += "    Text r\(row) { text: \"row\"  size: 44 }\n"
            }
        }
        source += "}\n"
        guard let model = benchScreen(source, path: "\(name.lowercased()).stack") else {
            return [("host: \(label) (the bench screen did not compile)", 0, "")]
        }
        let from = movedFrom ?? count / 3
        let moved = model.stacks[model.rootStack].rows[from]
        return quickAndGeneral(model, label: label, count: count, apart: apart) { live, step throws(RuntimeError) in
            let open = step % 2 == 0
            if stateFirst { return try live.setState("open", to: .bool(open)) + live.move(RowKey(moved), to: open ? 0 : from).events }
            return try live.move(RowKey(moved), to: open ? 0 : from).events + live.setState("open", to: .bool(open))
        }
    }

    /// The rows of a screen of `count` rows 44 points long, five of them
    /// (spread through it) reading `open` — resized or hidden by turns —
    /// and any row `special` writes written so.
    static func fiveReaderRows(count: Int, special: (Int) -> String? = { _ in nil }) -> String {
        let readers = Set((1...5).map { $0 * count / 6 })
        var source = ""
        for row in 0..<count {
            if let line = special(row) {
                source += line
            } else if readers.contains(row) {
                source += row % 2 == 0 ? "    Text r\(row) { text: \"reads\"  size: open ? 90 : 30 }\n" : "    Text r\(row) { text: \"reads\"  size: 30  hidden: open }\n"
            } else {
                source += "    Text r\(row) { text: \"row\"  size: 44 }\n"
            }
        }
        return source
    }

    /// A state five rows read (spread through the screen): set, animated,
    /// and a pass — the quick transition (each row its track, the rows
    /// after each following it) against the general one (both layouts
    /// compared row by row).
    static func severalRows(count: Int) -> [Result] {
        var source = "screen Several {\n    state open: bool = false\n    state dense: bool = false\n    defaults { transition resize { duration: 300ms }  transition show { duration: 200ms }  transition hide { duration: 200ms } }\n"
        source += fiveReaderRows(count: count) { row in row == count / 4 ? "    Text r\(row) { text: \"dense\"  size: dense ? 20 : 50 }\n" : nil }
        source += "}\n"
        guard let model = benchScreen(source, path: "several.stack") else {
            return [("host: several rows (the bench screen did not compile)", 0, "")]
        }
        let clock = ContinuousClock()
        var out: [Result] = []
        for quick in [true, false] {
            var session = sessionMidway(model, quick: quick)
            var times: [Double] = []
            var interrupting: [Double] = []
            var scrolling: [Double] = []
            var inPlace: [Double] = [], composedInPlace: [Double] = []
            for step in 0..<6 {
                let t = 10 + Double(step)
                times.append(changeAndPass(&session, at: t, passAt: t + 0.016) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    try live.setState("open", to: .bool(true))
                })
                // A scroll 20 ms in, while it animates.
                scrolling.append(Measure.seconds(clock.measure {
                    session.scroll(to: session.screen.live.offset + 40, at: t + 0.02)
                    _ = session.pass(at: t + 0.02)
                }))
                // Set back 50 ms later, while the first change animates.
                interrupting.append(changeAndPass(&session, at: t + 0.05, passAt: t + 0.066) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    try live.setState("open", to: .bool(false))
                })
                // Set through the session once that has ended, and set back
                // while it animates: on the live screen itself, not a copy
                // (the second composed with the first).
                guard quick else { continue }
                for (at, value) in [(t + 0.5, true), (t + 0.55, false)] {
                    let seconds = Measure.seconds(clock.measure {
                        _ = try? session.setState("open", to: .bool(value), at: at)
                        _ = session.pass(at: at + 0.016)
                    })
                    if value { inPlace.append(seconds) } else { composedInPlace.append(seconds) }
                }
            }
            if quick {
                let allInPlace = session.screen.changesInPlace >= inPlace.count + composedInPlace.count
                out.append(inPlaceResult("host: a state 5 rows read, set in place (\(count / 1000)k)", inPlace, against: times, allInPlace: allInPlace))
                out.append(inPlaceResult(
                    "host: set back mid-animation in place (\(count / 1000)k)", composedInPlace, against: interrupting, allInPlace: allInPlace))
            }
            // Both states set back by one change: two updates, animated as one.
            var both: [Double] = []
            for step in 0..<6 {
                let t = 30 + Double(step)
                both.append(changeAndPass(&session, at: t, passAt: t + 0.016) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    try live.setState("open", to: .bool(step % 2 == 0)) + live.setState("dense", to: .bool(step % 2 == 0))
                })
            }
            both.sort()
            out.append((
                "host: two states set at once, \(quick ? "quick" : "general") (\(count / 1000)k)", both[both.count / 2],
                String(format: "%.2f ms median, change and a pass", both[both.count / 2] * 1e3)
            ))
            if quick {
                // The same through the session's own call: in place.
                let inPlaceBefore = session.screen.changesInPlace
                var together: [Double] = []
                for step in 0..<6 {
                    let t = 40 + Double(step)
                    together.append(Measure.seconds(clock.measure {
                        _ = try? session.setStates([("open", .bool(step % 2 == 0)), ("dense", .bool(step % 2 == 0))], at: t)
                        _ = session.pass(at: t + 0.016)
                    }))
                }
                out.append(inPlaceResult(
                    "host: two states set at once in place (\(count / 1000)k)", together, against: both,
                    allInPlace: session.screen.changesInPlace - inPlaceBefore == together.count))
            }
            times.sort()
            interrupting.sort()
            out.append((
                "host: a state 5 rows read, \(quick ? "quick" : "general") (\(count / 1000)k)", times[times.count / 2],
                String(format: "%.2f ms median, change and a pass", times[times.count / 2] * 1e3)
            ))
            scrolling.sort()
            out.append((
                "host: scroll mid-animation, \(quick ? "quick" : "general") (\(count / 1000)k)", scrolling[scrolling.count / 2],
                String(format: "%.2f ms median, scroll and a pass", scrolling[scrolling.count / 2] * 1e3)
            ))
            out.append((
                "host: set back mid-animation, \(quick ? "quick" : "general") (\(count / 1000)k)", interrupting[interrupting.count / 2],
                String(format: "%.2f ms median, change and a pass", interrupting[interrupting.count / 2] * 1e3)
            ))
        }
        return out
    }
}

extension HostBench {
    /// A change measured through the session's own call, made in place,
    /// with the median of the same through `change(at:)` beside it.
    static func inPlaceResult(_ label: String, _ times: [Double], against copied: [Double], allInPlace: Bool) -> Result {
        let median = times.sorted()[times.count / 2]
        return (label, median, String(
            format: "%.2f ms median, change and a pass (%.2f ms through change(at:))%@", median * 1e3, copied.sorted()[copied.count / 2] * 1e3,
            allInPlace ? "" : " (not all made in place)"))
    }

    /// Seconds to make a change through `session` at `time` and take a
    /// pass at `passAt`.
    static func changeAndPass(
        _ session: inout HostSession, at time: Double, passAt: Double, _ body: (inout LiveScreen) throws(RuntimeError) -> [LiveEvent]
    ) -> Double {
        Measure.seconds(ContinuousClock().measure {
            _ = try? session.change(at: time, body)
            _ = session.pass(at: passAt)
        })
    }

    /// Two states each `readers` rows read (spread through the screen,
    /// some resizing, some shown or hidden), set by one change: two
    /// updates of many rows, animated as one — the quick transition against
    /// the general one.
    static func manyReaders(count: Int, readers: Int, frames: Bool = false) -> [Result] {
        var source = "screen Many {\n    state open: bool = false\n    state dense: bool = false\n"
        source += "    defaults { transition resize { duration: 300ms }  transition show { duration: 200ms }  transition hide { duration: 200ms } }\n"
        let step = max(count / (2 * readers), 1)
        for row in 0..<count {
            let reader = row % step == 0 ? row / step : -1
            if reader >= 0, reader < 2 * readers {
                let state = reader % 2 == 0 ? "open" : "dense"
                source += reader % 4 < 2 ? "    Text r\(row) { text: \"reads\"  size: \(state) ? 90 : 30 }\n" : "    Text r\(row) { text: \"reads\"  size: 30  hidden: \(state) }\n"
            } else {
                source += "    Text r\(row) { text: \"row\"  size: 44 }\n"
            }
        }
        source += "}\n"
        guard let model = benchScreen(source, path: "many.stack") else {
            return [("host: many rows (the bench screen did not compile)", 0, "")]
        }
        return quickAndGeneral(model, label: "\(2 * readers) rows change", count: count, frames: frames) { live, step throws(RuntimeError) in
            try live.setState("open", to: .bool(step % 2 == 0)) + live.setState("dense", to: .bool(step % 2 == 0))
        }
    }

    /// Six changes (`change` with the step's number) to a session of
    /// `model` scrolled midway, each with a pass: the median on the quick
    /// path and on the general one, saying so should the quick path never
    /// have been taken. With `frames`, also the median of ten passes after
    /// each, as a display link takes them while the change animates.
    static func quickAndGeneral(
        _ model: ScreenModel, label: String, count: Int, frames: Bool = false, apart: Double = 1,
        _ change: (inout LiveScreen, Int) throws(RuntimeError) -> [LiveEvent]
    ) -> [Result] {
        var out: [Result] = []
        for quick in [true, false] {
            var session = sessionMidway(model, quick: quick)
            var times: [Double] = []
            var frameTimes: [Double] = []
            var tookQuick = false
            for step in 0..<6 {
                let t = 10 + Double(step) * apart
                times.append(changeAndPass(&session, at: t, passAt: t + 0.016) { live throws(RuntimeError) in try change(&live, step) })
                tookQuick = tookQuick || session.screen.changedQuickly
                guard frames else { continue }
                for frame in 2..<12 {
                    frameTimes.append(Measure.seconds(ContinuousClock().measure { _ = session.pass(at: t + 0.016 * Double(frame)) }))
                }
            }
            times.sort()
            frameTimes.sort()
            let frame = frameTimes.isEmpty ? "" : String(format: ", a frame %.3f ms", frameTimes[frameTimes.count / 2] * 1e3)
            out.append((
                "host: \(label), \(quick ? "quick" : "general") (\(count / 1000)k)", times[times.count / 2],
                String(format: "%.2f ms median, change and a pass%@%@", times[times.count / 2] * 1e3, frame, quick && !tookQuick ? " (the quick path was not taken)" : "")
            ))
        }
        // Said where it shows: the quick path of a change of many rows once
        // fell behind the general transition (a copy of the live layout
        // for every changed row) and only the two lines' numbers said so.
        if out.count == 2, out[0].1 > out[1].1 {
            out[0].2 += " (slower than the general transition)"
        }
        return out
    }
}

/// A host one of whose rows grows by a point each time it is measured:
/// every invalidation of it changes its size.
final class GrowingMeasurer: Measurer, @unchecked Sendable {
    var target: RowKey?
    private var growth = 0.0
    private let fallback = DefaultMeasurer()

    func measure(_ row: MeasuredRow, along axis: Axis, across: Constraint) -> Double {
        guard row.key == target else { return fallback.measure(row, along: axis, across: across) }
        growth += 1
        return fallback.measure(row, along: axis, across: across) + growth.truncatingRemainder(dividingBy: 40)
    }
}
