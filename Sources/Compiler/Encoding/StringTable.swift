// The strings of a compiled file, numbered in the order they are first met.
// They were a `[String]`: at 100,000 rows the texts alone were 4.5 MB of
// string objects (a 32-byte header and an allocation each) that lived from
// parsing until the file was written, and the array 2.9 MB more. Here they
// are their UTF-8 bytes one after another and where each ends, 4 bytes a
// string, so a row's strings are freed once its row is encoded. Strings are
// told apart by their bytes, as the file keeps them: two spellings Swift
// calls equal (a precomposed "é" and "e" with a combining accent) are two
// strings of the file.

struct StringTable {
    /// Every string's UTF-8, one after another.
    private(set) var bytes: [UInt8] = []
    /// Where each string ends in `bytes`.
    private var ends: [UInt32] = []
    private var index = HashIndex()

    /// How many strings there are.
    var count: Int { ends.count }

    /// The number of `string`, numbering it if it is new.
    mutating func number(_ string: String) -> Int {
        UTF8Hashing.withUTF8(string) { number(utf8: $0) }
    }

    /// The number of the string whose UTF-8 is `utf8`, numbering it if it is new.
    mutating func number(utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = UTF8Hashing.hash(utf8)
        if let number = index.find(hash: hash, { UTF8Hashing.same(self.bytes(of: $0), utf8) }) { return number }
        bytes.reserveModestly(utf8.count)
        bytes.append(contentsOf: utf8)
        ends.appendGrowingModestly(UInt32(bytes.count))
        let (bytes, ends) = (self.bytes, self.ends)
        index.insert(ends.count - 1, hash: hash) { UTF8Hashing.hash(Self.bytes(of: $0, in: bytes, ends: ends)) }
        return ends.count - 1
    }

    /// The UTF-8 of string `number`.
    func bytes(of number: Int) -> ArraySlice<UInt8> { Self.bytes(of: number, in: bytes, ends: ends) }

    private static func bytes(of number: Int, in bytes: [UInt8], ends: [UInt32]) -> ArraySlice<UInt8> {
        bytes[(number == 0 ? 0 : Int(ends[number - 1]))..<Int(ends[number])]
    }
}
