// Timing and memory helpers for the benchmark harness.

import Foundation

enum Measure {
    /// Runs `body` `iterations` times (after one warm-up) and returns the
    /// median wall time in seconds.
    static func median(iterations: Int, _ body: () -> Void) -> Double {
        median(iterations: iterations, setUp: { () as Void? }) { _ in body() }
    }

    /// The median time of `body` over `iterations` runs (after one to warm
    /// up), each given what `setUp` made for it, untimed, to take.
    static func median<Input>(iterations: Int, setUp: () -> Input?, _ body: (inout Input?) -> Void) -> Double {
        var first = setUp()
        body(&first)
        var samples: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<max(1, iterations) {
            var input = setUp()
            let start = clock.now
            body(&input)
            samples.append(seconds(clock.now - start))
        }
        return median(samples)
    }

    /// The middle of `values` (the upper of the two middles of an even
    /// count), which must not be empty.
    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// A duration in seconds.
    static func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }

    /// Peak resident memory of this process in bytes (VmHWM), where the OS tells.
    static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        return kilobytes(of: "VmHWM:", in: status).map { $0 * 1024 }
    }

    /// The number of a `/proc/self/status` line such as `VmHWM:\t  242300 kB`
    /// (a tab, then padding that a long number leaves out).
    static func kilobytes(of field: String, in status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            return line.dropFirst(field.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
        }
        return nil
    }

    /// Resident memory now (VmRSS), after handing freed heap back to the
    /// OS: the difference of two such readings around building something
    /// (kept alive) is what it holds. (Peak RSS growth says 0 once an
    /// earlier stage has raised the peak.)
    static func settledResidentBytes() -> Int? {
        #if os(Linux)
        _ = stackBenchMallocTrim(0)
        #endif
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        return kilobytes(of: "VmRSS:", in: status).map { $0 * 1024 }
    }
}

#if os(Linux)
/// glibc's malloc_trim, which the Glibc module does not export.
@_silgen_name("malloc_trim")
func stackBenchMallocTrim(_ pad: Int) -> Int32
#endif
