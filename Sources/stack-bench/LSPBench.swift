// The language server as an editor uses it: a keystroke (didChange with the
// whole text) → diagnostics published, completion, and the server's memory
// after 1,000 edits — for a 100-line file and a 10,000-row file.

import Foundation
import StackTooling

enum LSPBench {
    typealias Result = (String, Double, String)

    static func run() -> [Result] {
        var results: [Result] = []
        for rows in [97, 10_000] {
            var text = "screen Bench {\n    state open: bool = false\n"
            for i in 0..<rows { text += "    Text r\(i) { text: \"row \(i)\"  size: open ? 40 : 20  tap: toggle(open) }\n" }
            text += "}\n"
            let lines = text.split(separator: "\n").count
            let server = LanguageServer()
            _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
            let uri = "file:///tmp/bench.stack"
            _ = server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": uri, "version": 1, "text": text]]])
            let clock = ContinuousClock()
            var keystrokes: [Double] = []
            let edits = rows > 1_000 ? 30 : 1_000
            for version in 0..<edits {
                // Type a character into the first row's text, as a keystroke does.
                let edited = text.replacingOccurrences(of: "\"row 0\"", with: "\"row 0\(String(repeating: "x", count: version % 7))\"")
                keystrokes.append(Measure.seconds(clock.measure {
                    _ = server.handle(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
                        "textDocument": ["uri": uri, "version": version + 2], "contentChanges": [["text": edited]],
                    ]])
                }))
            }
            keystrokes.sort()
            results.append(("lsp: keystroke → diagnostics (\(lines) lines)", keystrokes[keystrokes.count / 2],
                String(format: "%.2f ms median, %.2f ms worst of %d", keystrokes[keystrokes.count / 2] * 1e3, keystrokes.last! * 1e3, edits)))
            var completions: [Double] = []
            for _ in 0..<20 {
                completions.append(Measure.seconds(clock.measure {
                    _ = server.handle(["jsonrpc": "2.0", "id": 2, "method": "textDocument/completion", "params": [
                        "textDocument": ["uri": uri], "position": ["line": 2, "character": 14],
                    ]])
                }))
            }
            completions.sort()
            results.append(("lsp: completion (\(lines) lines)", completions[completions.count / 2],
                String(format: "%.2f ms median", completions[completions.count / 2] * 1e3)))
            if rows < 1_000, let resident = currentResidentBytes() {
                results.append(("lsp: resident memory after \(edits) edits", 0, String(format: "%.1f MB (the whole benchmark process)", Double(resident) / 1e6)))
            }
        }
        return results
    }

    /// Resident memory now (VmRSS).
    static func currentResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }
}
