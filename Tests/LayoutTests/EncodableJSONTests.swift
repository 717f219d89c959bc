// `stackc compile --emit json` writes models with its own encoder instead of
// Foundation's (which stackc no longer links): its bytes must be
// JSONEncoder's with `.prettyPrinted` and `.sortedKeys`, for every sample's
// and layout fixture's models and for values that reach every corner of the
// format (escapes, empty containers, numbers, nils, nested enums).

import Foundation
import StackCompiler
import StackOutput
import StackParser
import StackRuntime
import TestSupport
import XCTest

final class EncodableJSONTests: XCTestCase {
    private func foundationJSON<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func ownJSON<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try EncodableJSON.encode(value), as: UTF8.self)
    }

    /// An array written an element at a time, as `compile --emit json` writes screens.
    private func ownJSONInParts<T: Encodable>(_ elements: [T]) throws -> String {
        String(decoding: try EncodableJSON.encodeParts(elements).joined(), as: UTF8.self)
    }

    func testModelsOfEverySampleAndFixtureAsJSONEncoderWritesThem() throws {
        var compared = 0
        for (name, models) in try CompiledFormatTests.sampleModels() {
            XCTAssertEqual(try ownJSON(models), try foundationJSON(models), name)
            XCTAssertEqual(try ownJSONInParts(models), try foundationJSON(models), "\(name), in parts")
            compared += 1
        }
        let fixtures = LayoutFixtureTests.directory
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted() where name.hasSuffix(".stack") {
            let text = try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
            guard let program = Compiler.check(SourceFile(path: name, text: text), loader: DirectoryLoader(base: fixtures.path)).program else { continue }
            let models = Compiler.lower(program)
            XCTAssertEqual(try ownJSON(models), try foundationJSON(models), name)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 60)
    }

    private enum Shape: Codable, Equatable {
        case none
        case point(x: Double, y: Double)
        case named(String, Int?)
    }

    private struct Corners: Codable {
        var text = "quote \" back \\ slash / tab \t nl \n cr \r bell \u{07} nul \u{00} del \u{7F} é 中 🙂"
        var empty: [Int] = []
        var emptyObject: [String: Int] = [:]
        var nested: [[Int]] = [[], [1, 2], [3]]
        var numbers: [Double] = [0, -0.0, 1, -1, 0.1, 1.5, 80, 1e20, 1e-7, 123456789.125, 2.5e-300, .greatestFiniteMagnitude]
        var floats: [Float] = [0.1, 3, 1e10]
        var integers: [Int64] = [.min, .max, 0]
        var unsigned: [UInt64] = [.max]
        var small: [UInt8] = [0, 255]
        var flags = [true, false]
        var missing: String?
        var present: String? = "here"
        var nils: [Int?] = [nil, 1]
        var shapes: [Shape] = [.none, .point(x: 1, y: -2.5), .named("a", nil), .named("b", 3)]
        var byKey: [String: Shape] = ["b": .none, "a": .point(x: 0, y: 0), "B": .named("", 0), "a10": .none, "a9": .none]
        var byNumber: [Int: String] = [2: "two", 10: "ten"]
    }

    func testEveryCornerOfTheFormatAsJSONEncoderWritesIt() throws {
        XCTAssertEqual(try ownJSON(Corners()), try foundationJSON(Corners()))
        XCTAssertEqual(try ownJSON([Corners(), Corners()]), try foundationJSON([Corners(), Corners()]))
        XCTAssertEqual(try ownJSON("top level"), try foundationJSON("top level"))
        XCTAssertEqual(try ownJSON(42), try foundationJSON(42))
        XCTAssertEqual(try ownJSON([String: Int]()), try foundationJSON([String: Int]()))
        XCTAssertEqual(try ownJSONInParts([Corners(), Corners()]), try foundationJSON([Corners(), Corners()]))
        XCTAssertEqual(try ownJSONInParts([Corners()]), try foundationJSON([Corners()]))
        XCTAssertEqual(try ownJSONInParts([Int]()), try foundationJSON([Int]()))
        XCTAssertEqual(try ownJSONInParts([1, 2]), try foundationJSON([1, 2]))
        XCTAssertEqual(try ownJSONInParts(["a", "b"]), try foundationJSON(["a", "b"]))
    }

    /// Containers a value fills after encoding others: an array's element
    /// made by a nested container waits for it, those after it too.
    private struct FilledLate: Encodable {
        enum Key: String, CodingKey { case z, a, list }
        func encode(to encoder: any Encoder) throws {
            var keyed = encoder.container(keyedBy: Key.self)
            var list = keyed.nestedUnkeyedContainer(forKey: .list)
            var nested = list.nestedUnkeyedContainer()
            try list.encode("after the nested one")
            var inner = list.nestedContainer(keyedBy: Key.self)
            try list.encodeNil()
            try keyed.encode(1, forKey: .z)
            try nested.encode(true)
            try inner.encode("late", forKey: .a)
            try keyed.encode(2, forKey: .a)
            try nested.encode([1, 2])
            try keyed.encode(3, forKey: .z)
        }
    }

    /// JSON larger than the encoder's buffers: values written out as they
    /// are encoded, long strings kept as their own parts, many rows.
    private struct Large: Encodable {
        var rows = (0..<400).map { index in
            Corners(text: String(repeating: "row \(index) ", count: index % 7), nested: [[index], []])
        }
        var long = String(repeating: "0123456789/", count: 8_000)
        var byKey = Dictionary(uniqueKeysWithValues: (0..<500).map { ("k\($0)", [String(repeating: "v", count: $0 % 50)]) })
    }

    func testLargeValuesAndLateContainersAsJSONEncoderWritesThem() throws {
        XCTAssertEqual(try ownJSON(FilledLate()), try foundationJSON(FilledLate()))
        XCTAssertEqual(try ownJSON([FilledLate(), FilledLate()]), try foundationJSON([FilledLate(), FilledLate()]))
        let large = Large()
        let expected = try foundationJSON(large)
        XCTAssertGreaterThan(expected.utf8.count, 4 * EncodableJSON.Chunks.bufferSize)
        XCTAssertEqual(try ownJSON(large), expected)
        XCTAssertEqual(try ownJSONInParts([large, large]), try foundationJSON([large, large]))
        // Written out as encoded: no part larger than a buffer, but for a
        // long string's, and no part empty.
        let parts = try EncodableJSON.encodeParts([large])
        XCTAssertFalse(parts.contains { $0.isEmpty })
        XCTAssertLessThanOrEqual(parts.filter { $0.count > 2 * EncodableJSON.Chunks.bufferSize }.count, 1)
    }

    func testANumberJSONCannotHoldIsAnErrorNamingItsPlace() {
        struct Bad: Encodable { var values: [Double] = [1, .infinity] }
        XCTAssertThrowsError(try EncodableJSON.encode(Bad())) { error in
            XCTAssertTrue("\(error)".contains("values.Index 1"), "\(error)")
        }
        // In parts, the same place: the element's index first.
        var whole = ""
        XCTAssertThrowsError(try EncodableJSON.encode([Bad(), Bad()])) { whole = "\($0)" }
        XCTAssertThrowsError(try EncodableJSON.encodeParts([Bad(), Bad()])) { error in
            XCTAssertEqual("\(error)", whole)
            XCTAssertTrue("\(error)".contains("Index 0.values.Index 1"), "\(error)")
        }
    }
}
