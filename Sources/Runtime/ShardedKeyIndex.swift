// A screen's rows by id, and a bound list's elements by key, for a screen
// that is copied and then changed. `HostSession.change(at:)` changes a copy
// of the live screen; a row (or an element) inserted or removed there adds
// or frees an id (a key), and in one `KeyIndex` that
// copied the whole table the copy shared with the screen before (its keys,
// places and buckets: 28 MB at a million rows). Split by the keys' hashes
// into tables of about 2,048 keys, a copy shares them all, and a write
// copies the list of tables and the one table the key falls in.

/// `KeyIndex` split into shards by the high bits of each key's hash, so
/// that a copy that adds or removes a key copies one shard. The shards
/// are counted for the keys the index is made for, and counted again by
/// `reserveCapacity` when it is asked for far more; otherwise an index
/// that grows keeps working, its shards larger.
package struct ShardedKeyIndex: Sendable {
    private var shards: [KeyIndex]
    /// The shards' seed: each key hashed here, not through a shard (read
    /// out of the array, a shard was copied — three retains and releases —
    /// for every key).
    private let seed: UInt64
    /// 64 minus log2 of the shard count: a key's shard is `hash >> shift`.
    private let shift: UInt64
    /// Live keys in all shards.
    package private(set) var count = 0

    /// Keys a shard holds when the index is full to `minimumCapacity`.
    static var keysPerShard: Int { 2048 }

    package init(minimumCapacity: Int = 0) {
        var shardCount = 1
        var bits: UInt64 = 0
        while shardCount * Self.keysPerShard < minimumCapacity && shardCount < 4096 {
            shardCount *= 2
            bits += 1
        }
        let first = KeyIndex(minimumCapacity: minimumCapacity / shardCount)
        shards = [first] + (1..<shardCount).map { _ in KeyIndex(minimumCapacity: minimumCapacity / shardCount, hashingAs: first) }
        seed = first.hashSeed
        shift = 64 - bits
    }

    /// Room for `capacity` keys: more shards, every key hashed again (O(n),
    /// at most once each time the keys outgrow their shards fourfold),
    /// when the shards were made for far fewer — a screen that binds
    /// 100,000 rows to a list after it was made. Otherwise nothing: each
    /// shard grows by itself, and reserving room in shards a copy shares
    /// would copy them.
    package mutating func reserveCapacity(_ capacity: Int) {
        guard capacity > shards.count * Self.keysPerShard * 4, shards.count < 4096 else { return }
        var bigger = ShardedKeyIndex(minimumCapacity: capacity)
        for shard in shards { shard.forEachEntry { key, value in bigger.updateValue(value, forKey: key) } }
        self = bigger
    }

    /// How many shards this index and `other` hold in the same memory (for
    /// tests: a copy that adds or removes a key shares every shard but one).
    func shardsShared(with other: ShardedKeyIndex) -> (shared: Int, of: Int) {
        (zip(shards, other.shards).count { $0.0.sharesStorage(with: $0.1) }, shards.count)
    }

    /// `key`'s hash, and the shard it falls in.
    private func locate(_ key: String) -> (shard: Int, hash: UInt64) {
        let code = KeyIndex.hash(key, seed: seed)
        // A shift by 64 (one shard) is 0 with the masking shift.
        return (shift == 64 ? 0 : Int(truncatingIfNeeded: code &>> shift), code)
    }

    /// The value of `key`, or nil.
    package subscript(key: String) -> Int? {
        guard count > 0 else { return nil }
        let (shard, code) = locate(key)
        return shards[shard].value(forKey: key, hash: code)
    }

    /// Sets `key` to `value`; returns the value it had, or nil.
    @discardableResult
    package mutating func updateValue(_ value: Int, forKey key: String) -> Int? {
        let (shard, code) = locate(key)
        let old = shards[shard].updateValue(value, forKey: key, hash: code)
        if old == nil { count += 1 }
        return old
    }

    /// Takes `key` out; returns its value, or nil.
    @discardableResult
    package mutating func removeValue(forKey key: String) -> Int? {
        let (shard, code) = locate(key)
        let old = shards[shard].removeValue(forKey: key, hash: code)
        if old != nil { count -= 1 }
        return old
    }
}
