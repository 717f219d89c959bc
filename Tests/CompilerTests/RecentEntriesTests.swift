// The growing direct-mapped cache of lowering and encoding against a plain
// model: a dictionary of the entry each slot would hold. The cache may
// forget (when it grows, or when another key takes the slot), but what it
// finds for a key must be the entry stored last in that key's slot since
// it last grew — never an entry it was not given.

@testable import StackCompiler
import TestSupport
import XCTest

final class RecentEntriesTests: XCTestCase {
    func testAnEmptyCacheHoldsNothingAndTakesNoRoom() {
        let cache = RecentEntries<Int>()
        for key: UInt64 in [0, 1, .max, 0x9E37_79B9_7F4A_7C15] {
            XCTAssertNil(cache.slot(for: key))
        }
        XCTAssertEqual(cache.room, 0)
    }

    /// Room comes with the first entry and grows fourfold when an entry
    /// lands on another, up to the largest; a few entries take little.
    func testRoomGrowsWhenEntriesMeetUpToTheLargest() {
        var cache = RecentEntries<Int>()
        var rooms: [Int] = []
        for index in 0..<1_000 {
            cache.store(index, for: UInt64(index) &* 0x9E37_79B9_7F4A_7C15, largest: 256)
            if rooms.last != cache.room { rooms.append(cache.room) }
        }
        XCTAssertEqual(rooms, [8, 32, 128, 256])
        cache.removeAll()
        XCTAssertEqual(cache.room, 0)
        XCTAssertNil(cache.slot(for: 999 &* 0x9E37_79B9_7F4A_7C15))

        // Keys whose top bits all differ never meet: the room stays 8.
        var few = RecentEntries<Int>()
        for index in 0..<8 { few.store(index, for: UInt64(index) << 61, largest: 256) }
        XCTAssertEqual(few.room, 8)
        for index in 0..<8 {
            XCTAssertEqual(few.slot(for: UInt64(index) << 61).flatMap { few.entries[$0] }, index)
        }
    }

    func testFindsWhatWasStoredLastInASlotSinceItGrew() {
        var generator = SplitMix64(seed: 18)
        for largest in [1, 8, 64, 512] {
            var cache = RecentEntries<(key: UInt64, value: Int)>()
            // The model: by slot, the last entry stored, for the room the
            // cache has; emptied when the room changes.
            var model: [Int: (key: UInt64, value: Int)] = [:]
            var room = cache.room
            var found = 0
            // Keys from a small set, so that many are looked up again.
            let keys = (0..<300).map { _ in UInt64.random(in: .min ... .max, using: &generator) }
            func slot(_ key: UInt64) -> Int { Int(key >> UInt64(64 - room.trailingZeroBitCount)) }
            for step in 0..<5_000 {
                let key = keys.randomElement(using: &generator)!
                let entry = cache.slot(for: key).flatMap { cache.entries[$0] }
                let expected = room == 0 ? nil : model[slot(key)]
                XCTAssertEqual(entry?.key, expected?.key, "largest \(largest), step \(step)")
                XCTAssertEqual(entry?.value, expected?.value, "largest \(largest), step \(step)")
                if entry?.key == key { found += 1 }
                if step % 3 == 0 {
                    cache.store((key, step), for: key, largest: largest)
                    if cache.room != room {
                        room = cache.room
                        model = [:]
                    }
                    model[slot(key)] = (key, step)
                }
            }
            XCTAssertEqual(room, largest)
            // With room for the keys, most lookups find their own entry.
            if largest >= 512 { XCTAssertGreaterThan(found, 1_500, "largest \(largest)") }
        }
    }
}
