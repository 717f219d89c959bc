// Binding data: a list of 100,000 elements bound to a `for` screen, one
// element of them changed, a tenth of them shuffled, one inserted at the top
// and removed again — each a re-bind through LiveScreen.bind(json:), JSON
// reading and checking included.

import StackCompiler
import StackParser
import StackRuntime

enum DataBench {
    typealias Result = (String, Double, String)

    static let source = """
        record Item { id: string  title: string  price: number  featured: bool = false }
        screen S {
            data items: [Item]
            Text head { text: "\\(count(items)) items" }
            for a in items key a.id { Text item { text: "\\(a.title) · \\(fixed(a.price, 2)) €"  size: 44 } }
        }
        """

    static func json(_ order: [Int], edited: Int? = nil) -> String {
        var parts: [String] = []
        parts.reserveCapacity(order.count)
        for n in order {
            let title = n == edited ? "edited \(n)" : "Item \(n)"
            parts.append("{\"id\":\"i\(n)\",\"title\":\"\(title)\",\"price\":\(n % 500)}")
        }
        return "[" + parts.joined(separator: ",") + "]"
    }

    /// A chat under `hide-last-separator`: a message appended at the end,
    /// seen from the end, a second apart (nothing animating) — the last
    /// message before gains its separator. Quick changes against the
    /// general transition; the head counts the messages if `countingHead`
    /// (a row whose text changes before the one that gains the separator),
    /// and with `resizingHead` it also grows with each push,
    /// which moves the message that gains the separator.
    static func chatAppend(elements: Int, countingHead: Bool, resizingHead: Bool = false) -> [Result] {
        var chat = source.replacingFirst(
            "data items: [Item]",
            with: "data items: [Item]\n    hide-last-separator: true\n    defaults { separator { color: #DDDDDD  thickness: 1 }  transition insert { duration: 250ms  from { alpha: 0 } } }")
        if !countingHead { chat = chat.replacingFirst("Text head { text: \"\\(count(items)) items\" }", with: "Text head { text: \"Chat\" }") }
        if resizingHead {
            chat = chat.replacingFirst(
                "Text head { text: \"\\(count(items)) items\" }", with: "Text head { text: \"\\(count(items)) items\"  size: 40 + count(items) / 100 }")
        }
        guard chat.contains("count(items)") == countingHead, let program = Compiler.check(SourceFile(path: "chat.stack", text: chat)).program,
            let model = Compiler.lower(program).first
        else {
            return [("data: (the chat screen did not compile)", 0, "")]
        }
        let clock = ContinuousClock()
        var live = LiveScreen(model: model)
        // Room for the head and the six messages within the rows asked for.
        let first = max(0, elements - 7)
        _ = try? live.bind("items", json: json(Array(0..<first)))
        var medians: [Double] = [], hides: [Double] = [], bursts: [Double] = []
        for quick in [true, false] {
            var session = HostSession(live)
            session.allowsQuickChanges = quick
            session.scroll(to: .infinity, at: 0)
            _ = session.pass(at: 0)
            var times = (0..<6).map { n in
                let at = 1 + Double(n)
                let object = "{\"id\":\"c\(n)\",\"title\":\"Message \(n)\",\"price\":\(n)}"
                return Measure.seconds(clock.measure {
                    _ = try? session.insert("items", json: object, index: first + n, at: at)
                    _ = session.pass(at: at + 0.02)
                })
            }
            times.sort()
            medians.append(times[times.count / 2])
            // The last message hidden and shown again (ScrollStackController's setRowHidden), a second apart.
            guard let last = session.live.rows.last else { continue }
            var hideTimes = (0..<6).map { n in
                let at = 10 + Double(n)
                return Measure.seconds(clock.measure {
                    _ = try? session.setHidden(last, n % 2 == 0, at: at)
                    _ = session.pass(at: at + 0.02)
                })
            }
            hideTimes.sort()
            hides.append(hideTimes[hideTimes.count / 2])
            // A burst: six more, 50 ms apart, each while the last comes in.
            let end = session.live.rows.count
            var burst = (0..<6).map { n in
                let at = 20 + Double(n) * 0.05
                let object = "{\"id\":\"b\(n)\",\"title\":\"Burst \(n)\",\"price\":\(n)}"
                return Measure.seconds(clock.measure {
                    _ = try? session.insert("items", json: object, index: end - 1 + n, at: at)
                    _ = session.pass(at: at + 0.02)
                })
            }
            burst.sort()
            bursts.append(burst[burst.count / 2])
        }
        var results = [(
            resizingHead ? "data: resizing chat, append 1 at its end" : countingHead ? "data: counting chat, append 1 at its end" : "data: append 1 at the end of a chat, animated", medians[0],
            String(format: "%.1f ms median (hide-last-separator: the last message gains its separator); %.1f ms through the general transition",
                medians[0] * 1000, medians[1] * 1000)
        )]
        if resizingHead {
            // Each push grows the head, moving the message that gains the
            // separator, while the last push still comes in.
            if bursts.count == 2 {
                results.append((
                    "data: resizing chat, 6 appended 50 ms apart", bursts[0],
                    String(format: "%.2f ms median, each while the last comes in; %.1f ms through the general transition",
                        bursts[0] * 1000, bursts[1] * 1000)))
            }
            return results
        }
        if !countingHead, bursts.count == 2 {
            results.append((
                "data: chat, 6 appended 50 ms apart", bursts[0],
                String(format: "%.2f ms median, each while the last comes in (it loses the last separator); %.1f ms through the general transition",
                    bursts[0] * 1000, bursts[1] * 1000)))
        }
        if !countingHead, hides.count == 2 {
            results.append((
                "data: chat, hide or show its last row", hides[0],
                String(format: "%.2f ms median (the row before it gains or loses its separator); %.1f ms through the general transition",
                    hides[0] * 1000, hides[1] * 1000)))
        }
        return results
    }

    /// A feed ending in a `fill` row (a gap that keeps its last row at the
    /// bottom while the items leave room): the `fill` row's share sized
    /// again after the splice (quick) against the screen laid out fully
    /// (general).
    static func fillFeed(elements: Int) -> [Result] {
        let filled = source.replacingFirst("€\"  size: 44 } }", with: "€\"  size: 44 } }\n    Spacer gap { size: fill }\n    Text end { text: \"end\" }")
        return insertAtTop(of: filled, elements: elements, label: "data: insert 1 at the top of a feed with a fill row, animated")
    }

    /// The same with the gap a card that fills (a stack whose row reads its
    /// extent): laid out again at its new share after the splice.
    static func fillCardFeed(elements: Int) -> [Result] {
        let filled = source.replacingFirst(
            "€\"  size: 44 } }",
            with: "€\"  size: 44 } }\n    Stack gap { size: fill\n        Text gapHalf { text: \"half\"  size: 50% }\n    }\n    Text end { text: \"end\" }")
        return insertAtTop(of: filled, elements: elements, label: "data: insert 1 at the top of a feed with a fill card, animated")
    }

    /// A feed whose head is a card holding the count: the splice's blocks
    /// and the rows inside the card on their tracks (quick) against the
    /// screen laid out fully (general).
    static func cardFeed(elements: Int) -> [Result] {
        let card = source.replacingFirst(
            "Text head { text: \"\\(count(items)) items\" }",
            with: "Stack card { padding: 8  Text head { text: \"\\(count(items)) items\" }  Text note { text: \"in a card\" } }")
        return insertAtTop(of: card, elements: elements, label: "data: insert 1 above a card counting the items, animated")
            + insertAtTop(of: card, elements: elements, label: "data: card counting the items, 6 inserted 50 ms apart", apart: 0.05)
    }

    /// A feed whose head a state resizes: the state set and then an item
    /// inserted at the top, in one change (a tap that marks the list and
    /// adds to it) — the blocks measured as the rows were before the state
    /// changed them (quick) against the screen laid out fully (general).
    static func markedFeed(elements: Int) -> [Result] {
        let marked = source.replacingFirst(
            "Text head { text: \"\\(count(items)) items\" }",
            with: "state marked: bool = false\n    Text head { text: \"\\(count(items)) items\"  size: marked ? 60 : 40  transition resize { duration: 200ms } }")
        return insertAtTop(of: marked, elements: elements, label: "data: a state the head reads set, then 1 inserted at the top, animated", stateFirst: true)
    }

    /// `screen` (`source` changed) with `elements` items bound, an item
    /// inserted at the top `apart` seconds apart (a second: nothing
    /// animating; 50 ms: each while the last comes in) through
    /// `HostSession.insert`, each with a pass: quick changes against the
    /// general transition.
    private static func insertAtTop(of screen: String, elements: Int, label: String, apart: Double = 1, stateFirst: Bool = false) -> [Result] {
        let animated = screen.replacingFirst("data items: [Item]", with: "data items: [Item]\n    defaults { transition insert { duration: 250ms  from { alpha: 0 } } }")
        guard animated != source, animated.contains("transition insert"),
            let program = Compiler.check(SourceFile(path: "feed.stack", text: animated)).program, let model = Compiler.lower(program).first
        else {
            return [("\(label) (the screen did not compile)", 0, "")]
        }
        let clock = ContinuousClock()
        var live = LiveScreen(model: model)
        _ = try? live.bind("items", json: json(Array(0..<max(0, elements - 9))))
        var medians: [Double] = []
        var tookQuick = false
        for quick in [true, false] {
            var session = HostSession(live)
            session.allowsQuickChanges = quick
            _ = session.pass(at: 0)
            var times = (0..<6).map { n in
                let at = 1 + Double(n) * apart
                let object = "{\"id\":\"f\(n)\",\"title\":\"New \(n)\",\"price\":\(n)}"
                let time = Measure.seconds(clock.measure {
                    if stateFirst {
                        _ = try? session.change(at: at) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                            try live.setState("marked", to: .bool(n % 2 == 0)) + live.insert("items", json: object, at: 0)
                        }
                    } else {
                        _ = try? session.insert("items", json: object, index: 0, at: at)
                    }
                    _ = session.pass(at: at + 0.02)
                })
                if quick { tookQuick = tookQuick || session.screen.changedQuickly }
                return time
            }
            times.sort()
            medians.append(times[times.count / 2])
        }
        return [(
            label, medians[0],
            String(format: "%.2f ms median, change and a pass%@; %.1f ms through the general transition",
                medians[0] * 1000, tookQuick ? "" : " (the quick path was not taken)", medians[1] * 1000)
        )]
    }

    /// A feed whose rows animate in (250 ms), pushed at the top every 50 ms,
    /// then deleted again: each change arrives while the last ones still
    /// animate, and is composed with them (their rows go on from where they
    /// are drawn).
    /// The bench screen with 250 ms insert, remove and move transitions.
    static func animatedModel() -> ScreenModel? {
        let animated = source.replacingFirst(
            "data items: [Item]",
            with: "data items: [Item]\n    defaults { transition insert { duration: 250ms  from { alpha: 0 } }  transition remove { duration: 250ms  to { alpha: 0 } }  transition move { duration: 250ms } }")
        guard let program = Compiler.check(SourceFile(path: "busy.stack", text: animated)).program else { return nil }
        return Compiler.lower(program).first
    }

    /// An inbox: a thread moved to the top as a new one comes, in one
    /// re-binding, ten times 100 ms apart (each while the last animates:
    /// rows moved with a block in, composed with the running change), on
    /// a session and on a copy that takes the general transition.
    static func inboxBursts(elements: Int) -> [Result] {
        guard let model = animatedModel() else { return [("data: (the inbox screen did not compile)", 0, "")] }
        let clock = ContinuousClock()
        var live = LiveScreen(model: model)
        var order = Array(0..<elements)
        _ = try? live.bind("items", json: json(order))
        var quick = HostSession(live)
        _ = quick.pass(at: 0)
        var general = quick
        general.allowsQuickChanges = false
        let documents = (0..<10).map { n in
            order.insert(order.remove(at: order.count / 2), at: 0)
            order.insert(elements + n, at: 1)
            return json(order)
        }
        func timed(_ session: inout HostSession) -> [Double] {
            documents.enumerated().map { n, document in
                let at = 1 + Double(n) * 0.1
                return Measure.seconds(clock.measure {
                    _ = try? session.change(at: at) { (screen: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try screen.bind("items", json: document) }
                    _ = session.pass(at: at + 0.02)
                })
            }
        }
        let fast = timed(&quick).sorted(), slow = timed(&general).sorted()
        return [(
            "data: inbox, 1 moved to the top as 1 comes, 100 ms apart", fast[5],
            String(format: "%.1f ms median of 10 (re-binding the document, a frame after each); %.1f ms through the general transition", fast[5] * 1000, slow[5] * 1000)
        )]
    }

    static func busyFeed(elements: Int, summary: ([Double]) -> String) -> [Result] {
        guard let model = animatedModel() else {
            return [("data: (the busy feed screen did not compile)", 0, "")]
        }
        let clock = ContinuousClock()
        var live = LiveScreen(model: model)
        _ = try? live.bind("items", json: json(Array(0..<elements)))
        var session = HostSession(live)
        _ = session.pass(at: 0)
        let pushes = (0..<100).map { n in
            let at = 1 + Double(n) * 0.05
            let object = "{\"id\":\"g\(n)\",\"title\":\"Post \(n)\",\"price\":\(n)}"
            return Measure.seconds(clock.measure {
                _ = try? session.insert("items", json: object, index: 0, at: at)
                _ = session.pass(at: at + 0.02)
            })
        }
        // Then deleted again, 50 ms apart: each while the last one goes.
        let deletes = (0..<100).map { n in
            let at = 10 + Double(n) * 0.05
            return Measure.seconds(clock.measure {
                _ = try? session.remove("items", key: "g\(n)", at: at)
                _ = session.pass(at: at + 0.02)
            })
        }
        return [
            ("data: 100 pushed 50 ms apart, animating", pushes.sorted()[50], "\(summary(pushes)), each while the last animates, a frame after each"),
            ("data: 100 deleted 50 ms apart, animating", deletes.sorted()[50], "\(summary(deletes)), each while the last goes, a frame after each"),
        ]
    }

    /// `bindOnly`: the first binding alone (`--only bind`, for a profiler).
    static func run(elements: Int, iterations: Int, bindOnly: Bool = false) -> [Result] {
        guard let program = Compiler.check(SourceFile(path: "bench.stack", text: source)).program, let model = Compiler.lower(program).first else {
            return [("data: (the bench screen did not compile)", 0, "")]
        }
        let clock = ContinuousClock()
        var results: [Result] = []
        let order = Array(0..<elements)
        let first = json(order)
        var live = LiveScreen(model: model)
        // The first binding of the process touches memory the process never
        // had (page faults, slow and noisy on a VM); later ones on fresh
        // screens reuse freed memory, as a running app does: their median
        // is the figure, the first is shown beside it.
        let cold = Measure.seconds(clock.measure { _ = try? live.bind("items", json: first) })
        if bindOnly { return [("data: first bind of \(elements / 1000)k elements", cold, String(format: "%.1f ms", cold * 1000))] }
        var warm: [Double] = []
        for _ in 0..<max(1, iterations) {
            var fresh = LiveScreen(model: model)
            warm.append(Measure.seconds(clock.measure { _ = try? fresh.bind("items", json: first) }))
        }
        warm.sort()
        let bind = warm[warm.count / 2]
        results.append((
            "data: bind \(elements / 1000)k elements", bind,
            String(
                format: "%.1f ms median of %d fresh screens (goal < 50 ms), the process's first %.1f ms, JSON %.1f MB", bind * 1000, warm.count,
                cold * 1000, Double(first.utf8.count) / 1e6)
        ))
        let parse = Measure.seconds(clock.measure { _ = try? JSONValue.parse(first) })
        results.append(("data: read that JSON alone", parse, String(format: "%.1f ms", parse * 1000)))
        let one = json(order, edited: elements / 2)
        let change = Measure.seconds(clock.measure { _ = try? live.bind("items", json: one) })
        results.append(("data: change 1 of \(elements / 1000)k", change, String(format: "%.1f ms (goal < 20 µs: reading and diffing the whole document is O(n); the edit itself is in place)", change * 1000)))
        // One element by its key: `update(_:key:json:)`, in place.
        var updates: [Double] = []
        for step in 0..<1000 {
            let n = (step * 7919) % elements
            let object = "{\"id\":\"i\(n)\",\"title\":\"updated \(step)\",\"price\":\(step % 500)}"
            updates.append(Measure.seconds(clock.measure { _ = try? live.update("items", key: "i\(n)", json: object) }))
        }
        updates.sort()
        results.append(("data: update 1 of \(elements / 1000)k by key", updates[updates.count / 2],
            String(format: "%.1f µs median (goal < 20 µs)", updates[updates.count / 2] * 1e6)))
        var shuffled = order
        var random = BenchRandom(state: 1)
        for _ in 0..<(elements / 20) {
            let a = Int(random.next() % UInt64(elements)), b = Int(random.next() % UInt64(elements))
            shuffled.swapAt(a, b)
        }
        let shuffle = json(shuffled, edited: elements / 2)
        let moved = Measure.seconds(clock.measure { _ = try? live.bind("items", json: shuffle) })
        results.append(("data: 10% shuffle of \(elements / 1000)k", moved, String(format: "%.1f ms", moved * 1000)))
        // One element more at the top, then that one gone again: a feed's
        // new item; everything else keeps its rows.
        let top = json([elements] + shuffled, edited: elements / 2)
        let inserted = Measure.seconds(clock.measure { _ = try? live.bind("items", json: top) })
        results.append(("data: insert 1 at the top of \(elements / 1000)k", inserted, String(format: "%.1f ms (re-binding: the document is read)", inserted * 1000)))
        let removed = Measure.seconds(clock.measure { _ = try? live.bind("items", json: shuffle) })
        results.append(("data: remove it again", removed, String(format: "%.1f ms", removed * 1000)))
        // The same element inserted and removed alone: no document read.
        let object = "{\"id\":\"i\(elements)\",\"title\":\"Item \(elements)\",\"price\":1}"
        let added = Measure.seconds(clock.measure { _ = try? live.insert("items", json: object, at: 0) })
        results.append(("data: insert 1 at the top by insert(_:json:at:)", added, String(format: "%.1f ms", added * 1000)))
        let out = Measure.seconds(clock.measure { _ = try? live.remove("items", key: "i\(elements)") })
        results.append(("data: remove it by remove(_:key:)", out, String(format: "%.1f ms", out * 1000)))
        // A feed: 1,000 elements pushed at the top one by one, then deleted
        // one by one; the mean counts what is paid now and then (a block
        // split, places by key built again).
        // Median and mean: a one-time cost (the first change after the
        // copy of the screen below copies what it shares) shows in the mean.
        func summary(_ times: [Double]) -> String {
            String(format: "%.1f µs median, %.1f µs mean", times.sorted()[times.count / 2] * 1e6, times.reduce(0, +) / Double(times.count) * 1e6)
        }
        var feed = live
        let feedObjects = (0..<1_000).map { "{\"id\":\"f\($0)\",\"title\":\"Post \($0)\",\"price\":\($0 % 500)}" }
        let pushing = feedObjects.map { object in Measure.seconds(clock.measure { _ = try? feed.insert("items", json: object, at: 0) }) }
        let deleting = (0..<1_000).map { n in Measure.seconds(clock.measure { _ = try? feed.remove("items", key: "f\(n)") }) }
        results.append((
            "data: 1,000 pushed at the top one by one", pushing.sorted()[500],
            "\(summary(pushing)); deleted one by one: \(summary(deleting))"))
        // The same insert through a host's session: on a copy of the screen
        // (a change that throws leaves nothing done), animated by the
        // general transition, and the first frame drawn.
        var session = HostSession(live)
        let animated = Measure.seconds(clock.measure {
            _ = try? session.change(at: 1) { (screen: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try screen.bind("items", json: top) }
            _ = session.pass(at: 1.05)
        })
        results.append((
            "data: insert 1 at the top, animated", animated,
            String(format: "%.1f ms (HostSession.change on a copy of the screen, and one frame)", animated * 1000)))
        let gone = Measure.seconds(clock.measure {
            _ = try? session.change(at: 3) { (screen: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try screen.bind("items", json: shuffle) }
            _ = session.pass(at: 3.05)
        })
        results.append(("data: remove it again, animated", gone, String(format: "%.1f ms", gone * 1000)))
        // Three elements at once, at the top, in the middle and at the end:
        // three blocks, one quick transition.
        var three = shuffled
        three.insert(elements + 3, at: three.count)
        three.insert(elements + 2, at: three.count / 2)
        three.insert(elements + 1, at: 0)
        let severalJSON = json(three, edited: elements / 2)
        let several = Measure.seconds(clock.measure {
            _ = try? session.change(at: 5) { (screen: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try screen.bind("items", json: severalJSON) }
            _ = session.pass(at: 5.05)
        })
        results.append(("data: insert 3 at three places, animated", several, String(format: "%.1f ms (re-binding the document)", several * 1000)))
        // One element moved to the top (a thread with a new message): one
        // run of rows moved, every row above its old place following.
        var bumped = three
        bumped.insert(bumped.remove(at: bumped.count / 2), at: 0)
        let bumpedJSON = json(bumped, edited: elements / 2)
        let bump = Measure.seconds(clock.measure {
            _ = try? session.change(at: 6) { (screen: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try screen.bind("items", json: bumpedJSON) }
            _ = session.pass(at: 6.05)
        })
        results.append(("data: move 1 from the middle to the top, animated", bump, String(format: "%.1f ms (re-binding the document)", bump * 1000)))
        // Rows moved in more than one run: two elements far apart swapped
        // (three runs), and the first hundred in another order (a run for
        // each) — each on a copy of the session without quick changes too.
        var swapped = bumped
        swapped.swapAt(10, swapped.count - 10)
        var sorted = swapped
        sorted[0..<100].reverse()
        // And one moved to the top as a new one comes, in one binding: rows
        // moved with a block in.
        var bumpedAndNew = sorted
        bumpedAndNew.insert(bumpedAndNew.remove(at: bumpedAndNew.count / 2), at: 0)
        bumpedAndNew.insert(elements + 10, at: 1)
        // Changes in many places (they took the general transition past 64
        // blocks or 256 runs): a search filter that leaves every hundredth
        // element out, the first thousand in another order (a run for
        // each), and both at once.
        let filtered = bumpedAndNew.enumerated().filter { $0.offset % 100 != 50 }.map(\.element)
        var resorted = filtered
        resorted[0..<min(1_000, resorted.count)].reverse()
        var both = bumpedAndNew.enumerated().filter { $0.offset % 100 != 25 }.map(\.element)
        both[0..<min(1_000, both.count)].reverse()
        // On a copy of the session, with a clock of its own.
        var mover = session
        let orders = [
            ("swap 2 far apart", swapped, 20.0), ("reverse the first 100", sorted, 22.0), ("move 1 to the top as 1 comes", bumpedAndNew, 24.0),
            ("filter every 100th out", filtered, 26.0), ("reverse the first 1,000", resorted, 28.0),
            ("reverse the first 1,000 as every 100th goes", both, 30.0),
        ]
        for (name, order, time) in orders {
            let document = json(order, edited: elements / 2)
            var general = mover
            general.allowsQuickChanges = false
            func timed(_ session: inout HostSession) -> Double {
                Measure.seconds(clock.measure {
                    _ = try? session.change(at: time) { (screen: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in try screen.bind("items", json: document) }
                    _ = session.pass(at: time + 0.05)
                })
            }
            let quick = timed(&mover)
            let tookQuick = mover.screen.changedQuickly
            let slow = timed(&general)
            results.append((
                "data: \(name), animated", quick,
                String(format: "%.1f ms (re-binding the document%@); %.1f ms through the general transition", quick * 1000,
                    tookQuick ? "" : "; the quick path was not taken", slow * 1000)))
        }
        // A pushed element through the session: no document, no diff; made
        // in place. Then the same through change(at:), on a copy.
        let pushed = Measure.seconds(clock.measure {
            _ = try? session.insert("items", json: object, index: 0, at: 7)
            _ = session.pass(at: 7.05)
        })
        results.append(("data: push 1 by HostSession.insert, animated", pushed, String(format: "%.1f ms (in place, and one frame)", pushed * 1000)))
        // A feed through the session: each push animated and a frame drawn.
        var feedSession = session
        let sessionPushes = feedObjects.enumerated().map { n, object in
            let at = 20 + Double(n)
            return Measure.seconds(clock.measure {
                _ = try? feedSession.insert("items", json: object, index: 0, at: at)
                _ = feedSession.pass(at: at + 0.05)
            })
        }
        results.append((
            "data: 1,000 pushed by HostSession.insert", sessionPushes.sorted()[500], "\(summary(sessionPushes)), a frame drawn after each"))
        results += busyFeed(elements: elements, summary: summary)
        results += inboxBursts(elements: elements)
        results += chatAppend(elements: elements, countingHead: false)
        results += chatAppend(elements: elements, countingHead: true)
        results += chatAppend(elements: elements, countingHead: true, resizingHead: true)
        results += fillFeed(elements: elements)
        results += fillCardFeed(elements: elements)
        results += cardFeed(elements: elements)
        results += markedFeed(elements: elements)
        let deleted = Measure.seconds(clock.measure {
            _ = try? session.remove("items", key: "i\(elements)", at: 9)
            _ = session.pass(at: 9.05)
        })
        results.append(("data: delete it by HostSession.remove, animated", deleted, String(format: "%.1f ms", deleted * 1000)))
        let copied = Measure.seconds(clock.measure {
            _ = try? session.change(at: 11) { (screen: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                try screen.insert("items", json: object, at: 0)
            }
            _ = session.pass(at: 11.05)
        })
        results.append(("data: push 1 through change(at:), animated", copied, String(format: "%.1f ms (on a copy of the screen)", copied * 1000)))
        return results
    }
}

extension String {
    /// The string with the first `target` replaced (no Foundation here).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
