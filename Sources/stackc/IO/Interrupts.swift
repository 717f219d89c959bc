// ctrl-C for the long-running commands (watch, preview): SIGINT and SIGTERM
// become a byte on a pipe that the command's poll loop waits on, so the loop
// ends cleanly instead of the process dying mid-write.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// A pipe that becomes readable when the user interrupts the command.
final class InterruptPipe {
    /// Poll this descriptor; readable means "stop".
    let readEnd: Int32
    private let sources: [any DispatchSourceSignal]

    /// Nil when no pipe can be made.
    init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        readEnd = ends[0]
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let writeEnd = ends[1]
        sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                var byte: UInt8 = 1
                _ = write(writeEnd, &byte, 1)
            }
            source.resume()
            return source
        }
    }

    deinit { sources.forEach { $0.cancel() } }
}
