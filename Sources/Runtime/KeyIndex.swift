// Places by key — a bound list's elements by their keys, a screen's rows by
// their ids — for lists of 100,000 and more. A `[String: Int]` of that many
// keys takes 6 MB (a bucket of 24 bytes for each of 262,144 places) and
// SipHash for every key: binding 100,000 elements filled two of them, 3,000
// pages the process had never touched. This table keeps the keys once in an
// array and 4-byte entry numbers in its buckets (1 MB), hashing the keys'
// UTF-8 with a seeded multiply-and-xor hash: the seed comes from the
// standard library's per-process random hashing seed, so keys crafted to
// collide cannot be written in advance (and SWIFT_DETERMINISTIC_HASHING
// makes runs repeatable, as it does for dictionaries).

/// A table from string keys to places (integers from 0 to Int32.max), with
/// the keys kept in the order added. Keys are compared byte for byte. Not
/// a general dictionary.
package struct KeyIndex: Sendable {
    /// Every key added, in order; a removed key's entry stays (its value
    /// -1) until the table is built again.
    package private(set) var keys: [String] = []
    private var values: [Int32] = []
    /// Entry numbers, or `empty`, or `removed` (probing goes past it).
    private var buckets: [Int32] = []
    private var seed: UInt64
    /// Live keys.
    package private(set) var count = 0
    /// Buckets not `empty` (live and removed).
    private var used = 0

    private static let empty: Int32 = -1
    private static let removed: Int32 = -2

    package init(minimumCapacity: Int = 0) {
        var hasher = Hasher()
        hasher.combine(0x5EED as Int)
        seed = UInt64(bitPattern: Int64(hasher.finalize()))
        reserveCapacity(minimumCapacity)
    }

    /// An empty table hashing keys as `other` does: tables of one
    /// `ShardedKeyIndex` hash each key once, for all of them.
    package init(minimumCapacity: Int = 0, hashingAs other: KeyIndex) {
        seed = other.seed
        reserveCapacity(minimumCapacity)
    }

    /// Whether this table and `other` hold their keys in the same memory
    /// (for tests of copies).
    func sharesStorage(with other: KeyIndex) -> Bool {
        keys.sharesBuffer(with: other.keys)
    }

    /// Room for `capacity` keys without growing.
    package mutating func reserveCapacity(_ capacity: Int) {
        // Geometrically: an array reserved to one more than it holds is
        // copied whole, so reserving before each single insertion would
        // make every insertion O(n). An eighth more than asked: a list
        // bound at its size gets an element pushed next, and growing then
        // copies every key into memory the process never touched.
        if capacity > keys.capacity {
            let room = max(capacity + capacity / 8, keys.capacity * 2)
            keys.reserveCapacity(room)
            values.reserveCapacity(room)
        }
        if Self.bucketCount(for: capacity) > buckets.count { rebuild(buckets: Self.bucketCount(for: capacity)) }
    }

    /// The value of `key`, or nil.
    package subscript(key: String) -> Int? {
        // An empty table (a list bound for the first time) answers without hashing.
        guard count > 0 else { return nil }
        return value(forKey: key, hash: hash(key))
    }

    /// The value of `key`, whose `hash(_:)` is `code`, or nil.
    package func value(forKey key: String, hash code: UInt64) -> Int? {
        guard count > 0, let entry = find(key, hash: code).entry else { return nil }
        return Int(values[entry])
    }

    /// Sets `key` to `value`; returns the value it had, or nil (then the
    /// key is added, and stays in `keys` in the order added).
    @discardableResult
    package mutating func updateValue(_ value: Int, forKey key: String) -> Int? {
        updateValue(value, forKey: key, hash: hash(key))
    }

    /// `updateValue(_:forKey:)` of a key whose `hash(_:)` is `code`.
    @discardableResult
    package mutating func updateValue(_ value: Int, forKey key: String, hash code: UInt64) -> Int? {
        precondition(value >= 0 && value <= Int(Int32.max), "a place of \(value)")
        let found = find(key, hash: code)
        if let entry = found.entry {
            let old = Int(values[entry])
            values[entry] = Int32(truncatingIfNeeded: value)
            return old
        }
        if count + 1 > buckets.count / 4 * 3 || used + 1 > buckets.count / 8 * 7 {
            rebuild(buckets: max(Self.bucketCount(for: count + 1), buckets.count))
            return updateValue(value, forKey: key, hash: code)
        }
        let entry = Int32(keys.count)
        keys.append(key)
        values.append(Int32(truncatingIfNeeded: value))
        if buckets[found.bucket] == Self.empty { used += 1 }
        buckets[found.bucket] = entry
        count += 1
        return nil
    }

    /// Takes `key` out; returns its value, or nil.
    @discardableResult
    package mutating func removeValue(forKey key: String) -> Int? {
        removeValue(forKey: key, hash: hash(key))
    }

    /// `removeValue(forKey:)` of a key whose `hash(_:)` is `code`.
    @discardableResult
    package mutating func removeValue(forKey key: String, hash code: UInt64) -> Int? {
        let found = find(key, hash: code)
        guard let entry = found.entry else { return nil }
        let value = Int(values[entry])
        buckets[found.bucket] = Self.removed
        keys[entry] = ""
        values[entry] = -1
        count -= 1
        // Entries of removed keys are dropped once they are the most.
        if keys.count > 64 && keys.count > 2 * count { rebuild(buckets: buckets.count) }
        return value
    }

    /// Calls `body` with each live key and its value, in the order added.
    package func forEachEntry(_ body: (String, Int) -> Void) {
        for entry in keys.indices where values[entry] >= 0 { body(keys[entry], Int(values[entry])) }
    }

    /// A power of two with `count` keys at most three quarters full.
    private static func bucketCount(for count: Int) -> Int {
        var buckets = 16
        while buckets / 4 * 3 < count { buckets *= 2 }
        return buckets
    }

    /// The key's bucket if it is in the table (and its entry), else the
    /// bucket it would go in.
    private func find(_ key: String, hash code: UInt64) -> (bucket: Int, entry: Int?) {
        guard !buckets.isEmpty else { return (0, nil) }
        let mask = buckets.count - 1
        var bucket = Int(truncatingIfNeeded: code) & mask
        var firstRemoved: Int?
        while true {
            let entry = buckets[bucket]
            if entry == Self.empty { return (firstRemoved ?? bucket, nil) }
            if entry == Self.removed {
                if firstRemoved == nil { firstRemoved = bucket }
            } else if Self.same(keys[Int(entry)], key) {
                return (bucket, Int(entry))
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// Whether two keys are the same bytes. (`==` on strings says yes to
    /// canonically equivalent ones, `é` written as one scalar or two, whose
    /// bytes, and so hashes, differ; JSON keys are compared as sent.)
    private static func same(_ a: String, _ b: String) -> Bool {
        a == b && a.utf8.elementsEqual(b.utf8)
    }

    /// Puts the live entries in `count` fresh buckets, dropping removed ones.
    private mutating func rebuild(buckets count: Int) {
        var liveKeys: [String] = []
        var liveValues: [Int32] = []
        liveKeys.reserveCapacity(max(keys.capacity, self.count))
        liveValues.reserveCapacity(max(values.capacity, self.count))
        var fresh = [Int32](repeating: Self.empty, count: count)
        let mask = count - 1
        for entry in keys.indices where values[entry] >= 0 {
            var bucket = Int(truncatingIfNeeded: hash(keys[entry])) & mask
            while fresh[bucket] != Self.empty { bucket = (bucket + 1) & mask }
            fresh[bucket] = Int32(liveKeys.count)
            liveKeys.append(keys[entry])
            liveValues.append(values[entry])
        }
        keys = liveKeys
        values = liveValues
        buckets = fresh
        used = liveKeys.count
    }

    /// The key's UTF-8, eight bytes at a time, each word multiplied out
    /// with the seed (the folded 128-bit product of wyhash); the last
    /// step spreads the high bits into the low ones the mask keeps.
    private func hash(_ key: String) -> UInt64 {
        Self.hash(key, seed: seed)
    }

    /// The seed this table hashes with (`hash(_:seed:)`).
    package var hashSeed: UInt64 { seed }

    /// `key`'s hash in a table seeded with `seed`: for a caller that keeps
    /// the seed beside several tables, not reading it through one of them.
    package static func hash(_ key: String, seed: UInt64) -> UInt64 {
        if let code = key.utf8.withContiguousStorageIfAvailable({ hash(bytes: $0, seed: seed) }) { return code }
        return Array(key.utf8).withUnsafeBufferPointer { hash(bytes: $0, seed: seed) }
    }

    private static func hash(bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        var state = seed ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return state }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            state = mix(state ^ word, 0x9E37_79B9_7F4A_7C15)
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(base[index]) << shift
            shift += 8
            index += 1
        }
        state = mix(state ^ tail, 0xBF58_476D_1CE4_E5B9)
        return state ^ (state >> 29)
    }

    private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }
}
