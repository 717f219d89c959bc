// Reading bound JSON straight into a record's field values, without
// building a tree of it first: member names are compared as bytes with the
// record's fields, values are read by the field's type, members the record
// does not declare are skipped. Most of binding 100,000 elements used to be
// allocating and freeing that tree. Errors are those of DataBinding.swift.

/// How to read one record's objects: which member names are fields, which
/// open nested records' objects, and for each list field its elements'
/// shape and key field. Built once per binding from the model.
package struct RecordShape: Sendable {
    let record: RecordModel
    let root: ObjectShape
    /// The field keying elements of a list of these records (-1: the index).
    let keyField: Int
    /// Per field: for a list field, the field keying its elements (-1: the
    /// index) and their shape; nil for a value field.
    let lists: [ListShape?]
    /// Per field: its type.
    let types: [RuntimeType]
    /// An element's values before its members are read: what each field
    /// is when the object leaves it out (its default; 0 for a list), and 0
    /// for the fields that must be given, which `required` lists.
    let start: [RuntimeValue]
    let required: [Int]

    /// `record`'s shape; `keyField(path)` answers for the list reached by
    /// the field indices `path` from the data (empty: the data's own list).
    init(record: RecordModel, path: [Int] = [], keyField: ([Int]) -> Int) {
        self.record = record
        self.keyField = keyField(path)
        root = ObjectShape(fields: record.fields.indices.map { ($0, record.fields[$0].name.split(separator: ".").map { Array($0.utf8) }) })
        var lists: [ListShape?] = []
        for (index, field) in record.fields.enumerated() {
            guard let element = field.elementRecord, path.count < 32 else {
                lists.append(nil)
                continue
            }
            lists.append(ListShape(keyField: keyField(path + [index]), shape: RecordShape(record: element, path: path + [index], keyField: keyField)))
        }
        self.lists = lists
        types = record.fields.map(\.type)
        let fallbacks = record.fields.map { $0.defaultValue ?? ($0.elementRecord != nil ? RuntimeValue.number(0) : nil) }
        start = fallbacks.map { $0 ?? .number(0) }
        required = fallbacks.indices.filter { fallbacks[$0] == nil }
    }
}

/// A list field's elements: the field keying them (-1: the index) and their shape.
package struct ListShape: Sendable {
    let keyField: Int
    let shape: RecordShape
}

/// The members of one JSON object level of a record. The names lie one
/// after another in one byte array and targets are plain integers, so
/// matching a member name reads memory without counting references (an
/// array of arrays and boxed targets retained and released one each).
struct ObjectShape: Sendable {
    enum Target: Sendable {
        case field(Int)
        /// The nested object `groups[index]` (a field named `a.b` is member
        /// `b` of member `a`).
        case group(Int)
    }
    private var bytes: [UInt8] = []
    /// Where each name ends in `bytes` (it starts where the one before ends).
    private var ends: [Int] = []
    private var targets: [Target] = []
    private(set) var groups: [ObjectShape] = []

    /// From each field's index and name split at its dots.
    init(fields: [(index: Int, segments: [[UInt8]])]) {
        var order: [[UInt8]] = []
        var grouped: [[UInt8]: [(index: Int, segments: [[UInt8]])]] = [:]
        for field in fields {
            guard let first = field.segments.first else { continue }
            if field.segments.count == 1 {
                add(first, .field(field.index))
            } else {
                if grouped[first] == nil { order.append(first) }
                grouped[first, default: []].append((field.index, Array(field.segments.dropFirst())))
            }
        }
        for name in order {
            add(name, .group(groups.count))
            groups.append(ObjectShape(fields: grouped[name] ?? []))
        }
    }

    private mutating func add(_ name: [UInt8], _ target: Target) {
        bytes += name
        ends.append(bytes.count)
        targets.append(target)
    }

    /// What the member named by the UTF-8 `name` stands for, or nil.
    func target(named name: UnsafeBufferPointer<UInt8>) -> Target? {
        bytes.withUnsafeBufferPointer { all -> Target? in
            var start = 0
            for (index, end) in ends.enumerated() {
                defer { start = end }
                guard end - start == name.count else { continue }
                var offset = 0
                while offset < name.count, all[start + offset] == name[offset] { offset += 1 }
                if offset == name.count { return targets[index] }
            }
            return nil
        }
    }
}

extension ScreenModel {
    /// How to read JSON bound to data `index`: key fields of its nested
    /// lists from the `for`s over them (the first `for`'s, if several).
    package func readShape(ofData index: Int) -> RecordShape {
        var keys: [[Int]: Int] = [:]
        var paths: [Int: [Int]] = [:]
        for (r, repeater) in repeaters.enumerated() {
            let path: [Int]
            if repeater.parent >= 0 {
                guard let parentPath = paths[repeater.parent] else { continue }
                path = parentPath + [repeater.listField]
            } else {
                guard repeater.data == index else { continue }
                path = repeater.listField >= 0 ? [repeater.listField] : []
            }
            paths[r] = path
            if keys[path] == nil { keys[path] = repeater.keyField }
        }
        return RecordShape(record: data[index].record, keyField: { keys[$0] ?? -1 })
    }
}

/// One element read: its values in the record's field order (a list
/// field's is its count), its key, and its list fields' elements.
package struct BoundRecord: Hashable, Sendable {
    package var key: String
    package var values: FieldValues
    /// By field index.
    package var lists: [Int: [BoundRecord]] = [:]
}

extension DataModel {
    /// The elements (or the one record) of JSON `text`, checked.
    package func elements(fromJSON text: String, shape: RecordShape, enums: [EnumModel]) throws(RuntimeError) -> [BoundRecord] {
        try keyedElements(fromJSON: text, shape: shape, enums: enums).elements
    }

    /// The elements (or the one record) of JSON `text`, checked, and for a
    /// list each element's place by key (empty for a record).
    package func keyedElements(
        fromJSON text: String, shape: RecordShape, enums: [EnumModel]
    ) throws(RuntimeError) -> (elements: [BoundRecord], places: ShardedKeyIndex) {
        try JSONParser.reading(text) { (parser: inout JSONParser) throws(RuntimeError) -> (elements: [BoundRecord], places: ShardedKeyIndex) in
            var reader = RecordReader(enums: enums, parser: parser)
            reader.parser.skipSpace()
            let out: (elements: [BoundRecord], places: ShardedKeyIndex)
            if isList {
                let listName = name
                out = try reader.keyedList(shape: shape, keyField: shape.keyField, reserving: true, path: { listName })
            } else {
                out = ([try reader.record(shape, path: { name })], ShardedKeyIndex())
            }
            reader.parser.skipSpace()
            guard reader.parser.at >= reader.parser.bytes.count else { throw reader.parser.fail("unexpected text after the JSON value") }
            return out
        }
    }
}

/// Which fields of a record an object gave: a bit each for the first 64,
/// a list beyond (no allocation for the records people write).
struct FieldSet {
    private var bits: UInt64 = 0
    private var more: [Int] = []

    mutating func insert(_ field: Int) {
        if field < 64 { bits |= 1 << UInt64(field) } else if !more.contains(field) { more.append(field) }
    }

    func contains(_ field: Int) -> Bool {
        field < 64 ? bits & (1 << UInt64(field)) != 0 : more.contains(field)
    }
}

/// Reads records' objects from a JSON parser.
struct RecordReader {
    let enums: [EnumModel]
    var parser: JSONParser
    /// By enum, each case's place, made the first time a value of an enum
    /// of many cases is read: found by walking the cases, 50,000 values of
    /// an enum of 5,000 cases took a second.
    private var casePlaces: [Int: [String: Int]] = [:]

    init(enums: [EnumModel], parser: JSONParser) {
        self.enums = enums
        self.parser = parser
    }

    /// The place of case `name` of enum `index`, if it is one.
    private mutating func casePlace(_ name: String, enum index: Int) -> Int? {
        guard index < enums.count else { return nil }
        let cases = enums[index].cases
        guard cases.count > 16 else { return cases.firstIndex(of: name) }
        if let places = casePlaces[index] { return places[name] }
        let places = Dictionary(cases.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        casePlaces[index] = places
        return places[name]
    }

    /// An array of `shape`'s objects, keyed by field `keyField` (-1: the
    /// index); keys must be unique.
    mutating func list(shape: RecordShape, keyField: Int, path: () -> String) throws(RuntimeError) -> [BoundRecord] {
        try keyedList(shape: shape, keyField: keyField, reserving: false, path: path).elements
    }

    /// `list`, and each element's place by key. `reserving`: the list is
    /// the document's, the rest of whose text is its elements.
    mutating func keyedList(
        shape: RecordShape, keyField: Int, reserving: Bool, path: () -> String
    ) throws(RuntimeError) -> (elements: [BoundRecord], places: ShardedKeyIndex) {
        guard parser.peek == UInt8(ascii: "[") else {
            throw RuntimeError("\(path()): expected an array of \(shape.record.name) objects, found \(parser.kindAhead)")
        }
        parser.at += 1
        var seen = ShardedKeyIndex()
        // In order: the index's keys stand in its shards.
        var keys: [String] = []
        parser.skipSpace()
        if parser.peek == UInt8(ascii: "]") {
            parser.at += 1
            return ([], seen)
        }
        // Every element's values one after another in `flat`, handed out
        // as windows on one store once the array is read.
        let width = shape.start.count
        var flat: [RuntimeValue] = []
        var listFields: [[Int: [BoundRecord]]] = []
        while true {
            parser.skipSpace()
            let index = listFields.count
            let elementStart = parser.at
            let lists = try element(shape, into: &flat, path: { "\(path())[\(index)]" })
            if index == 0, reserving {
                // Room for as many more elements as the rest of the text
                // would hold if they were as long as the first (growing a
                // dictionary of 100,000 keys rehashes each of them twice).
                let length = max(parser.at - elementStart, 16)
                let estimate = min((parser.bytes.count - parser.at) / length + 1, 1 << 20)
                listFields.reserveCapacity(estimate)
                seen.reserveCapacity(estimate)
                keys.reserveCapacity(estimate)
                flat.reserveCapacity(estimate * width)
            }
            let key = keyField >= 0 && keyField < width ? ValueText.keyText(flat[index * width + keyField], enums: enums) : String(index)
            if let first = seen.updateValue(index, forKey: key) {
                throw RuntimeError("\(path())[\(index)].\(shape.record.fields[keyField].name): key '\(key)' repeats \(path())[\(first)]; keys must be unique")
            }
            keys.append(key)
            listFields.append(lists)
            parser.skipSpace()
            guard let next = parser.peek else { throw parser.fail("an array is not closed with ']'") }
            parser.at += 1
            if next == UInt8(ascii: ",") { continue }
            guard next == UInt8(ascii: "]") else {
                parser.at -= 1
                throw parser.fail("expected ',' or ']' in an array")
            }
            let store = FieldValues.Store(flat)
            let out = keys.indices.map { BoundRecord(key: keys[$0], values: FieldValues(store, offset: $0 * width, count: width), lists: listFields[$0]) }
            return (out, seen)
        }
    }

    /// One object's field values and key-less record.
    mutating func record(_ shape: RecordShape, path: () -> String) throws(RuntimeError) -> BoundRecord {
        var flat: [RuntimeValue] = []
        let lists = try element(shape, into: &flat, path: path)
        return BoundRecord(key: "", values: FieldValues(flat), lists: lists)
    }

    /// One object's field values, appended to `flat` (defaults for those
    /// missing or null; an empty list for a missing list); returns its
    /// list fields' elements.
    mutating func element(_ shape: RecordShape, into flat: inout [RuntimeValue], path: () -> String) throws(RuntimeError) -> [Int: [BoundRecord]] {
        // Written in place; which fields the object gave is kept aside
        // (only those without a default matter).
        let base = flat.count
        for value in shape.start { flat.append(value) }
        var given = FieldSet()
        var lists: [Int: [BoundRecord]] = [:]
        try members(of: shape.root, shape: shape, into: &flat, at: base, given: &given, lists: &lists, path: path)
        for index in shape.required where !given.contains(index) {
            let record = shape.record
            throw RuntimeError("\(path()).\(record.fields[index].name): missing, and record \(record.name) gives '\(record.fields[index].name)' no default")
        }
        return lists
    }

    /// The members of one object level into `values` and `lists`.
    private mutating func members(
        of object: ObjectShape, shape: RecordShape, into values: inout [RuntimeValue], at base: Int, given: inout FieldSet,
        lists: inout [Int: [BoundRecord]],
        path: () -> String
    ) throws(RuntimeError) {
        let record = shape.record
        guard parser.peek == UInt8(ascii: "{") else {
            throw RuntimeError("\(path()): expected an object, found \(parser.kindAhead) (record \(record.name))")
        }
        parser.at += 1
        parser.skipSpace()
        if parser.peek == UInt8(ascii: "}") {
            parser.at += 1
            return
        }
        while true {
            parser.skipSpace()
            guard parser.peek == UInt8(ascii: "\"") else { throw parser.fail("expected a member name in double quotes") }
            let target = try member(of: object)
            parser.skipSpace()
            guard parser.peek == UInt8(ascii: ":") else { throw parser.fail("expected ':' after a member name") }
            parser.at += 1
            parser.skipSpace()
            switch target {
            case .field(let field)? where parser.peek != UInt8(ascii: "n"):
                if let list = shape.lists[field] {
                    let elements = try self.list(shape: list.shape, keyField: list.keyField, path: { "\(path()).\(record.fields[field].name)" })
                    values[base + field] = .number(Double(elements.count))
                    given.insert(field)
                    lists[field] = elements
                } else {
                    values[base + field] = try value(of: shape.types[field], path: { "\(path()).\(record.fields[field].name)" }, recordName: { record.name })
                    given.insert(field)
                }
            case .group(let nested)? where parser.peek != UInt8(ascii: "n"):
                try members(of: object.groups[nested], shape: shape, into: &values, at: base, given: &given, lists: &lists, path: path)
            default:
                _ = try parser.value(depth: 1)  // a member the record does not declare, or null
            }
            parser.skipSpace()
            guard let next = parser.peek else { throw parser.fail("an object is not closed with '}'") }
            parser.at += 1
            if next == UInt8(ascii: ",") { continue }
            guard next == UInt8(ascii: "}") else {
                parser.at -= 1
                throw parser.fail("expected ',' or '}' in an object")
            }
            return
        }
    }

    /// What a member name names at this level, or nil; reads the name.
    /// Names without escapes are compared in place; others are decoded first.
    private mutating func member(of object: ObjectShape) throws(RuntimeError) -> ObjectShape.Target? {
        let start = parser.at + 1
        var end = start
        while end < parser.bytes.count, parser.bytes[end] != UInt8(ascii: "\""), parser.bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < parser.bytes.count, parser.bytes[end] == UInt8(ascii: "\"") {
            parser.at = end + 1
            return object.target(named: UnsafeBufferPointer(rebasing: parser.bytes[start..<end]))
        }
        let name = Array(try parser.string().utf8)
        return name.withUnsafeBufferPointer { object.target(named: $0) }
    }

    /// A field's value, read by its type.
    private mutating func value(of type: RuntimeType, path: () -> String, recordName: () -> String) throws(RuntimeError) -> RuntimeValue {
        func mismatch(_ expected: String) -> RuntimeError {
            RuntimeError("\(path()): expected \(expected), found \(parser.kindAhead) (record \(recordName()))")
        }
        let first = parser.peek
        let isNumber = first.map { $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) } ?? false
        switch type {
        case .bool:
            if first == UInt8(ascii: "t") {
                _ = try parser.word("true", .bool(true))
                return .bool(true)
            }
            if first == UInt8(ascii: "f") {
                _ = try parser.word("false", .bool(false))
                return .bool(false)
            }
            throw mismatch("a bool")
        case .number:
            guard isNumber else { throw mismatch("a number") }
            let x = try parser.number()
            guard abs(x) <= Limits.maximumLength else { throw RuntimeError("\(path()): \(ValueText.shortest(x)) is outside ±10,000,000 (record \(recordName()))") }
            return .number(x)
        case .duration:
            guard isNumber else { throw mismatch("a number of seconds") }
            let x = try parser.number()
            guard x >= 0, x <= Limits.maximumDuration else {
                throw RuntimeError("\(path()): a duration of \(ValueText.shortest(x)) s is outside 0–3600 (record \(recordName()))")
            }
            return .duration(x)
        case .string:
            guard first == UInt8(ascii: "\"") else { throw mismatch("a string") }
            return .string(try parser.string())
        case .color:
            guard first == UInt8(ascii: "\"") else { throw mismatch("a colour as a string, such as \"#FF3B30\"") }
            let text = try parser.string()
            guard let rgba = NumberText.parseColor(text) else {
                throw RuntimeError("\(path()): '\(text)' is not a colour; expected #RRGGBB, #RRGGBBAA or a colour name (record \(recordName()))")
            }
            return .color(rgba)
        case .enumeration(let index):
            guard first == UInt8(ascii: "\"") else { throw mismatch("an enum case's name as a string") }
            let text = try parser.string()
            guard let caseIndex = casePlace(text, enum: index) else {
                let cases = index < enums.count ? enums[index].cases : []
                throw RuntimeError(
                    "\(path()): '\(text)' is not a case of enum \(index < enums.count ? enums[index].name : "?"); expected one of \(NameList.shortened(cases)) (record \(recordName()))")
            }
            return .enumCase(enumIndex: index, caseIndex: caseIndex)
        }
    }
}

extension JSONParser {
    var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

    /// What the value ahead is, as an error names it.
    var kindAhead: String {
        switch peek {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a bool"
        case UInt8(ascii: "n"): "null"
        case nil: "the end"
        default: "a number"
        }
    }
}
