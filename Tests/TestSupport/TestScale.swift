// How long the seeded model tests run. By default a short walk that still
// reaches every kind of step many times, so the suite stays quick;
// STACKC_LONG_TESTS=1 runs the full counts (a soak run by hand: see the
// README's tests section; CI runs the default ones to stay within its budget).

import Foundation

package enum TestScale {
    /// Whether the full counts were asked for.
    package static let isLong = ProcessInfo.processInfo.environment["STACKC_LONG_TESTS"].map { $0 != "" && $0 != "0" } ?? false

    /// Mixed into every seed of `SplitMix64`: 0 unless STACKC_TEST_SEED
    /// gives a number (decimal, or hexadecimal after `0x`), so that a soak
    /// run walks other paths than the suite's own (see the README's tests section).
    package static let seedOffset: UInt64 = {
        guard let text = ProcessInfo.processInfo.environment["STACKC_TEST_SEED"], !text.isEmpty else { return 0 }
        let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        guard let parsed else { fatalError("STACKC_TEST_SEED: '\(text)' is not a number (write it in decimal, or in hexadecimal after 0x)") }
        return parsed
    }()

    /// `full` with STACKC_LONG_TESTS=1, else `quick`.
    package static func count(full: Int, quick: Int) -> Int { isLong ? full : quick }
}
