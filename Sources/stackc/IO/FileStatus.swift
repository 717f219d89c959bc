// Small facts about files through the C library: what kind a path is,
// whether two paths are one file, reasons in words, temporary names.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum FileStatus {
    #if os(Linux)
    /// O_TMPFILE (`__O_TMPFILE | O_DIRECTORY`; Swift does not import the macro).
    static let temporaryFileFlag: Int32 = 0o20000000 | O_DIRECTORY
    #endif

    /// `strerror` in lower case, as a clause.
    static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let message = String(cString: text)
        return message.prefix(1).lowercased() + message.dropFirst()
    }

    /// Whether `path` names a directory (after following links).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The canonical path with every link resolved, or nil.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where a chain of symbolic links ends when its last target does not
    /// exist yet (so writing creates it), or nil for a loop or a missing directory.
    static func danglingTarget(_ path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else { return errno == ENOENT ? current : nil }
            guard info.st_mode & S_IFMT == S_IFLNK else { return nil }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : directory(of: current) + "/" + link
        }
        return nil
    }

    /// Whether `path` is the file `info` describes (same device and inode).
    static func sameFile(_ path: String, _ info: stat) -> Bool {
        var other = stat()
        guard stat(path, &other) == 0 else { return false }
        return other.st_dev == info.st_dev && other.st_ino == info.st_ino
    }

    /// The directory part of a path, `.` for a bare name.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The process's umask, read without changing it for long.
    static func umask() -> mode_t {
        #if canImport(Glibc)
        let mask = Glibc.umask(0o022)
        _ = Glibc.umask(mask)
        #else
        let mask = Darwin.umask(0o022)
        _ = Darwin.umask(mask)
        #endif
        return mask
    }

    /// `.NAME.stackc-tmp-PID-N` beside `target`.
    static func temporaryName(for target: String, attempt: Int) -> String {
        let directory = directory(of: target)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        return directory + "/." + name + ".stackc-tmp-\(getpid())-\(attempt)"
    }

    /// Removes temporary files a killed run left beside `target`: those
    /// whose process is gone.
    static func removeStaleTemporaries(for target: String) {
        let directory = directory(of: target)
        let prefix = "." + (target.split(separator: "/").last.map(String.init) ?? target) + ".stackc-tmp-"
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(prefix) else { continue }
            let rest = name.dropFirst(prefix.count).split(separator: "-")
            guard let pid = rest.first.flatMap({ Int32($0) }), pid != getpid() else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { unlink(directory + "/" + name) }
        }
    }

    /// Writes all of `bytes` to `descriptor`, retrying short and interrupted
    /// writes; nil, or the reason it failed.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return reason(errno)
            }
            if written == 0 { return "nothing could be written" }
            offset += written
        }
        return nil
    }
}
