// Reading bound JSON straight into a record's field values, without
// building a tree of it first: member names are compared as bytes with the
// record's fields, values are read by the field's type, members the record
// does not declare are skipped. Most of binding 100,000 elements used to be
// allocating and freeing that tree. Errors are those of DataBinding.swift.

extension DataModel {
    /// The elements (or the one record) of JSON `text`, checked.
    package func elements(fromJSON text: String, keyField: Int, enums: [EnumModel]) throws(RuntimeError) -> [(key: String, values: [RuntimeValue])] {
        var reader = RecordReader(record: record, enums: enums, parser: JSONParser(bytes: Array(text.utf8)))
        reader.parser.skipSpace()
        var out: [(key: String, values: [RuntimeValue])] = []
        if isList {
            guard reader.parser.peek == UInt8(ascii: "[") else {
                throw RuntimeError("\(name): expected an array of \(record.name) objects, found \(reader.parser.kindAhead)")
            }
            reader.parser.at += 1
            var seen: [String: Int] = [:]
            reader.parser.skipSpace()
            if reader.parser.peek == UInt8(ascii: "]") {
                reader.parser.at += 1
            } else {
                while true {
                    reader.parser.skipSpace()
                    let index = out.count
                    let values = try reader.element(path: { "\(name)[\(index)]" })
                    let key = keyField >= 0 && keyField < values.count ? ValueText.keyText(values[keyField], enums: enums) : String(index)
                    if let first = seen.updateValue(index, forKey: key) {
                        throw RuntimeError("\(name)[\(index)].\(record.fields[keyField].name): key '\(key)' repeats \(name)[\(first)]; keys must be unique")
                    }
                    out.append((key, values))
                    reader.parser.skipSpace()
                    guard let next = reader.parser.peek else { throw reader.parser.fail("an array is not closed with ']'") }
                    reader.parser.at += 1
                    if next == UInt8(ascii: ",") { continue }
                    guard next == UInt8(ascii: "]") else {
                        reader.parser.at -= 1
                        throw reader.parser.fail("expected ',' or ']' in an array")
                    }
                    break
                }
            }
        } else {
            out.append(("", try reader.element(path: { name })))
        }
        reader.parser.skipSpace()
        guard reader.parser.at >= reader.parser.bytes.count else { throw reader.parser.fail("unexpected text after the JSON value") }
        return out
    }
}

/// Reads objects of one record from a JSON parser.
struct RecordReader {
    let record: RecordModel
    let enums: [EnumModel]
    var parser: JSONParser
    /// Each field's name as bytes, to compare member names without making strings.
    let fieldNames: [[UInt8]]

    init(record: RecordModel, enums: [EnumModel], parser: JSONParser) {
        self.record = record
        self.enums = enums
        self.parser = parser
        fieldNames = record.fields.map { Array($0.name.utf8) }
    }

    /// One object's field values (defaults for those missing or null).
    mutating func element(path: () -> String) throws(RuntimeError) -> [RuntimeValue] {
        guard parser.peek == UInt8(ascii: "{") else {
            throw RuntimeError("\(path()): expected an object, found \(parser.kindAhead) (record \(record.name))")
        }
        parser.at += 1
        var values = [RuntimeValue?](repeating: nil, count: record.fields.count)
        parser.skipSpace()
        if parser.peek == UInt8(ascii: "}") {
            parser.at += 1
        } else {
            while true {
                parser.skipSpace()
                guard parser.peek == UInt8(ascii: "\"") else { throw parser.fail("expected a member name in double quotes") }
                let field = try memberField()
                parser.skipSpace()
                guard parser.peek == UInt8(ascii: ":") else { throw parser.fail("expected ':' after a member name") }
                parser.at += 1
                parser.skipSpace()
                if let field, parser.peek != UInt8(ascii: "n") {
                    let fieldModel = record.fields[field]
                    let recordName = record.name
                    values[field] = try value(of: fieldModel, path: { "\(path()).\(fieldModel.name)" }, recordName: recordName)
                } else {
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
                break
            }
        }
        var out: [RuntimeValue] = []
        out.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            if let value {
                out.append(value)
            } else if let fallback = record.fields[index].defaultValue {
                out.append(fallback)
            } else {
                throw RuntimeError("\(path()).\(record.fields[index].name): missing, and record \(record.name) gives '\(record.fields[index].name)' no default")
            }
        }
        return out
    }

    /// The field a member name names, or nil; reads the name. Names without
    /// escapes are compared in place; others are decoded first.
    private mutating func memberField() throws(RuntimeError) -> Int? {
        let start = parser.at + 1
        var end = start
        while end < parser.bytes.count, parser.bytes[end] != UInt8(ascii: "\""), parser.bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < parser.bytes.count, parser.bytes[end] == UInt8(ascii: "\"") {
            parser.at = end + 1
            let length = end - start
            for (index, name) in fieldNames.enumerated() where name.count == length {
                var same = true
                for offset in 0..<length where parser.bytes[start + offset] != name[offset] {
                    same = false
                    break
                }
                if same { return index }
            }
            return nil
        }
        let name = Array(try parser.string().utf8)
        return fieldNames.firstIndex(of: name)
    }

    /// A field's value, read by its type.
    private mutating func value(of field: FieldModel, path: () -> String, recordName: String) throws(RuntimeError) -> RuntimeValue {
        let kind = parser.kindAhead
        func mismatch(_ expected: String) -> RuntimeError {
            RuntimeError("\(path()): expected \(expected), found \(kind) (record \(recordName))")
        }
        let first = parser.peek
        let isNumber = first.map { $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) } ?? false
        switch field.type {
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
            guard abs(x) <= Limits.maximumLength else { throw RuntimeError("\(path()): \(ValueText.shortest(x)) is outside ±10,000,000 (record \(record.name))") }
            return .number(x)
        case .duration:
            guard isNumber else { throw mismatch("a number of seconds") }
            let x = try parser.number()
            guard x >= 0, x <= Limits.maximumDuration else {
                throw RuntimeError("\(path()): a duration of \(ValueText.shortest(x)) s is outside 0–3600 (record \(recordName))")
            }
            return .duration(x)
        case .string:
            guard first == UInt8(ascii: "\"") else { throw mismatch("a string") }
            return .string(try parser.string())
        case .color:
            guard first == UInt8(ascii: "\"") else { throw mismatch("a colour as a string, such as \"#FF3B30\"") }
            let text = try parser.string()
            guard let rgba = NumberText.parseColor(text) else {
                throw RuntimeError("\(path()): '\(text)' is not a colour; expected #RRGGBB, #RRGGBBAA or a colour name (record \(recordName))")
            }
            return .color(rgba)
        case .enumeration(let index):
            guard first == UInt8(ascii: "\"") else { throw mismatch("an enum case's name as a string") }
            let text = try parser.string()
            let cases = index < enums.count ? enums[index].cases : []
            guard let caseIndex = cases.firstIndex(of: text) else {
                throw RuntimeError(
                    "\(path()): '\(text)' is not a case of enum \(index < enums.count ? enums[index].name : "?"); expected one of \(cases.joined(separator: ", ")) (record \(recordName))")
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
