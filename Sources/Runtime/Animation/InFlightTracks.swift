// The tracks a transition interrupts, by row: what each row was doing when
// the new change came, for the general transition to start it from.

/// The tracks still running at the moment a transition is interrupted —
/// the interrupted general transition's, and those a quick transition
/// hands on — found by row through one flat index. A row's track in the
/// interrupted transition wins over one handed on.
struct InFlightTracks {
    private let previous: [RowTrack]
    private let carried: [RowTrack]
    private let elapsed: Double
    /// By row: an index into `previous` (≥ 0), into `carried` (−2 − index),
    /// or −1 for none.
    private var index: [Int32] = []

    init(previous: [RowTrack], carried: [RowTrack], elapsed: Double) {
        self.previous = previous
        self.carried = carried
        self.elapsed = elapsed
        let running = { (track: RowTrack) in !track.isOver(at: elapsed) }
        let rows = (previous.lazy.filter(running).map(\.row).max() ?? -1) + 1
        let handedOn = (carried.lazy.filter(running).map(\.row).max() ?? -1) + 1
        guard max(rows, handedOn) > 0 else { return }
        index = [Int32](repeating: -1, count: max(rows, handedOn))
        for (at, track) in carried.enumerated() where running(track) { index[track.row] = -2 - Int32(at) }
        for (at, track) in previous.enumerated() where running(track) { index[track.row] = Int32(at) }
    }

    /// One past the last row with a track running (0 when none).
    var rowCount: Int { index.count }

    /// The row's running track and where it had taken the row (nil: not
    /// drawn there), or nil when the row was not animating.
    subscript(row: Int) -> (pose: Pose?, track: RowTrack)? {
        guard row < index.count, index[row] != -1 else { return nil }
        let at = Int(index[row])
        let track = at >= 0 ? previous[at] : carried[-2 - at]
        return (track.pose(at: elapsed), track)
    }
}
