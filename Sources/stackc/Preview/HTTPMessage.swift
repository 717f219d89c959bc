// HTTP/1.1 requests and responses, as much of them as the preview needs:
// a request line, headers and a Content-Length body, read with limits; a
// response with a status, headers and a body. Anything else is refused with
// the status that says why.


/// A request as read from a connection.
struct HTTPRequest {
    var method: String
    /// The path without the query.
    var path: String
    var query: [String: String]
    /// Header names lowercased.
    var headers: [String: String]
    var body: [UInt8]

    /// Limits: a request larger than these is refused (431 / 413).
    static let maximumHead = 16 * 1024
    static let maximumBody = 1024 * 1024

    /// Why a request could not be read: the status to answer with.
    struct Failure: Error {
        var status: Int
        var message: String
    }

    /// Parses the head (request line and headers, without the blank line).
    static func parseHead(_ head: [UInt8]) throws(Failure) -> HTTPRequest {
        guard let text = String(validating: head, as: UTF8.self) else { throw Failure(status: 400, message: "the request head is not UTF-8") }
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        let parts = lines.first.map { $0.split(separator: " ", omittingEmptySubsequences: false) } ?? []
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), !parts[0].isEmpty, parts[1].hasPrefix("/") else {
            throw Failure(status: 400, message: "a request line is 'METHOD /path HTTP/1.1'")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                throw Failure(status: 400, message: "a header line is 'Name: value'")
            }
            let name = line[..<colon].lowercased()
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { throw Failure(status: 400, message: "a header name has letters, digits and '-'") }
            headers[name] = line[line.index(after: colon)...].trimmingSpaces
        }
        let target = String(parts[1])
        let (path, query) = splitTarget(target)
        return HTTPRequest(method: String(parts[0]), path: path, query: query, headers: headers, body: [])
    }

    /// `/a/b?x=1&y=2` → ("/a/b", ["x": "1", "y": "2"]), percent-decoded.
    static func splitTarget(_ target: String) -> (String, [String: String]) {
        guard let mark = target.firstIndex(of: "?") else { return (target.removingPercentEncoding ?? target, [:]) }
        var query: [String: String] = [:]
        for pair in target[target.index(after: mark)...].split(separator: "&") {
            let sides = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(sides[0]).removingPercentEncoding ?? String(sides[0])
            let value = sides.count > 1 ? (String(sides[1].map { $0 == "+" ? " " : $0 }).removingPercentEncoding ?? "") : ""
            query[key] = value
        }
        let path = String(target[..<mark])
        return (path.removingPercentEncoding ?? path, query)
    }

    /// The body's declared length, checked against the limit.
    func contentLength() throws(Failure) -> Int {
        if headers["transfer-encoding"] != nil { throw Failure(status: 501, message: "chunked bodies are not accepted; send Content-Length") }
        guard let text = headers["content-length"] else { return 0 }
        guard let length = Int(text), length >= 0 else { throw Failure(status: 400, message: "Content-Length is a number of bytes") }
        guard length <= Self.maximumBody else { throw Failure(status: 413, message: "a request body is at most \(Self.maximumBody) bytes") }
        return length
    }
}

/// A response to write.
struct HTTPResponse {
    var status: Int
    var contentType: String
    var body: [UInt8]
    var extraHeaders: [(String, String)] = []

    init(status: Int, contentType: String = "text/plain; charset=utf-8", body: [UInt8], extraHeaders: [(String, String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.extraHeaders = extraHeaders
    }

    init(status: Int, text: String) {
        self.init(status: status, body: Array((text + "\n").utf8))
    }

    init(json: String, status: Int = 200) {
        self.init(status: status, contentType: "application/json", body: Array(json.utf8))
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 431: "Request Header Fields Too Large"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }

    /// The whole response as bytes; the connection closes after it.
    var bytes: [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        head += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
        for (name, value) in extraHeaders { head += "\(name): \(value)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }
}
