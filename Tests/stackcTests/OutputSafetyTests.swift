// Where -o writes: never over the input or its imports, never renaming over
// devices, FIFOs or symbolic links, nothing left behind, every failed write
// reported.

import Foundation
import XCTest

final class OutputSafetyTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackc-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["hotel.stack", "components.stack", "Localizable.xcstrings"] {
            try FileManager.default.copyItem(
                at: CLI.repository.appendingPathComponent("samples/\(name)"), to: directory.appendingPathComponent(name))
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func testTheInputAndItsImportsAreNeverOverwritten() throws {
        let before = try String(contentsOfFile: path("components.stack"), encoding: .utf8)
        for (command, target, what) in [
            ("layout", "hotel.stack", "the input file"), ("compile", "hotel.stack", "the input file"),
            ("layout", "components.stack", "which the input imports"), ("compile", "components.stack", "which the input imports"),
        ] {
            let result = try CLI.run([command, path("hotel.stack"), "-o", path(target)])
            XCTAssertEqual(result.status, 2, "\(command) -o \(target)")
            XCTAssertTrue(result.stderr.contains(what), result.stderr)
        }
        XCTAssertEqual(try String(contentsOfFile: path("components.stack"), encoding: .utf8), before)
        XCTAssertTrue(try String(contentsOfFile: path("hotel.stack"), encoding: .utf8).contains("screen Hotel"))
    }

    func testSpecialTargets() throws {
        let directoryResult = try CLI.run(["layout", path("hotel.stack"), "-o", directory.path])
        XCTAssertEqual(directoryResult.status, 2)
        XCTAssertTrue(directoryResult.stderr.contains("it is a directory; name a file"), directoryResult.stderr)
        XCTAssertFalse(directoryResult.stderr.contains("NSCocoaErrorDomain"))

        // A device is written through, not replaced by a regular file.
        XCTAssertEqual(try CLI.run(["compile", path("hotel.stack"), "-o", "/dev/null"]).status, 0)
        var info = stat()
        XCTAssertEqual(stat("/dev/null", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "/dev/null is still a device")

        // A full device, by -o or as standard output: reported, exit 2.
        let full = try CLI.run(["layout", path("hotel.stack"), "-o", "/dev/full"])
        XCTAssertEqual(full.status, 2)
        XCTAssertTrue(full.stderr.contains("no space left on device"), full.stderr)
        let redirected = try CLI.runCommand(["/bin/sh", "-c", "\"$0\" layout \"$1\" > /dev/full", CLI.executable.path, path("hotel.stack")])
        XCTAssertEqual(redirected.status, 2)
        XCTAssertTrue(redirected.stderr.contains("cannot write standard output"), redirected.stderr)

        // -o - is standard output.
        let dash = try CLI.run(["layout", path("hotel.stack"), "-o", "-", "--format", "json"])
        XCTAssertEqual(dash.status, 0)
        XCTAssertTrue(dash.stdout.hasPrefix("{"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: CLI.repository.appendingPathComponent("-").path))
    }

    func testSymbolicLinksKeepTheirTargetReplaced() throws {
        try FileManager.default.createSymbolicLink(atPath: path("link.svg"), withDestinationPath: "real.svg")
        XCTAssertEqual(try CLI.run(["layout", path("hotel.stack"), "--format", "svg", "-o", path("link.svg")]).status, 0)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.svg")), "real.svg")
        XCTAssertTrue(try String(contentsOfFile: path("real.svg"), encoding: .utf8).hasPrefix("<svg"))
        try FileManager.default.createSymbolicLink(atPath: path("loop1"), withDestinationPath: "loop2")
        try FileManager.default.createSymbolicLink(atPath: path("loop2"), withDestinationPath: "loop1")
        let loop = try CLI.run(["layout", path("hotel.stack"), "-o", path("loop1")])
        XCTAssertEqual(loop.status, 2)
        XCTAssertTrue(loop.stderr.contains("symbolic link"), loop.stderr)
        let input = try CLI.run(["check", path("loop1")])
        XCTAssertEqual(input.status, 2)
        XCTAssertTrue(input.stderr.contains("loop of symbolic links"), input.stderr)
    }

    func testFIFOsAreWrittenThroughAndReadFrom() throws {
        XCTAssertEqual(mkfifo(path("pipe"), 0o600), 0)
        let reader = try CLI.runCommand(["/bin/sh", "-c", "cat \"$0\" > \"$1\" & \"$2\" layout \"$3\" -o \"$0\"; wait", path("pipe"), path("copy.txt"), CLI.executable.path, path("hotel.stack")])
        XCTAssertEqual(reader.status, 0, reader.stderr)
        XCTAssertTrue(try String(contentsOfFile: path("copy.txt"), encoding: .utf8).contains("screen Hotel"))
        var info = stat()
        XCTAssertEqual(stat(path("pipe"), &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO is still a FIFO")
        // As an input: /dev/zero is refused in words; /dev/stdin is read.
        let zero = try CLI.run(["check", "/dev/zero"])
        XCTAssertEqual(zero.status, 2)
        XCTAssertTrue(zero.stderr.contains("it is a device, not a source file"), zero.stderr)
        XCTAssertEqual(try CLI.run(["check", "/dev/stdin"], stdin: "screen S { Text { text: \"x\" } }\n").status, 0)
    }

    func testNothingIsLeftBesideTheOutput() throws {
        for _ in 0..<3 {
            XCTAssertEqual(try CLI.run(["compile", path("hotel.stack"), "-o", path("out.stackc")]).status, 0)
        }
        // A temporary file a killed run left (its process long gone) is cleaned up by the next write
        // where unnamed temporary files are not available; with them, none is ever named.
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(names.filter { $0.contains("stackc-tmp") }, [])
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path("out.stackc"))[.posixPermissions] as? Int, 0o644)
    }

    func testAKilledCompileLeavesNoPartialFile() throws {
        // A large screen takes long enough to kill mid-way; whatever instant
        // the kill lands, no temporary file and no partial output remain.
        var source = "screen Big {\n"
        for i in 0..<60_000 { source += "    Text r\(i) { text: \"row \(i)\"  size: \(i % 50 + 10) }\n" }
        try (source + "}\n").write(toFile: path("big.stack"), atomically: true, encoding: .utf8)
        for delay in ["0.05", "0.2", "0.5"] {
            _ = try CLI.runCommand([
                "/bin/sh", "-c", "\"$0\" compile \"$1\" -o \"$2\" & pid=$!; sleep \(delay); kill -9 $pid; wait $pid; true",
                CLI.executable.path, path("big.stack"), path("big.stackc"),
            ])
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            XCTAssertEqual(names.filter { $0.contains("stackc-tmp") }, [], "after a kill at \(delay) s")
            if FileManager.default.fileExists(atPath: path("big.stackc")) {
                XCTAssertEqual(try CLI.run(["layout", path("big.stackc"), "--format", "json"]).status, 0, "a whole file or none")
            }
        }
    }
}
