// stackc links no Foundation at all: Foundation, FoundationInternationalization
// and ICU added about 6.5 MB to every run's resident memory and 7 million
// instructions to its start, and FoundationEssentials alone 3–4 MB more
// (docs/format.md, "Memory"). A module of ours importing Foundation or
// FoundationEssentials again brings them back.

import Foundation
import XCTest

final class LinkedLibrariesTests: XCTestCase {
    func testStackcLoadsNoFoundation() throws {
        #if os(Linux)
        let result = try CLI.runCommand(["ldd", CLI.executable.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let libraries = result.stdout.split(separator: "\n").compactMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) }
        XCTAssertTrue(libraries.contains("libswiftCore.so"), "ldd lists the libraries: \(result.stdout)")
        for heavy in ["libFoundation.so", "libFoundationEssentials.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            XCTAssertFalse(libraries.contains(heavy), "stackc loads \(heavy): a module stackc links imports Foundation")
        }
        #else
        throw XCTSkip("ldd and the split of Foundation are Linux's")
        #endif
    }
}
