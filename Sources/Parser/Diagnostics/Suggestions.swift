// "Did you mean …?" — the closest known name by edit distance.

public enum Suggestions {
    /// The candidate nearest to `name`, if it is close enough to be a typo:
    /// at most a third of the name's length in edits (and at least one).
    /// Names longer than this are not typos of anything: they get no
    /// suggestion, and candidates longer than this are not offered. This and
    /// `maximumCandidates` keep a file of long names from making the
    /// comparison quadratic in their length.
    public static let maximumLength = 64
    /// Only this many candidates are compared (the first ones given).
    public static let maximumCandidates = 2_000

    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        guard name.utf8.count <= maximumLength else { return nil }
        let target = normalized(name)
        let limit = max(1, target.count / 3)
        var best: (String, Int)?
        var compared = 0
        for candidate in candidates where candidate != name {
            compared += 1
            if compared > maximumCandidates { break }
            let length = candidate.utf8.count
            if length > maximumLength { continue }
            let other = normalized(candidate)
            if abs(other.count - target.count) > limit { continue }
            let distance = editDistance(target, other, limit: limit)
            if distance <= limit, distance < (best?.1 ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// A name as compared: lower case, without `-` and `_`, so Swift's
    /// `easeInOut` finds `ease-in-out` and `hideLastSeparator` finds
    /// `hide-last-separator` at distance 0.
    static func normalized(_ name: String) -> [UInt8] {
        name.utf8.compactMap { byte in
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") { return nil }
            return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
        }
    }

    /// Edit distance counting insertions, deletions, substitutions and
    /// swaps of neighbours (`lable` → `label` is one edit), giving up with
    /// `limit + 1` once it must exceed `limit`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            var smallest = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                row[j] = value
                smallest = min(smallest, value)
            }
            if smallest > limit { return limit + 1 }
            (beforePrevious, previous, row) = (previous, row, beforePrevious)
        }
        return previous[b.count]
    }
}
