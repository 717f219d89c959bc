// Where a row's own properties are among its block's entries, by property
// number: found in one pass over the block's few names, each name told
// apart by its bytes packed into two words rather than compared as a string
// with every property's name in turn.

/// The place of each `RowProperty` among a block's entries.
struct PropertyPlaces {
    /// A byte a property, by number; `0xFF` for not set. Three words hold 24.
    private var words: (UInt64, UInt64, UInt64) = (.max, .max, .max)

    init(_ properties: NamedValues<CheckedValue>) {
        assert(RowProperty.allCases.count <= 24, "three words hold 24 properties' places")
        properties.forEachName { index, name in
            // A block's names are distinct properties of the catalogue, far
            // fewer than 255: every place fits in its byte.
            guard index < 0xFF, let property = RowProperty(name: name) else { return }
            set(property, index)
        }
    }

    /// The place of `property` among the entries, or nil when not set.
    subscript(property: RowProperty) -> Int? {
        let number = property.rawValue
        let word = number < 8 ? words.0 : number < 16 ? words.1 : words.2
        let byte = Int(truncatingIfNeeded: (word >> UInt64(number % 8 * 8)) & 0xFF)
        return byte == 0xFF ? nil : byte
    }

    private mutating func set(_ property: RowProperty, _ index: Int) {
        let number = property.rawValue
        let shift = UInt64(number % 8 * 8)
        let keep = ~(UInt64(0xFF) << shift), place = UInt64(index) << shift
        switch number / 8 {
        case 0: words.0 = words.0 & keep | place
        case 1: words.1 = words.1 & keep | place
        default: words.2 = words.2 & keep | place
        }
    }
}

extension RowProperty {
    /// The property named `name`, if it is one lowering reads from every row.
    init?(name: String) {
        guard let key = PackedName(name), let found = Self.packedNames.first(where: { $0.key == key }) else { return nil }
        self = found.property
    }

    private static let packedNames: [(key: PackedName, property: RowProperty)] = allCases.compactMap { property in
        PackedName(property.name).map { ($0, property) }
    }
}

/// A name of at most 15 bytes as two words: its bytes, and its length in
/// the last byte (so that no two names pack alike).
struct PackedName: Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    init?(_ name: String) {
        // Through the bytes in place: the UTF-8 view's iterator cost more
        // than all the lookups this replaces.
        var name = name
        let packed: (UInt64, UInt64)? = name.withUTF8 { bytes in
            guard bytes.count < 16 else { return nil }
            var low: UInt64 = 0, high = UInt64(bytes.count) << 56
            for index in 0..<bytes.count {
                if index < 8 {
                    low |= UInt64(bytes[index]) << UInt64(index * 8)
                } else {
                    high |= UInt64(bytes[index]) << UInt64((index - 8) * 8)
                }
            }
            return (low, high)
        }
        guard let packed else { return nil }
        (low, high) = packed
    }
}
