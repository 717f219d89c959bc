// Where output goes, and whether it may be coloured.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif

/// Standard output and error, written unbuffered enough for pipes and tests.
enum Terminal {
    static func out(_ text: String) { write(text, to: 1) }

    static func err(_ text: String) { write(text, to: 2) }

    /// Writes all of `text`, retrying short writes and interrupted calls.
    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// Colour on standard error only for a terminal, and never with NO_COLOR set.
    static func stderrWantsColor(_ choice: String?) -> Bool {
        switch choice {
        case "always": return true
        case "never": return false
        default:
            if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
            return isatty(2) != 0
        }
    }
}
