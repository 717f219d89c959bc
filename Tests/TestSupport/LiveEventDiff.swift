// The events a change to a live screen should cause, derived by diffing two
// full layouts; and event lists compared with a tolerance for positions
// summed in a different order.

import StackRuntime

package enum LiveEventDiff {
    /// Equal events, numbers equal to a millionth (positions summed in a
    /// different order differ in the last bits).
    package static func same(_ a: [LiveEvent], _ b: [LiveEvent]) -> Bool {
        func near(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-6 * max(1, abs(x)) }
        func near(_ x: Visibility, _ y: Visibility) -> Bool {
            if case .partial(let p) = x, case .partial(let q) = y { return near(p, q) }
            return x == y
        }
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { x, y in
            switch (x, y) {
            case (.rowBecameVisible(let r, let v), .rowBecameVisible(let s, let w)),
                (.rowBecameHidden(let r, let v), .rowBecameHidden(let s, let w)):
                return r == s && near(v, w)
            case (.layoutUpdated, .layoutUpdated): return true
            case (.rowInserted(let r), .rowInserted(let s)), (.rowRemoved(let r), .rowRemoved(let s)): return r == s
            case (.contentSizeChanged(let o, let n), .contentSizeChanged(let p, let q)): return near(o, p) && near(n, q)
            case (.didScroll(let o), .didScroll(let p)): return near(o, p)
            default: return false
            }
        }
    }

    /// The events a change should cause, from two full layouts.
    /// `slidBefore`/`slidAfter`: how far snap-hide rows had slid (the live
    /// screen's `slideOffsets`): visibility goes by where rows are drawn.
    package static func expectedEvents(
        _ before: ScreenLayout, _ offsetBefore: Double, _ after: ScreenLayout, _ offsetAfter: Double,
        slidBefore: [Int: Double] = [:], slidAfter: [Int: Double] = [:]
    ) -> [LiveEvent] {
        var events: [LiveEvent] = []
        let was = Set(before.presentedVisibleRows(offset: offsetBefore, slid: slidBefore))
        let now = Set(after.presentedVisibleRows(offset: offsetAfter, slid: slidAfter))
        for row in was.union(now).sorted() {
            if now.contains(row), !was.contains(row) {
                events.append(.rowBecameVisible(row: RowKey(row), visibility: after.presentedVisibility(of: row, offset: offsetAfter, slid: slidAfter)))
            } else if was.contains(row), !now.contains(row) {
                events.append(.rowBecameHidden(row: RowKey(row), visibility: after.presentedVisibility(of: row, offset: offsetAfter, slid: slidAfter)))
            }
        }
        let moved = (0..<before.rowCount).contains { row in
            let a = before.frame(of: row)
            let b = after.frame(of: row)
            return abs(a.x - b.x) > 1e-9 || abs(a.y - b.y) > 1e-9 || abs(a.width - b.width) > 1e-9 || abs(a.height - b.height) > 1e-9
        }
        // Rows added, taken out or reordered change the layout too.
        if moved || before.rowCount != after.rowCount || before.rows != after.rows { events.append(.layoutUpdated) }
        if abs(before.contentHeight - after.contentHeight) > 1e-9 {
            events.append(.contentSizeChanged(old: before.contentHeight, new: after.contentHeight))
        }
        if abs(offsetBefore - offsetAfter) > 1e-9 { events.append(.didScroll(offset: offsetAfter)) }
        return events
    }
}
