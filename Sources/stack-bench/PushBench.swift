// One element of a bound list pushed and deleted again through
// `HostSession.change(at:)` — a closure on a copy of the live screen — at
// several sizes: what the copy costs beside the change itself (the same
// push made in place by `HostSession.insert` and `remove` for comparison).
// Each a median of several, a frame drawn after each.

import StackCompiler
import StackParser
import StackRuntime

enum PushBench {
    typealias Result = (String, Double, String)

    static func run(sizes: [Int]) -> [Result] {
        let animated = DataBench.source.replacingFirst(
            "data items: [Item]",
            with: "data items: [Item]\n    defaults { transition insert { duration: 250ms  from { alpha: 0 } }  transition remove { duration: 250ms  to { alpha: 0 } } }")
        // A tap that reads the element: its rows cannot share one copy of
        // the template's code, so each element appends code of its own.
        let tapping = animated.replacingFirst("data items: [Item]", with: "data items: [Item]\n    state picked: string = \"\"")
            .replacingFirst("size: 44 }", with: "size: 44  tap: set(picked, a.id) }")
        // Each element a card: a stack of its own, laid out alone when
        // it is spliced in.
        let cards = animated.replacingFirst(
            "Text item { text: \"\\(a.title) · \\(fixed(a.price, 2)) €\"  size: 44 }",
            with: "Stack card { padding: 8  Text item { text: \"\\(a.title)\"  size: 20 }  Text price { text: \"\\(fixed(a.price, 2)) €\"  size: 16 } }")
        // Each element a component instance with state of its own.
        let stateful = animated.replacingFirst("screen S {", with: """
            component Line(title: string): Text { state open: bool = false  text: title  size: open ? 80 : 44  tap: toggle(open) }
            screen S {
            """).replacingFirst(
            "Text item { text: \"\\(a.title) · \\(fixed(a.price, 2)) €\"  size: 44 }", with: "Line item { title: a.title }")
        var results: [Result] = []
        for (source, what) in [
            (animated, ""), (tapping, ", a tap reading the element"), (stateful, ", state of its own"), (cards, ", each a card"),
        ] {
            guard source != animated || what.isEmpty, let program = Compiler.check(SourceFile(path: "push.stack", text: source)).program,
                let model = Compiler.lower(program).first
            else {
                results.append(("push: (the screen\(what) did not compile)", 0, ""))
                continue
            }
            results += run(model, sizes: sizes, what: what)
        }
        return results
    }

    private static func run(_ model: ScreenModel, sizes: [Int], what: String) -> [Result] {
        var results: [Result] = []
        for size in sizes {
            var live = LiveScreen(model: model)
            guard (try? live.bind("items", json: DataBench.json(Array(0..<size)))) != nil else { continue }
            let label = size >= 1_000_000 ? "\(size / 1_000_000)M" : "\(size / 1000)k"
            for throughCopy in [true, false] {
                var session = HostSession(live)
                _ = session.pass(at: 0)
                let (pushes, deletes) = measure(&session, elements: size, throughCopy: throughCopy)
                let how = throughCopy ? "through change(at:)" : "in place"
                results.append((
                    "push 1 \(how) (\(label)\(what))", pushes,
                    String(format: "%.3f ms median of 8, and a frame; deleted again %.3f ms", pushes * 1000, deletes * 1000)))
            }
        }
        return results
    }

    /// Medians of eight pushes into the middle and eight deletes, a second
    /// apart (each after the last has finished animating).
    private static func measure(_ session: inout HostSession, elements: Int, throughCopy: Bool) -> (Double, Double) {
        let clock = ContinuousClock()
        var pushes: [Double] = [], deletes: [Double] = []
        for n in 0..<8 {
            let at = 1 + Double(n) * 2
            let object = "{\"id\":\"p\(n)\",\"title\":\"Pushed \(n)\",\"price\":\(n)}"
            pushes.append(Measure.seconds(clock.measure {
                if throughCopy {
                    _ = try? session.change(at: at) { (screen: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                        try screen.insert("items", json: object, at: elements / 2)
                    }
                } else {
                    _ = try? session.insert("items", json: object, index: elements / 2, at: at)
                }
                _ = session.pass(at: at + 0.05)
            }))
            deletes.append(Measure.seconds(clock.measure {
                if throughCopy {
                    _ = try? session.change(at: at + 1) { (screen: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                        try screen.remove("items", key: "p\(n)")
                    }
                } else {
                    _ = try? session.remove("items", key: "p\(n)", at: at + 1)
                }
                _ = session.pass(at: at + 1.05)
            }))
        }
        pushes.sort()
        deletes.sort()
        return (pushes[pushes.count / 2], deletes[deletes.count / 2])
    }
}
