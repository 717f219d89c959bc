// Source names as Swift names: `tags-expanded` → `tagsExpanded`, a Swift
// keyword in backticks, an emit name of any characters made an identifier.
// Literals the generated code needs, escaped.

enum SwiftNames {
    /// Words Swift reserves: as a member or case name they need backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "package",
        "consume", "copy", "discard", "each", "borrowing", "consuming", "some", "any",
    ]

    /// The words of a source name: split at anything that is not a letter
    /// or digit, and where a lowercase letter meets an uppercase one.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for scalar in name.unicodeScalars {
            let isAlphanumeric = (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) && scalar.isASCII
            if !isAlphanumeric {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            let isUpper = scalar.properties.isUppercase
            if isUpper, previousWasLower, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.unicodeScalars.append(scalar)
            previousWasLower = scalar.properties.isLowercase || ("0"..."9").contains(scalar)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `tags-expanded` → `tagsExpanded`; `tagsExpanded` stays. Not escaped.
    static func lowerCamel(_ name: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return "_" }
        var out = lowercaseFirst(first)
        for part in parts.dropFirst() { out += uppercaseFirst(part) }
        if let lead = out.unicodeScalars.first, ("0"..."9").contains(lead) { out = "_" + out }
        return out
    }

    /// `hotel-page` → `HotelPage`; `Hotel` stays.
    static func upperCamel(_ name: String) -> String {
        let parts = words(name)
        guard !parts.isEmpty else { return "_" }
        var out = parts.map(uppercaseFirst).joined()
        if let lead = out.unicodeScalars.first, ("0"..."9").contains(lead) { out = "_" + out }
        return out
    }

    /// The name as Swift source: keywords in backticks.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    private static func lowercaseFirst(_ word: String) -> String {
        // An all-caps word (`URL`) is lowercased whole, as Swift style does.
        if word.count > 1, word.unicodeScalars.allSatisfy({ !$0.properties.isLowercase }) { return word.lowercased() }
        return word.prefix(1).lowercased() + word.dropFirst()
    }

    private static func uppercaseFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// A Swift string literal of `text`.
    static func stringLiteral(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A Swift floating-point literal of `x` (finite by construction: the
    /// checker refuses anything else).
    static func doubleLiteral(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }
}
