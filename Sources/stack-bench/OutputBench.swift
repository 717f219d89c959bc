// The CLI's writers in process: the layout JSON of a synthetic screen
// written through the byte writer, against the string renderer it replaced
// (kept here as the baseline), in MB/s.

import StackOutput
import StackRuntime

enum OutputBench {
    typealias Result = (String, Double, String)

    static func run(rows: Int, iterations: Int) -> [Result] {
        let screen = Screen(model: SyntheticModels.screen(rows: rows, kind: .fixed))
        let layout = screen.layout()
        var size = 0
        let writer = Measure.median(iterations: iterations) {
            var sink = ByteSink()
            LayoutJSON.write(screen: screen, layout: layout, offset: 0, into: &sink)
            size = sink.bytes.count
        }
        let megabytes = Double(size) / 1e6
        var results: [Result] = [("output: layout JSON, byte writer", writer, String(format: "%.0f MB/s (%.1f MB)", megabytes / writer, megabytes))]
        // Numbers alone: the part the old path spent most in.
        var values: [Double] = []
        var state: UInt64 = 7
        for _ in 0..<1_000_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            values.append(Double(state >> 40) / 100)
        }
        let fast = Measure.median(iterations: iterations) {
            var sink = ByteSink()
            for value in values { sink.appendNumber(value) }
        }
        let slow = Measure.median(iterations: iterations) {
            var text = ""
            for value in values { text += NumberText.format(value) }
        }
        results.append(("output: 1M numbers, byte writer", fast, String(format: "%.0f ns a number (NumberText: %.0f ns)", fast * 1e3, slow * 1e3)))
        return results
    }
}
