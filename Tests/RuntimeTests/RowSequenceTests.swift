// The screen's rows in blocks must answer as one plain array of entries
// does — places, rows, sums, visibility, where a running length passes an
// offset — through any mix of inserts, removals and new extents, across
// block splits, emptied blocks and compaction.

import XCTest
@testable import StackRuntime
import TestSupport

final class RowSequenceTests: XCTestCase {
    typealias Entry = RowSequence.Entry

    /// The reference: entries in an array, every answer by a plain walk.
    struct Reference {
        var entries: [Entry] = []
    }

    func testAnswersAsAnArray() {
        var random = SplitMix64(seed: 0x5E9)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        var nextRow = 0
        func made(_ count: Int) -> [Entry] {
            (0..<count).map { _ in
                defer { nextRow += 1 }
                // Whole and quarter extents: sums in any order are exact.
                let extent = Double(next(200)) / 4
                let visible = next(5) != 0
                return Entry(row: nextRow, extent: visible ? extent : 0, term: visible ? extent + 1 : 0, visible: visible)
            }
        }
        var sequence = RowSequence()
        var reference = Reference()
        var splits = 0
        for step in 0..<2_000 {
            let count = reference.entries.count
            switch next(10) {
            case 0, 1, 2:
                // A few rows, or a long run (a first binding), anywhere.
                let entries = made(next(8) == 0 ? 1 + next(700) : 1 + next(6))
                let place = next(count + 1)
                let blocksBefore = sequence.blockCount
                sequence.insert(entries, at: place)
                reference.entries.insert(contentsOf: entries, at: place)
                if sequence.blockCount > blocksBefore + 1 { splits += 1 }
            case 3 where count > 0, 4 where count > 0:
                let start = next(count)
                let end = min(count, start + (next(6) == 0 ? 1 + next(800) : 1 + next(5)))
                XCTAssertEqual(sequence.remove(start..<end), Array(reference.entries[start..<end]), "step \(step)")
                for entry in reference.entries[start..<end] { XCTAssertFalse(sequence.contains(entry.row), "step \(step)") }
                reference.entries.removeSubrange(start..<end)
            case 5 where count > 0, 6 where count > 0:
                let place = next(count)
                let visible = next(4) != 0
                let extent = visible ? Double(next(400)) / 4 : 0
                sequence.set(extent, term: visible ? extent + 1 : 0, visible: visible, ofRow: reference.entries[place].row)
                reference.entries[place].extent = extent
                reference.entries[place].term = visible ? extent + 1 : 0
                reference.entries[place].visible = visible
            case 7 where count > 0:
                // A run moved, as a rotation is.
                let start = next(count), length = 1 + next(min(40, count - start))
                let run = sequence.remove(start..<(start + length))
                let at = next(count - length + 1)
                sequence.insert(run, at: at)
                let moved = Array(reference.entries[start..<(start + length)])
                reference.entries.removeSubrange(start..<(start + length))
                reference.entries.insert(contentsOf: moved, at: at)
            default:
                break
            }
            check(sequence, reference, "step \(step)", probes: 12, random: &random)
        }
        XCTAssertGreaterThan(splits, 5, "blocks split")
        sequence.replace(with: reference.entries)
        check(sequence, reference, "replaced", probes: 200, random: &random)
    }

    /// Copies share nothing they change, and the same order is known at once.
    func testCopiesAndSameOrder() {
        let entries = (0..<2_000).map { Entry(row: $0, extent: 10, term: 11, visible: true) }
        let original = RowSequence(entries)
        var copy = original
        XCTAssertTrue(copy.sameOrder(as: original))
        copy.set(30, term: 31, visible: true, ofRow: 7)
        XCTAssertTrue(copy.sameOrder(as: original), "extents alone keep the order")
        XCTAssertEqual(original.entry(ofRow: 7).extent, 10)
        XCTAssertEqual(copy.prefix(2_000) - original.prefix(2_000), 20)
        copy.remove(5..<6)
        XCTAssertFalse(copy.sameOrder(as: original))
        copy.insert([Entry(row: 5, extent: 10, term: 11, visible: true)], at: 5)
        XCTAssertTrue(copy.sameOrder(as: original), "the same rows again, compared one by one")
        XCTAssertEqual(original.place(of: 1_999), 1_999)
        XCTAssertNil(original.place(of: 2_000))
    }

    /// A copy that takes a row in or out re-indexes the rows after it in
    /// its block, and copies only the pages of places they stand on.
    func testACopyThatInsertsARowCopiesThePagesItWrites() {
        let entries = (0..<20_000).map { Entry(row: $0, extent: 10, term: 11, visible: true) }
        let original = RowSequence(entries)
        var copy = original
        copy.insert([Entry(row: 20_000, extent: 5, term: 6, visible: true)], at: 10_000)
        let shared = copy.placePagesShared(with: original)
        // Pages of 4,096 (eight: room doubles as rows come): row 20,000
        // stands on one, the rows after place 10,000 in its block on one
        // or two more.
        XCTAssertGreaterThanOrEqual(shared.of, 5)
        XCTAssertGreaterThanOrEqual(shared.shared, shared.of - 3, "pages of places copied")
        XCTAssertEqual(copy.place(of: 20_000), 10_000)
        XCTAssertEqual(copy.place(of: 10_000), 10_001)
        XCTAssertEqual(original.place(of: 10_000), 10_000)
        XCTAssertNil(original.place(of: 20_000))
        var removed = original
        removed.remove(3..<4)
        XCTAssertEqual(removed.placePagesShared(with: original).shared, removed.placePagesShared(with: original).of - 1)
        XCTAssertNil(removed.place(of: 3))
        XCTAssertEqual(original.place(of: 3), 3)
        XCTAssertEqual(removed.place(of: 4), 3)
    }

    private func check(_ sequence: RowSequence, _ reference: Reference, _ label: String, probes: Int, random: inout SplitMix64) {
        let entries = reference.entries
        var sums = [0.0]
        sums.reserveCapacity(entries.count + 1)
        for entry in entries { sums.append(sums[sums.count - 1] + entry.term) }
        XCTAssertEqual(sequence.count, entries.count, label)
        XCTAssertEqual(sequence.total, sums[entries.count], label)
        XCTAssertEqual(sequence.anyVisible, entries.contains(where: \.visible), label)
        XCTAssertEqual(sequence.lastVisibleRow(), entries.last(where: \.visible)?.row, label)
        guard !entries.isEmpty else { return }
        for probe in 0..<probes {
            let place = Int.random(in: 0..<entries.count, using: &random)
            let entry = entries[place]
            XCTAssertEqual(sequence[place], entry.row, label)
            XCTAssertEqual(sequence.entry(at: place), entry, label)
            XCTAssertEqual(sequence.entry(ofRow: entry.row), entry, label)
            XCTAssertEqual(sequence.place(of: entry.row), place, label)
            XCTAssertTrue(sequence.contains(entry.row), label)
            XCTAssertEqual(sequence.prefix(place), sums[place], label)
            XCTAssertEqual(sequence.anyVisible(before: place), entries[..<place].contains(where: \.visible), label)
            let before = sequence.before(row: entry.row)
            XCTAssertEqual(before.sum, sequence.prefix(place), label)
            XCTAssertEqual(before.anyVisible, entries[..<place].contains(where: \.visible), label)
            // A walk gives what the queries give, bit for bit.
            var walked = 0
            let steps = probe < 2 ? 300 : 0
            if steps > 0 { sequence.walk(from: place) { at, entry, before in
                XCTAssertEqual(at, place + walked, label)
                XCTAssertEqual(entry, entries[at], label)
                XCTAssertEqual(before, sequence.prefix(at), label)
                walked += 1
                return walked < steps
            } }
            XCTAssertEqual(walked, min(steps, entries.count - place), label)
            let target = Double(Int.random(in: -10...Int(sums[entries.count]) + 10, using: &random)) + 0.5
            let expected = sums.dropFirst().firstIndex { $0 > target }.map { $0 - 1 } ?? entries.count
            XCTAssertEqual(sequence.firstExceeding(target), expected, "\(label): target \(target)")
        }
    }
}
