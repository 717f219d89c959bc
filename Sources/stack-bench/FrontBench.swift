// Checking and lowering timed by turns in one process: the front end's
// first goal is their ratio, and on a machine whose speed drifts from
// minute to minute (a shared virtual machine), two stages timed one after
// the other, each over all its runs, can land in different spells. By
// turns, each round's check and lowering see the same machine.

import StackCompiler
import StackParser

enum FrontBench {
    /// `rounds` rounds (after one to warm up) of a check keeping the
    /// program, then the lowering of a program handed over: the median of
    /// each, and of the rounds' ratios.
    static func run(file: SourceFile, rows: Int, rounds: Int) -> [(String, Double, String)] {
        let clock = ContinuousClock()
        var checks: [Double] = [], lowers: [Double] = [], ratios: [Double] = []
        for round in 0...max(1, rounds) {
            // As the `check` line times it: the result, program and all, let go inside the timing.
            var start = clock.now
            let errors = Compiler.check(file, loader: MemoryLoader([:])).diagnostics.errorCount
            let check = Measure.seconds(clock.now - start)
            // As the `lower` line times it: a program of its own handed over, made untimed.
            var program = Compiler.check(file, loader: MemoryLoader([:])).program
            guard errors == 0, let handed = program.take() else {
                return [("check and lower by turns", 0, "not measured: the screen has \(errors) errors")]
            }
            start = clock.now
            _ = Compiler.lower(consume handed)
            let lower = Measure.seconds(clock.now - start)
            guard round > 0 else { continue }
            checks.append(check)
            lowers.append(lower)
            ratios.append(lower / check)
        }
        // The ratio of each round, its median in the note (the table's last
        // line gives the ratio of the two medians).
        let check = Measure.median(checks), lower = Measure.median(lowers)
        let ratio = String(format: "; lower / check by rounds: median %.2f (%.2f–%.2f) of %d", Measure.median(ratios), ratios.min() ?? 0, ratios.max() ?? 0, ratios.count)
        return [
            ("check, by turns with lower", check, String(format: "%.0f ns a row", check * 1e9 / Double(rows))),
            ("lower, by turns with check", lower, String(format: "%.0f ns a row", lower * 1e9 / Double(rows)) + ratio),
        ]
    }
}
