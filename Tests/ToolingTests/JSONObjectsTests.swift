// JSONObjects against Foundation's JSONSerialization, the reference it
// stands in for in stackc (which does not link Foundation proper).

import Foundation
import StackTooling
import XCTest

final class JSONObjectsTests: XCTestCase {
    func testParsesWhatJSONSerializationWrites() throws {
        let message: [String: Any] = [
            "jsonrpc": "2.0", "id": 7, "method": "textDocument/hover",
            "params": ["position": ["line": 3, "character": 12], "flag": true, "none": NSNull(), "ratio": 0.25,
                       "text": "quote \" backslash \\ newline \n tab \t bell \u{7} é 😀 / slash", "list": [1, -2, 3.5, "x", false]],
        ]
        let data = try JSONSerialization.data(withJSONObject: message)
        let parsed = try XCTUnwrap(JSONObjects.parse(Array(data)) as? [String: Any])
        XCTAssertEqual(parsed["id"] as? Int, 7)
        let params = try XCTUnwrap(parsed["params"] as? [String: Any])
        XCTAssertEqual((params["position"] as? [String: Any])?["line"] as? Int, 3)
        XCTAssertEqual(params["flag"] as? Bool, true)
        XCTAssertTrue(params["none"] is JSONNull)
        XCTAssertEqual(params["ratio"] as? Double, 0.25)
        XCTAssertEqual(params["text"] as? String, "quote \" backslash \\ newline \n tab \t bell \u{7} é 😀 / slash")
        let list = try XCTUnwrap(params["list"] as? [Any])
        XCTAssertEqual(list.count, 5)
        XCTAssertEqual(list[1] as? Int, -2)
        XCTAssertEqual(list[2] as? Double, 3.5)
        XCTAssertEqual(list[4] as? Bool, false)
    }

    func testWritesWhatJSONSerializationReads() throws {
        let message: [String: Any] = [
            "jsonrpc": "2.0", "id": JSONNull(), "result": [
                "contents": "line one\nline \"two\" \\ / \u{1}", "range": ["start": ["line": 0, "character": 4]],
                "items": [["label": "text", "kind": 10, "deprecated": false], ["score": 1.5, "big": 123_456_789_012]],
                "empty": [String: Any](), "nothing": [Any](), "small": UInt8(9), "half": Float(0.5),
            ] as [String: Any],
        ]
        let bytes = try XCTUnwrap(JSONObjects.serialize(message))
        let text = try XCTUnwrap(String(bytes: bytes, encoding: .utf8))
        XCTAssertFalse(text.contains("\\/"), "slashes are written as they are")
        let read = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary)
        let expected: NSDictionary = [
            "jsonrpc": "2.0", "id": NSNull(), "result": [
                "contents": "line one\nline \"two\" \\ / \u{1}", "range": ["start": ["line": 0, "character": 4]],
                "items": [["label": "text", "kind": 10, "deprecated": false], ["score": 1.5, "big": 123_456_789_012]],
                "empty": [String: Any](), "nothing": [Any](), "small": 9, "half": 0.5,
            ] as [String: Any],
        ]
        XCTAssertEqual(read, expected)
    }

    func testRefusesWhatIsNotJSON() {
        XCTAssertNil(JSONObjects.parse(Array("{\"a\": }".utf8)))
        XCTAssertNil(JSONObjects.parse(Array("{\"a\": 1} x".utf8)))
        XCTAssertNil(JSONObjects.parse([0x22, 0xFF, 0x22]), "not UTF-8")
        XCTAssertNil(JSONObjects.serialize(["x": Double.nan]))
        XCTAssertNil(JSONObjects.serialize(["x": Date()]), "a type JSON has no spelling for")
        XCTAssertEqual(JSONObjects.number(3), 3)
        XCTAssertEqual(JSONObjects.number(2.5), 2.5)
        XCTAssertNil(JSONObjects.number("3"))
        XCTAssertNil(JSONObjects.number(true))
    }
}
