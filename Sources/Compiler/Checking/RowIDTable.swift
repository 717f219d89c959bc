// The row ids of the stack being checked and where each was first declared.
// A dictionary of names to spans took 59 bytes an id at a million rows (a
// 16-byte name and a 12-byte span in a power-of-two table at most three
// quarters full). Ids are spelt in the stack's file, so this keeps only
// where they start, how long they are and 24 bits of their hash, packed in
// 8 bytes, and finds them through a HashIndex (spans and hashes took 3.4 MB
// at 100,000 rows, now 2.1). The hash bits and the length rule out almost
// every other id without reading the source: at a million rows its bytes
// are 100 MB away from the table, and reading them for every probe and
// every growth of the index made checking 10 % slower.

import StackParser

struct RowIDTable {
    /// The file the stack is in, and its text.
    private let file: FileID
    private let bytes: [UInt8]
    /// Where each id was first declared, in order: its start (high 32
    /// bits), 24 bits of its hash, and its length (low 8 bits).
    private var places: [UInt64] = []
    private var index = HashIndex()
    private let hashing = KeyedHash()
    /// Ids not spelt at their span in the stack's file (none a parse of
    /// the stack makes), by name.
    private var others: [String: Span] = [:]

    init(file: FileID = FileID(0), bytes: [UInt8] = []) {
        self.file = file
        self.bytes = bytes
    }

    /// Where `name` was first declared, if it was.
    func first(_ name: String) -> Span? {
        if !others.isEmpty, let other = others[name] { return other }
        return UTF8Bytes.withUTF8(name) { name in
            let hash = hashing.hash(name)
            let key = Self.key(hash: hash, length: name.count)
            return index.find(hash: hash & 0xFF_FFFF) { places[$0] & 0xFFFF_FFFF == key && UTF8Bytes.same(spelling(of: $0), name) }.map {
                Span(file: file, start: Int(places[$0] >> 32), end: Int(places[$0] >> 32) + name.count)
            }
        }
    }

    /// Records `name`, first declared at `span` (not recorded before).
    mutating func insert(_ name: String, at span: Span) {
        let hash: Int? = UTF8Bytes.withUTF8(name) { name in
            guard span.file == file, UTF8Bytes.same(spelling(of: span), name) else { return nil }
            return hashing.hash(name)
        }
        record(name, at: span, hash: hash)
    }

    /// Where `name` was first declared if it was; else nil, and `name` is
    /// recorded as declared at `span` — `first` then `insert`, hashing the
    /// name once (this runs for every row with an id).
    mutating func declare(_ name: String, at span: Span) -> Span? {
        if !others.isEmpty, let other = others[name] { return other }
        let (first, hash): (Span?, Int?) = UTF8Bytes.withUTF8(name) { name in
            let hash = hashing.hash(name)
            let key = Self.key(hash: hash, length: name.count)
            if let entry = index.find(hash: hash & 0xFF_FFFF, { places[$0] & 0xFFFF_FFFF == key && UTF8Bytes.same(spelling(of: $0), name) }) {
                let start = Int(places[entry] >> 32)
                return (Span(file: file, start: start, end: start + name.count), nil)
            }
            guard span.file == file, UTF8Bytes.same(spelling(of: span), name) else { return (nil, nil) }
            return (nil, hash)
        }
        if let first { return first }
        record(name, at: span, hash: hash)
        return nil
    }

    /// Records `name` at `span`: by place and `hash` when it is spelt
    /// there (`hash` not nil), else by name.
    private mutating func record(_ name: String, at span: Span, hash: Int?) {
        guard let hash, span.end - span.start < 256, span.start <= UInt32.max else {
            others[name] = span
            return
        }
        places.appendGrowingModestly(UInt64(span.start) << 32 | Self.key(hash: hash, length: span.end - span.start))
        // The index's closure may not read `self` while the index changes.
        let places = self.places
        index.insert(places.count - 1, hash: hash & 0xFF_FFFF) { Int(places[$0] >> 8 & 0xFF_FFFF) }
    }

    /// The low 32 bits of an entry: 24 bits of the hash, then the length.
    private static func key(hash: Int, length: Int) -> UInt64 {
        UInt64(hash & 0xFF_FFFF) << 8 | UInt64(length & 0xFF)
    }

    /// Every id recorded (for suggestions).
    func names() -> [String] {
        places.indices.map { String(decoding: spelling(of: $0), as: UTF8.self) } + others.keys
    }

    /// The spelling of id `entry` (checked to be in the file when recorded).
    private func spelling(of entry: Int) -> ArraySlice<UInt8> {
        let start = Int(places[entry] >> 32)
        return bytes[start..<start + Int(places[entry] & 0xFF)]
    }

    private func spelling(of span: Span) -> ArraySlice<UInt8> {
        guard span.file == file, span.start >= 0, span.start <= span.end, span.end <= bytes.count else { return [] }
        return bytes[span.start..<span.end]
    }
}
