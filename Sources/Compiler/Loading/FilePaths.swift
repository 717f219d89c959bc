// Paths made absolute and tidy through the C library. Foundation's URL did
// this before; linking Foundation for it loaded about 4 MB of libraries into
// every stackc process on Linux (a quarter of what `stackc compile` of a
// 10 MB screen peaks at), so the compiler and the CLI do without it.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

package enum FilePaths {
    /// The working directory, or "/" when it cannot be read (removed
    /// under us, say).
    package static func currentDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "/" }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// `path` made absolute against the working directory, with `.`, `..`
    /// and repeated slashes taken out by spelling alone (symbolic links are
    /// left as they are; `..` above the root stays at the root).
    package static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : currentDirectory() + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The file's one name with every symbolic link resolved, for telling
    /// whether two paths are the same file; `absolute(path)` when it does
    /// not exist. (`..` is taken out by spelling first, as Foundation's
    /// `standardizedFileURL.resolvingSymlinksInPath()` did.)
    package static func canonical(_ path: String) -> String {
        let tidy = absolute(path)
        guard let pointer = realpath(tidy, nil) else { return tidy }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The part after the last slash (`"a/b.stack"` → `"b.stack"`), trailing
    /// slashes ignored.
    package static func lastComponent(_ path: String) -> String {
        let parts = path.split(separator: "/")
        return parts.last.map(String.init) ?? (path.hasPrefix("/") ? "/" : path)
    }
}
