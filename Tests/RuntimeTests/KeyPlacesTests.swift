// Places by key kept through single inserts and removals must answer as a
// table built afresh from the list would, before and after it settles.

import XCTest
@testable import StackRuntime
import TestSupport

final class KeyPlacesTests: XCTestCase {
    func testAnswersAsATableBuiltFromTheList() {
        var random = SplitMix64(seed: 0xC0FFEE)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        var keys = (0..<20).map { "k\($0)" }
        var places = KeyPlaces(keys: keys)
        var made = keys.count
        var settled = 0
        for step in 0..<2000 {
            if keys.isEmpty || next(2) == 0 {
                let at = next(keys.count + 1)
                made += 1
                keys.insert("k\(made)", at: at)
                places.insert("k\(made)", at: at)
            } else {
                let at = next(keys.count)
                places.remove(keys[at], at: at)
                keys.remove(at: at)
            }
            if places.needsSettling {
                places = KeyPlaces(keys: keys)
                settled += 1
            }
            for (place, key) in keys.enumerated() where place % 3 == step % 3 {
                XCTAssertEqual(places[key], place, "step \(step): \(key)")
            }
            XCTAssertNil(places["k\(made + 1)"])
            if testRun?.failureCount ?? 0 > 0 { return }
        }
        XCTAssertGreaterThan(settled, 10)
        // A key removed is gone; one removed and added again is where it went.
        let key = keys[0]
        places.remove(key, at: 0)
        keys.remove(at: 0)
        XCTAssertNil(places[key])
        places.insert(key, at: 1)
        keys.insert(key, at: 1)
        for (place, key) in keys.enumerated() { XCTAssertEqual(places[key], place, key) }
    }
}
