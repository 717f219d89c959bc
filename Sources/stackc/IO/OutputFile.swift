// Writing a command's result where `-o` says, without ever destroying
// anything: standard output for `-` (or no `-o`); a regular file replaced
// atomically (written unnamed with O_TMPFILE where the system has it, so a
// killed compile leaves nothing behind, else under a temporary name that
// later writes clean up); devices and FIFOs written through, never renamed
// over; directories, block devices, sockets and the command's own inputs
// refused. Output is streamed through a buffer, so it never has to fit in
// memory whole, and every failed write is reported.

import StackOutput

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an output could not be opened or written, in words.
struct OutputError: Error {
    var message: String
}

/// One output being written. A class: it owns a file descriptor and, until
/// `finish()`, a temporary file that `deinit` removes.
final class OutputFile {
    private enum Mode {
        case standardOutput
        /// A device or FIFO, written in place.
        case through
        /// An unnamed O_TMPFILE file in `directory`, linked in by `finish()`.
        case unnamed(directory: String)
        /// A named temporary file, renamed by `finish()`.
        case named(temporary: String)
    }

    /// What the user named (`-` for standard output).
    let path: String
    /// Where the file ends up (symbolic links followed).
    private let target: String
    private let mode: Mode
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var failure: String?
    private var finished = false
    /// Permission bits of the file being replaced, kept.
    private let permissions: mode_t

    static let bufferSize = 1 << 16

    /// Opens `path` (nil or `-`: standard output) for writing. `inputs` are
    /// the files the command read, the input first: writing over one of
    /// them is refused.
    static func open(_ path: String?, inputs: [String] = []) -> Result<OutputFile, OutputError> {
        guard let path, path != "-" else { return .success(OutputFile(path: "-", target: "-", mode: .standardOutput, descriptor: 1, permissions: 0o644)) }
        do {
            return .success(try openFile(path, inputs: inputs))
        } catch let error as OutputError {
            return .failure(error)
        } catch {
            return .failure(OutputError(message: "cannot write '\(path)'"))
        }
    }

    private init(path: String, target: String, mode: Mode, descriptor: Int32, permissions: mode_t) {
        self.path = path
        self.target = target
        self.mode = mode
        self.descriptor = descriptor
        self.permissions = permissions
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit {
        if !finished { abandon() }
    }

    private static func openFile(_ path: String, inputs: [String]) throws -> OutputFile {
        func fail(_ message: String) -> OutputError { OutputError(message: "cannot write '\(path)': \(message)") }
        var info = stat()
        var target = path
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            // Follow the link: the file it names is replaced, the link stays.
            guard let resolved = FileStatus.realPath(path) ?? FileStatus.danglingTarget(path) else {
                throw fail("it is a symbolic link that leads nowhere (\(FileStatus.reason(errno)))")
            }
            target = resolved
        }
        let exists = stat(target, &info) == 0
        if !exists, errno != ENOENT { throw fail(FileStatus.reason(errno)) }
        if exists {
            for (index, input) in inputs.enumerated() where FileStatus.sameFile(input, info) {
                throw fail("it is \(index == 0 ? "the input file" : "'\(input)', which the input imports"); refusing to overwrite a source")
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw fail("it is a directory; name a file")
            case S_IFCHR, S_IFIFO:
                let fd = posixOpen(target, O_WRONLY | O_CLOEXEC)
                guard fd >= 0 else { throw fail(FileStatus.reason(errno)) }
                return OutputFile(path: path, target: target, mode: .through, descriptor: fd, permissions: 0)
            case S_IFBLK: throw fail("it is a block device; refusing to write over a disk")
            case S_IFSOCK: throw fail("it is a socket")
            default: throw fail("it is not a regular file")
            }
        }
        let directory = FileStatus.directory(of: target)
        var directoryInfo = stat()
        guard stat(directory, &directoryInfo) == 0 else { throw fail("its directory '\(directory)' \(FileStatus.reason(errno) == "no such file or directory" ? "does not exist" : "cannot be used: \(FileStatus.reason(errno))")") }
        guard directoryInfo.st_mode & S_IFMT == S_IFDIR else { throw fail("'\(directory)' is not a directory") }
        let permissions: mode_t = exists ? info.st_mode & 0o7777 : 0o666 & ~FileStatus.umask()
        #if os(Linux)
        let unnamed = posixOpen(directory, FileStatus.temporaryFileFlag | O_WRONLY | O_CLOEXEC, 0o600)
        if unnamed >= 0 {
            return OutputFile(path: path, target: target, mode: .unnamed(directory: directory), descriptor: unnamed, permissions: permissions)
        }
        #endif
        // No O_TMPFILE here: a named temporary file, and stale ones of
        // killed runs removed first.
        FileStatus.removeStaleTemporaries(for: target)
        for attempt in 0..<100 {
            let temporary = FileStatus.temporaryName(for: target, attempt: attempt)
            let fd = posixOpen(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 { return OutputFile(path: path, target: target, mode: .named(temporary: temporary), descriptor: fd, permissions: permissions) }
            if errno != EEXIST { throw fail(FileStatus.reason(errno)) }
        }
        throw fail("no temporary file could be made beside it")
    }

    /// Appends `text`; written out as the buffer fills.
    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferSize { flush() }
    }

    /// Appends `bytes`. Bytes of a buffer's size or more are written from
    /// where they are, not copied into the buffer first (a compiled file
    /// of 100,000 rows was twice in memory while it was written).
    func write(bytes: [UInt8]) {
        guard bytes.count >= Self.bufferSize else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= Self.bufferSize { flush() }
            return
        }
        flush()
        guard failure == nil else { return }
        if let error = bytes.withUnsafeBytes({ FileStatus.writeAll(descriptor, $0) }) { failure = error }
    }

    private func flush() {
        guard failure == nil, !buffer.isEmpty else {
            buffer.removeAll(keepingCapacity: true)
            return
        }
        let error = buffer.withUnsafeBytes { bytes in FileStatus.writeAll(descriptor, bytes) }
        if let error { failure = error }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left and puts the file in place. Returns 0, or 2
    /// after saying on standard error what went wrong (`command` names who).
    func finish(command: String) -> Int32 {
        flush()
        finished = true
        if failure == nil {
            switch mode {
            case .standardOutput:
                break
            case .through:
                if close(descriptor) != 0, errno != EINTR { failure = FileStatus.reason(errno) }
            case .unnamed:
                failure = commitUnnamed()
            case .named(let temporary):
                _ = fchmod(descriptor, permissions)
                if close(descriptor) != 0 {
                    failure = FileStatus.reason(errno)
                } else if rename(temporary, target) != 0 {
                    failure = FileStatus.reason(errno)
                }
                if failure != nil { unlink(temporary) }
            }
        } else {
            abandon()
        }
        guard let failure else { return 0 }
        let name = path == "-" ? "standard output" : "'\(path)'"
        Terminal.err("stackc \(command): error: cannot write \(name): \(failure)\n")
        return 2
    }

    private func commitUnnamed() -> String? {
        _ = fchmod(descriptor, permissions)
        defer { close(descriptor) }
        // Linked under a temporary name, then renamed over the target: the
        // target is never missing or half-written, and a kill before this
        // point leaves nothing.
        for attempt in 0..<100 {
            let temporary = FileStatus.temporaryName(for: target, attempt: attempt)
            if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0 {
                if rename(temporary, target) != 0 {
                    let reason = FileStatus.reason(errno)
                    unlink(temporary)
                    return reason
                }
                return nil
            }
            if errno != EEXIST { return FileStatus.reason(errno) }
        }
        return "no temporary name was free beside it"
    }

    /// Drops the output: nothing replaces the target.
    private func abandon() {
        switch mode {
        case .standardOutput: break
        case .through, .unnamed: close(descriptor)
        case .named(let temporary):
            close(descriptor)
            unlink(temporary)
        }
    }
}

extension OutputFile {
    /// Writes `text` to `path` whole (the usual case) and reports as `finish`.
    static func write(_ text: String, to path: String?, inputs: [String] = [], command: String) -> Int32 {
        write(Array(text.utf8), to: path, inputs: inputs, command: command)
    }

    /// Writes `bytes` to `path` whole and reports as `finish`.
    static func write(_ bytes: [UInt8], to path: String?, inputs: [String] = [], command: String) -> Int32 {
        write(parts: [bytes], to: path, inputs: inputs, command: command)
    }

    /// Writes `parts` to `path` one after the other, each let go once
    /// written, and reports as `finish`.
    static func write(parts: consuming [[UInt8]], to path: String?, inputs: [String] = [], command: String) -> Int32 {
        guard let file = opened(path, inputs: inputs, command: command) else { return 2 }
        for index in parts.indices {
            file.write(bytes: parts[index])
            parts[index] = []
        }
        return file.finish(command: command)
    }

    /// Streams what `body` writes through the byte writer to `path`, a
    /// buffer at a time (a large layout never exists whole), and reports
    /// as `finish`.
    static func stream(to path: String?, inputs: [String] = [], command: String, _ body: (inout ByteSink) -> Void) -> Int32 {
        guard let file = opened(path, inputs: inputs, command: command) else { return 2 }
        var sink = ByteSink { file.write(bytes: $0) }
        body(&sink)
        sink.finish()
        return file.finish(command: command)
    }

    /// The file open for writing, or nil once why it cannot be is reported.
    private static func opened(_ path: String?, inputs: [String], command: String) -> OutputFile? {
        switch open(path, inputs: inputs) {
        case .failure(let error):
            Terminal.err("stackc \(command): error: \(error.message)\n")
            return nil
        case .success(let file):
            return file
        }
    }
}

#if canImport(Glibc)
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 { Glibc.open(path, flags, mode) }
#else
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 { Darwin.open(path, flags, mode) }
#endif
