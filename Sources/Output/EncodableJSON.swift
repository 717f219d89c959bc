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
        let root = try tree(indent: 0) { try value.encode(to: TreeEncoder(node: $0, codingPath: [])) }
        return Array(root.written.joined())
    }

    /// `encode` of an array, in parts, for writing one after another: the
    /// parts joined are `encode`'s bytes. Each element is written as soon
    /// as it is encoded, and every value inside it as soon as it is (its
    /// tree let go), so that what is held is about the JSON's own size —
    /// the tree of a whole value held some five times its JSON (the 100k
    /// benchmark screen: 1.1 GB for 199 MB), and no part is larger than a
    /// `Chunks` buffer, or a long string.
    package static func encodeParts<Element: Encodable>(_ elements: [Element]) throws(Failure) -> [[UInt8]] {
        guard !elements.isEmpty else { return [Array("[\n\n]".utf8)] }
        var parts = Chunks()
        parts.append("[\n")
        for index in elements.indices {
            // As the array's own container encodes an element.
            let node = try tree(indent: 2) { try encode(elements[index], into: $0, at: [IndexKey(intValue: index)]) }
            parts.append("  ")
            parts.append(chunks: node.written)
            parts.append(index < elements.count - 1 ? ",\n" : "\n")
        }
        parts.append("]")
        return parts.finish()
    }

    /// A node `fill` builds, written, any error it throws a `Failure`.
    private static func tree(indent: Int, _ fill: (Node) throws -> Void) throws(Failure) -> Node {
        let node = Node(indent: indent)
        do {
            try fill(node)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "\(error)")
        }
        node.write()
        return node
    }

    /// A value being built: containers fill it in as the value encodes
    /// itself (they share it, hence a class). It is a scalar, an object or
    /// an array; none is an empty object, as JSONEncoder writes a value
    /// that encoded nothing. Once the value is encoded (`write()`), the
    /// node holds its JSON, at its indent, and none of its children; an
    /// array writes each element out as soon as it and those before it
    /// are encoded (an object waits for all its keys, to sort them).
    final class Node {
        /// The indent of the lines inside it, less two.
        let indent: Int
        /// A scalar's spelling, or the JSON of a value encoded.
        private(set) var written: [[UInt8]] = []
        private(set) var isWritten = false
        private var entries: [(key: String, value: Value)]?
        /// An array's elements not yet in `head`, in order.
        private var items: [Node]?
        /// An array's JSON so far: its bracket, then each element written
        /// out, with the commas between them.
        private var head = Chunks()
        /// An array's elements, written out or not.
        private(set) var itemCount = 0
        private var itemsWritten = 0

        init(indent: Int) { self.indent = indent }

        func setScalar(_ bytes: [UInt8]) {
            written = [bytes]
            isWritten = true
            entries = nil
            clearArray()
        }

        func makeObject() {
            if entries == nil { entries = [] }
            clearWritten()
            clearArray()
        }

        func makeArray() {
            if items == nil {
                items = []
                head.append("[\n")
            }
            clearWritten()
            entries = nil
        }

        private func clearWritten() {
            guard isWritten else { return }
            written = []
            isWritten = false
        }

        private func clearArray() {
            guard items != nil else { return }
            items = nil
            head = Chunks()
            itemCount = 0
            itemsWritten = 0
        }

        /// An object's value: a scalar's spelling, or a node.
        enum Value {
            case scalar([UInt8])
            case node(Node)
        }

        func child(forKey key: String) -> Node {
            let node = Node(indent: indent + 2)
            set(.node(node), forKey: key)
            return node
        }

        func set(_ scalar: [UInt8], forKey key: String) { set(.scalar(scalar), forKey: key) }

        private func set(_ value: Value, forKey key: String) {
            makeObject()
            // A key encoded twice keeps its last value, as JSONEncoder's does.
            if let index = entries!.firstIndex(where: { $0.key == key }) {
                entries![index].value = value
            } else {
                entries!.append((key, value))
            }
        }

        func appendChild() -> Node {
            makeArray()
            let node = Node(indent: indent + 2)
            items!.append(node)
            itemCount += 1
            return node
        }

        /// A scalar element, written out at once unless elements before it
        /// wait for their values.
        func append(_ scalar: [UInt8]) {
            makeArray()
            itemCount += 1
            if items!.isEmpty { return writeOut(scalar) }
            let node = Node(indent: indent + 2)
            node.setScalar(scalar)
            items!.append(node)
        }

        /// An array's leading elements that are written, out into `head`
        /// and let go: called as each element is encoded. (One made by a
        /// nested container is filled in later, and waits for its value's
        /// end, with those after it.)
        func writeOutItems() {
            guard let ready = items?.prefix(while: \.isWritten).count, ready > 0 else { return }
            for index in 0..<ready { writeOut(items![index]) }
            items!.removeFirst(ready)
        }

        private func writeOut(_ item: Node) {
            writeOutPrefix()
            head.append(chunks: item.written)
        }

        private func writeOut(_ scalar: [UInt8]) {
            writeOutPrefix()
            head.append(bytes: scalar)
        }

        private func writeOutPrefix() {
            if itemsWritten > 0 { head.append(",\n") }
            head.appendSpaces(indent + 2)
            itemsWritten += 1
        }

        /// Its JSON in `written`, its children let go: called once its
        /// value is encoded (the containers of a value's `encode(to:)` are
        /// not used after it returns), children not yet written first.
        func write() {
            guard !isWritten else { return }
            var out: Chunks
            if let items {
                for item in items {
                    item.write()
                    writeOut(item)
                }
                out = head
                out.append("\n")
                out.appendSpaces(indent)
                out.append("]")
                clearArray()
            } else {
                out = Chunks()
                out.append("{\n")
                let sorted = (entries ?? []).sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                for (index, entry) in sorted.enumerated() {
                    if index > 0 { out.append(",\n") }
                    out.appendSpaces(indent + 2)
                    out.appendString(entry.key)
                    out.append(" : ")
                    switch entry.value {
                    case .scalar(let bytes):
                        out.append(bytes: bytes)
                    case .node(let node):
                        node.write()
                        out.append(chunks: node.written)
                    }
                }
                out.append("\n")
                out.appendSpaces(indent)
                out.append("}")
                entries = nil
            }
            written = out.finish()
            isWritten = true
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
