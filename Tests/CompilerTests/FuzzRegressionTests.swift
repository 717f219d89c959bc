// Replays every input in Tests/FuzzRegressions through the fuzz targets'
// checks: `.stack` files through the front end, everything else as compiled
// bytes through the loader. Each is an input that once crashed, hung or
// broke a property; scripts/fuzz.sh also seeds its corpora from them.

import Foundation
import TestSupport
import XCTest

final class FuzzRegressionTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("FuzzRegressions")

    func testEveryRecordedInput() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertFalse(names.isEmpty, "no regression inputs in \(Self.directory.path)")
        for name in names where !name.hasSuffix(".md") {
            let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name)))
            if name.hasSuffix(".stack") {
                FuzzChecks.frontEnd(bytes)
            } else {
                FuzzChecks.loader(bytes)
            }
        }
    }
}
