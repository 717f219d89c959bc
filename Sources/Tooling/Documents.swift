// The files an editor has open, by URI, and what the server knows of each:
// its text (unsaved edits included), its tokens and syntax, and the check of
// it with its imports — imports read from open buffers first, so an unsaved
// edit to an imported file is seen at once.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import StackCompiler
import StackParser

/// One open document and its analysis.
struct Document {
    var uri: String
    var path: String
    var version: Int
    var source: SourceFile
    var tokens: [Token]
    var comments: [Span]
    var syntax: SourceFileSyntax
    /// The check of the document and its imports (file 0 is the document).
    var check: CheckResult

    var text: String { String(decoding: source.bytes, as: UTF8.self) }
}

/// Reads imports from open documents first, then from disk.
struct OverlayLoader: SourceLoader {
    let open: [String: [UInt8]]
    let disk = FileSystemLoader()

    func read(_ path: String) throws -> [UInt8] {
        if let bytes = open[URL(fileURLWithPath: path).standardizedFileURL.path] { return bytes }
        return try disk.read(path)
    }

    func canonicalPath(_ path: String) -> String {
        disk.canonicalPath(path)
    }
}

/// `file:///a/b.stack` ↔ `/a/b.stack`.
enum URIs {
    static func path(_ uri: String) -> String {
        guard let url = URL(string: uri), url.isFileURL else { return uri }
        return url.standardizedFileURL.path
    }

    static func uri(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.absoluteString
    }
}
