// The screen's own rows in order, each with its extent along the screen's
// axis and its term in the stack's length (extent + spacing, 0 when
// hidden): what the live layout reads to place a row and to find the rows
// in a window, and what a splice changes.
//
// Rows live in blocks of at most `maximumBlock`, in order. Each block keeps
// prefix sums of its terms and of its visible rows; the blocks' counts,
// totals and visible counts have prefix sums of their own, by the block's
// slot in the order. Every row knows its block and its offset in it. So a
// row's place, the row at a place, where a place starts, where a running
// length passes an offset, and a new extent for one row are O(log n), and
// k rows in or out at one place are O(k + B + log n) (B the block size).
// A block that grows past `maximumBlock` splits, and blocks that empty are
// dropped; either renumbers the slots (O(n / B)), which happens at most
// once per B/2 rows added or once per block emptied.

/// The screen's own rows in order with their extents and terms; see the
/// top of this file for the costs.
struct RowSequence: Sendable {
    /// One row with its extent, its term in the stack's length, and whether it shows.
    struct Entry: Equatable, Sendable {
        var row: Int
        var extent: Double
        var term: Double
        var visible: Bool
    }

    /// A block grows to this many rows, then splits.
    static let maximumBlock = 512
    /// Rows per block when blocks are made afresh (room for the block to grow).
    static let fillBlock = 256

    /// A block's columns live in one box, copied when a block shared with
    /// a copy of the sequence is written: copying the sequence (a change
    /// made on a copy of the screen) then costs a reference a block, not six.
    private struct Block: Sendable {
        /// Written only when uniquely referenced (`unique()` makes sure),
        /// so shared between copies, and threads, safely; no access to it
        /// overlaps another.
        private final class Columns: @unchecked Sendable {
            @exclusivity(unchecked) var rows: [Int32] = []
            @exclusivity(unchecked) var extents: [Double] = []
            @exclusivity(unchecked) var terms: [Double] = []
            @exclusivity(unchecked) var visible: [Bool] = []
            @exclusivity(unchecked) var termSums = PrefixSums([])
            @exclusivity(unchecked) var visibleSums = PrefixSums([])

            init() {}

            func copy() -> Columns {
                let copy = Columns()
                copy.rows = rows
                copy.extents = extents
                copy.terms = terms
                copy.visible = visible
                copy.termSums = termSums
                copy.visibleSums = visibleSums
                return copy
            }
        }

        private var columns = Columns()

        /// The box, copied first if another sequence shares it.
        private mutating func unique() {
            if !isKnownUniquelyReferenced(&columns) { columns = columns.copy() }
        }

        var rows: [Int32] {
            get { columns.rows }
            _modify { unique(); yield &columns.rows }
        }
        var extents: [Double] {
            get { columns.extents }
            _modify { unique(); yield &columns.extents }
        }
        var terms: [Double] {
            get { columns.terms }
            _modify { unique(); yield &columns.terms }
        }
        var visible: [Bool] {
            get { columns.visible }
            _modify { unique(); yield &columns.visible }
        }
        var termSums: PrefixSums {
            get { columns.termSums }
            _modify { unique(); yield &columns.termSums }
        }
        var visibleSums: PrefixSums {
            get { columns.visibleSums }
            _modify { unique(); yield &columns.visibleSums }
        }

        init<C: Collection>(_ entries: C) where C.Element == Entry {
            // The box was just made: filled directly, without asking at
            // each append whether another block shares it.
            let columns = columns
            columns.rows.reserveCapacity(entries.count)
            columns.extents.reserveCapacity(entries.count)
            columns.terms.reserveCapacity(entries.count)
            columns.visible.reserveCapacity(entries.count)
            for entry in entries {
                columns.rows.append(Int32(truncatingIfNeeded: entry.row))
                columns.extents.append(entry.extent)
                columns.terms.append(entry.term)
                columns.visible.append(entry.visible)
            }
            resum()
        }

        var count: Int { rows.count }

        func entry(_ offset: Int) -> Entry {
            Entry(row: Int(rows[offset]), extent: extents[offset], term: terms[offset], visible: visible[offset])
        }

        mutating func resum() {
            termSums = PrefixSums(terms)
            visibleSums = PrefixSums(visible.map { $0 ? 1 : 0 })
        }

        mutating func insert(_ entries: [Entry], at offset: Int) {
            rows.insert(contentsOf: entries.map { Int32(truncatingIfNeeded: $0.row) }, at: offset)
            extents.insert(contentsOf: entries.map(\.extent), at: offset)
            terms.insert(contentsOf: entries.map(\.term), at: offset)
            visible.insert(contentsOf: entries.map(\.visible), at: offset)
            resum()
        }

        mutating func removeSubrange(_ range: Range<Int>) {
            rows.removeSubrange(range)
            extents.removeSubrange(range)
            terms.removeSubrange(range)
            visible.removeSubrange(range)
            resum()
        }
    }

    /// Blocks by id; `order` lists the ids in order, `slotOf` gives each id's slot.
    private var blocks: [Block] = []
    private var order: [Int32] = []
    private var slotOf: [Int32] = []
    private var freeIDs: [Int32] = []
    /// Row → the id of its block (-1: not listed), and its offset there;
    /// in pages, so that a copy that lists a row copies a page or two.
    private var places = RowPlaces()
    /// By slot: the blocks' row counts, term totals and visible counts.
    private var counts = PrefixSums([])
    private var sums = PrefixSums([])
    private var visibles = PrefixSums([])
    /// How many rows are listed.
    private(set) var count = 0
    /// Drawn at random each time the order changes: two sequences with
    /// the same stamp list the same rows (one is a copy of the other, its
    /// extents changed at most), see `sameOrder(as:)`.
    private var stamp: UInt64 = 0

    /// No rows.
    init() {}

    /// `entries`, in order.
    init(_ entries: [Entry]) {
        replace(with: entries)
    }

    /// Lists `entries` instead of the rows listed now: O(n).
    mutating func replace(with entries: [Entry]) {
        stamp = UInt64.random(in: 1...UInt64.max)
        blocks = []
        order = []
        freeIDs = []
        places.unlistAll()
        var start = 0
        while start < entries.count {
            let end = min(entries.count, start + Self.fillBlock)
            order.append(makeBlock(entries[start..<end]))
            start = end
        }
        count = entries.count
        renumber()
    }

    /// Whether `other` lists the same rows in the same order: O(1) when
    /// one is the other changed in place of nothing but extents, else O(n).
    func sameOrder(as other: RowSequence) -> Bool {
        if stamp == other.stamp { return true }
        guard count == other.count else { return false }
        return rows == other.rows
    }

    // MARK: Reading

    /// How many pages of the rows' places this and `other` share, of how
    /// many (for tests of copies).
    func placePagesShared(with other: RowSequence) -> (shared: Int, of: Int) {
        places.pagesShared(with: other.places)
    }

    /// How many blocks hold the rows (for tests of splitting).
    var blockCount: Int { order.count }

    /// The rows in order: O(n).
    var rows: [Int] {
        var out: [Int] = []
        out.reserveCapacity(count)
        for id in order {
            for row in blocks[Int(id)].rows { out.append(Int(row)) }
        }
        return out
    }

    /// Every entry in order, with its place: O(n).
    func forEach(_ body: (Int, Entry) -> Void) {
        var place = 0
        for id in order {
            let block = blocks[Int(id)]
            for offset in 0..<block.count {
                body(place, block.entry(offset))
                place += 1
            }
        }
    }

    /// Calls `body` with each place from `place` on, its entry, and the sum
    /// of the terms before it — the very number `prefix(_:)` gives, not a
    /// running sum, which rounds differently — until `body` returns false:
    /// O(log n) to start, then O(log B) a row, where a loop over places
    /// would locate each.
    func walk(from place: Int, _ body: (_ place: Int, _ entry: Entry, _ before: Double) -> Bool) {
        guard place >= 0, place < count else { return }
        var (slot, offset) = locate(place)
        var at = place
        while slot < order.count {
            let block = blocks[Int(order[slot])]
            while offset < block.count {
                if !body(at, block.entry(offset), sum(slot: slot, offset: offset)) { return }
                at += 1
                offset += 1
            }
            slot += 1
            offset = 0
        }
    }

    /// The row at `place` (0 ..< count): O(log n).
    subscript(place: Int) -> Int {
        let (slot, offset) = locate(place)
        return Int(blocks[Int(order[slot])].rows[offset])
    }

    /// The entry at `place` (0 ..< count): O(log n).
    func entry(at place: Int) -> Entry {
        let (slot, offset) = locate(place)
        return blocks[Int(order[slot])].entry(offset)
    }

    /// Whether `row` is listed: O(1).
    func contains(_ row: Int) -> Bool { places.contains(row) }

    /// The place of `row`, nil when it is not listed: O(log n).
    func place(of row: Int) -> Int? {
        guard contains(row) else { return nil }
        let at = places[row]
        return Int(counts.prefix(Int(slotOf[Int(at.block)]))) + Int(at.offset)
    }

    /// The entry of listed row `row`: O(1).
    func entry(ofRow row: Int) -> Entry {
        let at = places[row]
        return blocks[Int(at.block)].entry(Int(at.offset))
    }

    /// For listed row `row`: the sum of the terms before it (the very
    /// number `prefix(_:)` gives for its place) and whether a row before it
    /// shows — O(log n), its place found from its block, not searched for.
    func before(row: Int) -> (sum: Double, anyVisible: Bool) {
        let at = places[row]
        let id = Int(at.block), offset = Int(at.offset)
        let slot = Int(slotOf[id])
        guard slot > 0 || offset > 0 else { return (0, false) }
        return (sum(slot: slot, offset: offset), visibleCount(slot: slot, offset: offset) > 0.5)
    }

    /// The last row that shows: O(log n).
    func lastVisibleRow() -> Int? {
        let total = visibles.total
        guard total > 0.5 else { return nil }
        let slot = visibles.firstExceeding(total - 0.5)
        guard slot < order.count else { return nil }
        let id = Int(order[slot])
        let offset = blocks[id].visibleSums.firstExceeding(blocks[id].visibleSums.total - 0.5)
        return offset < blocks[id].count ? Int(blocks[id].rows[offset]) : nil
    }

    /// The sum of the terms of places `0 ..< end`: O(log n).
    func prefix(_ end: Int) -> Double {
        guard end > 0 else { return 0 }
        guard end < count else { return total }
        let (slot, offset) = locate(end)
        return sum(slot: slot, offset: offset)
    }

    /// The sum of every term.
    var total: Double { sums.total }

    /// Whether any row shows.
    var anyVisible: Bool { visibles.total > 0.5 }

    /// How many rows before `place` show: O(log n).
    func visibleCount(before place: Int) -> Int {
        guard place > 0 else { return 0 }
        guard place < count else { return Int(visibles.total.rounded()) }
        let (slot, offset) = locate(place)
        return Int(visibleCount(slot: slot, offset: offset).rounded())
    }

    /// Whether a row before `place` shows: O(log n).
    func anyVisible(before place: Int) -> Bool {
        guard place > 0 else { return false }
        guard place < count else { return anyVisible }
        let (slot, offset) = locate(place)
        return visibleCount(slot: slot, offset: offset) > 0.5
    }

    /// The first place whose running sum of terms (through it) exceeds
    /// `target`; `count` if none does: O(log n).
    func firstExceeding(_ target: Double) -> Int {
        let slot = sums.firstExceeding(target)
        guard slot < order.count else { return count }
        let block = blocks[Int(order[slot])]
        let offset = block.termSums.firstExceeding(target - sums.prefix(slot))
        return Int(counts.prefix(slot)) + min(offset, block.count)
    }

    // MARK: Changing

    /// Gives listed row `row` a new extent, term and visibility: O(log n).
    mutating func set(_ extent: Double, term: Double, visible: Bool, ofRow row: Int) {
        let at = places[row]
        let id = Int(at.block), offset = Int(at.offset)
        let slot = Int(slotOf[id])
        let oldTerm = blocks[id].terms[offset]
        if term != oldTerm {
            blocks[id].terms[offset] = term
            blocks[id].termSums.add(term - oldTerm, at: offset)
            sums.add(term - oldTerm, at: slot)
        }
        if blocks[id].visible[offset] != visible {
            blocks[id].visible[offset] = visible
            blocks[id].visibleSums.add(visible ? 1 : -1, at: offset)
            visibles.add(visible ? 1 : -1, at: slot)
        }
        blocks[id].extents[offset] = extent
    }

    /// Lists `entries` (rows not listed) from `place` (0 ... count) on.
    mutating func insert(_ entries: [Entry], at place: Int) {
        guard !entries.isEmpty else { return }
        stamp = UInt64.random(in: 1...UInt64.max)
        count += entries.count
        guard !order.isEmpty else {
            replaceBlocks(in: 0..<0, with: entries[...])
            return
        }
        let (slot, offset) = place >= count - entries.count ? (order.count - 1, blocks[Int(order.last!)].count) : locate(place)
        let id = Int(order[slot])
        guard blocks[id].count + entries.count <= Self.maximumBlock else {
            var merged = (0..<blocks[id].count).map { blocks[id].entry($0) }
            merged.insert(contentsOf: entries, at: offset)
            replaceBlocks(in: slot..<(slot + 1), with: merged[...])
            return
        }
        let before = totals(of: id)
        blocks[id].insert(entries, at: offset)
        index(id, from: offset)
        adjust(slot, from: before, to: totals(of: id))
    }

    /// Takes the rows at `range` out (the part of it within 0 ..< count); returns their entries.
    @discardableResult
    mutating func remove(_ range: Range<Int>) -> [Entry] {
        let lower = min(max(0, range.lowerBound), count)
        let range = lower..<max(lower, min(count, range.upperBound))
        guard !range.isEmpty else { return [] }
        stamp = UInt64.random(in: 1...UInt64.max)
        var removed: [Entry] = []
        removed.reserveCapacity(range.count)
        var (slot, offset) = locate(range.lowerBound)
        var left = range.count
        var emptied = false
        while left > 0, slot < order.count {
            let id = Int(order[slot])
            let take = min(left, blocks[id].count - offset)
            for at in offset..<(offset + take) {
                removed.append(blocks[id].entry(at))
                places.unlist(Int(blocks[id].rows[at]))
            }
            let before = totals(of: id)
            blocks[id].removeSubrange(offset..<(offset + take))
            if blocks[id].count == 0 {
                emptied = true
            } else {
                index(id, from: offset)
                adjust(slot, from: before, to: totals(of: id))
            }
            left -= take
            slot += 1
            offset = 0
        }
        count -= removed.count
        if emptied {
            for id in order where blocks[Int(id)].count == 0 {
                freeIDs.append(id)
                blocks[Int(id)] = Block([])
            }
            order.removeAll { blocks[Int($0)].count == 0 }
            renumber()
        }
        // Many small blocks (most rows removed): made again, full.
        if order.count > 8 + 2 * count / Self.fillBlock {
            var all: [Entry] = []
            all.reserveCapacity(count)
            forEach { all.append($1) }
            replace(with: all)
        }
        return removed
    }

    // MARK: Blocks

    /// The sum of the terms before offset `offset` of block `slot`: every
    /// query's one way of adding them, so that they agree to the bit.
    private func sum(slot: Int, offset: Int) -> Double {
        sums.prefix(slot) + blocks[Int(order[slot])].termSums.prefix(offset)
    }

    /// How many rows show before offset `offset` of block `slot`.
    private func visibleCount(slot: Int, offset: Int) -> Double {
        visibles.prefix(slot) + blocks[Int(order[slot])].visibleSums.prefix(offset)
    }

    /// The slot of the block holding `place` (0 ..< count) and the place's offset in it.
    private func locate(_ place: Int) -> (slot: Int, offset: Int) {
        let slot = min(counts.firstExceeding(Double(place)), max(0, order.count - 1))
        return (slot, place - Int(counts.prefix(slot)))
    }

    /// A block of `entries`, its rows told where they are; returns its id.
    private mutating func makeBlock(_ entries: ArraySlice<Entry>) -> Int32 {
        let id: Int32
        if let free = freeIDs.popLast() {
            id = free
            blocks[Int(id)] = Block(entries)
        } else {
            id = Int32(blocks.count)
            blocks.append(Block(entries))
        }
        index(Int(id), from: 0)
        return id
    }

    /// Tells the rows of block `id` from `offset` on where they are.
    private mutating func index(_ id: Int, from offset: Int) {
        let rows = blocks[id].rows
        if let highest = rows.max() { places.makeRoom(for: Int(highest)) }
        places.place(rows, from: offset, inBlock: Int32(id))
    }

    /// The slots `slots` replaced by blocks of `entries`, the slots renumbered.
    private mutating func replaceBlocks(in slots: Range<Int>, with entries: ArraySlice<Entry>) {
        for slot in slots { freeIDs.append(order[slot]) }
        var made: [Int32] = []
        var start = entries.startIndex
        while start < entries.endIndex {
            let end = min(entries.endIndex, start + Self.fillBlock)
            made.append(makeBlock(entries[start..<end]))
            start = end
        }
        order.replaceSubrange(slots, with: made)
        renumber()
    }

    /// Slots, and the sums by slot, from `order`: O(n / B).
    private mutating func renumber() {
        slotOf = [Int32](repeating: -1, count: blocks.count)
        for (slot, id) in order.enumerated() { slotOf[Int(id)] = Int32(slot) }
        counts = PrefixSums(order.map { Double(blocks[Int($0)].count) })
        sums = PrefixSums(order.map { blocks[Int($0)].termSums.total })
        visibles = PrefixSums(order.map { blocks[Int($0)].visibleSums.total })
    }

    private func totals(of id: Int) -> (count: Double, sum: Double, visible: Double) {
        (Double(blocks[id].count), blocks[id].termSums.total, blocks[id].visibleSums.total)
    }

    /// The sums by slot told that block `slot`'s totals went from `before` to `after`.
    private mutating func adjust(
        _ slot: Int, from before: (count: Double, sum: Double, visible: Double), to after: (count: Double, sum: Double, visible: Double)
    ) {
        if after.count != before.count { counts.add(after.count - before.count, at: slot) }
        if after.sum != before.sum { sums.add(after.sum - before.sum, at: slot) }
        if after.visible != before.visible { visibles.add(after.visible - before.visible, at: slot) }
    }
}
