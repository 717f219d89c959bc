// Xcode String Catalogs (`.xcstrings`), the JSON Xcode writes:
//
//   { "sourceLanguage": "en", "version": "1.0",
//     "strings": { "%lld nights": { "localizations": {
//         "fr": { "variations": { "plural": {
//             "one":   { "stringUnit": { "state": "translated", "value": "%lld nuit" } },
//             "other": { "stringUnit": { "state": "translated", "value": "%lld nuits" } } } } },
//         "de": { "stringUnit": { "state": "translated", "value": "%lld Nächte" } } } } } }
//
// Only what a screen needs is read: each key's string unit or plural
// variations per locale. Anything else (device variations, substitutions,
// comments, extraction state) is skipped; a malformed catalog is one error
// naming the JSON path.

import StackRuntime

/// A String Catalog, read.
struct StringCatalog {
    /// A translation: one string, or one per plural category.
    enum Translation: Equatable {
        case unit(String)
        /// By CLDR category: zero, one, two, few, many, other.
        case plural([String: String])
    }

    var sourceLanguage: String
    /// Key → locale → translation.
    var strings: [String: [String: Translation]]

    /// Every locale some string is translated into, the source language first.
    var locales: [String] {
        var others = Set<String>()
        for localizations in strings.values { others.formUnion(localizations.keys) }
        others.remove(sourceLanguage)
        return [sourceLanguage] + others.sorted()
    }

    /// Reads a catalog's JSON; the error names the JSON path.
    static func read(_ bytes: [UInt8]) -> Result<StringCatalog, CatalogError> {
        let root: JSONValue
        do {
            root = try JSONValue.parse(String(decoding: bytes, as: UTF8.self))
        } catch {
            return .failure(CatalogError(message: "\(error)"))
        }
        guard case .object(let top) = root else { return .failure(CatalogError(message: "expected a JSON object at the top")) }
        var catalog = StringCatalog(sourceLanguage: "en", strings: [:])
        for (name, value) in top {
            switch name {
            case "sourceLanguage":
                guard case .string(let language) = value, !language.isEmpty else {
                    return .failure(CatalogError(message: "sourceLanguage: expected a language code such as \"en\""))
                }
                catalog.sourceLanguage = language
            case "strings":
                guard case .object(let entries) = value else { return .failure(CatalogError(message: "strings: expected an object")) }
                for (key, entry) in entries {
                    switch translations(of: entry, path: "strings[\"\(key)\"]") {
                    case .success(let found): catalog.strings[key] = found
                    case .failure(let error): return .failure(error)
                    }
                }
            default: continue
            }
        }
        return .success(catalog)
    }

    private static func translations(of entry: JSONValue, path: String) -> Result<[String: Translation], CatalogError> {
        guard case .object(let members) = entry else { return .failure(CatalogError(message: "\(path): expected an object")) }
        var out: [String: Translation] = [:]
        for case ("localizations", let value) in members {
            guard case .object(let locales) = value else { return .failure(CatalogError(message: "\(path).localizations: expected an object")) }
            for (locale, localization) in locales {
                let at = "\(path).localizations.\(locale)"
                guard case .object(let parts) = localization else { return .failure(CatalogError(message: "\(at): expected an object")) }
                for (part, body) in parts {
                    if part == "stringUnit" {
                        guard let text = unitValue(body) else { return .failure(CatalogError(message: "\(at).stringUnit: expected {\"value\": \"…\"}")) }
                        out[locale] = .unit(text)
                    } else if part == "variations", case .object(let kinds) = body {
                        for case ("plural", .object(let categories)) in kinds {
                            var forms: [String: String] = [:]
                            for (category, unit) in categories {
                                guard case .object(let holder) = unit, let text = holder.first(where: { $0.key == "stringUnit" }).flatMap({ unitValue($0.value) }) else {
                                    return .failure(CatalogError(message: "\(at).variations.plural.\(category): expected a stringUnit"))
                                }
                                forms[category] = text
                            }
                            guard forms["other"] != nil else {
                                return .failure(CatalogError(message: "\(at).variations.plural: the 'other' form is missing"))
                            }
                            out[locale] = .plural(forms)
                        }
                    }
                }
            }
        }
        return .success(out)
    }

    private static func unitValue(_ unit: JSONValue) -> String? {
        guard case .object(let fields) = unit, case .string(let text)? = fields.first(where: { $0.key == "value" })?.value else { return nil }
        return text
    }
}

/// A catalog that could not be read, and where.
struct CatalogError: Error {
    var message: String
}

/// A format string of a catalog: text and the arguments it takes (`%lld`,
/// `%@`, `%1$@`, `%.2f`), and `%%` for a percent sign.
struct CatalogFormat: Equatable {
    enum Part: Equatable {
        case text(String)
        /// The argument's 0-based position, and decimals for `%.Nf`.
        case argument(Int, decimals: Int?)
    }

    var parts: [Part]

    /// How many distinct arguments the string reads.
    var argumentCount: Int {
        Set(parts.compactMap { if case .argument(let index, _) = $0 { index } else { nil } }).count
    }

    /// Parses `text`; nil with the reason for a specifier it does not know.
    static func parse(_ text: String) -> Result<CatalogFormat, CatalogError> {
        var parts: [Part] = []
        var literal = ""
        var next = 0
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            guard c == "%" else {
                literal.unicodeScalars.append(c)
                i += 1
                continue
            }
            i += 1
            guard i < scalars.count else { return .failure(CatalogError(message: "'\(text)' ends with a lone '%'")) }
            if scalars[i] == "%" {
                literal += "%"
                i += 1
                continue
            }
            // %[n$][.d](lld|ld|d|lf|f|@|u|llu)
            var position: Int?
            var digits = ""
            var j = i
            while j < scalars.count, ("0"..."9").contains(scalars[j]) { digits.unicodeScalars.append(scalars[j]); j += 1 }
            if j < scalars.count, scalars[j] == "$", let n = Int(digits), n >= 1 {
                position = n - 1
                i = j + 1
            }
            var decimals: Int?
            if i < scalars.count, scalars[i] == "." {
                var d = ""
                i += 1
                while i < scalars.count, ("0"..."9").contains(scalars[i]) { d.unicodeScalars.append(scalars[i]); i += 1 }
                decimals = Int(d).map { min($0, 15) }
            }
            let rest = String(String.UnicodeScalarView(scalars[i...].prefix(3)))
            let specifier = ["lld", "llu", "ld", "lu", "lf", "d", "u", "i", "f", "@"].first { rest.hasPrefix($0) }
            guard let specifier else { return .failure(CatalogError(message: "'\(text)' has a format specifier this compiler does not know")) }
            i += specifier.unicodeScalars.count
            if !literal.isEmpty { parts.append(.text(literal)) }
            literal = ""
            let index = position ?? next
            next = index + 1
            parts.append(.argument(index, decimals: specifier.hasSuffix("f") ? decimals : nil))
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        return .success(CatalogFormat(parts: parts))
    }
}

/// CLDR's plural rules for whole counts, for the languages a screen is most
/// often translated into; any other language takes English's.
enum PluralRule {
    case oneForOne  // en, de, nl, sv, it, es, pt-PT, …: one for exactly 1
    case zeroAndOne  // fr, pt-BR: one for 0 ≤ n < 2
    case other  // ja, zh, ko, th, vi, id: no plural forms
    case arabic  // ar: zero, one, two, few (n % 100 in 3…10), many (n % 100 in 11…99)
    case eastSlavic  // ru, uk, be: one (n % 10 = 1, not 11), few (2…4, not 12…14), many
    case polish  // pl: one (1), few (n % 10 in 2…4, not 12…14), many
    case czech  // cs, sk: one (1), few (2…4), other

    init(locale: String) {
        let language = locale.split(separator: "-").first.map(String.init) ?? locale
        switch language {
        case "fr": self = .zeroAndOne
        case "pt" where locale != "pt-PT": self = .zeroAndOne
        case "ja", "zh", "ko", "th", "vi", "id", "ms": self = .other
        case "ar": self = .arabic
        case "ru", "uk", "be": self = .eastSlavic
        case "pl": self = .polish
        case "cs", "sk": self = .czech
        default: self = .oneForOne
        }
    }
}
