// Bursts of file events become one re-layout: a change is acted on once the
// files have been quiet for a moment. Times are plain nanoseconds so tests
// can drive it with a fake clock.

struct Debouncer {
    /// How long the files must be quiet before acting (nanoseconds).
    let quiet: UInt64
    private(set) var pending = false
    private(set) var lastChange: UInt64 = 0

    init(quietMilliseconds: UInt64 = 40) {
        quiet = quietMilliseconds * 1_000_000
    }

    /// A file changed at `now`.
    mutating func record(at now: UInt64) {
        pending = true
        lastChange = now
    }

    /// When to act if nothing else happens, or nil when nothing is pending.
    var deadline: UInt64? { pending ? lastChange + quiet : nil }

    /// Whether to act at `now`; acting clears the pending change.
    mutating func fire(at now: UInt64) -> Bool {
        guard pending, now >= lastChange + quiet else { return false }
        pending = false
        return true
    }
}
