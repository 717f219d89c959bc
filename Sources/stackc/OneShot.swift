// What a one-shot command checks is not worth freeing: the process ends
// right after, and taking a large syntax tree apart node by node cost a
// fifth of `stackc check` (callgrind on the benchmark screen). Like
// clang's -disable-free, the last file's parse and check are handed to
// the process's end instead of the allocator. Earlier files of a run are
// freed as usual, so memory does not grow with the number of files.
// (Not for `compile`: there the tree would stay alive through lowering and
// raise the peak, for little time saved.)

import StackCompiler
import StackParser

enum OneShot {
    /// A reference the process keeps until it exits.
    private final class Kept {
        let cache: ParseCache
        let result: CheckResult
        init(cache: ParseCache, result: CheckResult) {
            self.cache = cache
            self.result = result
        }
    }

    /// Checks `source`; when `last`, what was built is never freed.
    static func check(_ source: SourceFile, last: Bool) -> CheckResult {
        guard last else { return Compiler.check(source) }
        var cache = ParseCache()
        let result = Compiler.check(source, cache: &cache)
        _ = Unmanaged.passRetained(Kept(cache: cache, result: result))
        return result
    }
}
