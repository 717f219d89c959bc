// The binary search the animation code asks of its ordered tables (segments
// by place, runs by place, track ends by time): where a condition that is
// false for a prefix becomes true.

extension RandomAccessCollection where Index == Int {
    /// The first index whose element `belongs` — false for every element
    /// before it, true from it on — or `endIndex` if none: O(log n).
    func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The index of the last element that `isAtOrBefore` holds for (true
    /// for a prefix, false after it), nil if none: O(log n).
    func lastIndex(atOrBefore isAtOrBefore: (Element) -> Bool) -> Int? {
        let end = partitioningIndex { !isAtOrBefore($0) }
        return end > startIndex ? end - 1 : nil
    }
}
