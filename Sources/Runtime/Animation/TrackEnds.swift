// Which of a transition's tracks end in a stretch of time, without asking
// every track: hosts ask every frame (`advance(to:)`), and a general
// transition that moves every row after a change has a track for each
// (1,000,000 rows: 13 ms a frame to ask them all). Tracks come in row
// order and the rows that follow a change end with it, so their ends come
// in runs of one value; the runs, sorted by their end, are found by a
// binary search.

/// A transition's tracks with a duration, in runs that end together.
struct TrackEnds: Sendable {
    private struct Run: Sendable {
        var end: Double
        var first: Int32
        var count: Int32
    }

    /// By end, then by first track.
    private var runs: [Run] = []

    init() {}

    init(_ tracks: [RowTrack]) {
        // Read in place through a buffer: handed to a closure, each track
        // was copied (its box retained) twice.
        self = tracks.withUnsafeBufferPointer { tracks in
            TrackEnds(count: tracks.count, duration: { tracks[$0].duration }, end: { tracks[$0].end })
        }
    }

    /// Of `items` (tracks, or what a report of each needs), by their
    /// `duration` and `end`.
    init<Item>(_ items: [Item], duration: (Item) -> Double, end: (Item) -> Double) {
        self.init(count: items.count, duration: { duration(items[$0]) }, end: { end(items[$0]) })
    }

    /// Of `count` items, by the `duration` and `end` of each index.
    private init(count: Int, duration: (Int) -> Double, end: (Int) -> Double) {
        var index = 0
        while index < count {
            guard duration(index) > 0 else {
                index += 1
                continue
            }
            let runEnd = end(index)
            var next = index + 1
            while next < count, duration(next) > 0, end(next) == runEnd { next += 1 }
            runs.append(Run(end: runEnd, first: Int32(index), count: Int32(next - index)))
            index = next
        }
        runs.sort { ($0.end, $0.first) < ($1.end, $1.first) }
    }

    /// The indices of the tracks with a duration that end in
    /// `t0 < end ≤ t1`, in no particular order.
    func ending(after t0: Double, through t1: Double) -> [Int] {
        let low = runs.partitioningIndex { $0.end > t0 }
        var found: [Int] = []
        for run in runs[low...] {
            guard run.end <= t1 else { break }
            found += Int(run.first)..<Int(run.first + run.count)
        }
        return found
    }
}
