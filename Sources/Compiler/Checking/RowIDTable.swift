// The row ids of the stack being checked and where each was first declared.
// A dictionary of names to spans took 59 bytes an id at a million rows (a
// 16-byte name and a 12-byte span in a power-of-two table at most three
// quarters full). Ids are spelt in the source, so this keeps only their
// spans and finds them through a table of 4-byte entry numbers: 20 bytes an
// id, or less.

import StackParser

struct RowIDTable {
    private static let empty = UInt32.max
    /// Where each id was first declared, in order.
    private var spans: [Span] = []
    /// Entry numbers, open-addressed by the hash of the id's spelling, at
    /// most half full.
    private var slots = [UInt32](repeating: RowIDTable.empty, count: 64)
    /// Ids whose span does not spell them (none a parse makes), by name.
    private var others: [String: Span] = [:]

    /// Where `name` was first declared, if it was.
    func first(_ name: String, in sources: SourceManager) -> Span? {
        if let other = others[name] { return other }
        var at = Self.hash(name.utf8) & (slots.count - 1)
        while slots[at] != Self.empty {
            let span = spans[Int(slots[at])]
            if Self.spelling(of: span, in: sources).elementsEqual(name.utf8) { return span }
            at = (at + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Records `name`, first declared at `span` (not recorded before).
    mutating func insert(_ name: String, at span: Span, in sources: SourceManager) {
        guard Self.spelling(of: span, in: sources).elementsEqual(name.utf8) else {
            others[name] = span
            return
        }
        if (spans.count + 1) * 2 > slots.count { grow(sources) }
        place(UInt32(spans.count), hash: Self.hash(name.utf8))
        spans.append(span)
    }

    /// Every id recorded (for suggestions).
    func names(in sources: SourceManager) -> [String] {
        spans.map { String(decoding: Self.spelling(of: $0, in: sources), as: UTF8.self) } + others.keys
    }

    private mutating func place(_ entry: UInt32, hash: Int) {
        var at = hash & (slots.count - 1)
        while slots[at] != Self.empty { at = (at + 1) & (slots.count - 1) }
        slots[at] = entry
    }

    private mutating func grow(_ sources: SourceManager) {
        slots = [UInt32](repeating: Self.empty, count: slots.count * 2)
        for entry in spans.indices { place(UInt32(entry), hash: Self.hash(Self.spelling(of: spans[entry], in: sources))) }
    }

    private static func spelling(of span: Span, in sources: SourceManager) -> ArraySlice<UInt8> {
        let bytes = sources[span.file].bytes
        guard span.start >= 0, span.start <= span.end, span.end <= bytes.count else { return [] }
        return bytes[span.start..<span.end]
    }

    /// FNV-1a: the same for a name and for its spelling in the source.
    private static func hash(_ bytes: some Sequence<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
