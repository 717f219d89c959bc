// Animating a change to one of the screen's rows without laying the whole
// screen out: the row's own track, and the rows after it following it by one
// shared shift (the general transition gives each of them a track with the
// row's timing, which comes to the same poses). Blocks of rows inserted or
// removed (elements of bound data), with the rows re-evaluated alongside,
// and one run of rows moved animate the same way, the rows between changes
// in segments of one shift each (QuickTransition+Blocks); a change to rows,
// or blocks in and out, made while one of these runs is composed with it
// (QuickTransition+Interrupting). Frames are
// presented from the incremental layout for the rows in a window only:
// O(log n + window).
// AnimatedScreen takes this path for hosts when the change qualifies and
// falls back to the general transition otherwise.

/// One changed row of the screen's own stack, blocks of rows inserted into
/// it and removed from it, or one run of its rows moved, animating.
struct QuickTransition: Sendable {
    /// The changed row (of blocks, the last one with a track).
    let row: Int
    /// Its track (nil: nothing of it animates), and its pose before.
    let track: RowTrack?
    var before: Pose?
    /// The tracks of the blocks' other rows; every row of the change.
    var others: [RowTrack] = []
    var changedRows: Set<Int> = []
    /// The rows that follow the change, by place among the screen's rows
    /// now, in order of `from`: from each segment's place on (to the next
    /// one's), rows are `shift` further along the axis than before and
    /// move with `timing` — the nearest change before them, the general
    /// transition's rule.
    var segments: [Segment]
    /// Removed rows, each with the place its block had among the rows now,
    /// where it is drawn (after the rows before it, before those after)
    /// until it goes.
    var removedPlaces: [Int: Int] = [:]
    /// For changes inside the stacks of the screen's rows `holders`: the
    /// tracks of the rows inside them, by row, their poses relative to the
    /// rows holding them (QuickTransition+Nested).
    var inside: [Int: RowTrack] = [:]
    var holders: Set<Int> = []
    /// Rows inside a stack inside a holder that hides: drawn where they
    /// were, relative to the rows holding them, while it collapses (the
    /// general transition's fallback poses).
    var insideGone: [Int: Pose] = [:]
    /// The rows a stack that hides lists while it collapses, by the row
    /// holding it, when they are not the live screen's (the change that
    /// hides it put rows in it or took rows out): the rows it held (a
    /// general transition taken over).
    var goneChildren: [Int: [Int]] = [:]
    /// Rows on their way out of stacks inside the screen's rows (a general
    /// transition taken over), on tracks in `inside`: each drawn in its
    /// stack after the row it followed, while its track runs (the general
    /// transition's lingering rows).
    var insideLingering: [Int: (stack: Int, after: Int?)] = [:]

    struct Segment: Sendable {
        var from: Int
        var shift: Double
        var timing: Timing?
        /// Its rows carry on along the tracks a running change gave them
        /// (QuickTransition+Interrupting), rather than going to new places.
        var continues = false
        /// Its rows were caught on their way by a change that sends them
        /// on from where they are drawn — perhaps to right there (a row
        /// moved and moved back at one instant): the general transition
        /// gives each a track, one that may go nowhere, and a change after
        /// this one finds them on it.
        var caught = false

        /// Whether its rows are on tracks, as the general transition has
        /// them: moving, or carrying on or sent on, if to where they are.
        var isOnTracks: Bool { shift != 0 || continues || caught }
    }

    /// When and how a following row moves: a change's track's, or the
    /// rows' own `move` transition when nothing before them changed.
    struct Timing: Sendable, Equatable {
        var delay: Double
        var duration: Double
        var curve: TimingCurve
        var end: Double { delay + duration }

        init(delay: Double, duration: Double, curve: TimingCurve) {
            self.delay = delay
            self.duration = duration
            self.curve = curve
        }

        init(_ track: RowTrack) {
            self.init(delay: track.delay, duration: track.duration, curve: track.curve)
        }

        /// Whether `a` and `b` are the same timing (or both none), field by
        /// field: asked for every row a general transition taken over
        /// walks, where the derived `==` of two optionals was a call a row
        /// (29 instructions a row at 100k rows).
        @inline(__always)
        static func same(_ a: Timing?, _ b: Timing?) -> Bool {
            switch (a, b) {
            case (nil, nil): true
            case (let a?, let b?): a.delay == b.delay && a.duration == b.duration && a.curve == b.curve
            default: false
            }
        }
    }

    /// Under `hide-last-separator`, rows that were or became the last
    /// shown one without changing themselves: at the change's instant each
    /// is drawn with the separator it had (relative to its frame), not the
    /// one it has now.
    var separatorsAtStart: [Int: Rect?] = [:]
    /// Such rows that also move (a change before them grew or shrank), or
    /// are on a track that goes nowhere (`Segment.caught`), each with the
    /// separator it had: it follows its segment as any row does, and the
    /// general transition's `move` track of it draws the separator it had
    /// until the track starts, then the two mixed as `Pose.interpolated`
    /// mixes them — the one it had to the end when it has none now
    /// (`separator(of:position:now:at:atStart:)`).
    var movingSeparators: [Int: Rect?] = [:]
    /// Such rows carried on along a running change's track (a segment
    /// that `continues`), each with the separator that track was headed
    /// to: the general transition carries the track on to its end pose, so
    /// the row keeps that separator while the change runs — also after its
    /// track ends, until the change does.
    var heldSeparators: [Int: Rect?] = [:]

    /// How long the rows that move by their own timing take (a move).
    var ownDuration = 0.0
    /// The content's size before the change (shown until anything moves,
    /// as the general transition shows its old layout at its start).
    var oldContentSize = (width: 0.0, height: 0.0)
    /// The scroll offset before (content that shrank may have moved it).
    var oldOffset = 0.0

    var duration: Double {
        let rows = others.reduce(max(track?.end ?? 0, ownDuration)) { max($0, $1.end) }
        return inside.values.reduce(rows) { max($0, $1.end) }
    }

    /// The tracks of the screen's own rows.
    var rootTracks: [RowTrack] { others + (track.map { [$0] } ?? []) }

    /// Every track of the change.
    var allTracks: [RowTrack] {
        var tracks: [RowTrack] = []
        tracks.reserveCapacity(others.count + 1 + inside.count)
        forEachTrack { tracks.append($0) }
        return tracks
    }

    /// Calls `body` with every track of the change, in `allTracks`' order:
    /// the other rows', the changed row's, then those inside holders by row.
    func forEachTrack(_ body: (RowTrack) -> Void) {
        others.forEach(body)
        if let track { body(track) }
        for row in inside.keys.sorted() { if let track = inside[row] { body(track) } }
    }

    /// The segment the row at `position` (now) follows, if any.
    func segment(at position: Int) -> Segment? {
        segmentIndex(at: position).map { segments[$0] }
    }

    /// The index in `segments` of the one holding the row at `position`.
    func segmentIndex(at position: Int) -> Int? {
        // The last segment starting at or before the position.
        segments.lastIndex(atOrBefore: { $0.from <= position })
    }

    /// How far the row at `position` (now) still is from its new place at
    /// `t`: −shift until its segment's track starts, 0 once it ends.
    func remaining(at t: Double, position: Int) -> Double {
        guard let segment = segment(at: position), let track = segment.timing, segment.shift != 0 else { return 0 }
        if t <= track.delay { return -segment.shift }
        if t >= track.end { return 0 }
        let p = track.curve.progress(at: (t - track.delay) / track.duration)
        // As Pose.interpolated does it (old + (new − old) × p), minus new.
        return -segment.shift * (1 - p)
    }

    /// The separator of the screen's row `row`, at `position` (now) and
    /// with `now` in the layout now, drawn `t` seconds into the change
    /// (`atStart`: at its instant): for a row of `movingSeparators`, the
    /// one it had until its segment's track starts, the two mixed as
    /// `Pose.interpolated` mixes them while it runs, then `now`; for a row
    /// of `heldSeparators`, the one held — for a row of both, the one it
    /// had mixed with the one held, then that one.
    func separator(of row: Int, position: Int, now: Rect?, at t: Double, atStart: Bool) -> Rect? {
        // Asked for every row of every frame: nearly always none to look up.
        let held = heldSeparators.isEmpty ? nil : heldSeparators[row]
        guard !movingSeparators.isEmpty, let was = movingSeparators[row] else { return held ?? now }
        let target = held ?? now
        if atStart { return was }
        guard let segment = segment(at: position), segment.isOnTracks, let timing = segment.timing else { return target }
        if t <= timing.delay { return was }
        if t >= timing.end { return target }
        switch (was, target) {
        case (let a?, let b?): return a.interpolated(to: b, timing.curve.progress(at: (t - timing.delay) / timing.duration))
        case (let a?, nil): return a
        case (nil, let b): return b
        }
    }

    /// How far the row at `position` (now) was from its new place before
    /// the change.
    func before(position: Int) -> Double { -(segment(at: position)?.shift ?? 0) }

    /// The largest distance a following row moves.
    var largestShift: Double { segments.reduce(0) { max($0, abs($1.shift)) } }

    /// The change of `live` whose log holds one row, as a quick transition;
    /// nil when it cannot be one (then the general transition is built).
    /// `movesAlike`: every row moves with the same timing (`movesAlike(_:)`
    /// of the model), so rows moved need not be asked one by one.
    static func make(from log: IncrementalLayout.ChangeLog, live: LiveScreen, movesAlike: Bool = false) -> QuickTransition? {
        if !log.nested.isEmpty { return changingInside(log, live: live, movesAlike: movesAlike) }
        if !log.blocks.isEmpty {
            if let moved = log.moved { return movingWithBlocks(moved, log, live: live, movesAlike: movesAlike) }
            return changingBlocks(log, live: live)
        }
        if let moved = log.moved { return moving(moved, log, live: live, movesAlike: movesAlike) }
        // Several rows of one update (a state several rows read): each its
        // track, the rows after each following it, as for blocks.
        if log.rows.count > 1, log.updates == 1 { return changingBlocks(log, live: live) }
        // Nothing of the screen's rows changed (a state set to the value it
        // had): nothing to animate, and no layout to make.
        if !log.full, log.rows.isEmpty { return QuickTransition(row: 0, track: nil, before: nil, segments: []) }
        guard !log.full, log.rows.count == 1, let (row, before) = log.rows.first else { return nil }
        let incremental = live.incremental
        guard incremental.lists(rootRow: row) else { return nil }
        let after = incremental.pose(ofRootRow: row)
        let position = incremental.place(ofRootRow: row)
        // Where the rows after it start now, against before: the same for all
        // of them (their extents did not change).
        let spacing = incremental.rootStack.spacing
        let axis = incremental.rootStack.axis
        let shift = extent(after, axis: axis, spacing: spacing) - extent(before, axis: axis, spacing: spacing)
        var cache = Transition.SpecCache()
        // No track (nothing of it animates): the rows after it jump.
        let track = track(
            of: row, current: nil, then: before, now: after, elapsed: 0, screen: live.screen, fallback: live.screen.model, axis: axis,
            cache: &cache)?.track
        return QuickTransition(
            row: row, track: track, before: before, changedRows: [row],
            segments: [Segment(from: position + 1, shift: shift, timing: track.map(Timing.init))])
    }

    /// The room `pose` takes along `axis` among the rows, spacing included
    /// (none when hidden).
    static func extent(_ pose: Pose, axis: Axis, spacing: Double) -> Double {
        pose.hidden ? 0 : pose.frame.size(axis) + spacing
    }

    /// One row's track from its pose `then` to `now`, as the general
    /// transition makes it — `current`: the pose it is drawn at and the
    /// track it is on, when a change interrupts another; `follows`: it only
    /// moves and takes the timing of the change before it. Nil: not
    /// animated.
    static func track(
        of row: Int, current: (pose: Pose?, track: RowTrack)?, then: Pose, now: Pose, elapsed: Double, screen: Screen, fallback: ScreenModel,
        axis: Axis, cache: inout Transition.SpecCache
    ) -> (track: RowTrack, follows: Bool)? {
        if let current, Transition.isHeaded(current.track, to: now) {
            return (Transition.continuation(of: current.track, from: current.pose, elapsed: elapsed), false)
        }
        let oldPose = current.map(\.pose) ?? then
        var kind = Transition.kind(was: then.hidden, now: now.hidden, oldPose: oldPose, newPose: now)
        if kind == nil, let current { kind = current.track.kind }
        guard let kind, kind != .remove else { return nil }
        let spec = Transition.spec(kind, of: row, screen: screen, fallback: fallback, cache: &cache)
        var start = oldPose, finish: Pose? = now, begin = oldPose
        switch kind {
        case .insert:
            begin = current?.pose
            start = current?.pose ?? Pose(frame: now.frame.collapsed(along: axis), content: nil, separator: nil, effects: spec.from)
        case .show:
            start = current?.pose ?? Pose(frame: oldPose?.frame ?? now.frame.collapsed(along: axis), content: nil, separator: nil, effects: spec.from)
        case .hide:
            guard let oldPose else { return nil }
            finish = Pose(frame: now.frame, content: nil, separator: nil, effects: spec.to)
            start = oldPose
        default:
            break
        }
        guard let from = start, let to = finish else { return nil }
        return (RowTrack(
            row: row, kind: kind, delay: spec.delay, duration: spec.duration, curve: spec.curve,
            before: begin, from: from, to: to, after: now), kind == .move && spec.follows)
    }

    /// The tracks the general transition would have for the rows in
    /// `low ..< high` at `t`: the changed row and its followers there, so
    /// that a change interrupting this one starts each from where it is.
    func tracks(in incremental: IncrementalLayout, low: Double, high: Double) -> [RowTrack] {
        var out = allTracks
        guard let first = segments.first else { return out }
        let axis = incremental.rootStack.axis
        let margin = largestShift
        // Rows on tracks that go nowhere stand still, but are on tracks.
        guard margin != 0 || segments.contains(where: \.isOnTracks) else { return out }
        incremental.walkPoses(from: max(first.from, incremental.rootRows.firstExceeding(max(0, low - margin)))) { index, row, now, _ in
            if now.frame.start(axis) > high + margin { return false }
            // Rows of the change have their own tracks (an inserted block
            // lies where an earlier block's followers are).
            if !now.hidden, !changedRows.contains(row), let segment = segment(at: index), segment.isOnTracks, let timing = segment.timing {
                out.append(followingTrack(of: row, to: now, shift: segment.shift, timing: timing, axis: axis))
            }
            return true
        }
        return out
    }

    /// The `move` track the general transition has for `row`, a row of a
    /// segment on tracks (`shift` further along than before, moving with
    /// `timing`), headed to `pose`: from the separator it had, when the
    /// change passed one on to it or took one from it, to the one held,
    /// when the change carries it on along a running change's track.
    func followingTrack(of row: Int, to pose: Pose, shift: Double, timing: Timing, axis: Axis) -> RowTrack {
        var was = pose, to = pose
        was.frame = pose.frame.moved(along: axis, by: -shift)
        if let held = heldSeparators[row] { (was.separator, to.separator) = (held, held) }
        if let separator = movingSeparators[row] { was.separator = separator }
        return RowTrack(
            row: row, kind: .move, delay: timing.delay, duration: timing.duration, curve: timing.curve,
            before: was, from: was, to: to, after: to)
    }
}

extension AnimatedScreen {
    /// The screen at `t` from the incremental layout: the rows that may show
    /// in the viewport widened by `margin` (all of them with an infinite
    /// margin), with a quick transition's poses when one is running.
    func presentedQuickly(at time: Double, margin: Double) -> PresentedScreen {
        let incremental = live.incremental
        let snapshot = incremental.snapshot
        let axis = incremental.rootStack.axis
        let vertical = axis == .vertical
        let viewportMain = vertical ? live.screen.viewportHeight : live.screen.viewportWidth
        let t = time - startTime
        // At the change's instant the general transition still shows the
        // layout before it (even when nothing animates): so does this.
        let atStart = quick != nil && t <= 0
        let running = atStart || (quickIndex.map { t < $0.duration } ?? false)
        let offset = atStart ? quick?.oldOffset ?? live.offset : live.offset
        var screen = PresentedScreen(
            time: t, offset: offset, contentWidth: atStart ? quick?.oldContentSize.width ?? 0 : live.contentWidth,
            contentHeight: atStart ? quick?.oldContentSize.height ?? 0 : live.contentHeight,
            viewportWidth: live.screen.viewportWidth, viewportHeight: live.screen.viewportHeight)
        let low = offset - margin, high = offset + viewportMain + margin
        // How far the followers of the change still are from their places.
        func remaining(_ quick: QuickTransition, _ position: Int) -> Double {
            atStart ? quick.before(position: position) : quick.remaining(at: t, position: position)
        }
        var slack = running ? quickIndex?.largestShift ?? 0 : 0
        // Segments whose rows move much further than the window is long (a
        // row moved from the middle to the top: its run's shift is half the
        // screen) are walked each on its own, where their rows are drawn
        // now; widening the walk by their shift walked every row between.
        var far: [Int] = []
        if running, let quickIndex, slack > 4 * (high - low),
            let split = quickIndex.segments(movingBeyond: 4 * (high - low), atMost: QuickTrackIndex.mostSegmentsWalkedApart)
        {
            far = split.segments
            slack = split.nearest
        }
        // The rows whose place (now) is within the window widened by how far
        // followers still are from it; the changed row on its own, if its
        // track may cross the window.
        var candidates: [(row: Int, pose: Pose, start: Double)] = []
        let rootRows = incremental.rootRows
        func consider(_ index: Int, _ row: Int, _ drawn: Pose, _ now: Double) {
            if running, quick?.changedRows.contains(row) == true { return }
            var pose = drawn
            if pose.hidden { return }
            if let quick, running {
                let by = remaining(quick, index)
                if by != 0 { pose.frame = pose.frame.moved(along: axis, by: by) }
                pose.separator = quick.separator(of: row, position: index, now: pose.separator, at: t, atStart: atStart)
            }
            let start = pose.frame.start(axis)
            guard start < high, start + pose.frame.size(axis) > low || (pose.frame.size(axis) == 0 && start >= low) else { return }
            candidates.append((row, pose, now))
        }
        // The first place from `from` on whose row may reach past `low` (now).
        func firstPlace(from: Int, reaching low: Double) -> Int {
            var index = max(from, incremental.rootRows.firstExceeding(max(0, low - incremental.rootStack.padding.start(axis))))
            while index > from, index >= rootRows.count || incremental.start(ofPosition: index) > low { index -= 1 }
            return index
        }
        incremental.walkPoses(from: firstPlace(from: 0, reaching: low - slack)) { index, row, drawn, now in
            if now > high + slack { return false }
            if !far.isEmpty, let segment = quick?.segmentIndex(at: index), far.contains(segment) { return true }
            consider(index, row, drawn, now)
            return true
        }
        if let quick {
            for segment in far {
                // Its rows are all drawn the same distance from their places now.
                let from = quick.segments[segment].from
                let end = segment + 1 < quick.segments.count ? quick.segments[segment + 1].from : rootRows.count
                let by = remaining(quick, from)
                incremental.walkPoses(from: firstPlace(from: from, reaching: low - by)) { index, row, drawn, now in
                    if index >= end || now > high - by { return false }
                    consider(index, row, drawn, now)
                    return true
                }
            }
        }
        if running, let quick {
            // Where a changed row is drawn among the others: its place now, or
            // for a removed row the place it had, just before the rows there now.
            func place(_ row: Int) -> Double {
                guard let at = quick.removedPlaces[row] else { return incremental.start(ofPosition: incremental.place(ofRootRow: row)) }
                return (at < rootRows.count ? incremental.start(ofPosition: at) : .infinity).nextDown
            }
            if let pose = atStart ? quick.before : quick.track?.pose(at: t),
                quick.track?.mayShow(along: axis, between: low, high) ?? Self.overlaps(pose.frame, axis: axis, low, high)
            {
                candidates.append((quick.row, pose, place(quick.row)))
            }
            // A block's other rows: as they were before it starts (inserted
            // ones are not drawn then: the layout before had none of them).
            for index in quickIndex?.reach.candidates(between: low, high) ?? [] {
                let track = quick.others[Int(index)]
                guard track.mayShow(along: axis, between: low, high) else { continue }
                if let pose = atStart ? track.before : track.pose(at: t) { candidates.append((track.row, pose, place(track.row))) }
            }
        }
        // Sticky rows outside the window too: the host pins them where the
        // user sees them once nothing animates (the full presentation has them all).
        if !live.stickyRows.isEmpty {
            let listed = Set(candidates.map(\.row))
            // A changed row on a track is drawn on it, above (one that shows nowhere near is not pinned while it animates).
            func onTrack(_ row: Int) -> Bool {
                guard running, let quick, quick.changedRows.contains(row) else { return false }
                return row != quick.row || quick.track != nil
            }
            for row in live.stickyRows where !listed.contains(row) && !onTrack(row) {
                let position = incremental.place(ofRootRow: row)
                guard position >= 0 else { continue }
                var pose = incremental.pose(ofRootRow: row)
                if pose.hidden { continue }
                if let quick, running {
                    let by = remaining(quick, position)
                    if by != 0 { pose.frame = pose.frame.moved(along: axis, by: by) }
                    pose.separator = quick.separator(of: row, position: position, now: pose.separator, at: t, atStart: atStart)
                }
                candidates.append((row, pose, incremental.start(ofPosition: position)))
            }
        }
        if running { candidates.sort { ($0.start, $0.row) < ($1.start, $1.row) } }
        for (row, drawn, _) in candidates {
            var pose = drawn
            // Separators that moved between unchanged rows: as they were, at the change's instant.
            if atStart, let quick, let separator = quick.separatorsAtStart[row] { pose.separator = separator }
            let frame = pose.frame
            let visibility: Visibility = pose.hidden
                ? .hidden : Transition.visibility(of: frame, axis: axis, low: offset, length: viewportMain)
            screen.roots.append(row)
            screen.rows[row] = PresentedRow(
                frame: frame, content: pose.content?.moved(by: frame.x, frame.y), separator: pose.separator?.moved(by: frame.x, frame.y),
                visibility: visibility, alpha: min(max(pose.effects.alpha, 0), 1), scale: pose.effects.scale,
                offsetX: pose.effects.offsetX, offsetY: pose.effects.offsetY)
            guard !pose.hidden, case .stack(let stack) = live.screen.model.rows[row].content else { continue }
            let inner = pose.content?.moved(by: frame.x, frame.y) ?? frame
            if running, let quick, quick.holders.contains(row) {
                // The rows inside the changed row: on their tracks.
                presentInside(stack, holder: row, frame: frame, box: inner, quick: quick, t: t, atStart: atStart, snapshot: snapshot, into: &screen)
                continue
            }
            // Rows inside move with the screen's row holding them; the last
            // full layout has them right relative to it.
            let holderThen = snapshot.frame(of: row)
            presentNested(stack, dx: frame.x - holderThen.x, dy: frame.y - holderThen.y, box: inner, running: running, snapshot: snapshot, into: &screen, holder: row)
        }
        return screen
    }

    /// The rows of `stack`, held by `holder` drawn at `frame` (its content
    /// `box`), while a change inside it animates: each on its track if it
    /// has one, else where the last full layout has it relative to its
    /// holder — as the general transition draws them.
    private func presentInside(
        _ stack: Int, holder: Int, frame origin: Rect, box: Rect, quick: QuickTransition, t: Double, atStart: Bool, snapshot: ScreenLayout,
        into screen: inout PresentedScreen
    ) {
        let rows = quick.drawnInside(quick.goneChildren[holder] ?? snapshot.rows(ofStack: stack).array, stack: stack, at: t, atStart: atStart)
        screen.children[holder] = rows
        let stackAxis = snapshot.axis(of: stack)
        for row in rows {
            let pose: Pose?
            if let track = quick.inside[row] {
                pose = atStart ? track.before : track.pose(at: t)
            } else if let gone = quick.insideGone[row] {
                pose = gone
            } else {
                pose = snapshot.pose(of: row, heldBy: holder)
            }
            guard let pose else { continue }
            let frame = pose.frame.moved(by: origin.x, origin.y)
            let visibility: Visibility = pose.hidden
                ? .hidden
                : Transition.visibility(
                    of: frame, axis: stackAxis, low: stackAxis == .vertical ? box.y : box.x, length: stackAxis == .vertical ? box.height : box.width)
            screen.rows[row] = PresentedRow(
                frame: frame, content: pose.content?.moved(by: frame.x, frame.y), separator: pose.separator?.moved(by: frame.x, frame.y),
                visibility: visibility, alpha: min(max(pose.effects.alpha, 0), 1), scale: pose.effects.scale,
                offsetX: pose.effects.offsetX, offsetY: pose.effects.offsetY)
            if !pose.hidden, let nested = live.screen.model.stack(heldBy: row) {
                presentInside(
                    nested, holder: row, frame: frame, box: pose.content?.moved(by: frame.x, frame.y) ?? frame, quick: quick, t: t, atStart: atStart,
                    snapshot: snapshot, into: &screen)
            }
        }
    }

    private static func overlaps(_ frame: Rect, axis: Axis, _ low: Double, _ high: Double) -> Bool {
        frame.start(axis) < high && frame.start(axis) + frame.size(axis) >= low
    }

    private func presentNested(
        _ stack: Int, dx: Double, dy: Double, box: Rect, running: Bool, snapshot: ScreenLayout, into screen: inout PresentedScreen, holder: Int
    ) {
        let rows = snapshot.rows(ofStack: stack)
        screen.children[holder] = rows.array
        let stackAxis = snapshot.axis(of: stack)
        for row in rows {
            let frame = snapshot.frame(of: row).moved(by: dx, dy)
            let hidden = snapshot.isHidden(row)
            let visibility: Visibility
            if hidden {
                visibility = .hidden
            } else if running {
                visibility = Transition.visibility(
                    of: frame, axis: stackAxis, low: stackAxis == .vertical ? box.y : box.x, length: stackAxis == .vertical ? box.height : box.width)
            } else {
                visibility = snapshot.visibility(of: row)
            }
            let content = snapshot.contentFrame(of: row)?.moved(by: dx, dy)
            screen.rows[row] = PresentedRow(
                frame: frame, content: content, separator: snapshot.separatorFrame(of: row)?.moved(by: dx, dy), visibility: visibility)
            if !hidden, case .stack(let nested) = live.screen.model.rows[row].content {
                presentNested(nested, dx: dx, dy: dy, box: content ?? frame, running: running, snapshot: snapshot, into: &screen, holder: row)
            }
        }
    }
}

extension PresentedScreen {
    /// An empty screen of this size and offset, to fill in.
    init(time: Double, offset: Double, contentWidth: Double, contentHeight: Double, viewportWidth: Double, viewportHeight: Double) {
        self.time = time
        self.offset = offset
        self.contentWidth = contentWidth
        self.contentHeight = contentHeight
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        roots = []
        children = [:]
        rows = [:]
    }
}
