// The list behind bound elements must read, iterate and change as an array
// does through any mix of inserts, removals and edits, across block splits
// and emptied blocks.

import Foundation
import XCTest
@testable import StackRuntime
import TestSupport

final class BlockArrayTests: XCTestCase {
    func testChangesAsAnArray() {
        var random = SplitMix64(seed: 0xB10C)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        var list = BlockArray((0..<700).map { $0 })
        var reference = Array(0..<700)
        var made = 700
        for step in 0..<6_000 {
            switch next(7) {
            case 0, 1, 2:
                // Mostly at the top and the end, as feeds do, sometimes anywhere.
                let at = [0, reference.count, next(reference.count + 1)][next(3)]
                list.insert(made, at: at)
                reference.insert(made, at: at)
                made += 1
            case 3, 4:
                guard !reference.isEmpty else { continue }
                let at = next(2) == 0 ? 0 : next(reference.count)
                XCTAssertEqual(list.remove(at: at), reference.remove(at: at), "step \(step)")
            default:
                guard !reference.isEmpty else { continue }
                let at = next(reference.count)
                list[at] = -step
                reference[at] = -step
            }
            XCTAssertEqual(list.count, reference.count, "step \(step)")
            if !reference.isEmpty {
                let at = next(reference.count)
                XCTAssertEqual(list[at], reference[at], "step \(step)")
            }
            if step % 500 == 0 {
                XCTAssertEqual(Array(list), reference, "step \(step)")
                XCTAssertEqual(list.array, reference, "step \(step)")
            }
        }
        XCTAssertEqual(Array(list), reference)
        XCTAssertEqual(list.map { $0 }, reference)
        XCTAssertEqual(Array(list.indices.map { list[$0] }), reference)
        var emptied = BlockArray([1, 2, 3])
        for _ in 0..<3 { emptied.remove(at: 0) }
        XCTAssertTrue(emptied.isEmpty)
        emptied.insert(9, at: 0)
        XCTAssertEqual(Array(emptied), [9])
    }
}

extension BlockArrayTests {
    func testBuiltAsAnArray() {
        var builder = BlockArray<Int>.Builder()
        for n in 0..<3_000 { builder.append(n) }
        var list = builder.finish()
        XCTAssertEqual(Array(list), Array(0..<3_000))
        for n in stride(from: 0, to: 3_000, by: 7) { XCTAssertEqual(list[n], n) }
        list.insert(-1, at: 1_000)
        list.remove(at: 0)
        XCTAssertEqual(list[998], 999)
        XCTAssertEqual(list[999], -1)
        XCTAssertEqual(list.count, 3_000)
    }
}

extension BlockArrayTests {
    /// Runs in and out, as a stack's rows change when elements come and go.
    func testRunsInAndOutAsAnArray() throws {
        var random = SplitMix64(seed: 0x2B0C)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        var list = BlockArray(Array(0..<900))
        var reference = Array(0..<900)
        var made = 900
        for step in 0..<3_000 {
            let at = next(reference.count + 1)
            switch next(3) {
            case 0:
                let run = Array(made..<(made + 1 + next(next(10) == 0 ? 700 : 4)))
                made += run.count
                list.insert(contentsOf: run, at: at)
                reference.insert(contentsOf: run, at: at)
            case 1:
                let end = min(reference.count, at + next(next(10) == 0 ? 900 : 4))
                list.removeSubrange(at..<end)
                reference.removeSubrange(at..<end)
            default:
                let end = min(reference.count, at + next(3))
                let run = Array(made..<(made + next(3)))
                made += run.count
                list.replaceSubrange(at..<end, with: run)
                reference.replaceSubrange(at..<end, with: run)
            }
            XCTAssertEqual(list.count, reference.count, "step \(step)")
            if step % 100 == 0 { XCTAssertEqual(list.array, reference, "step \(step)") }
            if let probe = reference.randomElement(using: &random) {
                XCTAssertEqual(list.firstIndex(of: probe), reference.firstIndex(of: probe), "step \(step)")
            }
        }
        XCTAssertEqual(list.array, reference)
        XCTAssertNil(list.firstIndex(of: -1))
        // Equal and coded as the array they hold, however they are blocked.
        let again = BlockArray(reference)
        XCTAssertEqual(list, again)
        XCTAssertEqual(list.hashValue, again.hashValue)
        let coded = try JSONEncoder().encode(list)
        XCTAssertEqual(coded, try JSONEncoder().encode(reference))
        XCTAssertEqual(try JSONDecoder().decode(BlockArray<Int>.self, from: coded), list)
    }
}
