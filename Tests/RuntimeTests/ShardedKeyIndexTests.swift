// The screen's rows by id, in shards: whatever the number of shards, the
// index must answer as a dictionary keyed by the keys' bytes does through
// any mix of additions, changes and removals, copies included.

import XCTest
@testable import StackRuntime
import TestSupport

final class ShardedKeyIndexTests: XCTestCase {
    func testAnswersAsADictionaryWhateverItsShards() {
        var random = SplitMix64(seed: 0x5A4D)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        let pool = [""] + (0..<3000).map { "r\($0)" } + (0..<40).map { "a longer id of some thirty bytes, number \($0)" } + ["é", "日本", "e\u{301}"]
        // One shard, 8 and 64.
        for capacity in [0, 10_000, 100_000] {
            var indices = [ShardedKeyIndex(minimumCapacity: capacity)]
            var references: [[[UInt8]: Int]] = [[:]]
            for step in 0..<30_000 {
                let which = next(indices.count)
                let key = pool[next(pool.count)]
                switch next(9) {
                case 0:
                    if indices.count < 3 {
                        indices.append(indices[which])
                        references.append(references[which])
                    }
                case 1:
                    if indices.count > 1 {
                        indices.remove(at: which)
                        references.remove(at: which)
                    }
                case 2, 3, 4:
                    let value = next(1_000_000)
                    XCTAssertEqual(
                        indices[which].updateValue(value, forKey: key), references[which].updateValue(value, forKey: Array(key.utf8)),
                        "capacity \(capacity), step \(step)")
                case 5:
                    XCTAssertEqual(
                        indices[which].removeValue(forKey: key), references[which].removeValue(forKey: Array(key.utf8)),
                        "capacity \(capacity), step \(step)")
                default:
                    XCTAssertEqual(indices[which][key], references[which][Array(key.utf8)], "capacity \(capacity), step \(step)")
                }
                for (index, reference) in zip(indices, references) {
                    XCTAssertEqual(index.count, reference.count, "capacity \(capacity), step \(step)")
                }
            }
            for (index, reference) in zip(indices, references) {
                for key in pool { XCTAssertEqual(index[key], reference[Array(key.utf8)], "capacity \(capacity), \(key)") }
            }
        }
    }
}
