// The person's settings switched on a live screen of many rows, a few of
// which follow them: a content-size or appearance switch costs the rows
// that read it (O(k log n)), a direction switch a full layout.

import StackCompiler
import StackParser
import StackRuntime

enum EnvironmentBench {
    typealias Result = (String, Double, String)

    static func source(rows: Int, adaptive: Int) -> String {
        var lines = ["screen S {"]
        let every = max(1, rows / max(1, adaptive))
        for index in 0..<rows {
            if index % every == 0 {
                lines.append("    Text { text: \"adapts \(index)\"  font: body  color: label }")
            } else {
                lines.append("    Text { text: \"row \(index)\"  size: 44 }")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    static func run(rows: Int) -> [Result] {
        let adaptive = 10
        guard let program = Compiler.check(SourceFile(path: "bench.stack", text: source(rows: rows, adaptive: adaptive))).program,
            let model = Compiler.lower(program).first
        else { return [("environment: (the bench screen did not compile)", 0, "")] }
        let clock = ContinuousClock()
        var live = LiveScreen(model: model)
        var sizes: [Double] = [], colours: [Double] = []
        for step in 0..<20 {
            sizes.append(Measure.seconds(clock.measure { _ = live.setContentSize(step % 2 == 0 ? .ax3 : .l) }))
            colours.append(Measure.seconds(clock.measure { _ = live.setAppearance(step % 2 == 0 ? .dark : .light) }))
        }
        sizes.sort()
        colours.sort()
        let direction = Measure.seconds(clock.measure { _ = live.setDirection(.rtl) })
        let k = "\(adaptive) of \(rows / 1000)k rows"
        return [
            ("environment: content size switch, \(k)", sizes[sizes.count / 2], String(format: "%.1f µs median (re-measures those rows only)", sizes[sizes.count / 2] * 1e6)),
            ("environment: appearance switch, \(k)", colours[colours.count / 2], String(format: "%.1f µs median (colours only)", colours[colours.count / 2] * 1e6)),
            ("environment: direction switch, \(rows / 1000)k rows", direction, String(format: "%.1f ms (a full layout)", direction * 1000)),
        ]
    }
}
