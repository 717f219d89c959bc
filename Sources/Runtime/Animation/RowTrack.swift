// One row's part in a transition: from the pose it had to the pose it gets,
// over its own delay and duration, along its own curve.

/// How a row takes part in a transition.
package struct RowTrack: Sendable {
    package let row: Int
    package let kind: TransitionKind
    /// Seconds from the transition's start to this row's start.
    package private(set) var delay: Double
    package private(set) var duration: Double
    private(set) var curve: TimingCurve
    /// The poses the curve runs between.
    let from: Pose
    let to: Pose
    /// `before` and `after`: nearly every track — every row a change moves
    /// or resizes — starts at `from` and ends at `to`, and is kept without
    /// a copy of each (680 bytes a track, 384 so: a general transition of a
    /// million rows wrote 680 MB of tracks). The others are boxed.
    private let ends: Ends

    private enum Ends: Sendable {
        case fromAndTo
        indirect case other(before: Pose?, after: Pose?)
    }

    /// The pose until the delay is over (nil: not drawn, as an inserted row).
    var before: Pose? {
        switch ends {
        case .fromAndTo: from
        case .other(let before, _): before
        }
    }

    /// The pose once it is over (nil: not drawn, as a removed row).
    var after: Pose? {
        switch ends {
        case .fromAndTo: to
        case .other(_, let after): after
        }
    }

    init(row: Int, kind: TransitionKind, delay: Double, duration: Double, curve: TimingCurve, before: Pose?, from: Pose, to: Pose, after: Pose?) {
        // The same bits, not equal values: 0 and -0 are equal, and a pose
        // drawn must be the one given.
        let same = if let before, let after { before.sameBits(as: from) && after.sameBits(as: to) } else { false }
        self.init(
            row: row, kind: kind, delay: delay, duration: duration, curve: curve, from: from, to: to,
            ends: same ? .fromAndTo : .other(before: before, after: after))
    }

    /// A track that starts at `from` and ends at `to` (a row moved or
    /// resized): nothing to compare, where the caller knows that.
    init(row: Int, kind: TransitionKind, delay: Double, duration: Double, curve: TimingCurve, from: Pose, to: Pose) {
        self.init(row: row, kind: kind, delay: delay, duration: duration, curve: curve, from: from, to: to, ends: .fromAndTo)
    }

    private init(row: Int, kind: TransitionKind, delay: Double, duration: Double, curve: TimingCurve, from: Pose, to: Pose, ends: Ends) {
        self.row = row
        self.kind = kind
        self.delay = delay
        self.duration = duration
        self.curve = curve
        self.from = from
        self.to = to
        self.ends = ends
    }

    /// When the row's animation ends, from the transition's start.
    package var end: Double { delay + duration }

    /// Takes `cause`'s delay, duration and curve: a row that moves
    /// following the change that moves it. In place: its poses as they
    /// are, not handed out and compared again.
    mutating func follow(_ cause: RowTrack) {
        follow(delay: cause.delay, duration: cause.duration, curve: cause.curve)
    }

    /// `follow(_:)` given the cause's timing alone (read in place, where
    /// passing the cause copied it).
    mutating func follow(delay: Double, duration: Double, curve: TimingCurve) {
        self.delay = delay
        self.duration = duration
        self.curve = curve
    }

    /// Whether the row hides (hide, remove) rather than shows.
    package var hides: Bool { kind.hides }

    /// The pose at `t` seconds from the transition's start: `before` up to
    /// the delay, `after` from the end on, the curve in between.
    func pose(at t: Double) -> Pose? {
        withUnsafePointer(to: self) { Self.pose(of: $0, at: t) }
    }

    /// `pose(at:)` of the track at `track`, its fields read where they are:
    /// a method called on a track in a buffer copied the whole track first
    /// (384 bytes, its box retained) — for every row a change catches
    /// midway.
    static func pose(of track: UnsafePointer<RowTrack>, at t: Double) -> Pose? {
        let delay = track.pointee.delay, duration = track.pointee.duration
        if t <= delay || t >= delay + duration {
            if case .other(let before, let after) = track.pointee.ends { return t <= delay ? before : after }
            return t <= delay ? track.pointee.from : track.pointee.to
        }
        return track.pointee.from.interpolated(to: track.pointee.to, track.pointee.curve.progress(at: (t - delay) / duration))
    }

    /// Whether the track at `track` still ends at `pose` (nil: not drawn),
    /// hidden alike and in the same frame to within its last bits
    /// (`Transition.differ`): a row caught midway that is still headed
    /// there goes on. Read in place, as `pose(of:at:)`.
    static func isHeaded(_ track: UnsafePointer<RowTrack>, to pose: Pose?) -> Bool {
        func alike(_ a: Pose, _ b: Pose) -> Bool {
            a.hidden == b.hidden && !Transition.differ(a.frame.x, b.frame.x) && !Transition.differ(a.frame.y, b.frame.y)
                && !Transition.differ(a.frame.width, b.frame.width) && !Transition.differ(a.frame.height, b.frame.height)
        }
        if case .other(_, let after) = track.pointee.ends {
            switch (after, pose) {
            case (nil, nil): return true
            case (let a?, let b?): return alike(a, b)
            default: return false
            }
        }
        guard let pose else { return false }
        return alike(track.pointee.to, pose)
    }

    /// The track at `track`, of a transition a new change interrupts and
    /// does not touch, carried on from `pose` (where it had taken its row
    /// `elapsed` seconds in) to where it was going. Read in place, as
    /// `pose(of:at:)`.
    static func continuation(of track: UnsafePointer<RowTrack>, from pose: Pose?, elapsed: Double) -> RowTrack {
        let delay = max(0, track.pointee.delay - elapsed)
        let duration = max(0, track.pointee.delay + track.pointee.duration - max(elapsed, track.pointee.delay))
        guard case .other(_, let after) = track.pointee.ends else {
            // Ending at `to`, from where it is: starting there too, nothing
            // to compare (the initializer that compares finds the same).
            if let pose {
                return RowTrack(
                    row: track.pointee.row, kind: track.pointee.kind, delay: delay, duration: duration, curve: track.pointee.curve,
                    from: pose, to: track.pointee.to)
            }
            return RowTrack(
                row: track.pointee.row, kind: track.pointee.kind, delay: delay, duration: duration, curve: track.pointee.curve,
                before: nil, from: track.pointee.from, to: track.pointee.to, after: track.pointee.to)
        }
        return RowTrack(
            row: track.pointee.row, kind: track.pointee.kind, delay: delay, duration: duration, curve: track.pointee.curve,
            before: pose, from: pose ?? track.pointee.from, to: track.pointee.to, after: after)
    }

    /// How far the track at `track` moves its row along `axis`, when that
    /// is all it does — a `move` from `from` to `to` that changes nothing
    /// else (a row following a change); nil for any other track. Read in
    /// place: a track handed to a function is copied whole (384 bytes).
    static func followingShift(of track: UnsafePointer<RowTrack>, along axis: Axis) -> Double? {
        guard track.pointee.kind == .move, case .fromAndTo = track.pointee.ends, !track.pointee.from.hidden, !track.pointee.to.hidden,
            track.pointee.from.content == track.pointee.to.content, track.pointee.from.separator == track.pointee.to.separator,
            track.pointee.from.effects == track.pointee.to.effects
        else { return nil }
        let from = track.pointee.from.frame, to = track.pointee.to.frame
        switch axis {
        case .vertical:
            guard from.x == to.x, from.width == to.width, from.height == to.height else { return nil }
            return to.y - from.y
        case .horizontal:
            guard from.y == to.y, from.height == to.height, from.width == to.width else { return nil }
            return to.x - from.x
        }
    }

    /// Whether a screen's row on this track may overlap `low ..< high` along
    /// `axis` at some instant.
    func mayShow(along axis: Axis, between low: Double, _ high: Double) -> Bool {
        guard let reach = reach(along: axis) else { return false }
        return reach.low < high && reach.high > low
    }

    /// How far along `axis` a screen's row on this track may be drawn at
    /// any instant: its poses' span, widened by what its curve overshoots,
    /// its offsets and its scale (nil: no pose).
    func reach(along axis: Axis) -> (low: Double, high: Double)? {
        withUnsafePointer(to: self) { Self.reach(of: $0, along: axis) }
    }

    /// `reach(along:)` of the track at `track`, its fields read where they
    /// are: a method called on a track in a buffer copied the whole track
    /// first (384 bytes, its box retained) — for every track of a general
    /// transition, as the tracks a window may show are indexed.
    static func reach(of track: UnsafePointer<RowTrack>, along axis: Axis) -> (low: Double, high: Double)? {
        let vertical = axis == .vertical
        var first = Double.infinity, last = -Double.infinity, shift = 0.0
        // Four poses, no array: this runs for every moving row of a frame.
        // Each read where it is: handed over as an optional, each of
        // `from` and `to` was copied into one first.
        func include(_ pose: borrowing Pose) {
            let start = vertical ? pose.frame.y : pose.frame.x
            let size = vertical ? pose.frame.height : pose.frame.width
            first = min(first, start)
            last = max(last, start + size)
            shift = max(shift, abs(vertical ? pose.effects.offsetY : pose.effects.offsetX) + abs(pose.effects.scale - 1) * size)
        }
        // `before` and `after` read only when they are poses of their own.
        if case .other(let before, let after) = track.pointee.ends {
            if let before { include(before) }
            if let after { include(after) }
        }
        include(track.pointee.from)
        include(track.pointee.to)
        guard first <= last else { return nil }
        let margin = (last - first) * track.pointee.curve.overshoot + shift + 1e-6
        return (first - margin, last + margin)
    }

    /// Whether the row's pose at `t` is the one it ends with.
    func isOver(at t: Double) -> Bool { t >= end && t > delay }
}

/// A row's animation beginning or ending (ScrollStackRowAnimatable's
/// `willBeginAnimationTransition(toHide:)` / `didEndAnimationTransition(toHide:)`).
public enum TransitionEvent: Hashable, Sendable {
    case willBegin(row: RowKey, kind: TransitionKind, hiding: Bool)
    /// `finished` is false when a new change interrupted it.
    case didEnd(row: RowKey, kind: TransitionKind, hiding: Bool, finished: Bool)

    /// One line, as the CLI prints it.
    public var text: String {
        switch self {
        case .willBegin(let row, let kind, let hiding):
            "\(row) will begin \(kind.rawValue)\(hiding ? " (hiding)" : "")"
        case .didEnd(let row, let kind, let hiding, let finished):
            "\(row) did end \(kind.rawValue)\(hiding ? " (hiding)" : "")\(finished ? "" : " (interrupted)")"
        }
    }
}

extension TransitionKind {
    /// Whether a row on a track of this kind hides (hide, remove) rather
    /// than shows. Asked of the kind, a track read in place stays in
    /// place: asked of a track through a buffer, the compiler copied the
    /// track whole (384 bytes, its box retained) to read one byte.
    var hides: Bool { self == .hide || self == .remove }
}
