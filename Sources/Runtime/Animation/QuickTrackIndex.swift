// What every frame of a quick transition asks of its tracks, found once when
// it starts. A frame asked each of the change's tracks whether it may show,
// summed their ends for the transition's duration and sorted copies of them
// all to report the ones that ended: O(k) a frame for k rows changed, which
// is what kept a quick transition to a few thousand rows.

/// A quick transition's tracks, arranged for frames: by how far they reach
/// and by when they end.
struct QuickTrackIndex: Sendable {
    /// When the last track ends, from the transition's start.
    let duration: Double
    /// The largest distance a following row moves.
    let largestShift: Double
    /// The transition's other rows' tracks (`others`) by how far they reach.
    let reach: TrackReach
    /// What reporting each track of the change takes, in `allTracks`'
    /// order (not the tracks themselves: a track's four poses are some
    /// 500 bytes, and a change may have a quarter of the screen's rows),
    /// and which of them end when.
    let tracks: [Ending]
    let ends: TrackEnds
    /// The segments (by index) whose rows move, farthest first, and how far.
    let farthest: [(segment: Int32, shift: Double)]
    /// The most segments a frame walks each on its own (`segments(movingBeyond:atMost:)`).
    static let mostSegmentsWalkedApart = 64

    /// A track as its events name it, and when it ends.
    struct Ending: Sendable {
        let row: Int
        let kind: TransitionKind
        let hides: Bool
        let duration: Double
        let end: Double

        init(_ track: RowTrack) {
            row = track.row
            kind = track.kind
            hides = track.hides
            duration = track.duration
            end = track.end
        }
    }

    init(_ quick: QuickTransition, axis: Axis) {
        var tracks: [Ending] = []
        tracks.reserveCapacity(quick.others.count + 1 + quick.inside.count)
        // As `allTracks` orders them, without copying the tracks into it.
        quick.forEachTrack { tracks.append(Ending($0)) }
        self.tracks = tracks
        duration = quick.duration
        largestShift = quick.largestShift
        reach = TrackReach(quick.others, axis: axis, isRoot: { _ in true }, sorted: true)
        ends = TrackEnds(tracks, duration: \.duration, end: \.end)
        farthest = quick.segments.indices.compactMap { index in
            quick.segments[index].shift == 0 ? nil : (Int32(index), abs(quick.segments[index].shift))
        }.sorted { $0.shift > $1.shift }
    }

    /// The segments whose rows move further than `limit`, in order, and
    /// the largest distance the others' move; nil when they are more than
    /// `atMost`.
    func segments(movingBeyond limit: Double, atMost: Int) -> (segments: [Int], nearest: Double)? {
        // How many move further: a binary search of the distances, largest first.
        let low = farthest.partitioningIndex { $0.shift <= limit }
        guard low <= atMost else { return nil }
        return (farthest[..<low].map { Int($0.segment) }.sorted(), low < farthest.count ? farthest[low].shift : 0)
    }

    /// Indices into `tracks` of those with a duration that end in
    /// `t0 < startTime + end ≤ t1` (absolute times, as the host gives
    /// them), by end and then row.
    func ending(after t0: Double, through t1: Double, startTime: Double) -> [Int] {
        // The runs are found by times from the start; the test itself is on
        // absolute times, which round differently: widened, then tested.
        let slack = 1e-9 * max(1, abs(startTime), abs(t0), abs(t1))
        return ends.ending(after: t0 - startTime - slack, through: t1 - startTime + slack)
            .filter { index in
                let end = startTime + tracks[index].end
                return end > t0 && end <= t1
            }
            .sorted { (tracks[$0].end, tracks[$0].row) < (tracks[$1].end, tracks[$1].row) }
    }
}
