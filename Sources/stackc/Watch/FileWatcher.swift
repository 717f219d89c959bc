// Noticing that files changed. On Linux, inotify on the files' *directories*:
// editors save by writing a temporary file and renaming it over the old one,
// which ends any watch on the file itself. On macOS, kqueue on files and
// directories. Elsewhere, and with --poll, the files' status is compared at
// an interval.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A source of "these files may have changed".
protocol FileWatcher {
    /// Watch exactly these files (absolute paths) from now on.
    mutating func watch(_ files: Set<String>) -> [String]
    /// A descriptor that becomes readable when something happened, if any.
    var descriptor: Int32? { get }
    /// The watched files that changed since the last call.
    mutating func changes() -> Set<String>
    /// What the watcher has to say since the last call (a directory lost,
    /// watched again), for the user.
    mutating func notices() -> [String]
}

extension FileWatcher {
    mutating func notices() -> [String] { [] }
}

/// The directory of an absolute path.
func directoryOf(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

#if os(Linux)
/// inotify on the directories of the watched files. A directory that is
/// deleted or moved away is "lost": its files count as changed, its nearest
/// existing ancestor is watched instead, and on every event the watcher tries
/// to watch it again — so deleting and recreating a project directory, or
/// moving it away and back, does not leave the watch deaf.
struct InotifyWatcher: FileWatcher {
    private let fd: Int32
    private var directories: [String: Int32] = [:]
    private var byDescriptor: [Int32: String] = [:]
    private var files: Set<String> = []
    /// Directories of watched files that do not exist (or moved) right now.
    private var lost: Set<String> = []
    /// Watched files whose deletion (or move away) was reported and that
    /// have not come back: their directory's removal, which follows it and
    /// may arrive after the quiet time, is not a second change of theirs.
    private var gone: Set<String> = []
    private var pendingNotices: [String] = []

    private static let mask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

    init?() {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.fd = fd
    }

    var descriptor: Int32? { fd }

    mutating func watch(_ files: Set<String>) -> [String] {
        self.files = files
        // A file no longer watched may have come back unseen.
        gone = gone.filter { files.contains($0) && access($0, F_OK) != 0 }
        var problems: [String] = []
        let wanted = Set(files.map(directoryOf))
        for (directory, wd) in directories where !wanted.contains(directory) && !isAncestorOfLost(directory) {
            inotify_rm_watch(fd, wd)
            directories[directory] = nil
            byDescriptor[wd] = nil
        }
        lost = lost.intersection(wanted)
        for directory in wanted where directories[directory] == nil && !lost.contains(directory) {
            if let problem = add(directory) {
                if errno == ENOENT || errno == ENOTDIR {
                    lose(directory, notice: "directory '\(directory)' does not exist; watching for it to appear")
                } else {
                    problems.append(problem)
                }
            }
        }
        return problems
    }

    /// Watches `directory`; nil, or why not.
    private mutating func add(_ directory: String) -> String? {
        let wd = inotify_add_watch(fd, directory, Self.mask)
        guard wd >= 0 else { return "cannot watch directory '\(directory)': \(String(cString: strerror(errno)))" }
        directories[directory] = wd
        byDescriptor[wd] = directory
        return nil
    }

    private func isAncestorOfLost(_ directory: String) -> Bool {
        lost.contains { $0.hasPrefix(directory == "/" ? "/" : directory + "/") }
    }

    /// Marks `directory` lost and watches its nearest existing ancestor.
    private mutating func lose(_ directory: String, notice: String) {
        lost.insert(directory)
        pendingNotices.append(notice)
        var ancestor = directoryOf(directory)
        while directories[ancestor] == nil {
            if add(ancestor) == nil { break }
            if ancestor == "/" { break }
            ancestor = directoryOf(ancestor)
        }
    }

    mutating func notices() -> [String] {
        defer { pendingNotices = [] }
        return pendingNotices
    }

    mutating func changes() -> Set<String> {
        var changed: Set<String> = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var sawEvent = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            sawEvent = true
            var offset = 0
            // struct inotify_event { int wd; uint32 mask, cookie, len; char name[len]; }
            while offset + 16 <= count {
                let wd = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
                let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) }
                let length = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if let directory = byDescriptor[wd] {
                    if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
                        // The directory itself went away (or moved: the watch
                        // would follow it elsewhere, so drop it).
                        if mask & UInt32(IN_IGNORED) == 0 { inotify_rm_watch(fd, wd) }
                        directories[directory] = nil
                        byDescriptor[wd] = nil
                        let inside = files.filter { directoryOf($0) == directory }
                        if !inside.isEmpty, !lost.contains(directory) {
                            changed.formUnion(inside.subtracting(gone))
                            let how = mask & UInt32(IN_MOVE_SELF) != 0 ? "was moved away" : "was removed"
                            lose(directory, notice: "directory '\(directory)' \(how); watching for it to come back")
                        }
                    } else {
                        let path = directory == "/" ? "/" + name : directory + "/" + name
                        if files.contains(path) {
                            changed.insert(path)
                            if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 { gone.insert(path) } else { gone.remove(path) }
                        }
                    }
                }
                offset += 16 + length
            }
        }
        if sawEvent, !lost.isEmpty {
            for directory in lost.sorted() where add(directory) == nil {
                lost.remove(directory)
                pendingNotices.append("directory '\(directory)' is back; watching it again")
                let inside = files.filter { directoryOf($0) == directory }
                changed.formUnion(inside)
                gone.subtract(inside)
            }
            // Still lost: an ancestor nearer to it may exist now.
            for directory in lost.sorted() {
                var ancestor = directoryOf(directory)
                while directories[ancestor] == nil, add(ancestor) != nil, ancestor != "/" { ancestor = directoryOf(ancestor) }
            }
        }
        return changed
    }
}
#endif

/// Compares the files' status (existence, size, modification time, inode)
/// each time it is asked.
struct PollWatcher: FileWatcher {
    private var files: Set<String> = []
    private var seen: [String: [Int]] = [:]

    var descriptor: Int32? { nil }

    mutating func watch(_ files: Set<String>) -> [String] {
        self.files = files
        for file in files where seen[file] == nil { seen[file] = Self.status(file) }
        return []
    }

    mutating func changes() -> Set<String> {
        var changed: Set<String> = []
        for file in files {
            let now = Self.status(file)
            if now != seen[file] {
                changed.insert(file)
                seen[file] = now
            }
        }
        return changed
    }

    static func status(_ path: String) -> [Int] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [] }
        #if os(Linux)
        return [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_ino)]
        #else
        return [Int(info.st_size), Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec), Int(info.st_ino)]
        #endif
    }
}

#if os(macOS)
/// kqueue on the files and their directories (macOS). A directory event
/// (an entry added, removed or renamed: an atomic save) marks every watched
/// file in it as possibly changed; a file event marks that file. Files are
/// opened again on every `watch` call, since a save by rename leaves the old
/// descriptor pointing at the replaced file.
///
/// Not compiled or run on the Linux machines this project is developed and
/// tested on; `--poll` is the tested fallback everywhere.
struct KqueueWatcher: FileWatcher {
    private let queue: Int32
    private var open: [Int32: String] = [:]
    private var files: Set<String> = []

    init?() {
        let queue = kqueue()
        guard queue >= 0 else { return nil }
        self.queue = queue
    }

    var descriptor: Int32? { queue }

    mutating func watch(_ files: Set<String>) -> [String] {
        self.files = files
        for fd in open.keys { close(fd) }
        open = [:]
        var problems: [String] = []
        for path in files.union(files.map(directoryOf)) {
            let fd = Darwin.open(path, O_EVTONLY)
            if fd < 0 {
                if !files.contains(path) { problems.append("cannot watch directory '\(path)'") }
                continue
            }
            var event = kevent(
                ident: UInt(fd), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
                fflags: UInt32(NOTE_WRITE | NOTE_DELETE | NOTE_RENAME | NOTE_EXTEND | NOTE_ATTRIB), data: 0, udata: nil)
            if kevent(queue, &event, 1, nil, 0, nil) < 0 {
                close(fd)
                problems.append("cannot watch '\(path)'")
                continue
            }
            open[fd] = path
        }
        return problems
    }

    mutating func changes() -> Set<String> {
        var changed: Set<String> = []
        var events = [kevent](repeating: kevent(), count: 64)
        var zero = timespec(tv_sec: 0, tv_nsec: 0)
        while true {
            let count = kevent(queue, nil, 0, &events, Int32(events.count), &zero)
            guard count > 0 else { break }
            for event in events.prefix(Int(count)) {
                guard let path = open[Int32(event.ident)] else { continue }
                if files.contains(path) {
                    changed.insert(path)
                } else {
                    for file in files where directoryOf(file) == path { changed.insert(file) }
                }
            }
        }
        if !changed.isEmpty { _ = watch(files) }
        return changed
    }
}
#endif
