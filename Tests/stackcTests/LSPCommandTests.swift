// `stackc lsp` driven over stdio as an editor drives it: initialize →
// didOpen with an error → diagnostics → didChange fixing it → no
// diagnostics → completion, hover, definition, rename, formatting →
// shutdown → exit. And, when Neovim is installed, a scripted headless
// Neovim session with its built-in client.

import Foundation
import XCTest

final class LSPCommandTests: XCTestCase {
    /// A running `stackc lsp` with framed reads and writes.
    final class Client {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        private var buffer = Data()

        init() throws {
            process.executableURL = CLI.executable
            process.arguments = ["lsp"]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        func send(_ message: [String: Any]) throws {
            let body = try JSONSerialization.data(withJSONObject: message)
            input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        }

        /// The next message from the server.
        func receive() throws -> [String: Any] {
            while true {
                if let range = buffer.range(of: Data("\r\n\r\n".utf8)) {
                    let head = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                    let length = Int(head.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
                    if buffer.count >= range.upperBound + length {
                        let body = buffer[range.upperBound..<range.upperBound + length]
                        buffer = Data(buffer[(range.upperBound + length)...])
                        return try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
                    }
                }
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { throw XCTSkip("the server closed its output") }
                buffer += chunk
            }
        }

        /// Messages until the response to `id`.
        func response(to id: Int) throws -> (response: [String: Any], notifications: [[String: Any]]) {
            var notifications: [[String: Any]] = []
            while true {
                let message = try receive()
                if message["id"] as? Int == id { return (message, notifications) }
                notifications.append(message)
            }
        }

        func diagnostics() throws -> [[String: Any]] {
            while true {
                let message = try receive()
                if message["method"] as? String == "textDocument/publishDiagnostics" {
                    return (message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
                }
            }
        }
    }

    func testAnEditorSession() throws {
        let client = try Client()
        let uri = "file:///tmp/stackc-lsp-e2e.stack"
        try client.send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:], "processId": NSNull(), "rootUri": NSNull()]])
        let initialized = try client.response(to: 1).response
        let capabilities = (initialized["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        XCTAssertEqual(capabilities?["hoverProvider"] as? Bool, true)
        try client.send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        let broken = "screen S {\n    state open: bool = false\n    Text title { hiden: open  tap: toggle(open) }\n}\n"
        try client.send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
            "textDocument": ["uri": uri, "languageId": "stack", "version": 1, "text": broken],
        ]])
        let first = try client.diagnostics()
        XCTAssertEqual(first.first?["code"] as? String, "E0200")
        let fixed = "screen S {\n    state open: bool = false\n    Text title {   hidden: open  tap: toggle(open) }\n}\n"
        try client.send(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
            "textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": fixed]],
        ]])
        XCTAssertEqual(try client.diagnostics().count, 0)
        let position: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": 2, "character": 28]]
        try client.send(["jsonrpc": "2.0", "id": 2, "method": "textDocument/completion", "params": [
            "textDocument": ["uri": uri], "position": ["line": 2, "character": 17],
        ]])
        let items = ((try client.response(to: 2).response["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        XCTAssertTrue(items.contains("text"), "\(items)")
        try client.send(["jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": position])
        let hover = ((try client.response(to: 3).response["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        XCTAssertTrue(hover?.contains("state open: bool") ?? false, hover ?? "no hover")
        try client.send(["jsonrpc": "2.0", "id": 4, "method": "textDocument/definition", "params": position])
        let definition = try client.response(to: 4).response["result"] as? [String: Any]
        XCTAssertEqual(((definition?["range"] as? [String: Any])?["start"] as? [String: Int])?["line"], 1)
        try client.send(["jsonrpc": "2.0", "id": 5, "method": "textDocument/rename", "params": position.merging(["newName": "expanded"]) { a, _ in a }])
        let edits = ((try client.response(to: 5).response["result"] as? [String: Any])?["changes"] as? [String: [Any]])?[uri]
        XCTAssertEqual(edits?.count, 3)
        try client.send(["jsonrpc": "2.0", "id": 6, "method": "textDocument/formatting", "params": ["textDocument": ["uri": uri], "options": ["tabSize": 4, "insertSpaces": true]]])
        let formatting = try client.response(to: 6).response["result"] as? [[String: Any]]
        XCTAssertEqual(formatting?.first?["newText"] as? String, "screen S {\n    state open: bool = false\n    Text title { hidden: open  tap: toggle(open) }\n}\n")
        try client.send(["jsonrpc": "2.0", "id": 7, "method": "shutdown", "params": NSNull()])
        _ = try client.response(to: 7)
        try client.send(["jsonrpc": "2.0", "method": "exit"])
        client.process.waitUntilExit()
        XCTAssertEqual(client.process.terminationStatus, 0)
    }

    /// Neovim's built-in client, headless: diagnostics and a hover arrive.
    func testNeovimHeadless() throws {
        guard let nvim = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("SKIPPED: Neovim is not installed (apt-get install neovim)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stackc-nvim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("screen.stack")
        try "screen S {\n    state open: bool = false\n    Text { hiden: open }\n}\n".write(to: file, atomically: true, encoding: .utf8)
        let result = directory.appendingPathComponent("result.txt")
        let script = directory.appendingPathComponent("test.lua")
        // Written for Neovim 0.7 (Debian's) and later: `vim.lsp.start` came in 0.8.
        try """
            local out = io.open('\(result.path)', 'w')
            local ok, err = pcall(function()
              vim.cmd('edit \(file.path)')
              local start = vim.lsp.start or function(config)
                local id = vim.lsp.start_client(config)
                vim.lsp.buf_attach_client(0, id)
                return id
              end
              local id = start({ name = 'stackc', cmd = { '\(CLI.executable.path)', 'lsp' }, root_dir = '\(directory.path)' })
              vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 50)
              local diagnostics = vim.diagnostic.get(0)
              out:write('diagnostics ' .. #diagnostics .. ' ' .. (diagnostics[1] and diagnostics[1].message or '') .. '\\n')
              local client = vim.lsp.get_client_by_id(id)
              local params = { textDocument = { uri = vim.uri_from_fname('\(file.path)') }, position = { line = 1, character = 12 } }
              local response = client.request_sync('textDocument/hover', params, 5000, 0)
              local value = response and response.result and response.result.contents and response.result.contents.value or 'none'
              out:write('hover ' .. value:gsub('\\n', ' ') .. '\\n')
            end)
            if not ok then out:write('error ' .. tostring(err) .. '\\n') end
            out:close()
            vim.cmd('qa!')
            """.write(to: script, atomically: true, encoding: .utf8)
        let run = try CLI.runCommand(["timeout", "60", nvim, "--headless", "--clean", "-u", "NONE", "-c", "luafile \(script.path)"])
        let text = (try? String(contentsOf: result, encoding: .utf8)) ?? "no result: \(run.stderr)"
        XCTAssertTrue(text.contains("diagnostics 1 unknown property 'hiden'"), text)
        XCTAssertTrue(text.contains("state open: bool = false"), text)
    }
}
