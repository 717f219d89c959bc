// The parser's cache of names' strings against making each string afresh:
// random spellings, anywhere in a buffer (near its end a name is read a
// byte at a time, elsewhere as two words), with bytes that are not ASCII
// or not UTF-8 at all, and far more spellings than the table has slots.

@testable import StackParser
import XCTest

final class NameCacheTests: XCTestCase {
    /// What a parser does with a name: the cached string, or a new one kept.
    private func name(_ cache: inout NameCache, _ bytes: [UInt8], _ start: Int, _ end: Int) -> String {
        let key = NameCache.key(bytes, from: start, to: end)
        if let known = cache.string(for: key) { return known }
        let made = String(decoding: bytes[start..<end], as: UTF8.self)
        cache.remember(made, for: key)
        return made
    }

    func testCachedStringsAreTheStringsOfTheirBytes() {
        var generator = SystemRandomNumberGenerator()
        // Few distinct bytes, so that spellings repeat and share prefixes.
        let alphabet: [UInt8] = Array("abtxAB_-0".utf8) + [0xC3, 0xA9, 0xFF, 0x00]
        let bytes = (0..<4096).map { _ in alphabet.randomElement(using: &generator)! }
        var cache = NameCache()
        for _ in 0..<50_000 {
            let length = Int.random(in: 1...NameCache.longest, using: &generator)
            // A third near the end, where fewer than 16 bytes follow.
            let start = Int.random(in: 0...2, using: &generator) == 0
                ? bytes.count - length - Int.random(in: 0...15, using: &generator) % (bytes.count - length + 1)
                : Int.random(in: 0...(bytes.count - length), using: &generator)
            let expected = String(decoding: bytes[start..<start + length], as: UTF8.self)
            XCTAssertEqual(name(&cache, bytes, start, start + length), expected, "\(bytes[start..<start + length])")
        }
    }

    func testKeysAreTheBytesWhereverTheyStand() {
        var generator = SystemRandomNumberGenerator()
        for length in 1...NameCache.longest {
            for _ in 0..<200 {
                let word = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                // Read as words (bytes follow) and a byte at a time (at the end).
                let inside = word + Array(repeating: 0xAB, count: 16)
                let atEnd = [0x61] + word
                let a = NameCache.key(inside, from: 0, to: length)
                let b = NameCache.key(atEnd, from: 1, to: 1 + length)
                XCTAssertEqual(a, b, "\(word)")
                // One byte changed, or one byte more, is another key.
                var changed = word
                changed[Int.random(in: 0..<length, using: &generator)] &+= 1
                XCTAssertNotEqual(NameCache.key(changed + inside.dropFirst(length), from: 0, to: length), a)
                if length < NameCache.longest {
                    XCTAssertNotEqual(NameCache.key(inside, from: 0, to: length + 1), a)
                }
            }
        }
    }
}
