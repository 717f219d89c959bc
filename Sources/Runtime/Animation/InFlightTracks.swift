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
        for (at, track) in carried.enumerated() where !track.isOver(at: elapsed) { mark(track.row, -2 - Int32(at)) }
        for (at, track) in previous.enumerated() where !track.isOver(at: elapsed) { mark(track.row, Int32(at)) }
    }

    private mutating func mark(_ row: Int, _ entry: Int32) {
        if row >= index.count { index.append(contentsOf: repeatElement(-1, count: row + 1 - index.count)) }
        index[row] = entry
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
