// Reading standard input with read(2), up to a limit: Foundation's
// readDataToEndOfFile grows without bound and traps when it cannot.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum StandardInput {
    /// All of standard input, or an error once it passes `limit` bytes or
    /// cannot be read.
    static func read(limit: Int) -> Result<[UInt8], UsageError> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                Glibc.read(0, buffer.baseAddress, buffer.count)
                #else
                Darwin.read(0, buffer.baseAddress, buffer.count)
                #endif
            }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(UsageError(message: "cannot read standard input: \(FileStatus.reason(errno))"))
            }
            if count == 0 { return .success(bytes) }
            guard bytes.count + count <= limit else {
                return .failure(UsageError(message: "standard input is larger than \(limit >> 20) MiB, the limit for a source file"))
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
