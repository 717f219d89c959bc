// Where a row's own properties are among its block's entries, by property
// number: found in one pass over the block's few names, each name told
// apart by its bytes packed into two words rather than compared as a string
// with every property's name in turn.

/// The place of each `RowProperty` among a block's entries.
struct PropertyPlaces {
    /// A byte a property, by number (the property's number is the byte's
    /// place in memory); `0xFF` for not set. Three words hold 24.
    private var words: (UInt64, UInt64, UInt64) = (.max, .max, .max)

    init(_ properties: NamedValues<CheckedValue>) {
        assert(RowProperty.allCases.count <= 24, "three words hold 24 properties' places")
        let names = RowProperty.packedNames
        properties.forEachName { index, name in
            // A block's names are distinct properties of the catalogue, far
            // fewer than 255: every place fits in its byte.
            guard index < 0xFF, let property = RowProperty(name: name, among: names) else { return }
            set(property, index)
        }
    }

    /// The place of `property` among the entries, or nil when not set.
    /// (Read a dozen and a half times a row: a byte loaded where it is.)
    @inline(__always)
    subscript(property: RowProperty) -> Int? {
        let byte = withUnsafeBytes(of: words) { Int($0[property.rawValue]) }
        return byte == 0xFF ? nil : byte
    }

    private mutating func set(_ property: RowProperty, _ index: Int) {
        withUnsafeMutableBytes(of: &words) { $0[property.rawValue] = UInt8(truncatingIfNeeded: index) }
    }
}

extension RowProperty {
    /// The property named `name`, if it is one lowering reads from every row.
    init?(name: String) { self.init(name: name, among: Self.packedNames) }

    /// The same, `names` being `packedNames` read once by a caller that
    /// asks for many (a lazily made global is a call each time).
    fileprivate init?(name: String, among names: [(key: PackedName, property: RowProperty)]) {
        guard let key = PackedName(name), let found = names.first(where: { $0.key == key }) else { return nil }
        self = found.property
    }

    fileprivate static let packedNames: [(key: PackedName, property: RowProperty)] = allCases.compactMap { property in
        PackedName(property.name).map { ($0, property) }
    }
}

/// A name of at most 15 bytes as two words: its bytes, and its length in
/// the last byte (so that no two names pack alike).
struct PackedName: Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    init?(_ name: String) {
        guard let packed = Self.pack(name) else { return nil }
        (low, high) = packed
    }

    private static func pack(_ name: String) -> (UInt64, UInt64)? {
        // Through the bytes in place (the UTF-8 view's iterator cost more
        // than all the lookups this replaces), without the copy of the
        // string that `withUTF8` needs; a string whose bytes are not in one
        // place (bridged, on Apple's platforms) through an array of them.
        if let packed = name.utf8.withContiguousStorageIfAvailable(pack) { return packed }
        return Array(name.utf8).withUnsafeBufferPointer(pack)
    }

    /// `bytes` copied into the two words at once rather than shifted in a
    /// byte at a time; nil past 15 bytes.
    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        guard bytes.count < 16 else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        // Little-endian bytes in place: the length goes in the last byte.
        return (UInt64(littleEndian: words.0), UInt64(littleEndian: words.1) | UInt64(bytes.count) << 56)
    }
}
