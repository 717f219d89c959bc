// A small HTTP/1.1 server over BSD sockets (Foundation on Linux has none):
// one thread accepts, each connection is served on a concurrent queue, one
// request per connection. Reads time out, heads and bodies have limits, and
// a request that cannot be read gets its 4xx without stopping the server.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import StackParser

/// One accepted connection. A class: a streaming response keeps it open
/// and writes to it later, from another thread.
final class HTTPConnection: @unchecked Sendable {
    let fd: Int32
    private var closed = false
    private let lock = Mutex()

    init(fd: Int32) {
        self.fd = fd
    }

    /// Writes all of `bytes`; false when the peer is gone.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        lock.locked {
            guard !closed else { return false }
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if n <= 0 {
                    if n < 0, errno == EINTR { continue }
                    return false
                }
                sent += n
            }
            return true
        }
    }

    func close() {
        lock.locked {
            guard !closed else { return }
            closed = true
            shutdown(fd, Int32(SHUT_RDWR))
            closeDescriptor(fd)
        }
    }

    /// Reads a request: the head up to the blank line, then the body its
    /// Content-Length announces.
    func readRequest() throws(HTTPRequest.Failure) -> HTTPRequest {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var headEnd: Int?
        while headEnd == nil {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw HTTPRequest.Failure(status: 408, message: "the request did not arrive in time") }
            if n == 0 { throw HTTPRequest.Failure(status: 400, message: "the connection closed mid-request") }
            buffer += chunk[0..<n]
            headEnd = Self.blankLine(in: buffer)
            if headEnd == nil, buffer.count > HTTPRequest.maximumHead {
                throw HTTPRequest.Failure(status: 431, message: "a request head is at most \(HTTPRequest.maximumHead) bytes")
            }
        }
        guard let headEnd else { throw HTTPRequest.Failure(status: 400, message: "no request") }
        guard headEnd <= HTTPRequest.maximumHead else {
            throw HTTPRequest.Failure(status: 431, message: "a request head is at most \(HTTPRequest.maximumHead) bytes")
        }
        var request = try HTTPRequest.parseHead(Array(buffer[0..<headEnd]))
        let length = try request.contentLength()
        var body = Array(buffer[(headEnd + 4)...])
        while body.count < length {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, min($0.count, length - body.count), 0) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { throw HTTPRequest.Failure(status: 400, message: "the body ended before its Content-Length") }
            body += chunk[0..<n]
        }
        request.body = Array(body.prefix(length))
        return request
    }

    private static func blankLine(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}

/// A lock for the server's shared state: the parser's `Locked`, holding
/// nothing itself (its C library mutex kept where it cannot move).
typealias Mutex = Locked<Void>

extension Locked where Value == Void {
    convenience init() { self.init(()) }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        try withLock { _ in try body() }
    }
}

/// Listens on an address and hands each request to `handle`, which returns
/// the response, or nil when it keeps the connection (a stream).
final class HTTPServer: @unchecked Sendable {
    let fd: Int32
    let host: String
    let port: UInt16
    private let handle: @Sendable (HTTPRequest, HTTPConnection) -> HTTPResponse?
    private let queue = DispatchQueue(label: "stackc.preview.connections", attributes: .concurrent)

    struct StartFailure: Error {
        var message: String
    }

    /// Binds `host:port` (port 0: a free one) and listens.
    init(host: String, port: UInt16, handle: @escaping @Sendable (HTTPRequest, HTTPConnection) -> HTTPResponse?) throws(StartFailure) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw StartFailure(message: "'\(host)' is not an IPv4 address (such as 127.0.0.1)")
        }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw StartFailure(message: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            closeDescriptor(fd)
            throw StartFailure(message: "cannot listen on \(host):\(port): \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        self.host = host
        self.port = UInt16(bigEndian: actual.sin_port)
        self.handle = handle
    }

    /// Accepts connections until the process ends (on a queue of its own,
    /// whose one thread the accept loop keeps).
    func serve() {
        DispatchQueue(label: "stackc.preview.accept").async { [self] in
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 {
                    if errno == EINTR || errno == ECONNABORTED || errno == EMFILE || errno == ENFILE { continue }
                    return
                }
                var timeout = timeval(tv_sec: 5, tv_usec: 0)
                setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                let connection = HTTPConnection(fd: client)
                queue.async { [self] in serveOne(connection) }
            }
        }
    }

    private func serveOne(_ connection: HTTPConnection) {
        let response: HTTPResponse?
        do throws(HTTPRequest.Failure) {
            let request = try connection.readRequest()
            response = handle(request, connection)
        } catch {
            response = HTTPResponse(status: error.status, text: error.message)
        }
        if let response {
            connection.write(response.bytes)
            connection.close()
        }
    }
}

/// close(2) by its C library's name on either platform.
func closeDescriptor(_ fd: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(fd)
    #elseif canImport(Darwin)
    _ = Darwin.close(fd)
    #endif
}
