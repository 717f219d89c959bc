// A change made while a general transition runs: the screen's padding set
// (a stack's settings read: the screen is laid out again, every row moves),
// then, 50 ms in, a state five rows read. For hosts the general transition
// is handed to a quick one as it starts, and the second change composes
// with it; without quick changes it builds the general transition again.

import StackRuntime

extension HostBench {
    /// The medians of the two changes, each with a pass, on a session with
    /// quick changes and on one without.
    /// `cards`: a card of the screen's own near the top hides with the
    /// padding, and the rows of its stack are drawn where they were
    /// while it collapses; `lists`: the card holds a list, bound again in
    /// the change that hides it (its rows come and go as it collapses).
    static func overGeneral(count: Int, cards: Bool = false, lists: Bool = false) -> [Result] {
        var source = lists ? "record Item { id: string }\n" : ""
        source += "screen OverGeneral {\n    state top: bool = false\n    state open: bool = false\n    padding: (top ? 40 : 0) 0 0 0\n"
        if lists { source += "    data items: [Item]\n" }
        source += "    defaults { transition resize { duration: 300ms }  transition show { duration: 200ms }  transition hide { duration: 200ms }  transition move { duration: 300ms } }\n"
        // (The card and its two rows in place of three rows: a screen of a
        // million rows is at the language's limit.)
        let tray = lists
            ? "    Stack tray {\n        hidden: top\n        for i in items key i.id { Text { text: i.id  size: 20 } }\n    }\n"
            : "    Stack tray { hidden: top  Text { text: \"tray\"  size: 20 }  Text { text: \"tray too\"  size: 20 } }\n"
        source += fiveReaderRows(count: count) { row in
            guard cards || lists, (2...4).contains(row) else { return nil }
            return row == 2 ? tray : ""
        }
        source += "}\n"
        guard let model = benchScreen(source, path: "overgeneral.stack") else {
            return [("host: over a general transition (the bench screen did not compile)", 0, "")]
        }
        var out: [Result] = []
        for quick in [true, false] {
            var session = sessionMidway(model, quick: quick)
            var first: [Double] = [], second: [Double] = []
            for step in 0..<6 {
                let t = 10 + Double(step)
                let on = step % 2 == 0
                first.append(changeAndPass(&session, at: t, passAt: t + 0.016) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    try live.setState("top", to: .bool(on)) + (lists ? live.bind("items", json: on ? #"[{"id": "b"}, {"id": "c"}]"# : #"[{"id": "a"}, {"id": "b"}]"#) : [])
                })
                second.append(changeAndPass(&session, at: t + 0.05, passAt: t + 0.066) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    try live.setState("open", to: .bool(on))
                })
            }
            first.sort()
            second.sort()
            let path = quick ? "quick" : "general"
            // (Names the table prints whole: 40 characters at most.)
            let (firstName, secondName) = lists
                ? ("+list, padding", "+list, 5 over it") : cards ? ("+card, padding", "+card, 5 over it") : ("padding set", "5 rows over it")
            out.append((
                "host: \(firstName), \(path) (\(count / 1000)k)", first[first.count / 2],
                String(format: "%.2f ms median, change and a pass (the general transition, every row moving%@)", first[first.count / 2] * 1e3,
                    lists ? ", a card hiding as its list is bound again" : cards ? ", a card hiding" : "")
            ))
            out.append((
                "host: \(secondName), \(path) (\(count / 1000)k)", second[second.count / 2],
                String(format: "%.2f ms median, change and a pass: a state 5 rows read, 50 ms into the padding's transition%@", second[second.count / 2] * 1e3,
                    quick && session.screen.generalTakenOver == 0 ? " (no general transition was taken over)" : "")
            ))
        }
        return out
    }
}
