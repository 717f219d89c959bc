// Reading a file through the C library, so that every way it can fail has
// its own words: no such file, a link loop, a directory, a device, a file
// too large, permission denied. Regular files, FIFOs and terminals are read
// (`/dev/stdin` works, whatever it is); nothing is read past the limit.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

package enum FileReading {
    package static func read(_ path: String, limit: Int) throws(SourceLoadError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw SourceLoadError(reason(errno)) }
        let kind = info.st_mode & S_IFMT
        switch kind {
        case S_IFREG, S_IFIFO, S_IFCHR: break
        case S_IFDIR: throw SourceLoadError("it is a directory")
        case S_IFBLK: throw SourceLoadError("it is a block device, not a source file")
        case S_IFSOCK: throw SourceLoadError("it is a socket, not a source file")
        default: throw SourceLoadError("it is not a regular file")
        }
        if kind == S_IFREG, Int(info.st_size) > limit {
            throw SourceLoadError("it is \(Int(info.st_size) >> 20) MiB; the limit is \(limit >> 20) MiB")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SourceLoadError(reason(errno)) }
        defer { close(fd) }
        // A terminal is typed into; other devices (/dev/zero, /dev/urandom)
        // are no source and would only fill memory up to the limit.
        if kind == S_IFCHR, isatty(fd) == 0 { throw SourceLoadError("it is a device, not a source file") }
        var bytes: [UInt8] = []
        if kind == S_IFREG { bytes.reserveCapacity(Int(info.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                Glibc.read(fd, buffer.baseAddress, buffer.count)
                #else
                Darwin.read(fd, buffer.baseAddress, buffer.count)
                #endif
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw SourceLoadError(reason(errno))
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else {
                throw SourceLoadError("it is larger than \(limit >> 20) MiB, the limit for a source file")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case ELOOP: return "its path has a loop of symbolic links"
        case EACCES, EPERM: return "permission denied"
        case ENOTDIR: return "a part of its path is not a directory"
        case ENAMETOOLONG: return "its path is too long"
        case EISDIR: return "it is a directory"
        default:
            guard let text = strerror(code) else { return "error \(code)" }
            return String(cString: text).lowercased()
        }
    }
}
