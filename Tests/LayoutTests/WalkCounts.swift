// What a seeded walk reached, asserted under the suite's own seeds only.

import TestSupport
import XCTest

/// Asserts that a seeded walk reached something more than `minimum` times
/// (that the quick path was taken, say) — under the suite's own seeds.
/// Under `STACKC_TEST_SEED` the walk is another one, which may reach it
/// less without anything being wrong: the count is printed instead.
func XCTAssertReached(
    _ count: Int, moreThan minimum: Int, _ message: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line
) {
    if TestScale.seedOffset == 0 {
        XCTAssertGreaterThan(count, minimum, message(), file: file, line: line)
    } else if count <= minimum {
        print("note: under STACKC_TEST_SEED=\(TestScale.seedOffset), \(count) (not more than \(minimum)): \(message())")
    }
}
