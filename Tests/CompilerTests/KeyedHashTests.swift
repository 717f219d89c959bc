// The byte hash of the compiler's tables against strings crafted to
// collide: the family that made checking and compiling quadratic under the
// unkeyed hash used before, the differences that pass through a multiply
// unchanged, and every single-byte change at every length the hash reads
// in a different way.

@testable import StackCompiler
import XCTest

final class KeyedHashTests: XCTestCase {
    /// The unkeyed hash the tables used before (a multiply and a shift for
    /// each eight bytes, then a byte at a time), to build its collisions.
    private static func unkeyed(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var at = 0
        while at + 8 <= bytes.count {
            hash = step(hash, word(bytes, at))
            at += 8
        }
        for byte in bytes[at...] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash ^ (hash >> 32)
    }

    private static func step(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
        return mixed ^ (mixed >> 29)
    }

    private static func word(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * $1) }
    }

    private static func bytes(_ word: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) }
    }

    /// 2^`blocks` ids of letters and digits, 16 bytes a block, all with one
    /// unkeyed hash: each block has two spellings ('p'…'y' or '0'…'9' in
    /// its 8th and 16th bytes, 'a' or 'c' in its 13th) that leave the
    /// unkeyed hash's state the same.
    private static func collidingIDs(blocks: Int) -> [[UInt8]] {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        func word(first: UInt8?) -> UInt64 {
            var spelling = (0..<8).map { _ in letters.randomElement(using: &generator) ?? 0x61 }
            if let first { spelling[0] = first }
            spelling[4] = 0x61
            spelling[7] = 0x70 + UInt8.random(in: 0..<10, using: &generator)
            return Self.word(spelling, 0)
        }
        var state: UInt64 = 0xcbf2_9ce4_8422_2325
        var spellings: [([UInt8], [UInt8])] = []
        for block in 0..<blocks {
            while true {
                let first = word(first: block == 0 ? 0x6B : nil)
                let one = step(state, first), other = step(state, first ^ 1 << 62)
                // The carry out of bit 62 goes one way about half the time.
                guard one ^ other == 1 << 62 | 1 << 33 else { continue }
                let second = word(first: nil)
                let next = step(one, second)
                guard next == step(other, second ^ (1 << 62 | 1 << 33)) else { continue }
                spellings.append((bytes(first) + bytes(second), bytes(first ^ 1 << 62) + bytes(second ^ (1 << 62 | 1 << 33))))
                state = next
                break
            }
        }
        return (0..<(1 << blocks)).map { choice in
            spellings.enumerated().flatMap { block, pair in choice >> block & 1 == 0 ? pair.0 : pair.1 }
        }
    }

    func testCraftedIDsSpreadOverTheIndex() {
        let ids = Self.collidingIDs(blocks: 12)
        XCTAssertEqual(Set(ids).count, 4096)
        XCTAssertTrue(ids.allSatisfy { $0.allSatisfy { byte in (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) } })
        // They are an attack on the unkeyed hash: one hash for all.
        XCTAssertEqual(Set(ids.map(Self.unkeyed)).count, 1)

        // Into an index as the tables use it, counting the entries compared:
        // under the unkeyed hash 4,096 ids took 8.4 million comparisons.
        let hashing = KeyedHash()
        var index = HashIndex()
        var compared = 0
        for (entry, id) in ids.enumerated() {
            let hash = id.withUnsafeBufferPointer { hashing.hash($0) }
            let found = index.find(hash: hash) { other in
                compared += 1
                return ids[other] == id
            }
            XCTAssertNil(found)
            index.insert(entry, hash: hash) { other in ids[other].withUnsafeBufferPointer { hashing.hash($0) } }
        }
        for (entry, id) in ids.enumerated() {
            XCTAssertEqual(index.find(hash: id.withUnsafeBufferPointer { hashing.hash($0) }) { ids[$0] == id }, entry)
        }
        // Half full at most: about half an entry compared a miss on average.
        XCTAssertLessThan(compared, 4 * ids.count)
        let buckets = Set(ids.map { id in id.withUnsafeBufferPointer { hashing.hash($0) } & 8191 })
        // 4,096 random hashes fill about 3,220 of 8,192 buckets.
        XCTAssertGreaterThan(buckets.count, 3_000)
    }

    func testTopBitDifferencesDoNotCancel() {
        // A difference in a word's top bit passed through the unkeyed
        // hash's multiply as itself and its shift to bit 34, so changing
        // bit 63 of one word and bits 63 and 34 of the next left its state
        // the same whatever it was.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let words = (0..<3).map { _ in UInt64.random(in: .min ... .max, using: &generator) }
            let one = words.flatMap(Self.bytes)
            let other = [words[0] ^ 1 << 63, words[1] ^ (1 << 63 | 1 << 34), words[2]].flatMap(Self.bytes)
            XCTAssertEqual(Self.unkeyed(one), Self.unkeyed(other))
            for hashing in [KeyedHash(), KeyedHash(keys: (0, 0, 0)), KeyedHash(keys: (1, 2, 3))] {
                XCTAssertNotEqual(one.withUnsafeBufferPointer { hashing.hash($0) }, other.withUnsafeBufferPointer { hashing.hash($0) })
            }
        }
    }

    func testEveryByteAndTheLengthCount() {
        var generator = SystemRandomNumberGenerator()
        let hashing = KeyedHash()
        func hash(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBufferPointer { hashing.hash($0) } }
        // Lengths read as one to three bytes, two half words, two words, and blocks.
        for length in 0...70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var seen: Set<Int> = [hash(bytes), hash(bytes + [0]), hash(Array(bytes.dropLast()))]
            XCTAssertEqual(seen.count, length == 0 ? 2 : 3, "length \(length)")
            for at in bytes.indices {
                var changed = bytes
                changed[at] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
                XCTAssertTrue(seen.insert(hash(changed)).inserted, "length \(length), byte \(at)")
            }
            // Kept bytes hash as bytes in place do.
            XCTAssertEqual(hashing.hash(bytes[...]), hash(bytes))
        }
    }

    func testKeysChangeEveryHash() {
        var generator = SystemRandomNumberGenerator()
        let one = KeyedHash(keys: (1, 2, 3)), other = KeyedHash(keys: (1, 2, 4))
        var same = 0
        for _ in 0..<1_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if bytes.withUnsafeBufferPointer({ one.hash($0) == other.hash($0) }) { same += 1 }
        }
        XCTAssertEqual(same, 0)
        // One process, one key: tables made apart agree.
        let bytes: [UInt8] = Array("row12345".utf8)
        XCTAssertEqual(bytes.withUnsafeBufferPointer { KeyedHash().hash($0) }, bytes.withUnsafeBufferPointer { KeyedHash().hash($0) })
    }
}
