// "Did you mean …?" — the closest known name by edit distance.

public enum Suggestions {
    /// The candidate nearest to `name`, if it is close enough to be a typo:
    /// at most a third of the name's length in edits (and at least one).
    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased().utf8)
        let limit = max(1, target.count / 3)
        var best: (String, Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(target, Array(candidate.lowercased().utf8), limit: limit)
            if distance <= limit, distance < (best?.1 ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(1, a.count) where !a.isEmpty {
            row[0] = i
            var smallest = row[0]
            for j in 1...max(1, b.count) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                smallest = min(smallest, row[j])
            }
            if smallest > limit { return limit + 1 }
            swap(&previous, &row)
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
