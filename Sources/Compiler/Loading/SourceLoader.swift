// Where source files come from. The compiler reads imports only through this
// protocol, so tests can serve files from memory.

/// Reads source files for the compiler.
public protocol SourceLoader: Sendable {
    /// The bytes of the file at `path`, or an error whose description says why not.
    func read(_ path: String) throws -> [UInt8]
    /// A key that is equal for two paths naming the same file (for cycles).
    func canonicalPath(_ path: String) -> String
}

/// Why a file could not be read, in words for a diagnostic.
public struct SourceLoadError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Reads files from the file system.
public struct FileSystemLoader: SourceLoader {
    /// Sources larger than this are refused rather than read into memory.
    public static let maximumFileSize = 256 << 20

    public init() {}

    public func read(_ path: String) throws -> [UInt8] {
        try FileReading.read(path, limit: FileSystemLoader.maximumFileSize)
    }

    public func canonicalPath(_ path: String) -> String {
        FilePaths.canonical(path)
    }
}

/// Serves files from a dictionary: for tests and tools.
public struct MemoryLoader: SourceLoader {
    public var files: [String: String]

    public init(_ files: [String: String]) { self.files = files }

    public func read(_ path: String) throws -> [UInt8] {
        guard let text = files[canonicalPath(path)] else { throw SourceLoadError("no such file") }
        return Array(text.utf8)
    }

    public func canonicalPath(_ path: String) -> String {
        PathText.normalize(path)
    }
}

/// Path arithmetic on strings, the same on every platform.
public enum PathText {
    /// The directory part of a path ("" for a bare name).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// `relative` resolved against the directory of `file`, unless absolute.
    public static func resolve(_ relative: String, from file: String) -> String {
        if relative.hasPrefix("/") { return normalize(relative) }
        let directory = directory(of: file)
        return normalize(directory.isEmpty ? relative : directory + "/" + relative)
    }

    /// Removes `.` and folds `dir/..` where it can.
    public static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
