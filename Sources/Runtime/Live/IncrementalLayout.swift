// The layout half of a live screen, kept up to date incrementally.
//
// Which rows read which state is worked out once from the expression code;
// a change re-evaluates only those rows. The screen's own rows keep their
// extents in a prefix-sum tree, so a row of a million that changes size
// costs O(log n): its neighbours move without being touched. Changes that
// reach nested stacks, `fill` rows, or stack settings fall back to a full
// layout, which is O(n) but rare in the screens this targets.

/// The layout of a screen kept up to date as its state and rows change:
/// the rows that read each state slot, the screen's own rows' extents in
/// prefix-sum trees, and the last full layout. It knows nothing of
/// scrolling, taps or events: `LiveScreen` is the session around it.
package struct IncrementalLayout: Sendable {
    /// The screen laid out: model, state, viewport, hidden-row overrides.
    package internal(set) var screen: Screen
    let measurer: any Measurer & Sendable
    var resolved: ResolvedScreen
    /// The last full layout; its positions of the screen's rows are stale
    /// once `snapshotIsCurrent` is false (the tree has the current ones).
    var snapshot: ScreenLayout
    var snapshotIsCurrent = true
    /// State slot → rows and stacks whose layout reads it. In pages: a
    /// bound element with state of its own adds a slot to a copy of the
    /// screen (`HostSession.change(at:)`), which then copies a page.
    var readers: PagedArray<[Int]>
    var stackReaders: PagedArray<Set<Int>>
    /// The screen's rows in order, with their extents and their terms
    /// (extent + spacing, 0 when hidden) summed as the stack's length.
    var rootRows = RowSequence()
    /// The screen's `fill` rows, in order, kept by `rebuildTree`: they share
    /// what the other rows leave of the viewport, so a change to those
    /// sizes them again (`resizeFillRows`).
    var fillCache: [Int] = []
    /// How many of the screen's rows are `fill`.
    var fillRows: Int { fillCache.count }
    /// The screen's sticky rows, in order and as a set, kept by `rebuildTree`.
    var stickyCache: [Int] = []
    var stickySet: Set<Int> = []
    /// The row holding each stack (-1 for the screen's own), kept by `rebuildTree`.
    var holders: [Int32] = []
    /// Whether the last change moved or resized any row.
    var layoutChanged = false
    /// The row count `readers` was computed for (rows are only ever appended).
    var dependencyRows = 0
    /// What the updates since `beginChangeLog()` did (for animating them
    /// without a full layout).
    var changeLog = ChangeLog()

    /// The screen's rows an incremental update touched, each with its pose
    /// before; `full` when the screen was laid out again in full instead.
    struct ChangeLog {
        var full = false
        var rows: [(row: Int, before: Pose)] = []
        /// How many updates logged rows as one: 1 however many updates a
        /// change makes (each row logged with its pose before the whole
        /// change, IncrementalLayout+Updates — after a splice, before the
        /// updates that follow it, which the splice's blocks then move).
        var updates = 0
        /// More rows changed than this and the log is full: a change that
        /// large is laid out and animated by the general transition. Set
        /// when the log begins, from the screen's size.
        var maximumRows = ChangeLog.fewestMaximumRows
        /// The rows a change may log however small the screen.
        static let fewestMaximumRows = 4096
        /// The rows a change of a screen of `screenRows` rows may log: a
        /// quarter of them, at least `fewestMaximumRows`. A change
        /// animated by a quick transition costs about 2–3.5 µs a changed
        /// row (the state set and a pass included), one by the general
        /// transition about 0.8–1 µs a row of the screen (100k rows), so
        /// past some third of the rows the general one is as fast
        /// (`stack-bench --only host`, many rows read).
        static func maximumRows(screenRows: Int) -> Int { max(fewestMaximumRows, screenRows / 4) }
        /// Rows inside the holders a change touches, at most (their
        /// stacks are laid out again whole; not measured past this).
        static let maximumNestedRows = 256
        /// The screen's rows among `rows`, for a later update to tell
        /// which of its rows are new to the log without going through it.
        var loggedRows: Set<Int> = []
        /// Whether no row is in `rows` twice: `loggedRows` holds each row
        /// logged once, and rows go into both together.
        var rowsAreDistinct: Bool { loggedRows.count == rows.count }
        /// What the rows logged so far did since the change began, summed
        /// by place, kept from one later update to the next
        /// (IncrementalLayout+Updates), and the screen's rows given an
        /// extent since it was last brought up to date.
        var sums: BeforeChange?
        var resized: [Int] = []
        /// The blocks of rows a splice inserted and removed among the
        /// screen's rows, every other row keeping its order, in the order
        /// of the screen's rows.
        var blocks: [Block] = []
        /// Rows a splice moved, every row before `from` and from `end` on
        /// keeping its place: among the rows now, from each run's `at` (to
        /// the next one's, the last to `end`) rows moved together by
        /// `shift` along the axis (new − old), from places starting at
        /// `was` among the rows before.
        var moved: Moved?
        /// How many of `rows` (the first ones) were logged before the
        /// splice that moved rows or put blocks in or out: their poses are
        /// from before the splice, where the poses of rows logged after it
        /// are where the splice put them (IncrementalLayout+Splice).
        var loggedBeforeSplice = 0
        /// Changes inside the stacks of the screen's rows, by holder, with
        /// poses before the change (IncrementalLayout+Nested); the holders
        /// are among `rows` too.
        var nested: [NestedChange] = []
        /// The row whose separator `hide-last-separator` hid when the log
        /// began (IncrementalLayout+Updates).
        var lastShownAtStart: Int?
        /// Under `hide-last-separator`, a row a splice made the last shown
        /// one and an update after it logged, with the separator it had
        /// when the change began (its logged pose has none).
        var separatorAtStart: (row: Int, separator: Rect?)?

        struct Moved {
            var from: Int
            var end: Int
            var runs: [Run]

            struct Run {
                var at: Int
                var was: Int
                /// How far its rows moved as drawn: 0 for a run that draws
                /// nothing (its rows all hidden) or moves within the
                /// rounding of the sums.
                var shift: Double
                /// How far the sums before its rows moved all the same,
                /// and whether a row before it was shown then: where a
                /// hidden row the same change shows was (a hidden row
                /// starts a spacing earlier after a shown one).
                var moved: Double
                var shownBefore: Bool
            }
        }

        /// Rows inserted together (`inserted`, in order, the first at place
        /// `at` now), or removed together (`removed`, each with its pose
        /// before, in order; `at` the place now of the row that followed
        /// them); `extent` their extent along the axis with spacing, before
        /// the change for removed rows, as the splice made them for
        /// inserted ones (an update after it may resize them).
        struct Block {
            var inserted: [Int] = []
            var removed: [(row: Int, before: Pose)] = []
            var at: Int
            var extent = 0.0
            /// Removed rows logged with rows moved (IncrementalLayout+MixedSplice):
            /// the first one's place among the rows before.
            var was = 0
        }
    }

    /// `screen` laid out with `measurer`.
    init(_ screen: Screen, measurer: any Measurer & Sendable) {
        self.screen = screen
        let model = screen.model
        self.measurer = measurer
        resolved = screen.resolve()
        snapshot = screen.layout(resolved, measurer: measurer)
        (readers, stackReaders) = Self.dependencies(of: model)

        dependencyRows = model.rows.count
        rebuildTree()
    }

    var rootStack: ResolvedStack { resolved.stacks[screen.model.rootStack] }

    /// Which rows and stacks read each state slot, from the expression code.
    static func dependencies(of model: ScreenModel) -> (PagedArray<[Int]>, PagedArray<Set<Int>>) {
        var readers = [[Int]](repeating: [], count: model.state.count)
        var stackReaders = [Set<Int>](repeating: [], count: model.state.count)
        let code = model.expressions.code
        for index in model.rows.indices {
            for slot in slots(readBy: model.rows[index], code: code) { readers[slot].append(index) }
        }
        for (index, stack) in model.stacks.enumerated() {
            for slot in slots(readBy: stack, code: code) { stackReaders[slot].insert(index) }
        }
        return (PagedArray(readers), PagedArray(stackReaders))
    }

    /// The state slots `row`'s layout reads, each once, in the order met
    /// (most rows read none: nothing is allocated for them).
    @inline(__always)
    static func slots(readBy row: RowModel, code: CodeTable) -> [Int] {
        var read: [Int] = []
        row.forEachLayoutExpression { ref in
            for at in Int(ref.start)..<Int(ref.start + ref.count) {
                if case .state(let slot) = code[at], !read.contains(Int(slot)) { read.append(Int(slot)) }
            }
        }
        return read
    }

    /// The state slots `stack`'s settings read.
    static func slots(readBy stack: StackModel, code: CodeTable) -> Set<Int> {
        var read: Set<Int> = []
        stack.forEachLayoutExpression { ref in
            for at in Int(ref.start)..<Int(ref.start + ref.count) {
                if case .state(let slot) = code[at] { read.insert(Int(slot)) }
            }
        }
        return read
    }

    /// Room in `readers` and `stackReaders` for every state slot the
    /// model has (a bound element's own state adds slots).
    mutating func makeRoomForEveryStateSlot() {
        let count = screen.model.state.count
        if readers.count < count { readers += [[Int]](repeating: [], count: count - readers.count) }
        if stackReaders.count < count { stackReaders += [Set<Int>](repeating: [], count: count - stackReaders.count) }
    }

    /// The screen's rows in order, their extents from the snapshot.
    mutating func rebuildTree() {
        let rows = screen.model.stacks[screen.model.rootStack].rows
        stickyCache = rows.filter(isStickyInModel)
        stickySet = Set(stickyCache)
        holders = [Int32](repeating: -1, count: screen.model.stacks.count)
        for (row, nested) in resolved.nested.enumerated() where nested >= 0 { holders[Int(nested)] = Int32(row) }
        let spacing = rootStack.spacing
        fillCache = rows.filter { resolved.specs[$0].rule == MainSpec.fill }
        rootRows.replace(
            with: rows.map { row in
                let hidden = resolved.specs[row].hidden
                let size = snapshot.rowSize[row]
                return RowSequence.Entry(row: row, extent: size, term: hidden ? 0 : size + spacing, visible: !hidden)
            })
    }

    /// Brings the full layout up to date with the incremental one. Mutations
    /// call it before they change the model: `resolved` describes the model
    /// as it was, and laying the old data out against a changed model would
    /// index rows that are not there.
    mutating func settleSnapshot() {
        guard !snapshotIsCurrent else { return }
        if resolved.specs.count != screen.model.rows.count || resolved.stacks.count != screen.model.stacks.count {
            resolved = screen.resolve()
        }
        snapshot = screen.layout(resolved, measurer: measurer)
        snapshotIsCurrent = true
    }

    /// The rows a change of the screen as it is now may log.
    var maximumLoggedRows: Int { ChangeLog.maximumRows(screenRows: rootRows.count) }

    mutating func beginChangeLog() {
        changeLog = ChangeLog()
        changeLog.maximumRows = maximumLoggedRows
        changeLog.lastShownAtStart = lastShownForSeparators()
    }

    /// A full layout: everything evaluated and placed again.
    mutating func relayoutFully() {
        changeLog.full = true
        if readers.count != screen.model.state.count || dependencyRows != screen.model.rows.count {
            (readers, stackReaders) = Self.dependencies(of: screen.model)
            dependencyRows = screen.model.rows.count
        }
        // Compare against where rows are now, not where the last full layout put them.
        settleSnapshot()
        let before = (snapshot.rowStart, snapshot.rowSize)
        defer { if snapshot.rowStart != before.0 || snapshot.rowSize != before.1 { layoutChanged = true } }
        resolved = screen.resolve()
        snapshot = screen.layout(resolved, measurer: measurer)
        snapshotIsCurrent = true
        rebuildTree()
    }


    /// Whether the model makes `row` a sticky row of the screen.
    func isStickyInModel(_ row: Int) -> Bool {
        let model = screen.model
        return model.rows[row].parent == model.rootStack && (model.rows[row].pin != .none || model.rows[row].snapHide != .none)
    }

    // MARK: Changing

    /// State `name` has a new value: evaluate again what reads it.
    mutating func stateChanged(_ name: String) {
        guard let slot = screen.stateIndex(name) else { return }
        stateChanged(slot: slot)
    }

    /// State slot `slot` has a new value: evaluate again what reads it.
    /// By slot, not name: the slots of bound elements' own state are many
    /// (found by name, a tap on the millionth element's toggle compared a
    /// million names), and an element pushed again after its key was
    /// deleted has a slot of the same name as its old one.
    mutating func stateChanged(slot: Int) {
        guard slot >= 0, slot < readers.count, slot < stackReaders.count else {
            relayoutFully()
            return
        }
        if !stackReaders[slot].isEmpty {
            relayoutFully()
            return
        }
        update(rows: readers[slot])
    }

    /// Re-evaluates and re-measures `rows` and moves what their new extents
    /// move. A row of the screen's own stack costs O(log n); a row inside a
    /// nested stack lays out again the screen's row that holds it (and
    /// everything inside that), then moves the rows after it: O(log n +
    /// the holder's rows); the screen's `fill` rows are sized again after
    /// them (with any row that starts filling), O(fill rows × log n), and
    /// one that holds a stack is laid out again at its new share, O(log n
    /// + its rows). (A holder shown or hidden is laid out again alone, as
    /// one whose rows changed.)
    mutating func update(rows: [Int]) {
        guard !rows.isEmpty else { return }
        let context = screen.context
        var facts = rows.map { ResolvedScreen.facts(of: screen.model.rows[$0], table: screen.model.expressions, context: context) }
        var needsFull = false
        var holdersToRedo: [Int] = []
        var fillingChanged: [Int] = []
        for (row, index) in zip(rows, facts.indices) {
            if let hidden = screen.hiddenOverrides[row] { facts[index].spec.hidden = hidden }
            // A `fill` row of the screen's, shown, hidden or weighed anew,
            // is sized again with the others after the rows
            // (`resizeFillRows`), and so is one that starts filling (one
            // that stops is measured, or laid out, as any row) — one that
            // holds a stack too.
            if rootRows.contains(row), (facts[index].spec.rule == MainSpec.fill) != (resolved.specs[row].rule == MainSpec.fill) {
                fillingChanged.append(row)
            }
            // One of the screen's measured rows moves alone.
            if rootRows.contains(row), facts[index].nested < 0 { continue }
            // A row the screen's stack no longer lists (its element gone) is not placed.
            if !rootRows.contains(row), screen.model.rows[row].parent == screen.model.rootStack { continue }
            guard let holder = rootHolder(of: row) else {
                needsFull = true
                continue
            }
            // A holder shown or hidden is laid out again alone (shown, what
            // it holds laid out with it); one that fills, at its share.
            if !holdersToRedo.contains(holder) { holdersToRedo.append(holder) }
        }
        if needsFull {
            relayoutFully()
            return
        }
        if holdersToRedo.isEmpty, changeLog.updates == 0 {
            if !rows.isEmpty { changeLog.updates += 1 }
            let room = min(rows.count, changeLog.maximumRows)
            changeLog.rows.reserveCapacity(room)
            changeLog.loggedRows.reserveCapacity(room)
            let lastShown = lastShownForSeparators()
            for row in rows where changeLog.rows.count < changeLog.maximumRows {
                let frame = frame(ofRootRow: row) ?? .zero
                changeLog.rows.append((row, pose(ofRootRow: row, frame: frame, lastShown: lastShown)))
                changeLog.loggedRows.insert(row)
                // After a splice that made this row the last shown one: the
                // separator it had when the change began, which the pose
                // logged leaves out (its style is still the one of then:
                // nothing updated it yet).
                if row == lastShown, lastShown != changeLog.lastShownAtStart {
                    changeLog.separatorAtStart = (row, pose(ofRootRow: row, frame: frame, lastShown: changeLog.lastShownAtStart).separator)
                }
            }
            if changeLog.rows.count >= changeLog.maximumRows { changeLog.full = true }
        } else if holdersToRedo.isEmpty {
            // A later update of the same change (two states set at once, a
            // tap's several actions, a count read after a splice that
            // resized `fill` rows): logged as part of the first.
            logLaterUpdate(rootRows: rows, nested: [])
        } else if let nested = nestedChangesToLog(of: holdersToRedo) {
            // Rows inside holders (and maybe rows of the screen's own): the
            // holders and the screen's rows logged with their poses before,
            // as one update's rows, and the rows inside each holder with
            // theirs, to animate without a full layout — after a splice
            // too (a count read inside a card), the holders then logged
            // where the splice left them, the rows inside where they are
            // in their holders, which a splice does not change (rows moved
            // take the quick path only if nothing inside changed).
            logLaterUpdate(rootRows: rows + holdersToRedo, nested: nested)
        } else {
            // Rows inside holders, too many: the general transition.
            changeLog.full = true
        }
        for (row, fact) in zip(rows, facts) {
            resolved.specs[row] = fact.spec
            resolved.insets[row] = fact.insets
            resolved.separators[row] = fact.separator
            resolved.contents[row] = fact.content
            resolved.nested[row] = fact.nested
            if !rootRows.contains(row) || fact.nested >= 0, row < snapshot.rowCount { snapshot.setFacts(fact, of: row) }
        }
        if !fillingChanged.isEmpty { refillCache(changed: fillingChanged) }
        for row in rows {
            guard rootRows.contains(row) else { continue }
            // A `fill` row's extent is its share, given below; hidden, none.
            if resolved.specs[row].rule == MainSpec.fill {
                if resolved.specs[row].hidden != isHiddenInTree(row) { setExtent(0, hidden: resolved.specs[row].hidden, ofRow: row) }
                continue
            }
            guard let extent = measuredExtent(of: row) else { continue }
            setExtent(extent, hidden: resolved.specs[row].hidden, ofRow: row)
        }
        for holder in holdersToRedo {
            // A holder that fills keeps its share until the shares are
            // sized again below (shown anew, it has none yet).
            let share = resolved.specs[holder].rule == MainSpec.fill ? rootRows.entry(ofRow: holder).extent : nil
            let (extent, changed) = snapshot.layOutAgain(rootRow: holder, measurer: measurer, extent: share)
            if changed { layoutChanged = true }
            setExtent(extent, hidden: resolved.specs[holder].hidden, ofRow: holder)
        }
        if !fillCache.isEmpty { resizeFillRows() }
        snapshotIsCurrent = false
    }

    /// Whether a change to the screen's rows leaves its `fill` rows to be
    /// sized again after it (`resizeFillRows`), not to a full layout: they
    /// are few enough to log with it.
    var fillRowsFollow: Bool {
        fillCache.isEmpty || fillCache.count < Self.maximumFillRowsFollowing
    }

    /// The screen's `fill` rows again after rows `changed` started or
    /// stopped filling: in the order of the screen's rows, as a full layout
    /// sums their extents. Until it is given its share, a row that starts
    /// filling keeps the extent it had, which `resizeFillRows` counts as a
    /// `fill` row's.
    private mutating func refillCache(changed: [Int]) {
        refillCache(adding: changed.filter { resolved.specs[$0].rule == MainSpec.fill }, removing: changed)
    }

    /// The screen's `fill` rows again after a splice put rows `adding` in
    /// and took `removing` out, in the order of the screen's rows: O(f log n).
    mutating func refillCache(adding: [Int], removing: [Int]) {
        let gone = Set(removing)
        let rows = fillCache.filter { !gone.contains($0) } + adding
        fillCache = rows.map { (place(ofRootRow: $0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The most `fill` rows `fillRowsFollow` takes (each is logged).
    static let maximumFillRowsFollowing = 256

    /// Whether the screen's row `row` counts as hidden in the sums.
    private func isHiddenInTree(_ row: Int) -> Bool { !rootRows.entry(ofRow: row).visible }

    /// Sizes the screen's shown `fill` rows again, as a full layout does
    /// (docs/layout.md, STEP 2): they share by weight what the other rows,
    /// the gaps and the padding leave of the viewport. Each that changes is
    /// logged first, as a later update's rows are, with its pose before the
    /// change — and one that holds a stack with the rows inside it, then
    /// laid out again at its new share, as a full layout's STEP 4 lays it
    /// out (past `ChangeLog.maximumNestedRows` rows inside, the change is
    /// the general transition's).
    mutating func resizeFillRows(new: Set<Int> = []) {
        let stack = rootStack
        let axis = stack.axis
        let viewport = axis == .vertical ? screen.viewportHeight : screen.viewportWidth
        var filled = 0.0
        var weight = 0.0
        for row in fillCache where !resolved.specs[row].hidden {
            filled += rootRows.entry(ofRow: row).extent
            weight += resolved.specs[row].value
        }
        guard weight > 0 else { return }
        // The other rows' extents and the gaps between all shown rows: the
        // terms, less the last row's spacing, less what the `fill` rows hold.
        let others = rootRows.total - (rootRows.anyVisible ? stack.spacing : 0) - filled
        let space = max(0, viewport - stack.padding.total(axis) - others)
        var changed: [(row: Int, extent: Double)] = []
        for row in fillCache where !resolved.specs[row].hidden {
            let spec = resolved.specs[row]
            let insets = resolved.insets[row]
            let share = space * spec.value / weight
            let extent = LayoutEngine.size(spec: spec, insets: insets, axis: axis, viewport: viewport) { max(0, share - insets.total(axis)) }
            // The sums differ from a full layout's in their last bits.
            let current = rootRows.entry(ofRow: row).extent
            if abs(extent - current) > 1e-9 * max(1, abs(extent)) { changed.append((row, extent)) }
        }
        guard !changed.isEmpty else { return }
        // Rows a splice just put in take their shares first: the others'
        // poses are then logged with the blocks at their final extents, as
        // the quick transition reads the blocks' shifts.
        var later = changed
        if !new.isEmpty {
            for (row, extent) in changed where new.contains(row) { giveShare(extent, toRow: row) }
            later = changed.filter { !new.contains($0.row) }
            guard !later.isEmpty else { return }
        }
        let holding = later.map(\.row).filter { resolved.nested[$0] >= 0 }
        var nested: [NestedChange] = []
        if !holding.isEmpty {
            if let changes = nestedChangesToLog(of: holding) { nested = changes } else { changeLog.full = true }
        }
        logLaterUpdate(rootRows: later.map(\.row), nested: nested)
        for (row, extent) in later { giveShare(extent, toRow: row) }
    }

    /// Gives the screen's shown `fill` row `row` its share, `extent`; one
    /// that holds a stack is laid out again at it.
    private mutating func giveShare(_ extent: Double, toRow row: Int) {
        if resolved.nested[row] >= 0, row < snapshot.rowCount {
            let (_, moved) = snapshot.layOutAgain(rootRow: row, measurer: measurer, extent: extent)
            if moved { layoutChanged = true }
        }
        setExtent(extent, hidden: false, ofRow: row)
    }

    /// The screen's row whose subtree holds `row` (itself for one of the
    /// screen's rows); nil for a row in no stack shown by the screen.
    func rootHolder(of row: Int) -> Int? {
        var current = row
        var steps = 0
        while !rootRows.contains(current) {
            let stack = screen.model.rows[current].parent
            guard stack < holders.count, holders[stack] >= 0, steps <= ModelValidation.maximumDepth else { return nil }
            current = Int(holders[stack])
            steps += 1
        }
        return current
    }

    /// Gives the screen's row `row` a new extent, moving the rows after it: O(log n).
    private mutating func setExtent(_ extent: Double, hidden: Bool, ofRow row: Int) {
        // What a later update of the change reads of it again.
        if changeLog.sums != nil { changeLog.resized.append(row) }
        let old = rootRows.entry(ofRow: row)
        let term = hidden ? 0 : extent + rootStack.spacing
        if old.extent != (hidden ? 0 : extent) || old.term != term { layoutChanged = true }
        rootRows.set(hidden ? 0 : extent, term: term, visible: !hidden, ofRow: row)
    }

    // MARK: Reading

    /// The extent along the screen's axis of its content.
    package var contentMain: Double {
        let stack = rootStack
        let axis = stack.axis
        return stack.padding.start(axis) + rootRows.total - (rootRows.anyVisible ? stack.spacing : 0) + stack.padding.end(axis)
    }

    var viewportMain: Double {
        rootStack.axis == .vertical ? screen.viewportHeight : screen.viewportWidth
    }

    /// `offset` clamped to the content.
    package func clampedOffset(_ offset: Double) -> Double {
        let limit = max(0, contentMain - viewportMain)
        return offset.isFinite ? min(max(0, offset), limit) : 0
    }

    /// The extent along the screen's axis of one of the screen's measured
    /// rows, measured as a full layout measures it; nil for a row whose
    /// content is not measured.
    func measuredExtent(of row: Int) -> Double? {
        guard case .measured(let content) = resolved.contents[row] else { return nil }
        let stack = rootStack
        let axis = stack.axis
        let cross = axis == .vertical ? screen.viewportWidth : screen.viewportHeight
        let viewport = axis == .vertical ? screen.viewportHeight : screen.viewportWidth
        return LayoutEngine.extent(
            row: row, model: screen.model, spec: resolved.specs[row], insets: resolved.insets[row], content: content, axis: axis,
            crossContent: max(0, cross - stack.padding.total(axis.cross)), viewport: viewport, measurer: measurer)
    }

    /// Where the screen's row at `index` (among its rows) starts along the axis.
    func start(ofPosition index: Int) -> Double {
        let hidden = index < rootRows.count && resolved.specs[rootRows[index]].hidden
        return start(after: rootRows.prefix(index), hidden: hidden, anyVisibleBefore: hidden && rootRows.anyVisible(before: index))
    }

    /// Where one of the screen's rows starts along the axis, the terms of
    /// the rows before it summing to `before`: a hidden row sits on the
    /// spacing after the last shown row, so it starts a spacing earlier.
    func start(after before: Double, hidden: Bool, anyVisibleBefore: Bool) -> Double {
        let stack = rootStack
        return stack.padding.start(stack.axis) + before - (hidden && anyVisibleBefore ? stack.spacing : 0)
    }

    /// The frame of one of the screen's rows, in O(log n).
    package func frame(ofRootRow row: Int) -> Rect? {
        guard rootRows.contains(row) else { return nil }
        // Its place's sums read from its block, not searched for.
        let (before, anyVisibleBefore) = rootRows.before(row: row)
        let start = start(after: before, hidden: resolved.specs[row].hidden, anyVisibleBefore: anyVisibleBefore)
        return frame(start: start, extent: rootRows.entry(ofRow: row).extent)
    }

    /// The frame of one of the screen's rows that starts at `start` along
    /// the axis and is `extent` long (from `walkStarts`): O(1).
    func frame(start: Double, extent: Double) -> Rect {
        let stack = rootStack
        let axis = stack.axis
        let cross = axis == .vertical ? screen.viewportWidth : screen.viewportHeight
        let frame = Rect(
            axis: axis, mainStart: start, mainSize: extent,
            crossStart: stack.padding.start(axis.cross), crossSize: max(0, cross - stack.padding.total(axis.cross)))
        guard screen.direction == .rtl else { return frame }
        let width = axis == .vertical ? screen.viewportWidth : contentMain
        return Rect(x: width - frame.x - frame.width, y: frame.y, width: frame.width, height: frame.height)
    }

    /// The screen's rows (not hidden, with extent) that overlap the viewport at `offset`, in O(log n + k).
    package func visibleRows(offset: Double) -> [Int] {
        let stack = rootStack
        let low = clampedOffset(offset)
        let high = low + viewportMain
        let padding = stack.padding.start(stack.axis)
        // First row whose end (start + extent) lies past `low`: its running
        // sum of (extent + spacing) passes low − padding + spacing.
        let tolerance = ScreenLayout.tolerance
        var rows: [Int] = []
        walkStarts(from: rootRows.firstExceeding(low - padding + stack.spacing + tolerance)) { _, entry, start in
            if start >= high - tolerance { return false }
            if !resolved.specs[entry.row].hidden, entry.extent > 0, start + entry.extent > low + tolerance { rows.append(entry.row) }
            return true
        }
        return rows
    }

    /// Calls `body` with each of the screen's rows from place `index` on,
    /// its entry and its start along the axis (as `start(ofPosition:)`
    /// gives it), until `body` returns false: O(log n + k).
    func walkStarts(from index: Int, _ body: (_ place: Int, _ entry: RowSequence.Entry, _ start: Double) -> Bool) {
        var anyVisibleBefore = rootRows.anyVisible(before: index)
        rootRows.walk(from: index) { place, entry, before in
            let hidden = resolved.specs[entry.row].hidden
            defer { if !hidden { anyVisibleBefore = true } }
            return body(place, entry, start(after: before, hidden: hidden, anyVisibleBefore: anyVisibleBefore))
        }
    }

    /// Calls `body` with each of the screen's rows from place `index` on,
    /// its pose as `pose(ofRootRow:)` gives it and its start along the axis
    /// (before any mirroring), until `body` returns false: O(log n + k).
    func walkPoses(from index: Int, _ body: (_ place: Int, _ row: Int, _ pose: Pose, _ start: Double) -> Bool) {
        let lastShown = lastShownForSeparators()
        walkStarts(from: index) { place, entry, start in
            body(place, entry.row, pose(ofRootRow: entry.row, frame: frame(start: start, extent: entry.extent), lastShown: lastShown), start)
        }
    }

    /// Folds the rows a copy of this layout wrote aside into its columns,
    /// now that the copy is the only one (`RowColumn.foldIfUnique()`).
    package mutating func foldWrittenAside() {
        resolved.foldIfUnique()
        snapshot.foldIfUnique()
    }

    /// A full layout of the current state (made again if anything changed).
    package mutating func layout() -> ScreenLayout {
        if !snapshotIsCurrent {
            // Settled in place (the layout's copy would settle its own,
            // leaving this one to read its rows aside).
            resolved.settle()
            snapshot = screen.layout(resolved, measurer: measurer)
            snapshotIsCurrent = true
        }
        return snapshot
    }

    // MARK: Questions the session asks

    /// Whether `row` is hidden now (its expression, or an override).
    func isHidden(_ row: Int) -> Bool { resolved.specs[row].hidden }

    /// Whether the screen's own stack lists `row`: O(1).
    func lists(rootRow row: Int) -> Bool { rootRows.contains(row) }

    /// The extent along the axis of one of the screen's rows.
    func extent(ofRootRow row: Int) -> Double { rootRows.entry(ofRow: row).extent }

    /// The place of one of the screen's rows among them: O(log n).
    func place(ofRootRow row: Int) -> Int { rootRows.place(of: row) ?? -1 }

    /// The row holding `stack`, or nil for the screen's own stack: O(1).
    func holder(ofStack stack: Int) -> Int? {
        stack >= 0 && stack < holders.count && holders[stack] >= 0 ? Int(holders[stack]) : nil
    }

    /// The frame of a row inside the stack of the screen's row `root`.
    /// Nested rows move with the row holding them: a change inside a nested
    /// stack lays its holder out again in the last full layout, which so has
    /// them right relative to their root row, and the tree places that.
    func frame(of row: Int, inRootRow root: Int) -> Rect? {
        guard let rootFrame = frame(ofRootRow: root) else { return nil }
        let old = snapshot.frame(of: root)
        return snapshot.frame(of: row).moved(by: rootFrame.x - old.x, rootFrame.y - old.y)
    }

    // MARK: Poses without a full layout

    /// The last visible row of the screen's own stack: O(log n).
    func lastVisibleRootRow() -> Int? {
        rootRows.lastVisibleRow()
    }

    /// The pose of one of the screen's rows as a full layout would give it
    /// (frame, content and separator relative to the frame): O(log n).
    func pose(ofRootRow row: Int) -> Pose {
        pose(ofRootRow: row, frame: frame(ofRootRow: row) ?? .zero, lastShown: lastShownForSeparators())
    }

    /// The row whose separator `hide-last-separator` hides, if any.
    func lastShownForSeparators() -> Int? { rootStack.hideLastSeparator ? lastVisibleRootRow() : nil }

    /// The pose of one of the screen's rows drawn in `frame`, `lastShown`
    /// from `lastShownForSeparators()`: O(1).
    func pose(ofRootRow row: Int, frame: Rect, lastShown: Int?) -> Pose {
        let hidden = resolved.specs[row].hidden
        var separator: Rect?
        if !hidden, let style = resolved.separators[row], lastShown != row {
            separator = ScreenLayout.separatorFrame(style, in: frame, axis: rootStack.axis).moved(by: -frame.x, -frame.y)
        }
        return Pose(
            frame: frame, content: hidden ? nil : frame.inset(by: resolved.insets[row]).moved(by: -frame.x, -frame.y),
            separator: separator, effects: .none, hidden: hidden)
    }

    /// A row's separator style (nil for none or a row past the table):
    /// shown, and not the last shown one under `hide-last-separator`, a
    /// row with one has a separator.
    func separatorStyle(of row: Int) -> ResolvedSeparator? {
        row < resolved.separators.count ? resolved.separators[row] : nil
    }

    /// A row's separator colour (0 for none or a row past the table).
    func separatorColor(of row: Int) -> UInt32 { separatorStyle(of: row)?.color ?? 0 }

    /// A full layout of the current state that measures nothing the
    /// incremental layout already knows: the screen's rows keep the extents
    /// they were given (a host's measurer may already answer for a change
    /// still to come, so measuring again would be wrong).
    func layoutKeepingExtents() -> ScreenLayout {
        // By row, NaN where not known: a dictionary of the screen's rows,
        // each hashed to be stored and again to be asked, was two fifths
        // of this layout's instructions.
        var known = [Double](repeating: .nan, count: screen.model.rows.count)
        let axis = rootStack.axis
        let resolved = resolved
        known.withUnsafeMutableBufferPointer { known in
            rootRows.forEach { _, entry in
                if entry.row < known.count, !resolved.specs[entry.row].hidden {
                    known[entry.row] = max(0, entry.extent - resolved.insets[entry.row].total(axis))
                }
            }
        }
        return screen.layout(resolved, measurer: KnownExtents(known: known, axis: axis, snapshot: snapshot, fallback: measurer))
    }
}

/// Answers the screen's rows' extents along its axis from what is known,
/// and rows inside them from the last layout of the row holding them (it
/// measured them with the answers of its time, which a host may since have
/// changed for a change still to come, as for the screen's rows).
private struct KnownExtents: Measurer {
    /// By row; NaN: not known.
    let known: [Double]
    let axis: Axis
    let snapshot: ScreenLayout
    let fallback: any Measurer

    func measure(_ row: MeasuredRow, along axis: Axis, across: Constraint) -> Double {
        let index = row.key.row
        let extent = index < known.count ? known[index] : .nan
        if axis == self.axis, !extent.isNaN { return extent }
        if extent.isNaN, index < snapshot.rowCount, index < snapshot.resolved.nested.count, snapshot.resolved.nested[index] < 0,
            snapshot.parent(of: index) >= 0, snapshot.stackOrigin[snapshot.parent(of: index)] != nil,
            !snapshot.isHidden(index), let content = snapshot.contentFrame(of: index), snapshot.parent(of: index) != snapshot.rootStack
        {
            return content.size(axis)
        }
        return fallback.measure(row, along: axis, across: across)
    }
}
