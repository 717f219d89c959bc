// Localized text: in a file with `localize from "Localizable.xcstrings"`,
// a Text's string literal is a key of that catalog — `"\(n) nights"` is
// the key "%lld nights" (a number is `%lld`, anything else `%@`, as
// SwiftUI writes them). Each locale's translation becomes one branch of a
// choice on the "env.locale" state slot, its format arguments the text's
// interpolations (`%1$@` reorders them, `%.2f` is fixed(x, 2)), its plural
// variations a choice by the locale's plural rule on the first number; the
// source literal is the fallback. `verbatim("…")` is never looked up.

import StackParser
import StackRuntime

extension TypeChecker {
    static let localeState = ScreenModel.localeState
    /// The most locales a program has (each is a branch of every localized text).
    static let maximumLocales = 100

    /// Reads every file's catalog and settles the program's locales.
    mutating func readCatalogs(_ loaded: LoadedProgram) {
        for (index, entry) in loaded.catalogs.sorted(by: { $0.key < $1.key }) {
            let syntax = loaded.files[index]
            guard let decl = syntax.localize, let bytes = entry.bytes else { continue }
            switch StringCatalog.read(bytes) {
            case .success(let catalog):
                // Each locale is a branch of every text's expression: bounded.
                let count = catalog.locales.count
                guard count <= Self.maximumLocales else {
                    error(
                        .unreadableCatalog, decl.pathSpan,
                        "String Catalog '\(decl.path)' has \(count) locales; a program may have at most \(Self.maximumLocales)")
                    continue
                }
                catalogs[syntax.file] = (catalog, decl)
            case .failure(let problem):
                error(.unreadableCatalog, decl.pathSpan, "String Catalog '\(decl.path)': \(problem.message)")
            }
        }
        let root = loaded.files.first.flatMap { catalogs[$0.file] }
        var others = Set<String>()
        for (catalog, _) in catalogs.values { others.formUnion(catalog.locales) }
        let source = root?.catalog.sourceLanguage ?? catalogs.values.first?.catalog.sourceLanguage
        if let source {
            others.remove(source)
            locales = Array(([source] + others.sorted()).prefix(Self.maximumLocales))
        }
    }

    /// A Text's `text` in a localized file: literals looked up, anything
    /// else checked as it is.
    mutating func checkLocalizedText(_ expr: Expr, scope: Scope) -> TypedExpr {
        guard let (catalog, decl) = catalogs[expr.span.file] else { return check(expr, expecting: .string, scope: scope, what: "'text'") }
        switch expr.kind {
        case .string(let text):
            return translate([.text(text)], span: expr.span, catalog: catalog, decl: decl, scope: scope)
        case .interpolation(let parts):
            return translate(parts, span: expr.span, catalog: catalog, decl: decl, scope: scope)
        case .ternary(let condition, let a, let b):
            let typed = check(condition, expecting: .bool, scope: scope, what: "the condition of '?:'")
            let first = checkLocalizedText(a, scope: scope), second = checkLocalizedText(b, scope: scope)
            guard typed != .invalid, first != .invalid, second != .invalid else { return .invalid }
            return .conditional(typed, first, second)
        default:
            return check(expr, expecting: .string, scope: scope, what: "'text'")
        }
    }

    private mutating func translate(
        _ parts: [InterpolationPart], span: Span, catalog: StringCatalog, decl: LocalizeDecl, scope: Scope
    ) -> TypedExpr {
        // The key, and the interpolated values the formats read.
        var key = ""
        var arguments: [(expr: TypedExpr, type: ValueType)] = []
        for part in parts {
            switch part {
            case .text(let text):
                // By hand: `replacing(_:with:)` needs macOS 13, and this
                // library builds for older systems too.
                for character in text {
                    if character == "%" { key += "%%" } else { key.append(character) }
                }
            case .expr(let expr):
                let (typed, type) = infer(expr, expected: nil, scope: scope)
                guard let type else { return .invalid }
                if type == .color || type == .duration {
                    error(.notShownInText, expr.span, "cannot show \(type) in text")
                    return .invalid
                }
                key += type == .number ? "%lld" : "%@"
                arguments.append((typed, type))
            }
        }
        guard case .success(let keyFormat) = CatalogFormat.parse(key), let fallback = render(keyFormat, arguments) else { return .invalid }
        guard let translations = catalog.strings[key] else {
            error(
                .missingTranslationKey, span,
                "'\(key)' is not in '\(decl.path)'; add it to the catalog, or write verbatim(…) for text that is not translated")
            return fallback
        }
        var source = fallback
        if let own = translations[catalog.sourceLanguage], let expr = translation(own, locale: catalog.sourceLanguage, key: key, arguments, span: span) {
            source = expr
        }
        guard locales.count > 1 else { return source }
        environment.insert(Self.localeState)
        var out = source
        for locale in locales.dropFirst().reversed() {
            guard let found = translations[locale], let expr = translation(found, locale: locale, key: key, arguments, span: span) else { continue }
            let isLocale = TypedExpr.binary(
                .equal, .state(Self.localeState, .enumeration(Self.localeState)), .constant(.enumCase(Self.localeState, locale)))
            out = .conditional(isLocale, expr, out)
        }
        return out
    }

    /// One locale's translation as an expression over the arguments.
    private mutating func translation(
        _ found: StringCatalog.Translation, locale: String, key: String, _ arguments: [(expr: TypedExpr, type: ValueType)], span: Span
    ) -> TypedExpr? {
        // A plural form may leave the number out ("one night"); a plain
        // translation reads every argument the text has.
        func form(_ text: String, plural: Bool = false) -> TypedExpr? {
            switch CatalogFormat.parse(text) {
            case .failure(let problem):
                error(.translationArguments, span, "the \(locale) translation of '\(key)': \(problem.message)")
                return nil
            case .success(let format):
                let read = format.parts.compactMap { if case .argument(let index, _) = $0 { index } else { nil } }
                guard read.allSatisfy({ $0 < arguments.count }), plural || format.argumentCount == arguments.count else {
                    error(
                        .translationArguments, span,
                        "the \(locale) translation of '\(key)' reads \(format.argumentCount) argument\(format.argumentCount == 1 ? "" : "s") ('\(text)'); the text has \(arguments.count)")
                    return nil
                }
                return render(format, arguments)
            }
        }
        switch found {
        case .unit(let text): return form(text)
        case .plural(let forms):
            guard let counted = arguments.first(where: { $0.type == .number })?.expr else {
                error(.translationArguments, span, "the \(locale) translation of '\(key)' varies by plural, but the text interpolates no number")
                return nil
            }
            var built: [String: TypedExpr] = [:]
            for (category, text) in forms {
                guard let expr = form(text, plural: true) else { return nil }
                built[category] = expr
            }
            return pluralChoice(built, count: counted, rule: PluralRule(locale: locale))
        }
    }

    /// The form for `count` by `rule` (an explicit `zero` form wins at 0).
    private func pluralChoice(_ forms: [String: TypedExpr], count: TypedExpr, rule: PluralRule) -> TypedExpr? {
        guard let other = forms["other"] else { return nil }
        func equals(_ n: Double) -> TypedExpr { .binary(.equal, count, .constant(.number(n))) }
        func modulo(_ m: Double) -> TypedExpr { .binary(.remainder, count, .constant(.number(m))) }
        func within(_ value: TypedExpr, _ low: Double, _ high: Double) -> TypedExpr {
            .binary(.and, .binary(.greaterEqual, value, .constant(.number(low))), .binary(.lessEqual, value, .constant(.number(high))))
        }
        func not(_ e: TypedExpr) -> TypedExpr { .not(e) }
        let whole = TypedExpr.binary(.equal, modulo(1), .constant(.number(0)))
        let fewEnding = TypedExpr.binary(.and, within(modulo(10), 2, 4), not(within(modulo(100), 12, 14)))
        var choices: [(TypedExpr, String)] = []
        switch rule {
        case .oneForOne: choices = [(equals(1), "one")]
        case .zeroAndOne:
            choices = [(.binary(.and, .binary(.greaterEqual, count, .constant(.number(0))), .binary(.less, count, .constant(.number(2)))), "one")]
        case .other: choices = []
        case .arabic:
            choices = [(equals(1), "one"), (equals(2), "two"), (within(modulo(100), 3, 10), "few"), (within(modulo(100), 11, 99), "many")]
        case .eastSlavic:
            let one = TypedExpr.binary(.and, .binary(.equal, modulo(10), .constant(.number(1))), .binary(.notEqual, modulo(100), .constant(.number(11))))
            choices = [(.binary(.and, whole, one), "one"), (.binary(.and, whole, fewEnding), "few"), (whole, "many")]
        case .polish:
            choices = [(equals(1), "one"), (.binary(.and, whole, fewEnding), "few"), (whole, "many")]
        case .czech:
            choices = [(equals(1), "one"), (within(count, 2, 4), "few")]
        }
        choices.insert((equals(0), "zero"), at: 0)
        var out = other
        for (condition, category) in choices.reversed() {
            if let form = forms[category] { out = .conditional(condition, form, out) }
        }
        return out
    }

    /// A format's text with the arguments in place.
    private func render(_ format: CatalogFormat, _ arguments: [(expr: TypedExpr, type: ValueType)]) -> TypedExpr? {
        var pieces: [TypedExpr] = []
        for part in format.parts {
            switch part {
            case .text(let text): pieces.append(.constant(.string(text)))
            case .argument(let index, let decimals):
                guard index < arguments.count else { return nil }
                let (expr, type) = arguments[index]
                if type == .string {
                    pieces.append(expr)
                } else if type == .number, let decimals {
                    pieces.append(.call(.fixed, [expr, .constant(.number(Double(decimals)))]))
                } else {
                    pieces.append(ConstantFolder.foldNode(.text(expr, type)))
                }
            }
        }
        return Self.joined(pieces[...])
    }

    /// `verbatim("…")`: a string that is never looked up in a catalog.
    mutating func inferVerbatim(_ arguments: [Expr], span: Span, scope: Scope) -> Checked {
        guard arguments.count == 1 else {
            error(.wrongArgumentCount, span, "'verbatim' takes 1 string, found \(arguments.count)")
            return (.invalid, nil)
        }
        let typed = check(arguments[0], expecting: .string, scope: scope, what: "'verbatim'")
        return typed == .invalid ? (.invalid, nil) : (typed, .string)
    }
}
