// A screen's long string constants as UTF-8 bytes one after another, for
// a screen whose rows are encoded as they are lowered. Its constants are
// written only once its last row is, so each row's own text (a `Text`'s
// words, an image's path) lived until then as a string object: at 100,000
// rows 5.2 MB of the 26.6 MB heap `stackc compile` peaked at, a 32-byte
// header and an allocation a string. Kept here (PackedUTF8) they are their
// bytes and 8 more; the expression table holds an empty string in their
// place.

/// Long string constants by the slot they hold in a screen's constants,
/// slots ascending.
struct ConstantStrings {
    private var strings = PackedUTF8()
    /// The constant slot of each string, ascending.
    private var slots: [UInt32] = []

    /// Strings shorter than this are kept as they are: Swift keeps them
    /// inside the value, with no allocation to save.
    static let shortest = 16

    /// Adds `utf8` as the string of `slot`, a slot after every slot added before.
    mutating func append(slot: Int, utf8: UnsafeBufferPointer<UInt8>) {
        strings.append(utf8)
        slots.appendGrowingModestly(UInt32(slot))
    }

    /// The string held for `slot`, if one is.
    func entry(forSlot slot: Int) -> Int? {
        var low = 0, high = slots.count
        while low < high {
            let middle = (low + high) / 2
            if Int(slots[middle]) < slot { low = middle + 1 } else { high = middle }
        }
        return low < slots.count && Int(slots[low]) == slot ? low : nil
    }

    /// The UTF-8 of entry `entry`.
    func utf8(ofEntry entry: Int) -> ArraySlice<UInt8> { strings[entry] }

    /// The slot of entry `entry`.
    func slot(ofEntry entry: Int) -> Int { Int(slots[entry]) }

    /// How many strings are held.
    var count: Int { slots.count }
}
