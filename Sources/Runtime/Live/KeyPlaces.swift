// Where each element of a bound list is, by key. Inserting or removing one
// element moves every element after it by one place; renumbering them in a
// table of 100,000 keys re-hashed each key (a fifth of inserting one
// element). Instead the table keeps the places it was built with, and the
// moves since are kept as a short list of shifts applied when a key is
// looked up; the table is built afresh once the list is long.

/// Places by key, kept up to date by single inserts and removals in O(1)
/// (amortised), looked up in O(shifts).
struct KeyPlaces: Sendable {
    /// Places when the table was built (or, for keys added since, when added).
    private var table: KeyIndex
    /// For keys added since the table was built: how many shifts there were
    /// before them (those do not apply to them).
    private var addedAfter: [String: Int] = [:]
    /// Each insert or removal since the table was built: places from `at`
    /// on moved `by` one.
    private var shifts: [(at: Int, by: Int)] = []

    /// More shifts than this and the table is built again: a lookup costs
    /// at most this many comparisons; building costs one hash a key.
    static let maximumShifts = 64

    init(_ table: KeyIndex = KeyIndex()) {
        self.table = table
    }

    /// The place of the element with `key`, or nil.
    subscript(key: String) -> Int? {
        guard var place = table[key] else { return nil }
        if shifts.isEmpty { return place }
        for shift in shifts[(addedAfter.isEmpty ? 0 : addedAfter[key] ?? 0)...] where place >= shift.at { place += shift.by }
        return place
    }

    /// An element with `key` went in at `place`.
    mutating func insert(_ key: String, at place: Int) {
        shifts.append((place, 1))
        table.updateValue(place, forKey: key)
        addedAfter[key] = shifts.count
    }

    /// The element with `key`, at `place`, went out.
    mutating func remove(_ key: String, at place: Int) {
        table.removeValue(forKey: key)
        addedAfter[key] = nil
        shifts.append((place + 1, -1))
    }

    /// Whether the shifts are many enough to build the table again.
    var needsSettling: Bool { shifts.count > Self.maximumShifts }

    /// The places of `keys`, in order (the first of a repeated key).
    init(keys: [String]) {
        var fresh = KeyIndex(minimumCapacity: keys.count)
        for (place, key) in keys.enumerated() where fresh[key] == nil { fresh.updateValue(place, forKey: key) }
        self.init(fresh)
    }
}
