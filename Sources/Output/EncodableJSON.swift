// Any Encodable value as JSON, written as Foundation's JSONEncoder writes
// it with `.prettyPrinted` and `.sortedKeys` (a test holds the two equal on
// every sample and fixture): `stackc compile --emit json` dumps the
// compiled models this way. Foundation is not linked into stackc — on
// Linux it loads about 4 MB of libraries into every process — so the
// dump has its own encoder.

/// Writes Encodable values as pretty-printed JSON with sorted keys.
package enum EncodableJSON {
    /// Why a value could not be written.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The JSON of `value`: two-space indents, `"key" : value`, keys in
    /// byte order, no newline at the end.
    package static func encode<Value: Encodable>(_ value: Value) throws(Failure) -> [UInt8] {
        let root = try tree { try value.encode(to: TreeEncoder(node: $0, codingPath: [])) }
        var out: [UInt8] = []
        root.write(into: &out, indent: 0)
        return out
    }

    /// `encode` of an array, in parts: each element's tree made, written
    /// and let go before the next is made. The parts joined are `encode`'s
    /// bytes; the whole array's tree at once held some 30 times its JSON
    /// (20,000 small screens: 585 MB for a dump of 40 MB).
    package static func encodeParts<Element: Encodable>(_ elements: [Element]) throws(Failure) -> [[UInt8]] {
        guard !elements.isEmpty else { return [Array("[\n\n]".utf8)] }
        var parts: [[UInt8]] = [Array("[\n".utf8)]
        parts.reserveCapacity(elements.count + 2)
        for index in elements.indices {
            // As the array's own container encodes an element.
            let node = try tree { try encode(elements[index], into: $0, at: [IndexKey(intValue: index)]) }
            var out = Array("  ".utf8)
            node.write(into: &out, indent: 2)
            out.append(contentsOf: (index < elements.count - 1 ? ",\n" : "\n").utf8)
            parts.append(out)
        }
        parts.append(Array("]".utf8))
        return parts
    }

    /// A node `fill` builds, any error it throws a `Failure`.
    private static func tree(_ fill: (Node) throws -> Void) throws(Failure) -> Node {
        let node = Node()
        do {
            try fill(node)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "\(error)")
        }
        return node
    }

    /// A value being built: containers fill it in as the value encodes
    /// itself (they share it, hence a class). At most one of the three is
    /// set; none is an empty object, as JSONEncoder writes a value that
    /// encoded nothing.
    final class Node {
        var scalar: [UInt8]?
        var entries: [(key: String, node: Node)]?
        var items: [Node]?

        func setScalar(_ bytes: [UInt8]) {
            scalar = bytes
            entries = nil
            items = nil
        }

        func makeObject() {
            if entries == nil { entries = [] }
            scalar = nil
            items = nil
        }

        func makeArray() {
            if items == nil { items = [] }
            scalar = nil
            entries = nil
        }

        func child(forKey key: String) -> Node {
            makeObject()
            let node = Node()
            // A key encoded twice keeps its last value, as JSONEncoder's does.
            entries!.removeAll { $0.key == key }
            entries!.append((key, node))
            return node
        }

        func appendChild() -> Node {
            makeArray()
            let node = Node()
            items!.append(node)
            return node
        }

        func write(into out: inout [UInt8], indent: Int) {
            if let scalar { return out.append(contentsOf: scalar) }
            if let items {
                writeContainer("[", "]", count: items.count, into: &out, indent: indent) { index, out in
                    items[index].write(into: &out, indent: indent + 2)
                }
                return
            }
            let sorted = (entries ?? []).sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            writeContainer("{", "}", count: sorted.count, into: &out, indent: indent) { index, out in
                EncodableJSON.writeString(sorted[index].key, into: &out)
                out.append(contentsOf: " : ".utf8)
                sorted[index].node.write(into: &out, indent: indent + 2)
            }
        }

        private func writeContainer(
            _ open: Unicode.Scalar, _ close: Unicode.Scalar, count: Int, into out: inout [UInt8], indent: Int,
            element: (Int, inout [UInt8]) -> Void
        ) {
            out.append(UInt8(ascii: open))
            out.append(UInt8(ascii: "\n"))
            if count == 0 { out.append(UInt8(ascii: "\n")) }
            for index in 0..<count {
                out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
                element(index, &out)
                if index < count - 1 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "\n"))
            }
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
            out.append(UInt8(ascii: close))
        }
    }

    /// A string in quotes, escaped as JSONEncoder escapes it (`/` too).
    static func writeString(_ string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case UInt8(ascii: "/"): out.append(contentsOf: "\\/".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0x08: out.append(contentsOf: "\\b".utf8)
            case 0x0C: out.append(contentsOf: "\\f".utf8)
            case 0..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                out.append(contentsOf: "\\u00".utf8)
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 15)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A finite number as JSONEncoder writes it: the shortest spelling that
    /// reads back the same, without a `.0` on whole numbers.
    static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F, at path: [any CodingKey]) throws(Failure) -> [UInt8] {
        guard value.isFinite else {
            let place = path.map(\.stringValue).joined(separator: ".")
            throw Failure(description: "\(value) at '\(place)' is not a number JSON can hold")
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return Array(text.utf8)
    }
}
