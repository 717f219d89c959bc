// What binding keeps of each element. Bound JSON is checked against a
// screen's records as it is read (RecordReader.swift): each element becomes
// its field values in the record's order, with defaults for missing fields
// and a key; every problem names the JSON path and the record, as
// `amenities[3].price: expected a number, found a string (record Amenity)`.
// Members a record does not declare are skipped: servers send more than a
// screen shows.

/// One element of a bound list: what was read for it (its key, values in
/// the record's field order, list fields' elements — the rows of those are
/// among `rows` and `made`) and the rows made for it by the `for`.
package struct BoundElement: Hashable, Sendable {
    package var record: BoundRecord
    /// The rows listed in the `for`'s stack, and every row made for the
    /// element (nested ones too).
    package var rows: RowList
    package var made: Range<Int>
    /// The first of the constants holding the values of the template's
    /// parameters, in its plan's order (`TemplatePlan.parameters`): an
    /// edited element is patched there.
    package var constants: UInt32
}

extension String {
    /// This text with `key` after it in brackets (`item` → `item[pool]`),
    /// made in one go: appending piece by piece cost more than the rest of
    /// making a bound row.
    func keyed(_ key: String) -> String { joined(with: key, bracketed: true) }

    /// This text with `other` after it, made in one go.
    func joined(with other: String, bracketed: Bool = false) -> String {
        var head = self
        var tail = other
        let headCount = head.utf8.count
        let extra = bracketed ? 2 : 0
        return String(unsafeUninitializedCapacity: headCount + tail.utf8.count + extra) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            // Whole runs of bytes, at offsets worked out beforehand: a
            // cursor shared with a closure was checked on every byte.
            let tailStart = headCount + (bracketed ? 1 : 0)
            head.withUTF8 { if let source = $0.baseAddress { base.initialize(from: source, count: $0.count) } }
            if bracketed { base[headCount] = UInt8(ascii: "[") }
            let tailCount = tail.withUTF8 { bytes in
                if let source = bytes.baseAddress { (base + tailStart).initialize(from: source, count: bytes.count) }
                return bytes.count
            }
            if bracketed { base[tailStart + tailCount] = UInt8(ascii: "]") }
            return tailStart + tailCount + (bracketed ? 1 : 0)
        }
    }
}

extension ValueText {
    /// How a key shows in a row's id (`amenity[pool]`, `row[3]`).
    package static func keyText(_ value: RuntimeValue, enums: [EnumModel]) -> String {
        if case .enumCase(let e, let c) = value, e < enums.count, c < enums[e].cases.count { return enums[e].cases[c] }
        return text(of: value)
    }
}
