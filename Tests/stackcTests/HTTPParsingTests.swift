// The preview server's request parsing, in process, on hostile heads:
// seeded random bytes, random cuts of real requests, and odd targets must
// give a request or a 4xx/5xx status — never a crash.

import Foundation
@testable import stackc
import XCTest

final class HTTPParsingTests: XCTestCase {
    func testHostileHeads() {
        var state: UInt64 = 0xBAD_5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(1, bound)))
        }
        let real = Array("POST /api/session/abc/scroll?x=1&y=%20%zz HTTP/1.1\r\nHost: 127.0.0.1:1234\r\nContent-Length: 12\r\nX: y".utf8)
        var parsed = 0, refused = 0
        for round in 0..<20_000 {
            var bytes: [UInt8]
            switch round % 3 {
            case 0: bytes = (0..<next(200)).map { _ in UInt8(next(256)) }
            case 1: bytes = Array(real.prefix(next(real.count + 1)))
            default:
                bytes = real
                for _ in 0..<next(6) { bytes[next(bytes.count)] = [0, 10, 13, 32, 58, 63, 37, 255][next(8)] }
            }
            do throws(HTTPRequest.Failure) {
                let request = try HTTPRequest.parseHead(bytes)
                _ = try request.contentLength()
                parsed += 1
            } catch {
                XCTAssertTrue((400...599).contains(error.status), "status \(error.status) for \(bytes)")
                refused += 1
            }
        }
        XCTAssertGreaterThan(parsed, 100)
        XCTAssertGreaterThan(refused, 1000)
        // Percent-encoding that is not: kept as written, never a crash.
        let (path, query) = HTTPRequest.splitTarget("/a%zz/b?q=%&r=%E2%82%AC&=x&k")
        XCTAssertEqual(path, "/a%zz/b")
        XCTAssertEqual(query["r"], "€")
        XCTAssertEqual(query["k"], "")
    }
}
