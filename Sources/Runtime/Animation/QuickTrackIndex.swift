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
    /// Every track of the change (`allTracks`), and which of them end when.
    let tracks: [RowTrack]
    let ends: TrackEnds

    init(_ quick: QuickTransition, axis: Axis) {
        tracks = quick.allTracks
        duration = tracks.reduce(quick.ownDuration) { max($0, $1.end) }
        largestShift = quick.largestShift
        reach = TrackReach(quick.others, axis: axis, isRoot: { _ in true }, sorted: true)
        ends = TrackEnds(tracks)
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
