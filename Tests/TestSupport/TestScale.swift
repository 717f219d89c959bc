// How long the seeded model tests run. By default a short walk that still
// reaches every kind of step many times, so the suite stays quick;
// STACKC_LONG_TESTS=1 (set by .ci/run) runs the full counts.

import Foundation

package enum TestScale {
    /// Whether the full counts were asked for.
    package static let isLong = ProcessInfo.processInfo.environment["STACKC_LONG_TESTS"].map { $0 != "" && $0 != "0" } ?? false

    /// `full` with STACKC_LONG_TESTS=1, else `quick`.
    package static func count(full: Int, quick: Int) -> Int { isLong ? full : quick }
}
