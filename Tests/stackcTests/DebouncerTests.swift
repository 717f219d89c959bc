// The debouncer, with a fake clock.

@testable import stackc
import XCTest

final class DebouncerTests: XCTestCase {
    let ms: UInt64 = 1_000_000

    func testActsOnceAfterQuiet() {
        var debouncer = Debouncer(quietMilliseconds: 40)
        XCTAssertNil(debouncer.deadline)
        XCTAssertFalse(debouncer.fire(at: 0))
        debouncer.record(at: 100 * ms)
        XCTAssertEqual(debouncer.deadline, 140 * ms)
        XCTAssertFalse(debouncer.fire(at: 139 * ms))
        XCTAssertTrue(debouncer.fire(at: 140 * ms))
        XCTAssertFalse(debouncer.fire(at: 200 * ms))
        XCTAssertNil(debouncer.deadline)
    }

    func testABurstIsOneAction() {
        var debouncer = Debouncer(quietMilliseconds: 40)
        var fired = 0
        // 1,000 saves a millisecond apart, checked at each.
        for step in 0..<1000 {
            let now = UInt64(step) * ms
            debouncer.record(at: now)
            if debouncer.fire(at: now) { fired += 1 }
        }
        XCTAssertEqual(fired, 0)
        XCTAssertTrue(debouncer.fire(at: 999 * ms + 40 * ms))
        XCTAssertEqual(fired + 1, 1)
    }

    func testChangesAfterActingStartAnew() {
        var debouncer = Debouncer(quietMilliseconds: 30)
        debouncer.record(at: 0)
        XCTAssertTrue(debouncer.fire(at: 30 * ms))
        debouncer.record(at: 31 * ms)
        XCTAssertFalse(debouncer.fire(at: 50 * ms))
        XCTAssertTrue(debouncer.fire(at: 61 * ms))
    }

    func testLayoutDiffNamesWhatChanged() {
        // Text output is covered end to end in WatchCommandTests; here the
        // pure one-line JSON helper.
        XCTAssertEqual(WatchSession.oneLine("{\n  \"a\": [\n    1\n  ]\n}\n"), "{ \"a\": [ 1 ] }")
    }
}
