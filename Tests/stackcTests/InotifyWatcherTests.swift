// The inotify watcher, driven step by step: each call of `changes()` is what
// one wake-up of `stackc watch` sees, so events that a busy machine delivers
// in two parts are delivered in two parts here, every time.

@testable import stackc
import Foundation
import XCTest

final class InotifyWatcherTests: XCTestCase {
    #if os(Linux)
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("stackc-inotify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    func testARemovalSeenInTwoPartsIsOneChange() throws {
        let project = root.appendingPathComponent("project")
        let file = project.appendingPathComponent("main.stack")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try "screen A { }\n".write(to: file, atomically: true, encoding: .utf8)
        var watcher = try XCTUnwrap(InotifyWatcher())
        XCTAssertEqual(watcher.watch([file.path]), [])

        XCTAssertEqual(unlink(file.path), 0)
        XCTAssertEqual(watcher.changes(), [file.path], "the file's deletion")
        XCTAssertEqual(rmdir(project.path), 0)
        XCTAssertEqual(watcher.changes(), [], "its directory's removal, after: the file was reported gone already")
        XCTAssertEqual(watcher.notices(), ["directory '\(project.path)' was removed; watching for it to come back"])

        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try "screen B { }\n".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(watcher.changes(), [file.path], "the directory and its file back")
        XCTAssertEqual(watcher.notices(), ["directory '\(project.path)' is back; watching it again"])

        // Moved away, its files are gone without an event of their own.
        XCTAssertEqual(rename(project.path, root.appendingPathComponent("elsewhere").path), 0)
        XCTAssertEqual(watcher.changes(), [file.path], "the directory moved away")
        XCTAssertEqual(rename(root.appendingPathComponent("elsewhere").path, project.path), 0)
        XCTAssertEqual(watcher.changes(), [file.path], "moved back")

        // A file deleted and written again is no longer gone: removing the
        // directory then is a change of it.
        XCTAssertEqual(unlink(file.path), 0)
        XCTAssertEqual(watcher.changes(), [file.path])
        try "screen C { }\n".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(watcher.changes(), [file.path])
        XCTAssertEqual(rename(project.path, root.appendingPathComponent("elsewhere").path), 0)
        XCTAssertEqual(watcher.changes(), [file.path], "moved away after being written again")
    }
    #endif
}
