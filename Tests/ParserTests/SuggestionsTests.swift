// "Did you mean …?" held to a plain reference: the textbook table of edit
// distances with swaps of neighbours, and the closest candidate found by
// trying them all, over every name of up to four characters from a small
// alphabet (with the `-`, `_` and capitals that normalizing drops or folds).

import XCTest
@testable import StackParser

final class SuggestionsTests: XCTestCase {
    /// Every name of 1 to 4 characters over `a`, `b`, `A` and `-`, then `_`
    /// alone and a name of 70 characters (over the length limit).
    private static let names: [String] = {
        var names: [String] = []
        var level = [""]
        for _ in 1...4 {
            level = level.flatMap { prefix in ["a", "b", "A", "-"].map { prefix + $0 } }
            names += level
        }
        return names + ["_", String(repeating: "ab", count: 35)]
    }()

    /// Optimal string alignment distance, the whole table, no limit.
    private static func reference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    func testEditDistanceAgreesWithTheWholeTableWithinItsLimit() {
        let normalized = Self.names.map(Suggestions.normalized)
        var rows = [Int](repeating: 0, count: 3 * (Suggestions.maximumLength + 1))
        var within = 0
        for a in normalized where a.count <= 4 {
            for b in normalized where b.count <= 4 {
                let expected = Self.reference(a, b)
                for limit in 1...3 {
                    let found = rows.withUnsafeMutableBufferPointer { Suggestions.editDistance(a, b, limit: limit, rows: $0) }
                    if expected <= limit {
                        within += 1
                        XCTAssertEqual(found, expected, "\(a) \(b) limit \(limit)")
                    } else {
                        XCTAssertGreaterThan(found, limit, "\(a) \(b) limit \(limit): the distance is \(expected)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(within, 10_000, "most pairs are within some limit")
    }

    func testClosestIsTheFirstNearestWithinAThird() {
        let candidates = Array(Self.names.reversed())
        var suggested = 0
        for name in Self.names {
            let target = Suggestions.normalized(name)
            var expected: (String, Int)?
            if name.utf8.count <= Suggestions.maximumLength {
                let limit = max(1, target.count / 3)
                for candidate in candidates.filter({ $0 != name }).prefix(Suggestions.maximumCandidates)
                where candidate.utf8.count <= Suggestions.maximumLength {
                    let distance = Self.reference(target, Suggestions.normalized(candidate))
                    if distance <= limit, distance < (expected?.1 ?? Int.max) { expected = (candidate, distance) }
                }
            }
            let found = Suggestions.closest(to: name, in: candidates)
            XCTAssertEqual(found, expected?.0, name)
            if found != nil { suggested += 1 }
        }
        XCTAssertGreaterThan(suggested, Self.names.count / 2, "most names have a neighbour")
    }
}
