// How the C library's allocator treats large blocks, set once at start.
//
// glibc raises its mmap threshold each time a large block is freed, up to
// 32 MB: the tables a compile grows (the source, encoded rows, strings,
// hash indexes) then come from the heap, and the copies they grew out of
// stay resident after they are freed. A fixed threshold of 128 KiB maps
// every larger block on its own and hands it back when it is freed:
// `stackc compile` of the 100,000-row screen peaks 1.6 MB lower.
//
// Each thread that allocates gets an arena of its own, and rows parsed
// ahead on a second thread (`DeferredRowReader`) are freed by the checker
// on the first: one arena for the process keeps what one frees for the
// other to reuse (1 MB off the 100,000-row compile's peak, 8 MB at
// 1,000,000 rows), and two threads hardly contend for it.

#if canImport(Glibc)
import Glibc
#endif

enum Allocation {
    /// Large blocks handed back when freed; one arena for all threads.
    static func tune() {
        #if canImport(Glibc)
        // <malloc.h> is not part of Swift's Glibc module: mallopt is looked
        // up by name (M_MMAP_THRESHOLD is -3 in glibc's ABI).
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-3, 128 * 1024)
        // M_ARENA_MAX is -8.
        _ = mallopt(-8, 1)
        #endif
    }
}
