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
        // One buffer for each candidate's normalized bytes and one for the
        // three rows of the distance table, reused: a check of 1,000
        // unknown names against 2,000 states each made ten million small
        // arrays, most of the time it took.
        var other: [UInt8] = []
        other.reserveCapacity(maximumLength)
        var rows = [Int](repeating: 0, count: 3 * (maximumLength + 1))
        for candidate in candidates where candidate != name {
            compared += 1
            if compared > maximumCandidates { break }
            let length = candidate.utf8.count
            // Normalizing only drops bytes, so a candidate already too short
            // by its length is too short after.
            if length > maximumLength || length < target.count - limit { continue }
            normalize(candidate, into: &other)
            if abs(other.count - target.count) > limit { continue }
            let distance = rows.withUnsafeMutableBufferPointer { editDistance(target, other, limit: limit, rows: $0) }
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
        var bytes: [UInt8] = []
        normalize(name, into: &bytes)
        return bytes
    }

    /// `normalized(name)`, written over `bytes`.
    static func normalize(_ name: String, into bytes: inout [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        for byte in name.utf8 where byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
            bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
        }
    }

    /// Edit distance counting insertions, deletions, substitutions and
    /// swaps of neighbours (`lable` → `label` is one edit), giving up with
    /// `limit + 1` once it must exceed `limit`. `rows` holds at least
    /// `3 * (b.count + 1)` integers, used as scratch.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int, rows: UnsafeMutableBufferPointer<Int>) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let width = b.count + 1
        precondition(rows.count >= 3 * width, "the scratch rows are too short")
        // Rows i - 2, i - 1 and i of the table, rotating through `rows`.
        var beforePrevious = 0, previous = width, row = 2 * width
        for j in 0...b.count { rows[previous + j] = j }
        for i in 1...a.count {
            rows[row] = i
            var smallest = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(rows[previous + j] + 1, rows[row + j - 1] + 1, rows[previous + j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, rows[beforePrevious + j - 2] + 1)
                }
                rows[row + j] = value
                smallest = min(smallest, value)
            }
            if smallest > limit { return limit + 1 }
            (beforePrevious, previous, row) = (previous, row, beforePrevious)
        }
        return rows[previous + b.count]
    }
}
