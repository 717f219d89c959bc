// The tracks a transition interrupts, by row: what each row was doing when
// the new change came, for the general transition to start it from.

/// The tracks still running at the moment a transition is interrupted —
/// the interrupted general transition's, and those a quick transition
/// hands on — found by row through one flat index. A row's track in the
/// interrupted transition wins over one handed on.
///
/// Tracks are read in place, by entry, through pointers: handed out as a
/// track and its pose, the track of every row a change caught midway was
/// copied (384 bytes, its box retained) and copied again as the caller
/// unwrapped it, and a method called on one borrowed copied it too.
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
        // One past the last row running, then the index written through
        // a buffer: grown row by row, each write to the captured array
        // was checked for exclusive access and each new row appended.
        var rowCount = 0
        func measure(_ tracks: UnsafeBufferPointer<RowTrack>) {
            for at in tracks.indices where !tracks[at].isOver(at: elapsed) { rowCount = max(rowCount, tracks[at].row + 1) }
        }
        carried.withUnsafeBufferPointer(measure)
        previous.withUnsafeBufferPointer(measure)
        var index = [Int32](repeating: -1, count: rowCount)
        index.withUnsafeMutableBufferPointer { index in
            func mark(_ tracks: UnsafeBufferPointer<RowTrack>, _ entry: (Int) -> Int32) {
                for at in tracks.indices where !tracks[at].isOver(at: elapsed) { index[tracks[at].row] = entry(at) }
            }
            carried.withUnsafeBufferPointer { mark($0) { -2 - Int32($0) } }
            previous.withUnsafeBufferPointer { mark($0) { Int32($0) } }
        }
        self.index = index
    }

    /// One past the last row with a track running (0 when none).
    var rowCount: Int { index.count }

    /// The entry of the row's running track, or nil when the row was not
    /// animating.
    func entry(of row: Int) -> Int32? {
        row < index.count && index[row] != -1 ? index[row] : nil
    }

    /// Where the running track `entry` had taken its row (nil: not drawn
    /// there).
    func pose(_ entry: Int32) -> Pose? { withTrack(entry) { RowTrack.pose(of: $0, at: elapsed) } }

    /// The kind of the running track `entry`.
    func kind(_ entry: Int32) -> TransitionKind { withTrack(entry) { $0.pointee.kind } }

    /// Whether the running track `entry` still ends at `target` (nil: not
    /// drawn).
    func isHeaded(_ entry: Int32, to target: Pose?) -> Bool { withTrack(entry) { RowTrack.isHeaded($0, to: target) } }

    /// The running track `entry` carried on from `pose` (where it had
    /// taken its row) to where it was going.
    func continuation(_ entry: Int32, from pose: Pose?) -> RowTrack {
        withTrack(entry) { RowTrack.continuation(of: $0, from: pose, elapsed: elapsed) }
    }

    /// The running track `entry` carried on from `pose` (where it had taken
    /// its row) when it is still headed to `target`; nil when it is not.
    func continuation(_ entry: Int32, from pose: Pose?, headedTo target: Pose?) -> RowTrack? {
        isHeaded(entry, to: target) ? continuation(entry, from: pose) : nil
    }

    /// `body` given the running track `entry` where it is: a track's
    /// method called on it, even borrowed, copied it whole first.
    @inline(__always)
    private func withTrack<R>(_ entry: Int32, _ body: (UnsafePointer<RowTrack>) -> R) -> R {
        entry >= 0
            ? previous.withUnsafeBufferPointer { body($0.baseAddress! + Int(entry)) }
            : carried.withUnsafeBufferPointer { body($0.baseAddress! + Int(-2 - entry)) }
    }
}
