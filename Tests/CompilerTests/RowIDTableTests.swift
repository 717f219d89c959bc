// The row-id table against a dictionary: ids of every length (past the 255
// bytes an entry can hold, which go to the fallback), spelt in the source
// or not, found or not, across the index's growth; looked up then recorded,
// or declared in one step.

@testable import StackCompiler
import StackParser
import XCTest

final class RowIDTableTests: XCTestCase {
    func testAgreesWithADictionary() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<12 {
            // Ids drawn from a small alphabet so that prefixes and equal hashes' neighbours abound.
            let lengths = [1, 2, 3, 5, 8, 255, 256, 300]
            var names: [String] = []
            for _ in 0..<(round * 150 + 10) {
                let length = lengths.randomElement(using: &generator) ?? 1
                names.append(String((0..<length).map { _ in "ab1é".randomElement(using: &generator) ?? "a" }))
            }
            var text = ""
            var spans: [String: Span] = [:]
            // The source first: the table reads spellings from it.
            var places: [(String, Int)] = []
            for name in names {
                places.append((name, text.utf8.count))
                text += name + " "
            }
            var table = RowIDTable(file: FileID(0), bytes: Array(text.utf8))
            for (index, (name, start)) in places.enumerated() {
                // Every third id declared somewhere it is not spelt (another file).
                let span = index % 3 == 0 ? Span(file: FileID(1), start: 0, end: 1) : Span(file: FileID(0), start: start, end: start + name.utf8.count)
                if round.isMultiple(of: 2) {
                    XCTAssertEqual(table.first(name), spans[name], "round \(round): \(name.prefix(20))")
                    guard spans[name] == nil else { continue }
                    table.insert(name, at: span)
                } else {
                    // `declare`: the first place if there was one, else recorded here.
                    XCTAssertEqual(table.declare(name, at: span), spans[name], "round \(round): \(name.prefix(20))")
                    guard spans[name] == nil else { continue }
                }
                spans[name] = span
            }
            for name in names + ["", "zz", "a b", String(repeating: "a", count: 400)] {
                XCTAssertEqual(table.first(name), spans[name], "round \(round): \(name.prefix(20))")
            }
            XCTAssertEqual(Set(table.names()), Set(spans.keys), "round \(round)")
        }
    }
}
