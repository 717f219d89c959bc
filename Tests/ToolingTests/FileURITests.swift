// Paths and file URIs without Foundation (stackc no longer links it) against
// Foundation's URL, which did the work before: tidy absolute paths, the
// canonical path of a file behind a symbolic link, and `file:` URIs both ways
// with characters that must be percent-encoded.

import Foundation
import StackCompiler
@testable import StackTooling
import XCTest

final class FileURITests: XCTestCase {
    private let paths = [
        "/a/b.stack", "/a/./b.stack", "/a/../b.stack", "/a/b/../../c.stack", "/../x", "/a//b", "/a/b/", "/",
        "relative.stack", "./sub/../relative.stack", "sub/dir/file.stack", "/with space/and%percent#hash?.stack",
        "/ünïcödé/中文.stack", "/a/b.stack/.",
    ]

    func testAbsolutePathsAsFoundationTidiesThem() {
        for path in paths {
            XCTAssertEqual(FilePaths.absolute(path), URL(fileURLWithPath: path).standardizedFileURL.path, path)
        }
        XCTAssertEqual(FilePaths.absolute("x.stack"), FileManager.default.currentDirectoryPath + "/x.stack")
    }

    func testTheCanonicalPathFollowsLinks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("real.stack")
        try "screen S { }".write(to: file, atomically: true, encoding: .utf8)
        let link = directory.appendingPathComponent("link.stack")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        let real = FilePaths.canonical(file.path)
        XCTAssertEqual(FilePaths.canonical(link.path), real)
        XCTAssertEqual(FilePaths.canonical(directory.path + "/./sub/../link.stack"), real)
        XCTAssertEqual(real, file.resolvingSymlinksInPath().path)
        // A file that does not exist: its tidy absolute path.
        XCTAssertEqual(FilePaths.canonical("/no/such/../file.stack"), "/no/file.stack")
        XCTAssertEqual(FilePaths.lastComponent("/a/b/c.stack"), "c.stack")
        XCTAssertEqual(FilePaths.lastComponent("c.stack"), "c.stack")
        XCTAssertEqual(FilePaths.lastComponent("/a/dir/"), "dir")
    }

    func testFileURIsBothWaysAsFoundationSpellsThem() {
        // Foundation ends the URI of a path that ends in a slash with one;
        // documents are files, and their URIs never do.
        for path in paths where !path.hasSuffix("/") && !path.hasSuffix("/.") {
            let uri = URIs.uri(path)
            XCTAssertEqual(uri, URL(fileURLWithPath: path).standardizedFileURL.absoluteString, path)
            XCTAssertEqual(URIs.path(uri), FilePaths.absolute(path), uri)
            XCTAssertEqual(URIs.path(uri), URL(string: uri)?.standardizedFileURL.path, uri)
        }
        XCTAssertEqual(URIs.path("file://localhost/a/b%20c.stack"), "/a/b c.stack")
        XCTAssertEqual(URIs.path("FILE:///a/b.stack"), "/a/b.stack")
        XCTAssertEqual(URIs.path("file:///a/b.stack?query#fragment"), "/a/b.stack")
        // Not a file URI, or not UTF-8 once decoded: kept as it is.
        XCTAssertEqual(URIs.path("untitled:Untitled-1"), "untitled:Untitled-1")
        XCTAssertEqual(URIs.path("file:///a/%FF.stack"), "file:///a/%FF.stack")
        XCTAssertEqual(URIs.path("file://"), "file://")
        XCTAssertEqual(URIs.path("file:///a/%2"), "/a/%2")
    }
}
