// A value shared between threads — the row reader and its worker, the
// preview server's connections — behind a lock of the C library's. Not `Synchronization.Mutex`: that needs macOS 15 (before it
// the reader parsed every row on the caller's thread), and ThreadSanitizer
// on Linux does not see the order it makes between threads, so every
// access under it was reported as a race and a real one would have been
// lost among them.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `value`, read and changed only under its lock (`withLock`).
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    /// Allocated: a lock must not move, and a stored property's address
    /// is not promised to stay put.
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    package init(_ value: Value) {
        self.value = value
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        #endif
    }

    deinit {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        pthread_mutex_destroy(lock)
        lock.deinitialize(count: 1)
        lock.deallocate()
        #endif
    }

    /// `body` with the value, under the lock. (Without the C library there
    /// are no worker threads: `WorkerThread.start` makes none.)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        #endif
        return try body(&value)
    }
}
