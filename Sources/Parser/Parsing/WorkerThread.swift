// A thread of our own for work beside the caller's, made with the C
// library: a dispatch queue's threads may have stacks of 512 KB, and the
// parser recurses as deep as `Parser.maximumDepth` allows, as it does on
// the main thread's 8 MB.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

package enum WorkerThread {
    /// The stack each worker gets: the main thread's usual size.
    package static let stackSize = 8 << 20

    /// How many processors are online (1 when the system does not say).
    package static var processors: Int {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        return max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #else
        return 1
        #endif
    }

    /// Runs `body` on a new detached thread; false (and `body` not run)
    /// when no thread could be made.
    package static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        defer { pthread_attr_destroy(&attributes) }
        _ = pthread_attr_setstacksize(&attributes, stackSize)
        _ = pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let made = pthread_create(&thread, &attributes, { context in
            #if canImport(Darwin)
            let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
            #else
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            #endif
            body.run()
            return nil
        }, context)
        guard made == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        return true
        #else
        return false
        #endif
    }

    /// The closure, as an object a C pointer can carry.
    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
