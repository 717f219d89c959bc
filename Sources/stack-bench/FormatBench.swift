// Compiled-format benchmarks: compile (lower + encode), load (decode and
// validate) against parsing and checking the source, and against Foundation's
// JSONDecoder reading the `--emit json` form of the same model.

import Foundation
import StackCompiler
import StackParser
import StackRuntime

enum FormatBench {
    typealias Result = (String, Double, String)

    static func run(file: SourceFile, rows: Int, iterations: Int) -> [Result] {
        guard let program = Compiler.check(file, loader: MemoryLoader([:])).program else { return [] }
        var models: [ScreenModel] = []
        var bytes: [UInt8] = []
        let compileTime = Measure.median(iterations: iterations) {
            models = Compiler.lower(program)
            bytes = ScreenEncoder.encode(models)
        }
        let checkTime = Measure.median(iterations: max(1, iterations / 2)) {
            _ = Compiler.check(file, loader: MemoryLoader([:]))
        }
        var loaded: [ScreenModel] = []
        let loadTime = Measure.median(iterations: iterations) {
            loaded = (try? ScreenDecoder.decode(bytes)) ?? []
        }
        precondition(loaded.count == models.count)
        let encoder = JSONEncoder()
        let json = (try? encoder.encode(models)) ?? Data()
        let decodeTime = Measure.median(iterations: 1) {
            _ = try? JSONDecoder().decode([ScreenModel].self, from: json)
        }
        let perRow = { (t: Double) in String(format: "%.0f ns a row", t * 1e9 / Double(rows)) }
        return [
            ("compile (lower + encode)", compileTime, perRow(compileTime)),
            ("load compiled (decode + validate)", loadTime, perRow(loadTime)),
            ("  vs parse + check the source", checkTime, String(format: "load is %.1fx faster", checkTime / loadTime)),
            ("  vs JSONDecoder on --emit json", decodeTime, String(format: "load is %.0fx faster (%.1f MB of JSON)", decodeTime / loadTime, Double(json.count) / 1e6)),
            ("compiled size", 0, String(format: "%d bytes, %.1f%% of the %d-byte source", bytes.count, 100 * Double(bytes.count) / Double(file.bytes.count), file.bytes.count)),
        ]
    }
}
