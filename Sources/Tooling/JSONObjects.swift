// JSON to and from the untyped values the language server and the preview
// pass around (`[String: Any]`), as Foundation's JSONSerialization would —
// which lives in Foundation proper, not linked into stackc. Reading goes
// through the runtime's JSON parser (limits and error positions included).

import StackParser
import StackRuntime

/// JSON text to and from `[String: Any]`, `[Any]`, `String`, `Int`,
/// `Double`, `Bool` and `JSONNull`.
public enum JSONObjects {
    /// The value of the JSON text `bytes`, or nil when it is not JSON (or
    /// not UTF-8). Numbers without a fraction that fit in 2^53 are `Int`,
    /// the others `Double`; of a key given twice, the last one counts.
    public static func parse(_ bytes: [UInt8]) -> Any? {
        guard let text = String(validating: bytes, as: UTF8.self), let value = try? JSONValue.parse(text) else { return nil }
        return untyped(value)
    }

    /// A number read from a parsed message (`Int` or `Double`), if finite.
    public static func number(_ value: Any?) -> Double? {
        if let value = value as? Int { return Double(value) }
        if let value = value as? Double, value.isFinite { return value }
        return nil
    }

    /// The JSON text of `value`, keys in no particular order (as
    /// JSONSerialization's), slashes not escaped; nil when it holds a
    /// value JSON cannot spell (a non-finite number, a type of its own).
    public static func serialize(_ value: Any) -> [UInt8]? {
        var out = ""
        guard write(value, into: &out) else { return nil }
        return Array(out.utf8)
    }

    private static func untyped(_ value: JSONValue) -> Any {
        switch value {
        case .null: return JSONNull()
        case .bool(let flag): return flag
        case .number(let number):
            if number == number.rounded(), abs(number) <= 9_007_199_254_740_992 { return Int(number) }
            return number
        case .string(let text): return text
        case .array(let items): return items.map(untyped)
        case .object(let members):
            var object: [String: Any] = [:]
            for member in members { object[member.key] = untyped(member.value) }
            return object
        }
    }

    private static func write(_ value: Any, into out: inout String) -> Bool {
        switch value {
        case let text as String: out += JSONText.quote(text)
        case let flag as Bool: out += flag ? "true" : "false"
        case let number as Int: out += String(number)
        case let number as Double:
            guard number.isFinite else { return false }
            out += number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case is JSONNull: out += "null"
        case let object as [String: Any]:
            out += "{"
            for (index, member) in object.enumerated() {
                if index > 0 { out += "," }
                out += JSONText.quote(member.key) + ":"
                guard write(member.value, into: &out) else { return false }
            }
            out += "}"
        case let items as [Any]:
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                guard write(item, into: &out) else { return false }
            }
            out += "]"
        default:
            // Other integer and floating-point types, as numbers.
            if let number = value as? any BinaryInteger { out += String(describing: number); return true }
            if let number = value as? any BinaryFloatingPoint { return write(Double(number), into: &out) }
            return false
        }
        return true
    }
}
