// The Encoder protocol's side of EncodableJSON: containers that fill in
// the node tree a value encodes itself into.

extension EncodableJSON {
    struct TreeEncoder: Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            node.makeObject()
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            node.makeArray()
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(node: node, codingPath: codingPath)
        }
    }

    /// A key for array elements and `super` in coding paths.
    struct IndexKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) {
            stringValue = "Index \(intValue)"
            self.intValue = intValue
        }
    }

    /// The scalar spellings every container shares.
    static func scalar<T: Encodable>(_ value: T, at path: () -> [any CodingKey]) throws -> [UInt8]? {
        // Most values are not scalars, and a scalar is one type of a few:
        // told apart by the type's identity rather than by a dynamic cast
        // to each scalar type in turn (those casts took 11% of a large
        // dump's time). A value of another type that holds a scalar, an
        // optional or an existential, encodes it through a single-value
        // container, and gets here with its type.
        func integer<I: BinaryInteger>(_ type: I.Type) -> [UInt8] { Array(String(unsafeBitCast(value, to: I.self)).utf8) }
        switch ObjectIdentifier(T.self) {
        case ObjectIdentifier(String.self):
            var out: [UInt8] = []
            writeString(unsafeBitCast(value, to: String.self), into: &out)
            return out
        case ObjectIdentifier(Bool.self): return Array((unsafeBitCast(value, to: Bool.self) ? "true" : "false").utf8)
        case ObjectIdentifier(Double.self): return try number(unsafeBitCast(value, to: Double.self), at: path())
        case ObjectIdentifier(Float.self): return try number(unsafeBitCast(value, to: Float.self), at: path())
        case ObjectIdentifier(Int.self): return integer(Int.self)
        case ObjectIdentifier(Int8.self): return integer(Int8.self)
        case ObjectIdentifier(Int16.self): return integer(Int16.self)
        case ObjectIdentifier(Int32.self): return integer(Int32.self)
        case ObjectIdentifier(Int64.self): return integer(Int64.self)
        case ObjectIdentifier(UInt.self): return integer(UInt.self)
        case ObjectIdentifier(UInt8.self): return integer(UInt8.self)
        case ObjectIdentifier(UInt16.self): return integer(UInt16.self)
        case ObjectIdentifier(UInt32.self): return integer(UInt32.self)
        case ObjectIdentifier(UInt64.self): return integer(UInt64.self)
        default: return nil
        }
    }

    /// `value` into `node`: a scalar's spelling, or whatever the value's
    /// own `encode(to:)` builds.
    static func encode<T: Encodable>(_ value: T, into node: Node, at path: [any CodingKey]) throws {
        if let bytes = try scalar(value, at: { path }) {
            node.setScalar(bytes)
        } else {
            try value.encode(to: TreeEncoder(node: node, codingPath: path))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { node.set(Array("null".utf8), forKey: key.stringValue) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            // A scalar needs no node, nor its path unless it fails.
            if let bytes = try EncodableJSON.scalar(value, at: { codingPath + [key] }) {
                return node.set(bytes, forKey: key.stringValue)
            }
            let child = node.child(forKey: key.stringValue)
            try EncodableJSON.encode(value, into: child, at: codingPath + [key])
            // Encoded: its JSON is all that is kept of it.
            child.write()
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let child = node.child(forKey: key.stringValue)
            child.makeObject()
            return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: codingPath + [key]))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let child = node.child(forKey: key.stringValue)
            child.makeArray()
            return Unkeyed(node: child, codingPath: codingPath + [key])
        }

        mutating func superEncoder() -> any Encoder {
            TreeEncoder(node: node.child(forKey: "super"), codingPath: codingPath + [IndexKey(stringValue: "super")])
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            TreeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int { node.itemCount }

        private var nextPath: [any CodingKey] { codingPath + [IndexKey(intValue: count)] }

        mutating func encodeNil() throws { node.append(Array("null".utf8)) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            if let bytes = try EncodableJSON.scalar(value, at: { nextPath }) { return node.append(bytes) }
            let path = nextPath
            let child = node.appendChild()
            try EncodableJSON.encode(value, into: child, at: path)
            // Encoded: its JSON, out into the array's, is all that is kept of it.
            child.write()
            node.writeOutItems()
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let path = nextPath
            let child = node.appendChild()
            child.makeObject()
            return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: path))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let path = nextPath
            let child = node.appendChild()
            child.makeArray()
            return Unkeyed(node: child, codingPath: path)
        }

        mutating func superEncoder() -> any Encoder {
            let path = nextPath
            return TreeEncoder(node: node.appendChild(), codingPath: path)
        }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.setScalar(Array("null".utf8)) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try EncodableJSON.encode(value, into: node, at: codingPath)
        }
    }
}
