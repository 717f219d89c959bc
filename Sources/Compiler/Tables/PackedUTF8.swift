// Strings as their UTF-8 bytes one after another and where each ends, 4
// bytes a string beside its bytes: no string object (a 32-byte header and
// an allocation each) for tables of many strings that live until a file is
// written (StringTable, ConstantStrings).

/// UTF-8 strings, numbered from 0 in the order they were appended.
struct PackedUTF8 {
    /// Every string's UTF-8, one after another.
    private(set) var bytes: [UInt8] = []
    /// Where each string ends in `bytes`.
    private var ends: [UInt32] = []

    /// How many strings there are.
    var count: Int { ends.count }

    /// Appends `utf8` as the next string, the tables grown a quarter at a time.
    mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.reserveModestly(utf8.count)
        bytes.append(contentsOf: utf8)
        ends.appendGrowingModestly(UInt32(bytes.count))
    }

    /// The UTF-8 of string `number`.
    subscript(number: Int) -> ArraySlice<UInt8> {
        bytes[(number == 0 ? 0 : Int(ends[number - 1]))..<Int(ends[number])]
    }
}
