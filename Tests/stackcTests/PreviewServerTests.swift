// `stackc preview` as a server: the real binary on a free port, driven over
// raw sockets. Foreign Host names are refused, malformed and oversized
// requests get their 4xx while the server keeps answering, fifty tabs at
// once each get a session, and the API's passes are the layout's frames.
// (The page itself is tested in a browser: Tests/Browser, scripts/browser-tests.sh.)

import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

final class PreviewServerTests: XCTestCase {
    /// A running preview and its port.
    final class Preview: @unchecked Sendable {
        let process = Process()
        var port: UInt16 = 0

        init(_ file: String) throws {
            process.executableURL = CLI.executable
            process.arguments = ["preview", file]
            process.currentDirectoryURL = CLI.repository
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            var text = ""
            let deadline = Date().addingTimeInterval(20)
            while !text.contains("\n"), Date() < deadline {
                let data = out.fileHandleForReading.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            guard let range = text.range(of: #"127\.0\.0\.1:(\d+)/"#, options: .regularExpression) else {
                process.terminate()
                throw XCTSkip("the preview did not start: \(text)")
            }
            let digits = text[range].dropFirst("127.0.0.1:".count).dropLast()
            port = UInt16(digits) ?? 0
        }

        deinit {
            process.interrupt()
            process.waitUntilExit()
        }

        /// Sends raw bytes, returns the raw response (until the server closes).
        func raw(_ request: [UInt8]) -> String {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { return "" }
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            var response: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                response += buffer[0..<n]
            }
            return String(decoding: response, as: UTF8.self)
        }

        func request(_ method: String, _ path: String, body: String = "", host: String? = nil) -> String {
            let head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
            return raw(Array((head + body).utf8))
        }
    }

    static func status(_ response: String) -> Int {
        Int(response.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    static func body(_ response: String) -> String {
        response.range(of: "\r\n\r\n").map { String(response[$0.upperBound...]) } ?? ""
    }

    func testHostsRequestsAndLimits() throws {
        let preview = try Preview("samples/hotel.stack")
        XCTAssertEqual(Self.status(preview.request("GET", "/")), 200)
        XCTAssertEqual(Self.status(preview.request("GET", "/", host: "localhost:\(preview.port)")), 200)
        XCTAssertEqual(Self.status(preview.request("GET", "/", host: "evil.example:\(preview.port)")), 403, "DNS rebinding")
        XCTAssertEqual(Self.status(preview.raw(Array("GET / HTTP/1.1\r\n\r\n".utf8))), 400, "no Host")
        XCTAssertEqual(Self.status(preview.raw(Array("NONSENSE\r\n\r\n".utf8))), 400)
        XCTAssertEqual(Self.status(preview.raw(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\nBad Header\r\n\r\n".utf8))), 400)
        let huge = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\nX-Pad: \(String(repeating: "a", count: 20_000))\r\n\r\n"
        XCTAssertEqual(Self.status(preview.raw(Array(huge.utf8))), 431)
        let big = "POST /api/session HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\nContent-Length: 5000000\r\n\r\n"
        XCTAssertEqual(Self.status(preview.raw(Array(big.utf8))), 413)
        XCTAssertEqual(Self.status(preview.request("GET", "/../../etc/passwd")), 404, "no path reaches the file system")
        XCTAssertEqual(Self.status(preview.request("GET", "/samples/hotel.stack")), 404)
        XCTAssertEqual(Self.status(preview.request("POST", "/api/session", body: "{nope")), 400)
        XCTAssertEqual(Self.status(preview.request("POST", "/api/session/unknown/scroll", body: "{}")), 404)
        // Still serving after all of that.
        XCTAssertEqual(Self.status(preview.request("GET", "/preview.js")), 200)
    }

    func testFiftyTabsAtOnceEachGetASession() throws {
        let preview = try Preview("samples/settings.stack")
        let results = Results(count: 50)
        DispatchQueue.concurrentPerform(iterations: 50) { index in
            let response = preview.request("POST", "/api/session", body: #"{"width": 390, "height": 844}"#)
            let body = Self.body(response)
            guard let data = body.data(using: .utf8),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let session = object["session"] as? String
            else { return }
            let scrolled = preview.request("POST", "/api/session/\(session)/scroll", body: #"{"offset": 100}"#)
            results.set(index, Self.status(response) == 200 && Self.status(scrolled) == 200 ? session : nil)
        }
        let sessions = results.values.compactMap { $0 }
        XCTAssertEqual(sessions.count, 50)
        XCTAssertEqual(Set(sessions).count, 50, "one session per tab")
    }

    /// A thread-safe box for concurrent results.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var values: [String?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: String?) { lock.withLock { values[index] = value } }
    }

    /// The API's pass places every row with an id where `stackc layout` does,
    /// and a tap ends where `stackc layout --tap` ends.
    func testPassesAreTheLayoutsFrames() throws {
        let preview = try Preview("samples/hotel.stack")
        let created = Self.body(preview.request("POST", "/api/session", body: #"{"width": 390, "height": 844}"#))
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(created.utf8)) as? [String: Any])
        let session = try XCTUnwrap(object["session"] as? String)
        func frames(_ pass: [String: Any]) -> [String: [Double]] {
            var out: [String: [Double]] = [:]
            for row in pass["rows"] as? [[String: Any]] ?? [] {
                if let id = row["id"] as? String, let frame = row["frame"] as? [Double] { out[id] = frame }
            }
            return out
        }
        func layoutFrames(_ arguments: [String]) throws -> [String: [Double]] {
            let result = try CLI.run(["layout", "samples/hotel.stack", "--format", "json", "--viewport", "390x844"] + arguments)
            // With --tap, each step is a line of its own and the layout the last one.
            let text = arguments.isEmpty ? result.stdout : String(result.stdout.split(separator: "\n").last ?? "")
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            var out: [String: [Double]] = [:]
            func walk(_ rows: [[String: Any]]) {
                for row in rows {
                    if let id = row["id"] as? String, let frame = row["frame"] as? [Double], row["visibility"] as? String != "hidden" { out[id] = frame }
                    walk(row["rows"] as? [[String: Any]] ?? [])
                }
            }
            walk(json["rows"] as? [[String: Any]] ?? [])
            return out
        }
        let initial = frames(try XCTUnwrap(object["pass"] as? [String: Any]))
        XCTAssertEqual(initial, try layoutFrames([]).filter { initial[$0.key] != nil })
        XCTAssertGreaterThan(initial.count, 5)
        // Tap the tags row: press, release; the final pass is the layout after the tap.
        XCTAssertEqual(Self.status(preview.request("POST", "/api/session/\(session)/press", body: #"{"x": 20, "y": 140}"#)), 200)
        let released = Self.body(preview.request("POST", "/api/session/\(session)/release", body: "{}"))
        let result = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(released.utf8)) as? [String: Any])
        let after = frames(try XCTUnwrap(result["pass"] as? [String: Any]))
        let expected = try layoutFrames(["--tap", "20,140"])
        XCTAssertEqual(after, expected.filter { after[$0.key] != nil })
        XCTAssertEqual(after["tags"]?[3], 364, "the tags row grew")
        XCTAssertGreaterThan((result["frames"] as? [Any])?.count ?? 0, 5, "the resize animates in sampled frames")
        let events = (result["events"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        XCTAssertTrue(events.contains("emit"), "\(events)")
    }
}
