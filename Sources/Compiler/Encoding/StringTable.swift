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
    /// The strings, in the order they were numbered.
    private var strings = PackedUTF8()
    private var index = HashIndex()
    private let hashing = KeyedHash()

    /// How many strings there are.
    var count: Int { strings.count }

    /// Every string's UTF-8, one after another.
    var bytes: [UInt8] { strings.bytes }

    /// The number of `string`, numbering it if it is new.
    mutating func number(_ string: String) -> Int {
        UTF8Bytes.withUTF8(string) { number(utf8: $0) }
    }

    /// The number of the string whose UTF-8 is `utf8`, numbering it if it is new.
    mutating func number(utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = hashing.hash(utf8)
        if let number = index.find(hash: hash, { UTF8Bytes.same(self.strings[$0], utf8) }) { return number }
        strings.append(utf8)
        // The index's closure may not read `self` while the index changes.
        let packed = strings
        let hashing = hashing
        index.insert(packed.count - 1, hash: hash) { hashing.hash(packed[$0]) }
        return packed.count - 1
    }

    /// The UTF-8 of string `number`.
    func bytes(of number: Int) -> ArraySlice<UInt8> { strings[number] }
}
