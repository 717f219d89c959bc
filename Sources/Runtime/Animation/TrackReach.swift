// Which of a transition's tracks may show in a window, without asking every
// track: a frame of a general transition that moves every row after a
// change asked all of them (100,000 rows: 9 ms a frame). The screen's rows'
// tracks are in row order, and so, nearly, are the places they are drawn:
// the farthest any track up to each one reaches, and the nearest any track
// from each one on starts, bound the run of tracks that may overlap a
// window by two binary searches. Each track in the run is still asked.

/// The tracks of a transition's screen rows, by how far they reach.
struct TrackReach: Sendable {
    /// Indices into the transition's tracks: the screen's rows' tracks
    /// that have a pose, in order.
    private var indices: [Int32] = []
    /// For each, the farthest along the axis any of them up to it reaches.
    private var highest: [Double] = []
    /// For each, the nearest any of them from it on reaches back to.
    private var lowest: [Double] = []

    init() {}

    /// `isRoot` tells the screen's own rows (their poses are in the
    /// screen's coordinates; the other rows' are relative to their holders).
    /// `sorted`: order the tracks by where they reach back to first, for
    /// tracks not in the order of their places (a quick transition's, in
    /// the order their rows were logged); the general transition's are
    /// nearly in order already, and a million of them sorted would cost
    /// more than the runs their few exceptions widen.
    init(_ tracks: [RowTrack], axis: Axis, isRoot: (Int) -> Bool, sorted: Bool = false) {
        // Straight into the three arrays, written through their buffers
        // (appended, each of the three checked its room and uniqueness for
        // every track; through a list of tuples first, each was written
        // twice), each track read in place, not copied.
        var indices: [Int32] = [], lowest: [Double] = [], highest: [Double] = []
        // How many tracks have a pose: the three arrays' length.
        var count = 0
        tracks.withUnsafeBufferPointer { tracks in
            indices = [Int32](unsafeUninitializedCapacity: tracks.count) { indexBuffer, indexCount in
                lowest = [Double](unsafeUninitializedCapacity: tracks.count) { lowBuffer, lowCount in
                    highest = [Double](unsafeUninitializedCapacity: tracks.count) { highBuffer, highCount in
                        for index in tracks.indices where isRoot(tracks[index].row) {
                            // A track without a pose never shows.
                            guard let reach = RowTrack.reach(of: tracks.baseAddress! + index, along: axis) else { continue }
                            indexBuffer.initializeElement(at: count, to: Int32(index))
                            lowBuffer.initializeElement(at: count, to: reach.low)
                            highBuffer.initializeElement(at: count, to: reach.high)
                            count += 1
                        }
                        highCount = count
                    }
                    lowCount = count
                }
                indexCount = count
            }
        }
        if sorted {
            let order = indices.indices.sorted { (lowest[$0], indices[$0]) < (lowest[$1], indices[$1]) }
            (indices, lowest, highest) = (order.map { indices[$0] }, order.map { lowest[$0] }, order.map { highest[$0] })
        }
        // The farthest up to each, the nearest from each on.
        highest.withUnsafeMutableBufferPointer { highest in
            var farthest = -Double.infinity
            for position in highest.indices {
                farthest = max(farthest, highest[position])
                highest[position] = farthest
            }
        }
        lowest.withUnsafeMutableBufferPointer { lowest in
            var nearest = Double.infinity
            for position in lowest.indices.reversed() {
                nearest = min(nearest, lowest[position])
                lowest[position] = nearest
            }
        }
        (self.indices, self.lowest, self.highest) = (indices, lowest, highest)
    }

    /// Indices of the tracks that may overlap `low ..< high`: every track
    /// outside the run reaches no farther than `low` or starts at `high`
    /// or beyond.
    func candidates(between low: Double, _ high: Double) -> ArraySlice<Int32> {
        let start = highest.partitioningIndex { $0 > low }
        let end = lowest.partitioningIndex { $0 >= high }
        return start < end ? indices[start..<end] : []
    }
}
