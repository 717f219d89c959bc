// A transition from one layout to the next: every row that moved, changed
// size, appeared or went away gets a track with its own spec; rows that did
// neither are not animated. A transition that interrupts another starts
// each row from where the other had taken it.

/// The animation from one layout of a screen to the next.
package struct Transition: Sendable {
    package let old: ScreenLayout
    package let oldOffset: Double
    package let new: ScreenLayout
    package private(set) var newOffset: Double
    /// The rows that take part, in row order.
    package let tracks: [RowTrack]
    /// Events at the start: `didEnd(finished: false)` for the tracks of an
    /// interrupted transition, then `willBegin` for the animated tracks.
    package let startEvents: [TransitionEvent]
    /// Whether the start is another transition caught midway (then there is
    /// no layout to show at t ≤ 0, only the poses it had reached).
    package let interrupts: Bool

    /// Each row's track, by row: an index into `tracks`, or −1.
    let trackOfRow: [Int32]
    let newHolders: [Int?]
    let newDrawn: DrawnRows
    /// Rows no longer in the new layout, and rows whose new layout hides
    /// them, as the layout before had them: drawn while they animate out.
    let fallbackPoses: [Int: Pose]
    let fallbackChildren: [Int: [Int]]
    /// Where rows on their way out are drawn: their stack, after which row.
    let lingering: [Int: (stack: Int, after: Int?)]

    /// How long until every row is in its new place.
    package let duration: Double
    /// The screen's rows' tracks by how far they reach: the ones a window
    /// may show, without asking all of them.
    private(set) var reach = TrackReach()
    /// The tracks by when they end: the ones a stretch of time ends.
    let ends: TrackEnds

    /// The same transition seen from another scroll offset: a scroll moves
    /// no row, so every track goes on as it was (no row is interrupted).
    package func scrolled(to offset: Double) -> Transition {
        var scrolled = self
        scrolled.newOffset = offset
        return scrolled
    }

    /// The index in `tracks` of the row's track, if it has one.
    func trackIndex(_ row: Int) -> Int? {
        row < trackOfRow.count && trackOfRow[row] >= 0 ? Int(trackOfRow[row]) : nil
    }

    /// `body` of track `index`, read in place: a track's method called
    /// through the array's subscript copied the track (its poses, its box
    /// retained) — a copy for every row a frame samples.
    @inline(__always)
    func withTrack<R>(_ index: Int, _ body: (borrowing RowTrack) -> R) -> R {
        tracks.withUnsafeBufferPointer { body($0[index]) }
    }

    /// The transition from `old` to `new`, with specs evaluated on `screen`
    /// (which holds `new`'s model and state). `previous` is the transition
    /// that was running, `elapsed` seconds in; a quick transition that was
    /// running hands on its tracks (`carried`) and the rows it drew where
    /// they were while the stack holding them hid, or on their way out of
    /// stacks inside the screen's rows (`carriedFallback`).
    package init(
        from old: ScreenLayout, offset oldOffset: Double, to new: ScreenLayout, offset newOffset: Double,
        screen: Screen, interrupting previous: Transition? = nil, carrying carried: [RowTrack] = [], elapsed: Double = 0
    ) {
        self.init(
            from: old, offset: oldOffset, to: new, offset: newOffset, screen: screen, interrupting: previous, carrying: carried,
            carryingFallback: CarriedFallback(), elapsed: elapsed)
    }

    /// What a quick transition that was running hands on besides its
    /// tracks: the rows it drew where they were while the stack holding
    /// them hid (`poses`, with the rows of each such stack, `children`),
    /// and rows on their way out of stacks inside the screen's rows, where
    /// they are drawn (`lingering`: their stack, after which row).
    struct CarriedFallback {
        var poses: [Int: Pose] = [:]
        var children: [Int: [Int]] = [:]
        var lingering: [Int: (stack: Int, after: Int?)] = [:]
    }

    init(
        from old: ScreenLayout, offset oldOffset: Double, to new: ScreenLayout, offset newOffset: Double,
        screen: Screen, interrupting previous: Transition?, carrying carried: [RowTrack],
        carryingFallback carriedFallback: CarriedFallback, elapsed: Double
    ) {
        self.old = old
        self.oldOffset = oldOffset
        self.new = new
        self.newOffset = newOffset
        let oldHolders = old.holders()
        let newHolders = new.holders()
        let oldDrawn = old.drawnRows(holders: oldHolders)
        let newDrawn = new.drawnRows(holders: newHolders)
        self.newHolders = newHolders
        self.newDrawn = newDrawn

        // What the interrupted transition had reached: each row's track
        // still running, by row, found through a flat index (every row
        // after a change has one; a table of them, track and pose by row,
        // took 3 to 6 times as long as the rest of the transition).
        let inFlight = InFlightTracks(previous: previous?.tracks ?? [], carried: carried, elapsed: elapsed)
        // The interrupted tracks' ends, then (below) the new tracks'
        // beginnings, each given room at once: after a change that
        // interrupts another, every row has one of each.
        var events: [TransitionEvent] = []
        events.reserveCapacity((previous?.tracks.count ?? 0) + carried.count)
        var fallbackPoses: [Int: Pose] = [:]
        var fallbackChildren: [Int: [Int]] = [:]
        var lingering: [Int: (stack: Int, after: Int?)] = [:]
        // Tracks handed on by a quick transition (one row and the rows after
        // it near the viewport) count as an interrupted transition's.
        // Tracks read in place through buffers (a loop over the array
        // copied each one).
        carried.withUnsafeBufferPointer { carried in
            for index in carried.indices where !carried[index].isOver(at: elapsed) {
                if carried[index].duration > 0, carried[index].kind != .move {
                    let kind = carried[index].kind
                    events.append(.didEnd(row: RowKey(carried[index].row), kind: kind, hiding: kind.hides, finished: false))
                }
            }
        }
        if let previous {
            previous.tracks.withUnsafeBufferPointer { tracks in
                for index in tracks.indices where !tracks[index].isOver(at: elapsed) && tracks[index].duration > 0 {
                    let kind = tracks[index].kind
                    events.append(.didEnd(row: RowKey(tracks[index].row), kind: kind, hiding: kind.hides, finished: false))
                }
            }
            // Rows on their way out of the interrupted transition are still
            // drawn as its old layout had them; rows drawn now need none.
            fallbackPoses = previous.fallbackPoses.filter { newDrawn[$0.key] == nil }
            fallbackChildren = previous.fallbackChildren
            lingering = previous.lingering
        }
        for (row, pose) in carriedFallback.poses where newDrawn[row] == nil { fallbackPoses[row] = pose }
        fallbackChildren.merge(carriedFallback.children) { _, carried in carried }
        for (row, place) in carriedFallback.lingering where newDrawn[row] == nil { lingering[row] = place }
        for (row, hidden) in oldDrawn where newDrawn[row] == nil || newDrawn[row] == true {
            if newDrawn[row] == nil { fallbackPoses[row] = old.pose(of: row, holders: oldHolders) }
            if !hidden, case .stack(let stack) = old.model.rows[row].content {
                fallbackChildren[row] = old.rows(ofStack: stack).array
            }
        }

        var tracks: [RowTrack] = []
        // Below a change every row moves: room for a track a row at once
        // (growing the array copied tracks over and over).
        tracks.reserveCapacity(max(oldDrawn.count, newDrawn.count))
        // Rows share their transitions (defaults): evaluate each once.
        var specs = SpecCache()
        // New move tracks whose rows follow the change that moves them.
        var followers: [Int] = []
        let rowCount = max(oldDrawn.count, newDrawn.count, inFlight.rowCount)
        var oldStacks = ScreenLayout.PoseStacks(), newStacks = ScreenLayout.PoseStacks()
        for row in 0..<rowCount {
            // The row's track in flight, if it was caught midway.
            let caught = inFlight.entry(of: row)
            // Nearly every row: shown before and after and not caught
            // midway — moved, resized or neither. Its poses are taken as
            // they are, not through optionals (a copy of each pose into one
            // and another out of it), and are its track's `before` and
            // `after` too.
            if caught == nil, oldDrawn[row] == false, newDrawn[row] == false {
                // The frames first: a row that neither moved nor changed
                // size (every row before the change) needs no pose (a
                // layout's poses have no effects to differ in).
                oldStacks.select(row, in: old, holders: oldHolders)
                newStacks.select(row, in: new, holders: newHolders)
                let oldFrame = old.frame(of: row, in: oldStacks.current), newFrame = new.frame(of: row, in: newStacks.current)
                guard let kind = Self.movement(
                    from: old.relativeFrame(oldFrame.leftToRight, in: oldStacks.current),
                    to: new.relativeFrame(newFrame.leftToRight, in: newStacks.current))
                else { continue }
                let from = old.pose(of: row, in: oldStacks.current, at: oldFrame), to = new.pose(of: row, in: newStacks.current, at: newFrame)
                let spec = Self.spec(kind, of: row, screen: screen, fallback: old.model, cache: &specs)
                Self.appendMoved(row, kind, from: from, to: to, spec: spec, to: &tracks, followers: &followers)
                continue
            }
            // A row shown before and after and caught midway — every row
            // after a change that interrupts another: still headed where
            // it was, it goes on; else, drawn at the instant and moved or
            // resized, it goes from there to its new pose. Its track asked
            // in place, its new pose through the stack read once for a run
            // of rows; anything else (not drawn at the instant, another
            // kind) is taken below.
            if let caught, oldDrawn[row] == false, newDrawn[row] == false {
                newStacks.select(row, in: new, holders: newHolders)
                let to = new.pose(of: row, in: newStacks.current, at: new.frame(of: row, in: newStacks.current))
                if let from = inFlight.pose(caught) {
                    if inFlight.isHeaded(caught, to: to) {
                        tracks.append(inFlight.continuation(caught, from: from))
                        continue
                    }
                    let kind = Self.movement(from: from, to: to) ?? inFlight.kind(caught)
                    if kind == .move || kind == .resize {
                        let spec = Self.spec(kind, of: row, screen: screen, fallback: old.model, cache: &specs)
                        Self.appendMoved(row, kind, from: from, to: to, spec: spec, to: &tracks, followers: &followers)
                        continue
                    }
                }
            }
            guard oldDrawn[row] != nil || newDrawn[row] != nil || caught != nil else { continue }
            // Where the track in flight had taken the row (nil: not drawn there).
            let caughtPose: Pose? = caught.flatMap { inFlight.pose($0) }
            let oldPose = caught != nil ? caughtPose : oldDrawn[row] != nil ? oldStacks.pose(of: row, in: old, holders: oldHolders) : nil
            let newPose = newDrawn[row] != nil ? newStacks.pose(of: row, in: new, holders: newHolders) : nil
            // A row caught midway that is still headed where it was goes on.
            if let caught, let next = inFlight.continuation(caught, from: caughtPose, headedTo: newPose) {
                tracks.append(next)
                continue
            }
            // Rows that come or go with the row holding them are drawn with it.
            func holderStays(_ layout: ScreenLayout, _ holders: [Int?]) -> Bool {
                guard let holder = holders[layout.parent(of: row)] else { return true }
                return oldDrawn[holder] == false && newDrawn[holder] == false
            }
            var kind = Self.kind(was: oldDrawn[row], now: newDrawn[row], oldPose: oldPose, newPose: newPose)
            // A row caught midway is taken on from where it is to its new
            // place, or out if it has none.
            if kind == nil, let caught { kind = newPose != nil ? inFlight.kind(caught) : .remove }
            if kind == .insert, !holderStays(new, newHolders) { kind = nil }
            if kind == .remove, !holderStays(old, oldHolders) { kind = nil }
            guard let kind else { continue }
            let spec = Self.spec(kind, of: row, screen: screen, fallback: old.model, cache: &specs)
            // A row caught midway and moved or resized, from the pose it
            // was caught at to its pose now, which are its `before` and
            // `after` too — taken apart from the kinds below, whose four
            // poses in variables cost four more copies of each pose.
            if kind == .move || kind == .resize {
                guard let from = oldPose, let to = newPose else { continue }
                Self.appendMoved(row, kind, from: from, to: to, spec: spec, to: &tracks, followers: &followers)
                continue
            }
            let axis = kind == .remove ? old.axis(of: old.parent(of: row)) : new.axis(of: new.parent(of: row))
            var begin = oldPose
            var end = newPose
            var start = oldPose
            var finish = newPose
            switch kind {
            case .insert, .show:
                guard let newPose else { continue }
                if kind == .insert { begin = caughtPose }
                // A shown row grows from where the old layout kept it hidden
                // (no extent), an inserted one from its new place.
                let origin = kind == .show ? oldPose?.frame : nil
                start = caughtPose
                    ?? Pose(frame: origin ?? newPose.frame.collapsed(along: axis), content: nil, separator: nil, effects: spec.from)
            case .hide, .remove:
                guard let oldPose else { continue }
                // A hidden row collapses to where the new layout keeps it, a
                // removed one where it was.
                let target = kind == .hide ? newPose?.frame : nil
                finish = Pose(frame: target ?? oldPose.frame.collapsed(along: axis), content: nil, separator: nil, effects: spec.to)
                if kind == .remove {
                    end = nil
                    if lingering[row] == nil { lingering[row] = Self.place(of: row, in: old, among: newDrawn) }
                }
            case .resize, .move:
                continue  // taken above
            }
            guard let from = start, let to = finish else { continue }
            tracks.append(RowTrack(
                row: row, kind: kind, delay: spec.delay, duration: spec.duration, curve: spec.curve,
                before: begin, from: from, to: to, after: end))
        }
        // Each row's track, by row: for the following pass, then frames.
        var trackOfRow = [Int32](repeating: -1, count: rowCount)
        tracks.withUnsafeBufferPointer { tracks in
            for index in tracks.indices { trackOfRow[tracks[index].row] = Int32(index) }
        }
        Self.follow(&tracks, followers: followers, trackOfRow: trackOfRow, old: old, new: new)
        self.tracks = tracks
        self.ends = TrackEnds(tracks)
        // Through a buffer: a track's computed properties read through
        // the array's subscript copied the track (its box retained).
        var duration = 0.0
        tracks.withUnsafeBufferPointer { tracks in
            for index in tracks.indices { duration = max(duration, tracks[index].end) }
        }
        self.duration = duration
        self.trackOfRow = trackOfRow
        self.fallbackPoses = fallbackPoses
        self.fallbackChildren = fallbackChildren
        // Rows still on their way out: a track that ends with the row not drawn.
        self.lingering = tracks.withUnsafeBufferPointer { tracks in
            lingering.filter { row, _ in row < trackOfRow.count && trackOfRow[row] >= 0 && tracks[Int(trackOfRow[row])].after == nil }
        }
        events.reserveCapacity(events.count + tracks.count)
        tracks.withUnsafeBufferPointer { tracks in
            for index in tracks.indices where tracks[index].duration > 0 {
                events.append(.willBegin(row: RowKey(tracks[index].row), kind: tracks[index].kind, hiding: tracks[index].kind.hides))
            }
        }
        self.startEvents = events
        self.interrupts = previous != nil || !carried.isEmpty
        self.reach = TrackReach(tracks, axis: new.axis, isRoot: isRootRow)
    }

    /// How a row changed: nil when it is not animated.
    static func kind(was: Bool?, now: Bool?, oldPose: Pose?, newPose: Pose?) -> TransitionKind? {
        switch (was, now) {
        case (nil, false?): return .insert
        case (false?, nil): return .remove
        case (true?, false?): return .show
        case (false?, true?): return .hide
        case (false?, false?):
            guard let a = oldPose, let b = newPose else { return nil }
            return movement(from: a, to: b)
        default: return nil
        }
    }

    /// How a row shown before and after changed: resized, moved (or its
    /// effects changed), or neither (nil).
    static func movement(from a: Pose, to b: Pose) -> TransitionKind? {
        movement(from: a.frame, to: b.frame) ?? (a.effects != b.effects ? .move : nil)
    }

    /// `movement(from:to:)` of two frames alone.
    @inline(__always)
    static func movement(from a: Rect, to b: Rect) -> TransitionKind? {
        if differ(a.width, b.width) || differ(a.height, b.height) { return .resize }
        if differ(a.x, b.x) || differ(a.y, b.y) { return .move }
        return nil
    }

    /// Appends the track of a row moved or resized from `from` to `to`
    /// (its `before` and `after` too), noting a move that follows its
    /// cause among `followers`.
    @inline(__always)
    static func appendMoved(
        _ row: Int, _ kind: TransitionKind, from: Pose, to: Pose, spec: Spec, to tracks: inout [RowTrack], followers: inout [Int]
    ) {
        if kind == .move, spec.follows { followers.append(tracks.count) }
        tracks.append(RowTrack(row: row, kind: kind, delay: spec.delay, duration: spec.duration, curve: spec.curve, from: from, to: to))
    }

    /// Whether two lengths of a layout differ by more than their last bits:
    /// poses relative to a holder are differences of positions, and the
    /// rows' places sums taken in another order after rows moved, so the
    /// same place can differ there, which is no move.
    static func differ(_ x: Double, _ y: Double) -> Bool { abs(x - y) > 1e-9 * max(1, abs(x), abs(y)) }

    /// Whether `track` still ends at `pose` (nil: not drawn): a row caught
    /// midway that is still headed there goes on.
    static func isHeaded(_ track: RowTrack, to pose: Pose?) -> Bool {
        withUnsafePointer(to: track) { RowTrack.isHeaded($0, to: pose) }
    }

    /// A track of an interrupted transition that the new change does not
    /// touch: it carries on from where it was to where it was going.
    static func continuation(of track: RowTrack, from pose: Pose?, elapsed: Double) -> RowTrack {
        withUnsafePointer(to: track) { RowTrack.continuation(of: $0, from: pose, elapsed: elapsed) }
    }

    /// Where a removed row is drawn while it goes: after the nearest row
    /// before it in its old stack that is still drawn.
    static func place(of row: Int, in old: ScreenLayout, among drawn: DrawnRows) -> (stack: Int, after: Int?) {
        let stack = old.parent(of: row)
        let siblings = old.rows(ofStack: stack)
        guard let index = siblings.firstIndex(of: row) else { return (stack, nil) }
        return (stack, siblings[..<index].last { drawn[$0] != nil })
    }

    struct Spec {
        var delay = 0.0
        var duration = 0.0
        var curve = TimingCurve.linear
        var from = Effects.none
        var to = Effects.none
        /// `move`: follow the change that moves the row (`timing: follow`).
        var follows = true
    }

    /// Rows that move because a row before them in their stack changed its
    /// extent (resized, shown, hidden, inserted, removed) move with that
    /// change — its delay, duration and curve — as UIKit animates all the
    /// layout of one animation block together: so a row never overlaps the
    /// row that pushes it, nor opens a gap behind the one that pulls it.
    /// The nearest such change before the row counts; a row whose move says
    /// `timing: own`, or that no change before it explains (a scroll), keeps
    /// its own timing. One walk of each stack involved: O(rows).
    /// `trackOfRow`: each row's track, by row, covering every row of both
    /// layouts (as the transition's own).
    static func follow(_ tracks: inout [RowTrack], followers: [Int], trackOfRow: [Int32], old: ScreenLayout, new: ScreenLayout) {
        guard !followers.isEmpty else { return }
        // By row, in arrays: a transition over 100,000 rows hashed each of
        // them into dictionaries here. Tracks, and the tables by row, read
        // and written through buffers: a track copied out (its poses, its
        // boxed ends retained) for each row cost more than the rest, and
        // each write to an array checked it was not shared.
        var cause = [Int32](repeating: -1, count: trackOfRow.count)  // follower row → index of its cause's track
        // Every kind but a move changes the row's extent (compared, not
        // looked up in a set of kinds, which hashed every track's kind).
        let isCause = tracks.withUnsafeBufferPointer { tracks in
            [Bool](unsafeUninitializedCapacity: tracks.count) { isCause, count in
                for index in tracks.indices { isCause.initializeElement(at: index, to: tracks[index].kind != .move) }
                count = tracks.count
            }
        }
        // Each stack's rows a block at a time (through the block array's
        // iterator, a tenth of this pass).
        func walk(_ layout: ScreenLayout, stacks: [Int], overwrite: Bool) {
            trackOfRow.withUnsafeBufferPointer { trackOfRow in
                isCause.withUnsafeBufferPointer { isCause in
                    cause.withUnsafeMutableBufferPointer { cause in
                        for stack in stacks {
                            var last: Int32 = -1
                            layout.rows(ofStack: stack).withEachBuffer { rows in
                                for row in rows {
                                    let index = trackOfRow[row]
                                    guard index >= 0 else { continue }
                                    if isCause[Int(index)] {
                                        last = index
                                    } else if last >= 0, overwrite || cause[row] < 0 {
                                        // Not a cause: a move.
                                        cause[row] = last
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        let rows = tracks.withUnsafeBufferPointer { tracks in followers.map { tracks[$0].row } }
        // Removed rows are only in the old lists; the new lists win.
        walk(old, stacks: stacks(holding: rows, in: old), overwrite: false)
        let fromOld = cause
        cause.withUnsafeMutableBufferPointer { cause in
            for row in rows { cause[row] = -1 }
        }
        walk(new, stacks: stacks(holding: rows, in: new), overwrite: true)
        tracks.withUnsafeMutableBufferPointer { tracks in
            for index in followers {
                let row = tracks[index].row
                let found = cause[row] >= 0 ? cause[row] : fromOld[row]
                guard found >= 0 else { continue }
                // The cause's timing, not the cause copied.
                let cause = Int(found)
                tracks[index].follow(delay: tracks[cause].delay, duration: tracks[cause].duration, curve: tracks[cause].curve)
            }
        }
    }

    /// The stacks of `layout` holding any of `rows` (rows it does not have
    /// left out), each once, in order: marked in an array, where a set of
    /// them hashed every row's stack (a million rows move below a change).
    static func stacks(holding rows: [Int], in layout: ScreenLayout) -> [Int] {
        // Marked through a buffer: each mark checked the array was not
        // shared, for every row that moves.
        var holds = [Bool](repeating: false, count: layout.model.stacks.count)
        let rowCount = layout.rowCount
        holds.withUnsafeMutableBufferPointer { holds in
            for row in rows where row < rowCount { holds[layout.parent(of: row)] = true }
        }
        return holds.indices.filter { holds[$0] }
    }

    /// Specs evaluated so far, by transition, and the last one asked for.
    struct SpecCache {
        var all: [TransitionModel: Spec] = [:]
        /// The last row's list of transitions (where its elements are),
        /// the kind asked for and the spec found: rows sharing the
        /// screen's defaults share one list, so their specs are found
        /// without a transition compared or copied. The lists belong to
        /// the models asked about, which outlive the cache.
        /// Fields, not an optional tuple: the tuple was copied out of
        /// its optional for every row to be compared.
        var lastList: UnsafePointer<TransitionModel>?
        var lastKind: TransitionKind?
        var lastSpec = Spec()

        mutating func keep(_ spec: Spec, of kind: TransitionKind, in list: UnsafePointer<TransitionModel>?) {
            (lastList, lastKind, lastSpec) = (list, kind, spec)
        }
    }

    /// The row's transition of `kind` (defaults are already merged into
    /// rows by the compiler), else instant. Inlined, with the last row's
    /// spec compared in place (nearly every row shares it): called, the
    /// call and the spec copied out of it (some 120 bytes) were 180
    /// instructions a row, a sixteenth of building a general transition.
    @inline(__always)
    static func spec(
        _ kind: TransitionKind, of row: Int, screen: Screen, fallback: ScreenModel, cache: inout SpecCache
    ) -> Spec {
        // Either model read where it is (a model chosen into a variable
        // was a copy of it, its tables retained, for every row).
        row < screen.model.rows.count
            ? spec(kind, in: screen.model.rows[row].transitions, model: screen.model, screen: screen, cache: &cache)
            : row < fallback.rows.count
                ? spec(kind, in: fallback.rows[row].transitions, model: fallback, screen: screen, cache: &cache) : Spec()
    }

    /// The spec of `kind` among a row's `transitions`, read in place.
    @inline(__always)
    private static func spec(
        _ kind: TransitionKind, in transitions: [TransitionModel], model: ScreenModel, screen: Screen, cache: inout SpecCache
    ) -> Spec {
        transitions.withUnsafeBufferPointer { list in
            if cache.lastKind == kind, cache.lastList == list.baseAddress { return cache.lastSpec }
            return lookUp(kind, in: list, model: model, screen: screen, cache: &cache)
        }
    }

    /// `spec(_:in:model:screen:cache:)` of a list or kind other than the
    /// last row's: out of line.
    @inline(never)
    private static func lookUp(
        _ kind: TransitionKind, in list: UnsafeBufferPointer<TransitionModel>, model: ScreenModel, screen: Screen, cache: inout SpecCache
    ) -> Spec {
        guard let index = list.firstIndex(where: { $0.kind == kind }) else {
            cache.keep(Spec(), of: kind, in: list.baseAddress)
            return Spec()
        }
        let spec: Spec
        if let known = cache.all[list[index]] {
            spec = known
        } else {
            spec = evaluate(list[index], in: model, screen: screen)
            cache.all[list[index]] = spec
        }
        cache.keep(spec, of: kind, in: list.baseAddress)
        return spec
    }

    static func evaluate(_ transition: TransitionModel, in model: ScreenModel, screen: Screen) -> Spec {
        let table = model.expressions
        let context = screen.context
        func number(_ ref: ExprRef?, _ otherwise: Double) -> Double {
            guard let ref else { return otherwise }
            let x = table.evaluate(ref, in: context).numberValue
            return x.isFinite ? x : otherwise
        }
        // Right to left, a row that slides in from the leading edge comes from the right.
        let leading = screen.direction == .rtl ? -1.0 : 1.0
        func effects(_ keyframe: KeyframeModel?) -> Effects {
            guard let keyframe else { return .none }
            return Effects(
                alpha: min(max(number(keyframe.alpha, 1), 0), 1), scale: Limits.length(number(keyframe.scale, 1)),
                offsetX: leading * Limits.length(number(keyframe.offsetX, 0)), offsetY: Limits.length(number(keyframe.offsetY, 0)))
        }
        let duration = Limits.duration(number(transition.duration, 0.25))
        return Spec(
            delay: Limits.duration(number(transition.delay, 0)), duration: duration,
            curve: TimingCurve(transition.curve, duration: duration),
            from: effects(transition.from), to: effects(transition.to), follows: transition.follows)
    }
}
