// `stackc lsp`: the language server over standard input and output, in
// JSON-RPC 2.0 with Content-Length framing. Logs go to standard error only.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StackTooling

enum LSPCommand {
    static let help = """
        OVERVIEW: The language server for .stack files (JSON-RPC over stdio).

        USAGE: stackc lsp

        Editors start it and talk to it; see docs/editors.md. It checks open files as
        they change (unsaved imports included), and offers diagnostics with quick
        fixes, completion, hover, go to definition, references, rename, document
        symbols, folding, semantic tokens, formatting (stackc fmt) and colours.

        """

    /// The largest message accepted (a 10,000-row file is about 300 KB).
    static let maximumMessage = 64 * 1024 * 1024

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            Terminal.out(help)
            return 0
        }
        if let other = arguments.first {
            return Main.usageError("lsp takes no arguments, not '\(other)'", command: "lsp")
        }
        let server = LanguageServer()
        var reader = FrameReader()
        while let body = reader.next() {
            guard let message = JSONObjects.parse(body) as? [String: Any] else {
                send(["jsonrpc": "2.0", "id": JSONNull(), "error": ["code": -32700, "message": "the message is not a JSON object"]])
                continue
            }
            for reply in server.handle(message) { send(reply) }
            if let code = server.exitCode { return code }
        }
        return server.shutdownRequested ? 0 : 1
    }

    static func send(_ message: [String: Any]) {
        guard let data = JSONObjects.serialize(message) else {
            Terminal.err("stackc lsp: could not encode a message\n")
            return
        }
        var bytes = Array("Content-Length: \(data.count)\r\n\r\n".utf8)
        bytes += data
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if n <= 0 {
                if n < 0, errno == EINTR { continue }
                return
            }
            sent += n
        }
    }

    /// Reads `Content-Length`-framed bodies from standard input.
    struct FrameReader {
        private var buffer: [UInt8] = []
        private var ended = false

        mutating func next() -> [UInt8]? {
            while true {
                if let (length, headerEnd) = header() {
                    guard length <= LSPCommand.maximumMessage else {
                        Terminal.err("stackc lsp: a message of \(length) bytes is over the limit\n")
                        return nil
                    }
                    while buffer.count < headerEnd + length, fill() {}
                    guard buffer.count >= headerEnd + length else { return nil }
                    let body = Array(buffer[headerEnd..<headerEnd + length])
                    buffer.removeFirst(headerEnd + length)
                    return body
                }
                if buffer.count > 64 * 1024 {
                    Terminal.err("stackc lsp: no Content-Length header found\n")
                    return nil
                }
                guard fill() else { return nil }
            }
        }

        /// The body length and where the body starts, once the header is in.
        private func header() -> (Int, Int)? {
            guard buffer.count >= 4 else { return nil }
            for index in 0...(buffer.count - 4) where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
                let head = String(decoding: buffer[0..<index], as: UTF8.self)
                for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
                    if let length = Int(line.dropFirst("content-length:".count).trimmingSpaces) { return (length, index + 4) }
                }
                return (0, index + 4)
            }
            return nil
        }

        private mutating func fill() -> Bool {
            guard !ended else { return false }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { return true }
            if n <= 0 {
                ended = true
                return false
            }
            buffer += chunk[0..<n]
            return true
        }
    }
}
