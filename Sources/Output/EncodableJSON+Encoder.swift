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
    static func scalar<T: Encodable>(_ value: T, at path: [any CodingKey]) throws -> [UInt8]? {
        switch value {
        case let value as String:
            var out: [UInt8] = []
            writeString(value, into: &out)
            return out
        case let value as Bool: return Array((value ? "true" : "false").utf8)
        case let value as Double: return try number(value, at: path)
        case let value as Float: return try number(value, at: path)
        case let value as Int: return Array(String(value).utf8)
        case let value as Int8: return Array(String(value).utf8)
        case let value as Int16: return Array(String(value).utf8)
        case let value as Int32: return Array(String(value).utf8)
        case let value as Int64: return Array(String(value).utf8)
        case let value as UInt: return Array(String(value).utf8)
        case let value as UInt8: return Array(String(value).utf8)
        case let value as UInt16: return Array(String(value).utf8)
        case let value as UInt32: return Array(String(value).utf8)
        case let value as UInt64: return Array(String(value).utf8)
        default: return nil
        }
    }

    /// `value` into `node`: a scalar's spelling, or whatever the value's
    /// own `encode(to:)` builds.
    static func encode<T: Encodable>(_ value: T, into node: Node, at path: [any CodingKey]) throws {
        if let bytes = try scalar(value, at: path) {
            node.setScalar(bytes)
        } else {
            try value.encode(to: TreeEncoder(node: node, codingPath: path))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { node.child(forKey: key.stringValue).setScalar(Array("null".utf8)) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try EncodableJSON.encode(value, into: node.child(forKey: key.stringValue), at: codingPath + [key])
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
        var count: Int { node.items?.count ?? 0 }

        private var nextPath: [any CodingKey] { codingPath + [IndexKey(intValue: count)] }

        mutating func encodeNil() throws { node.appendChild().setScalar(Array("null".utf8)) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            let path = nextPath
            try EncodableJSON.encode(value, into: node.appendChild(), at: path)
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
