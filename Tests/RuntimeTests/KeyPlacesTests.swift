// Places by key kept through single inserts and removals must answer as a
// table built afresh from the list would, tokens of removed keys used again.

import XCTest
@testable import StackRuntime
import TestSupport

final class KeyPlacesTests: XCTestCase {
    func testAnswersAsATableBuiltFromTheList() {
        var random = SplitMix64(seed: 0xC0FFEE)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        var keys = (0..<700).map { "k\($0)" }
        var places = KeyPlaces(keys: keys)
        var made = keys.count
        for step in 0..<4000 {
            // Growing, then shrinking: blocks split, then empty.
            if keys.isEmpty || next(10) < (step < 2_000 ? 7 : 3) {
                let at = next(keys.count + 1)
                made += 1
                keys.insert("k\(made)", at: at)
                places.insert("k\(made)", at: at)
            } else {
                let at = next(keys.count)
                places.remove(keys[at], at: at)
                keys.remove(at: at)
            }
            for (place, key) in keys.enumerated() where place % 37 == step % 37 {
                XCTAssertEqual(places[key], place, "step \(step): \(key)")
            }
            XCTAssertNil(places["k\(made + 1)"])
            if testRun?.failureCount ?? 0 > 0 { return }
        }
        // Built afresh, the same answers.
        let fresh = KeyPlaces(keys: keys)
        for (place, key) in keys.enumerated() { XCTAssertEqual(fresh[key], place, key) }
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
