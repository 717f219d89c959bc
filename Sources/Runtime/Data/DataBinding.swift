// Checking bound JSON against a screen's records: each element becomes its
// field values in the record's order, with defaults for missing fields and
// a key; every problem names the JSON path and the record, as
// `amenities[3].price: expected number, found a string (record Amenity)`.
// Members a record does not declare are ignored: servers send more than a
// screen shows.

/// One element of a bound list: its values (the record's field order), the
/// text of its key, and the rows made for it by each `for` over the list.
package struct BoundElement: Hashable, Sendable {
    package var key: String
    package var values: [RuntimeValue]
    package var rows: [Int]
}

extension DataModel {
    /// The elements of a list, or the one record, that `json` holds.
    package func elements(from json: JSONValue, keyField: Int, enums: [EnumModel]) throws(RuntimeError) -> [(key: String, values: [RuntimeValue])] {
        if isList {
            guard case .array(let items) = json else {
                throw RuntimeError("\(name): expected an array of \(record.name) objects, found \(json.kindName)")
            }
            var out: [(key: String, values: [RuntimeValue])] = []
            out.reserveCapacity(items.count)
            var seen: [String: Int] = [:]
            for (index, item) in items.enumerated() {
                // Paths are built only for an error: most elements have none.
                let values = try record.values(of: item, path: { "\(name)[\(index)]" }, enums: enums)
                let key = keyField >= 0 && keyField < values.count ? ValueText.keyText(values[keyField], enums: enums) : String(index)
                if let first = seen[key] {
                    throw RuntimeError("\(name)[\(index)].\(record.fields[keyField].name): key '\(key)' repeats \(name)[\(first)]; keys must be unique")
                }
                seen[key] = index
                out.append((key, values))
            }
            return out
        }
        return [("", try record.values(of: json, path: { name }, enums: enums))]
    }
}

extension RecordModel {
    /// One object's field values, checked.
    func values(of json: JSONValue, path: () -> String, enums: [EnumModel]) throws(RuntimeError) -> [RuntimeValue] {
        guard case .object = json else {
            throw RuntimeError("\(path()): expected a \(name) object, found \(json.kindName) (record \(name))")
        }
        var values: [RuntimeValue] = []
        values.reserveCapacity(fields.count)
        for field in fields {
            func at() -> String { "\(path()).\(field.name)" }
            guard let member = json[field.name], member != .null else {
                guard let value = field.defaultValue else {
                    throw RuntimeError("\(at()): missing, and record \(name) gives '\(field.name)' no default")
                }
                values.append(value)
                continue
            }
            values.append(try field.value(of: member, path: at, record: name, enums: enums))
        }
        return values
    }
}

extension FieldModel {
    func value(of json: JSONValue, path lazyPath: () -> String, record: String, enums: [EnumModel]) throws(RuntimeError) -> RuntimeValue {
        var path: String { lazyPath() }
        func mismatch(_ expected: String) -> RuntimeError {
            RuntimeError("\(path): expected \(expected), found \(json.kindName) (record \(record))")
        }
        switch (type, json) {
        case (.bool, .bool(let b)): return .bool(b)
        case (.bool, _): throw mismatch("a bool")
        case (.number, .number(let x)):
            guard abs(x) <= Limits.maximumLength else { throw RuntimeError("\(path): \(ValueText.shortest(x)) is outside ±10,000,000 (record \(record))") }
            return .number(x)
        case (.number, _): throw mismatch("a number")
        case (.string, .string(let s)): return .string(s)
        case (.string, _): throw mismatch("a string")
        case (.duration, .number(let x)):
            guard x >= 0, x <= Limits.maximumDuration else { throw RuntimeError("\(path): a duration of \(ValueText.shortest(x)) s is outside 0–3600 (record \(record))") }
            return .duration(x)
        case (.duration, _): throw mismatch("a number of seconds")
        case (.color, .string(let s)):
            guard let rgba = NumberText.parseColor(s) else {
                throw RuntimeError("\(path): '\(s)' is not a colour; expected #RRGGBB, #RRGGBBAA or a colour name (record \(record))")
            }
            return .color(rgba)
        case (.color, _): throw mismatch("a colour as a string, such as \"#FF3B30\"")
        case (.enumeration(let index), .string(let s)):
            let cases = index < enums.count ? enums[index].cases : []
            guard let caseIndex = cases.firstIndex(of: s) else {
                throw RuntimeError("\(path): '\(s)' is not a case of enum \(index < enums.count ? enums[index].name : "?"); expected one of \(cases.joined(separator: ", ")) (record \(record))")
            }
            return .enumCase(enumIndex: index, caseIndex: caseIndex)
        case (.enumeration, _): throw mismatch("an enum case's name as a string")
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
