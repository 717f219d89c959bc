// The key table behind bound lists' places must answer as a dictionary
// keyed by the keys' bytes does through any mix of additions, changes and removals, whatever the
// keys (empty, long, multi-byte, alike but for their last byte).

import XCTest
@testable import StackRuntime
import TestSupport

final class KeyIndexTests: XCTestCase {
    func testAnswersAsADictionary() {
        var random = SplitMix64(seed: 0xD1C7)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        let pool = [""] + (0..<300).map { "k\($0)" } + (0..<40).map { "a longer key of some thirty bytes, number \($0)" } + ["é", "日本", "e\u{301}"]
        var index = KeyIndex()
        // Keyed by bytes: the table tells canonically equivalent keys apart.
        var reference: [[UInt8]: Int] = [:]
        for step in 0..<20_000 {
            let key = pool[next(pool.count)]
            switch next(4) {
            case 0, 1:
                let value = next(1_000_000)
                XCTAssertEqual(index.updateValue(value, forKey: key), reference.updateValue(value, forKey: Array(key.utf8)), "step \(step)")
            case 2:
                XCTAssertEqual(index.removeValue(forKey: key), reference.removeValue(forKey: Array(key.utf8)), "step \(step)")
            default:
                XCTAssertEqual(index[key], reference[Array(key.utf8)], "step \(step)")
            }
            XCTAssertEqual(index.count, reference.count, "step \(step)")
        }
        for key in pool { XCTAssertEqual(index[key], reference[Array(key.utf8)], key) }
        XCTAssertEqual(Set(index.keys.filter { !$0.isEmpty }.map { Array($0.utf8) }), Set(reference.keys.filter { !$0.isEmpty }))
    }

    func testGrowsFromAReservedSizeAndKeepsOrder() {
        var index = KeyIndex(minimumCapacity: 10)
        for n in 0..<50_000 { XCTAssertNil(index.updateValue(n, forKey: "i\(n)")) }
        XCTAssertEqual(index.count, 50_000)
        XCTAssertEqual(index.keys.prefix(3), ["i0", "i1", "i2"])
        for n in stride(from: 0, to: 50_000, by: 997) { XCTAssertEqual(index["i\(n)"], n) }
        XCTAssertNil(index["i50000"])
        XCTAssertEqual(index.updateValue(7, forKey: "i3"), 3)
        XCTAssertEqual(index["i3"], 7)
    }
}
