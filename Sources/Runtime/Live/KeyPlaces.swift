// Where each element of a bound list is, by key. Inserting or removing one
// element moves every element after it by one place: renumbering them in a
// table of 100,000 keys re-hashed each key. Instead each key names a token
// that stays with its element, and the tokens stand in order in a
// `RowSequence` (with no extents), which answers a token's place and takes
// one in or out in O(log n). The tokens of removed keys are used again.

/// Places by key, kept up to date by single inserts and removals in
/// O(log n), looked up in O(log n).
struct KeyPlaces: Sendable {
    /// Key → token; in shards, so that a copy of the places (a screen
    /// changed through `HostSession.change(at:)`) that takes a key in or
    /// out copies one shard, not every key.
    private var table: ShardedKeyIndex
    /// The tokens in the order of the list.
    private var order: RowSequence
    /// Tokens free for the next key, and the first never used.
    private var freeTokens: [Int] = []
    private var nextToken: Int

    /// Places by key from a table of places `0 ..< table.count` by key
    /// (each place once, as a reader of unique keys makes it).
    init(_ table: ShardedKeyIndex = ShardedKeyIndex()) {
        self.init(table: table, count: table.count)
    }

    /// The places of `keys`, in order (the first of a repeated key).
    init(keys: [String]) {
        var fresh = ShardedKeyIndex(minimumCapacity: keys.count)
        for (place, key) in keys.enumerated() where fresh[key] == nil { fresh.updateValue(place, forKey: key) }
        self.init(table: fresh, count: keys.count)
    }

    /// `table`'s values are places, and the first tokens: token p stands at place p.
    private init(table: ShardedKeyIndex, count: Int) {
        self.table = table
        order = RowSequence((0..<count).map { Self.entry($0) })
        nextToken = count
    }

    /// How many shards of the key table this and `other` share, of how
    /// many (for tests of copies).
    func shardsShared(with other: KeyPlaces) -> (shared: Int, of: Int) {
        table.shardsShared(with: other.table)
    }

    private static func entry(_ token: Int) -> RowSequence.Entry { RowSequence.Entry(row: token, extent: 0, term: 0, visible: false) }

    /// The place of the element with `key`, or nil.
    subscript(key: String) -> Int? {
        guard let token = table[key] else { return nil }
        return order.place(of: token)
    }

    /// An element with `key` went in at `place`. (Keys are unique: a key
    /// put in again names the new element, the old one keeps its place.)
    mutating func insert(_ key: String, at place: Int) {
        let token = freeTokens.popLast() ?? nextToken
        if token == nextToken { nextToken += 1 }
        table.updateValue(token, forKey: key)
        order.insert([Self.entry(token)], at: min(max(0, place), order.count))
    }

    /// The element with `key`, at `place`, went out.
    mutating func remove(_ key: String, at place: Int) {
        let token = table.removeValue(forKey: key)
        guard let at = token.flatMap({ order.place(of: $0) }) ?? (place >= 0 && place < order.count ? place : nil) else { return }
        order.remove(at..<(at + 1))
        if let token { freeTokens.append(token) }
    }
}
