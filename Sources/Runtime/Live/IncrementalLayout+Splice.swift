// Rows added to and removed from the screen's own stack without a full
// layout. A re-binding of a `for` whose rows are rows of the screen's own
// stack (none sticky; cards — rows holding a stack — each laid out alone,
// and rows that fill given their shares after) changes the screen in a way
// the prefix-sum tree can follow: the rows made are evaluated and measured,
// the rows dropped leave the order, and the rows kept keep their extents.
// Only those k rows are evaluated, and the screen's rows (`RowSequence`)
// take them in or out at their places in O(k log n). A caller that knows
// where the rows go says so (`Edit`); otherwise the old and new orders are
// compared, one pass over plain numbers, where a full layout would
// evaluate every row again.

/// Rows made one block per element from one template, as a `for` makes
/// them: row `rows.lowerBound + e × period + j` is template row j of the
/// e-th element made. What the template's plan knows of row j holds for
/// all of them, so the splice need not ask each row.
struct MadeBlocks {
    var rows: Range<Int>
    var period: Int
    /// Per template row: its layout facts are the same in every block (its
    /// text aside), and whether its layout reads state.
    var factsShared: [Bool]
    var readsState: [Bool]

    /// Rows `rows`, made in blocks from the template `template` plans.
    init(rows: Range<Int>, template: TemplatePlan) {
        self.rows = rows
        period = template.rowFactsShared.count
        factsShared = template.rowFactsShared
        readsState = template.rowLayoutReadsState
    }

    /// The template row of `row`, when these blocks hold it.
    func templateRow(of row: Int) -> Int? {
        rows.contains(row) && period > 0 ? (row - rows.lowerBound) % period : nil
    }
}

extension IncrementalLayout {
    /// Whether rows that are plain rows of the screen's own stack can be
    /// spliced in: the screen's `fill` rows, if any, can be sized again
    /// after them (`fillRowsFollow`).
    var canSplice: Bool { fillRowsFollow && resolved.specs.count == screen.model.rows.count }

    /// Rows in and out at one place of the screen's rows, as a caller that
    /// made them there knows: `removed` rows from `at` on left the order,
    /// `inserted` rows came there.
    struct Edit {
        var at: Int
        var removed: Int
        var inserted: [Int]
    }

    /// Follows the screen's model (`screen.restoreModel`) having gained
    /// rows `inserted` (listed by the screen's own stack) and lost rows
    /// `removed` (no longer listed), and a new order of the screen's rows;
    /// its stacks are the ones laid out before. Evaluates and measures the
    /// inserted rows alone; lays the screen out in full instead when an
    /// inserted or removed row is not one the tree can hold (a nested
    /// stack, a sticky row). `edits`, when the caller knows them, are the
    /// change to the order: O(k log n) then; without them the old
    /// and new orders are compared (O(n)), and an order that is not the
    /// old one with blocks in and out or with rows moved is made again.
    ///
    /// `moved`, instead, says one row moved from place `from` to place
    /// `to` (as `LiveScreen.move(_:to:)` moves it: taken out, then put at
    /// `to` among the rest): two runs, O(log n), where comparing the orders
    /// was O(n).
    ///
    /// Several edits go one after another, each `at` a place in the order
    /// the edits before it left.
    mutating func splice(
        inserted: [Int], removed: [Int], blocks: [MadeBlocks] = [], edits known: [Edit]? = nil, moved: (from: Int, to: Int)? = nil
    ) {
        let model = screen.model
        let context = screen.context
        let first = resolved.specs.count
        let firstStack = resolved.stacks.count
        var plain = firstStack <= model.stacks.count && first <= model.rows.count
        if plain {
            resolved.reserveCapacity(model.rows.count)
            var block = 0
            for row in first..<model.rows.count {
                while block < blocks.count, blocks[block].rows.upperBound <= row { block += 1 }
                // A row whose facts its template shares, sized without
                // measuring its text: the same facts as the block before's
                // (but for a card, which holds a stack of its own).
                if block < blocks.count, let local = blocks[block].templateRow(of: row), blocks[block].factsShared[local],
                    row - blocks[block].period >= max(first, blocks[block].rows.lowerBound), model.rows[row].parent == 0
                {
                    let earlier = row - blocks[block].period
                    if resolved.specs[earlier].rule != MainSpec.fit, resolved.nested[earlier] < 0 {
                        resolved.append(copyOf: earlier)
                        continue
                    }
                }
                resolved.append(ResolvedScreen.facts(of: model.rows[row], table: model.expressions, context: context))
            }
            for stack in firstStack..<model.stacks.count {
                resolved.stacks.append(ResolvedScreen.stack(model.stacks[stack], table: model.expressions, context: context))
            }
        }
        // Rows made holding stacks of their own (cards): each new stack
        // held by a new row, each new row in the screen's stack or in one
        // of the new ones.
        let cards = plain ? newHolders(rows: first..<model.rows.count, stacks: firstStack..<model.stacks.count) : nil
        if cards == nil { plain = false }
        // (The last full layout extends to the model now: rows and stacks are only ever added.)
        if let cards, !cards.isEmpty, !snapshot.canExtend(to: model) { plain = false }
        // `fill` rows in or out: the others' shares are sized again after
        // the splice, as after any change.
        var fillingIn: [Int] = [], fillingOut: [Int] = []
        if plain {
            for row in inserted where row >= first && (model.rows[row].parent != model.rootStack || isStickyInModel(row)) { plain = false }
            for row in removed where row < first && stickySet.contains(row) { plain = false }
            fillingIn = inserted.filter { $0 < resolved.specs.count && resolved.specs[$0].rule == MainSpec.fill }
            fillingOut = removed.filter { $0 < resolved.specs.count && resolved.specs[$0].rule == MainSpec.fill }
            if fillCache.count + fillingIn.count >= Self.maximumFillRowsFollowing { plain = false }
            // (A card that fills is laid out at 0 with the others new, then
            // again at its share when the shares are sized: `giveShare`.)
        }
        guard plain else {
            resolved = screen.resolve()
            snapshot = screen.layout(resolved, measurer: measurer)
            snapshotIsCurrent = true
            (readers, stackReaders) = Self.dependencies(of: model)
            dependencyRows = model.rows.count
            rebuildTree()
            changeLog.full = true
            layoutChanged = true
            return
        }
        if let cards, !cards.isEmpty { layOutNewHolders(cards, stacksFrom: firstStack) }
        addReaders(ofRowsFrom: dependencyRows, blocks: blocks)
        forgetUnchangedRows()
        // The change so far: nothing (`fresh`), or updates alone
        // (`updatedFirst`: a state set, then an element moved or the list
        // bound again) — then the runs or blocks are measured as the rows
        // were before the change, and the rows logged so far keep their
        // poses from before the splice (`ChangeLog.loggedBeforeSplice`);
        // rows inside holders among them too, whose poses are relative to
        // their holders. Anything else is the general transition's.
        let fresh = !changeLog.full && changeLog.updates == 0 && changeLog.blocks.isEmpty && changeLog.moved == nil && changeLog.nested.isEmpty
        let updatedFirst = !changeLog.full && changeLog.updates > 0 && changeLog.blocks.isEmpty && changeLog.moved == nil
        var sums: BeforeChange?
        if updatedFirst {
            var caughtUp = changeLog.sums ?? BeforeChange(axis: rootStack.axis, spacing: rootStack.spacing)
            caughtUp.catchUp(with: self)
            sums = caughtUp
        }
        // The sums before the change: now's, less what the rows updated so
        // far did before each place.
        func prefix(_ place: Int) -> Double { rootRows.prefix(place) - (sums?.change(before: place).growth ?? 0) }
        func shown(before place: Int) -> Int { rootRows.visibleCount(before: place) - (sums?.change(before: place).shown ?? 0) }
        // The change to the order: blocks in and out (in the order of the
        // rows now, each at its place now), or rows moved, or neither.
        var edits: [(inserted: [Int], removed: [Int], at: Int)]?
        var reorder: Reorder?
        // Or both: rows moved with blocks in and out (a list sorted again
        // as elements come and go), logged alike from rest or after
        // updates, inside holders too (the rows inside keep their poses
        // relative to their holders, which move with their runs).
        var mixed: Mixed?
        if let known {
            edits = []
            // Where each edit's rows were before any: past the rows the edits before it took out and put in.
            var shift = 0
            for edit in known {
                var gone: [Int] = []
                gone.reserveCapacity(edit.removed)
                for place in (edit.at + shift)..<(edit.at + shift + edit.removed) { gone.append(rootRows[place]) }
                if !gone.isEmpty { edits?.append(([], gone, edit.at)) }
                if !edit.inserted.isEmpty { edits?.append((edit.inserted, [], edit.at)) }
                shift += edit.removed - edit.inserted.count
            }
        } else if let moved, moved.from != moved.to {
            reorder = Self.reorder(moving: moved)
        } else {
            let old = rootRows.rows, new = model.stacks[model.rootStack].rows.array
            let gone = removed.filter(rootRows.contains)
            let limit = changeLog.maximumRows
            if inserted.isEmpty, gone.isEmpty, let found = Self.reorder(old: old, new: new, rowCount: model.rows.count, limit: limit) {
                reorder = found
            } else {
                edits = Self.blocks(old: old, new: new, rowCount: model.rows.count, inserted: inserted, removed: gone, limit: limit)
                if edits == nil, fresh || updatedFirst {
                    mixed = Self.mixed(old: old, new: new, rowCount: model.rows.count, inserted: inserted, removed: gone, limit: limit)
                }
            }
        }
        // A removed row updated before the splice was where the log has it.
        var logged: [Int: Pose] = [:]
        if updatedFirst,
            (edits ?? []).contains(where: { $0.removed.contains(where: changeLog.loggedRows.contains) })
                || (mixed?.removed ?? []).contains(where: { $0.rows.contains(where: changeLog.loggedRows.contains) })
        {
            for (row, before) in changeLog.rows where logged[row] == nil { logged[row] = before }
        }
        // The pose before the change of the row at `place` the splice removes.
        func removedPose(_ row: Int, at place: Int) -> Pose {
            guard let sums else { return pose(ofRootRow: row) }
            if let before = logged[row] { return before }
            let (growth, shown) = sums.change(before: place)
            return poseBeforeChange(ofRootRow: row, at: place, growth: growth, shown: shown)
        }
        // Logged before the order changes: the removed rows' poses and extents.
        if fresh || updatedFirst, let edits, !edits.isEmpty {
            changeLog.blocks = edits.map { block in
                guard let row = block.removed.first, let first = rootRows.place(of: row) else {
                    return ChangeLog.Block(inserted: block.inserted, at: block.at)
                }
                return ChangeLog.Block(
                    removed: block.removed.enumerated().map { offset, row in (row, removedPose(row, at: first + offset)) }, at: block.at,
                    extent: prefix(first + block.removed.count) - prefix(first))
            }
        } else if fresh || updatedFirst, let reorder {
            // Each run is as far into the window now as the runs now before
            // it are long; it was as far as the rows before it then.
            let start = prefix(reorder.from)
            var now = 0.0
            var runs: [ChangeLog.Moved.Run] = []
            runs.reserveCapacity(reorder.runs.count)
            for run in reorder.runs {
                let was = prefix(run.was) - start
                // A run of hidden rows moves nothing drawn; nor does a
                // shift within the rounding of the sums (the general
                // transition sees no move there).
                let shownBefore = shown(before: run.was)
                let shows = shown(before: run.was + run.count) > shownBefore
                let shift = now - was
                runs.append(ChangeLog.Moved.Run(
                    at: run.at, was: run.was, shift: shows && abs(shift) > 1e-9 * max(1, abs(now), abs(was)) ? shift : 0, moved: shift,
                    shownBefore: shownBefore > 0))
                now += prefix(run.was + run.count) - prefix(run.was)
            }
            changeLog.moved = ChangeLog.Moved(from: reorder.from, end: reorder.end, runs: runs)
        } else if mixed != nil {
            let before = Self.beforeSplice(mixed!, prefix: prefix, shown: shown(before:), removedPose: removedPose)
            mixed!.before = before.runs
            changeLog.blocks = before.removed
        } else {
            changeLog.full = true
        }
        if updatedFirst, !changeLog.full {
            // A later update finds the rows logged so far at their new places.
            changeLog.loggedBeforeSplice = changeLog.rows.count
            changeLog.sums = nil
            changeLog.resized = []
        }
        // The new order: kept rows keep their extents, made rows are measured.
        if let edits {
            for block in edits {
                if !block.removed.isEmpty { rootRows.remove(block.at..<(block.at + block.removed.count)) }
                if !block.inserted.isEmpty { rootRows.insert(block.inserted.map(measuredEntry), at: block.at) }
            }
        } else if let moved, reorder != nil {
            // One entry out and in again: the rows between shift by themselves.
            rootRows.insert(rootRows.remove(moved.from..<(moved.from + 1)), at: moved.to)
        } else if let reorder {
            let window = rootRows.remove(reorder.from..<reorder.end)
            var entries: [RowSequence.Entry] = []
            entries.reserveCapacity(window.count)
            for run in reorder.runs {
                let was = run.was - reorder.from
                entries.append(contentsOf: window[was..<(was + run.count)])
            }
            rootRows.insert(entries, at: reorder.from)
        } else {
            let old = rootRows
            rootRows.replace(with: model.stacks[model.rootStack].rows.map { old.contains($0) ? old.entry(ofRow: $0) : measuredEntry($0) })
        }
        if let mixed { logAfterSplice(mixed, updatedFirst: updatedFirst) }
        if !fillingIn.isEmpty || !fillingOut.isEmpty { refillCache(adding: fillingIn, removing: fillingOut) }
        // The `fill` rows share what the rows now leave: logged, as a later
        // update's rows, with their poses between the splice and this (a
        // row just put in has none: its block's track ends at its share).
        if !fillCache.isEmpty { resizeFillRows(new: Set(fillingIn)) }
        // An inserted block's extent as the splice made it, its `fill` rows
        // given their shares, before a later update resizes its rows: where
        // the rows logged after the splice were (QuickTransition+Blocks).
        for index in changeLog.blocks.indices where !changeLog.blocks[index].inserted.isEmpty {
            let rows = changeLog.blocks[index].inserted
            changeLog.blocks[index].extent = rows.reduce(0) { $0 + (rootRows.contains($1) ? rootRows.entry(ofRow: $1).term : 0) }
        }
        snapshotIsCurrent = false
        layoutChanged = true
    }

    /// Forgets the rows the change logged before a splice when none of
    /// them changed (a state set to the value it had, a count read by rows
    /// that keep their size): the change so far is nothing, and the
    /// splice's blocks start it.
    private mutating func forgetUnchangedRows() {
        guard !changeLog.full, changeLog.updates > 0, changeLog.blocks.isEmpty, changeLog.moved == nil, changeLog.nested.isEmpty,
            changeLog.rows.allSatisfy({ rootRows.contains($0.row) && pose(ofRootRow: $0.row) == $0.before })
        else { return }
        changeLog.rows = []
        changeLog.loggedRows = []
        changeLog.sums = nil
        changeLog.resized = []
        changeLog.updates = 0
    }

    /// A row new to the screen's rows, measured (one holding a stack, as
    /// `layOutNewHolders` laid it out): its entry.
    private func measuredEntry(_ row: Int) -> RowSequence.Entry {
        let hidden = resolved.specs[row].hidden
        let extent = resolved.nested[row] >= 0 && row < snapshot.rowStart.count ? snapshot.rowSize[row] : measuredExtent(of: row)
        guard !hidden, let extent else { return RowSequence.Entry(row: row, extent: 0, term: 0, visible: !hidden) }
        return RowSequence.Entry(row: row, extent: extent, term: extent + rootStack.spacing, visible: true)
    }

    /// The rows among `rows` (all new) that hold stacks, each the holder
    /// of one of `stacks` (all new): the screen's rows among them (the
    /// cards a splice puts in), and the rows inside those; nil when a new
    /// row is in a stack laid out before but the screen's, or a new stack
    /// has no new row holding it — what a splice does not follow.
    private func newHolders(rows: Range<Int>, stacks: Range<Int>) -> [(row: Int, stack: Int)]? {
        guard !stacks.isEmpty else { return [] }
        let model = screen.model
        var held = 0
        var out: [(row: Int, stack: Int)] = []
        for row in rows {
            let parent = model.rows[row].parent
            guard parent == model.rootStack || stacks.contains(parent) else { return nil }
            let nested = Int(resolved.nested[row])
            if nested >= 0 {
                guard stacks.contains(nested) else { return nil }
                out.append((row, nested))
                held += 1
            }
        }
        return held == stacks.count ? out : nil
    }

    /// Takes in the rows and stacks a splice made that hold stacks (new
    /// cards, `holding`, the rows inside them too): their holders known,
    /// the last full layout extended to the model now and each of the
    /// screen's rows among them laid out there with what it holds, as a
    /// row inside a card is laid out again when it changes. O(rows made).
    private mutating func layOutNewHolders(_ holding: [(row: Int, stack: Int)], stacksFrom firstStack: Int) {
        let model = screen.model
        if holders.count < model.stacks.count { holders += [Int32](repeating: -1, count: model.stacks.count - holders.count) }
        for (row, stack) in holding { holders[stack] = Int32(row) }
        snapshot.extend(to: model, facts: resolved)
        for (row, _) in holding where model.rows[row].parent == model.rootStack {
            _ = snapshot.layOutAgain(rootRow: row, measurer: measurer)
        }
        // What the new stacks' settings read.
        makeRoomForEveryStateSlot()
        let code = model.expressions.code
        for stack in firstStack..<model.stacks.count {
            for slot in Self.slots(readBy: model.stacks[stack], code: code) where slot < stackReaders.count { stackReaders[slot].insert(stack) }
        }
    }

    /// Rows moved among the screen's rows, every row there before and
    /// after: in the window `from ..< end` (from the first place where the
    /// orders differ to the last), the runs of rows that kept their order,
    /// by place now — `count` rows at `at` now were at `was` before.
    struct Reorder {
        var from: Int
        var end: Int
        var runs: [(at: Int, was: Int, count: Int)]
    }

    /// One row moved from place `from` to place `to`: the window between
    /// them, the row as one run and the rows it passed as the other.
    private static func reorder(moving moved: (from: Int, to: Int)) -> Reorder {
        let (from, to) = moved
        if from < to {
            return Reorder(from: from, end: to + 1, runs: [(at: from, was: from + 1, count: to - from), (at: to, was: from, count: 1)])
        }
        return Reorder(from: to, end: from + 1, runs: [(at: to, was: from, count: 1), (at: to + 1, was: to, count: from - to)])
    }

    /// Where `new` holds `old`'s rows in another order: the window in
    /// which they differ and its runs (one element moved is two or three
    /// runs; a shuffle, a run for each row or element). Nil when the
    /// orders are the same, differ in their rows, or make more than
    /// `limit` runs (the rows a change may log: a quick transition's
    /// frames cost no more for more runs, each row's found by a binary
    /// search). O(window).
    private static func reorder(old: [Int], new: [Int], rowCount: Int, limit: Int) -> Reorder? {
        guard old.count == new.count else { return nil }
        var from = 0
        while from < old.count, old[from] == new[from] { from += 1 }
        guard from < old.count else { return nil }
        var last = old.count - 1
        while last > from, old[last] == new[last] { last -= 1 }
        // Each row's place in the old window (absent: not in it, or taken):
        // a table by row for a wide window, a dictionary for a narrow one
        // (a table of every row for two rows swapped was O(n) of memory).
        let wide = (last - from + 1) * 16 >= rowCount
        var table = [Int32](repeating: -1, count: wide ? rowCount : 0)
        var dictionary: [Int: Int] = [:]
        if !wide { dictionary.reserveCapacity(last - from + 1) }
        for place in from...last {
            let row = old[place]
            guard row >= 0, row < rowCount else { return nil }
            if wide {
                guard table[row] < 0 else { return nil }
                table[row] = Int32(place)
            } else {
                guard dictionary.updateValue(place, forKey: row) == nil else { return nil }
            }
        }
        var runs: [(at: Int, was: Int, count: Int)] = []
        for place in from...last {
            let row = new[place]
            guard row >= 0, row < rowCount else { return nil }
            let found: Int?
            if wide {
                found = table[row] >= 0 ? Int(table[row]) : nil
                table[row] = -1
            } else {
                found = dictionary.removeValue(forKey: row)
            }
            guard let was = found else { return nil }
            if let run = runs.last, run.was + run.count == was {
                runs[runs.count - 1].count += 1
            } else {
                guard runs.count < limit else { return nil }
                runs.append((place, was, 1))
            }
        }
        return Reorder(from: from, end: last + 1, runs: runs)
    }

    /// The blocks that make `new` from `old` when rows `removed` leave and
    /// rows `inserted` come (all below `rowCount`), every other row keeping
    /// its order — a change a quick transition can animate; nil when a row
    /// moved, or when the blocks are more than `limit` (the rows a change
    /// may log).
    /// Removed blocks carry their rows only (poses and extents are filled in
    /// by the caller). One walk of both orders: O(rows), marks in arrays
    /// (a first binding inserts every row: hashing them cost more).
    private static func blocks(
        old: [Int], new: [Int], rowCount: Int, inserted: [Int], removed: [Int], limit: Int
    ) -> [(inserted: [Int], removed: [Int], at: Int)]? {
        guard old.count - removed.count + inserted.count == new.count else { return nil }
        var isInserted = [Bool](repeating: false, count: rowCount)
        var isRemoved = [Bool](repeating: false, count: rowCount)
        for row in inserted where row < rowCount { isInserted[row] = true }
        for row in removed where row < rowCount { isRemoved[row] = true }
        var out: [(inserted: [Int], removed: [Int], at: Int)] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, isRemoved[old[i]] {
                var block: (inserted: [Int], removed: [Int], at: Int) = ([], [], j)
                while i < old.count, isRemoved[old[i]] {
                    block.removed.append(old[i])
                    i += 1
                }
                out.append(block)
            } else if j < new.count, isInserted[new[j]] {
                var block: (inserted: [Int], removed: [Int], at: Int) = ([], [], j)
                while j < new.count, isInserted[new[j]] {
                    block.inserted.append(new[j])
                    j += 1
                }
                out.append(block)
            } else {
                guard i < old.count, j < new.count, old[i] == new[j] else { return nil }
                i += 1
                j += 1
            }
            if out.count > limit { return nil }
        }
        return out
    }

    /// Adds the state each row from `start` on reads to `readers` (and
    /// room for state slots the model gained); rows of `blocks` whose
    /// template row reads none are not looked at.
    private mutating func addReaders(ofRowsFrom start: Int, blocks: [MadeBlocks]) {
        let model = screen.model
        makeRoomForEveryStateSlot()
        let code = model.expressions.code
        var block = 0
        for index in start..<model.rows.count {
            while block < blocks.count, blocks[block].rows.upperBound <= index { block += 1 }
            if block < blocks.count, let local = blocks[block].templateRow(of: index), !blocks[block].readsState[local] { continue }
            for slot in Self.slots(readBy: model.rows[index], code: code) where slot < readers.count { readers[slot].append(index) }
        }
        dependencyRows = model.rows.count
    }
}

extension ResolvedScreen {
    /// Room for the facts of `count` rows in all and an eighth more,
    /// growing geometrically (reserving exactly, splice after splice, would
    /// copy every time; a first binding's exact room, at the next push).
    mutating func reserveCapacity(_ count: Int) {
        guard specs.capacity < count else { return }
        let count = max(count + count / 8, specs.capacity * 2)
        specs.reserveCapacity(count)
        insets.reserveCapacity(count)
        separators.reserveCapacity(count)
        contents.reserveCapacity(count)
        nested.reserveCapacity(count)
    }

    /// Adds to the next row the facts of row `row`.
    mutating func append(copyOf row: Int) {
        specs.append(specs[row])
        insets.append(copyOf: row)
        separators.append(copyOf: row)
        contents.append(copyOf: row)
        nested.append(nested[row])
    }

    /// Adds the facts of the next row.
    mutating func append(_ facts: RowFacts) {
        specs.append(facts.spec)
        insets.append(facts.insets)
        separators.append(facts.separator)
        contents.append(facts.content)
        nested.append(facts.nested)
    }
}
