// Localized screens: each locale's texts as the catalog gives them (plural
// rules, reordered arguments, `%.2f`, the source literal as fallback),
// every sample checking clean and laying out in every locale it has, and
// a live locale switch equal to a fresh layout in that locale that
// measures only the translated rows again (counted).

import Foundation
import StackCompiler
import StackOutput
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class LocalizationTests: XCTestCase {
    static let catalog = """
        { "sourceLanguage": "en", "version": "1.0", "strings": {
          "Hello": { "localizations": {
            "fr": { "stringUnit": { "state": "translated", "value": "Bonjour" } },
            "ar": { "stringUnit": { "state": "translated", "value": "مرحبا" } },
            "ja": { "stringUnit": { "state": "translated", "value": "こんにちは" } } } },
          "%lld nights": { "localizations": {
            "en": { "variations": { "plural": {
              "one": { "stringUnit": { "value": "%lld night" } }, "other": { "stringUnit": { "value": "%lld nights" } } } } },
            "fr": { "variations": { "plural": {
              "one": { "stringUnit": { "value": "%lld nuit" } }, "other": { "stringUnit": { "value": "%lld nuits" } } } } },
            "ja": { "variations": { "plural": { "other": { "stringUnit": { "value": "%lld泊" } } } } },
            "ru": { "variations": { "plural": {
              "one": { "stringUnit": { "value": "%lld ночь" } }, "few": { "stringUnit": { "value": "%lld ночи" } },
              "many": { "stringUnit": { "value": "%lld ночей" } }, "other": { "stringUnit": { "value": "%lld ночи." } } } } },
            "ar": { "variations": { "plural": {
              "zero": { "stringUnit": { "value": "لا ليالي" } }, "one": { "stringUnit": { "value": "ليلة واحدة" } },
              "two": { "stringUnit": { "value": "ليلتان" } }, "few": { "stringUnit": { "value": "%lld ليال" } },
              "many": { "stringUnit": { "value": "%lld ليلة" } }, "other": { "stringUnit": { "value": "%lld ليلة." } } } } } } },
          "%@ by %@": { "localizations": { "fr": { "stringUnit": { "value": "%2$@ : %1$@" } } } },
          "Total %lld": { "localizations": { "fr": { "stringUnit": { "value": "Total %.2f €" } } } }
        } }
        """

    static let source = """
        localize from "Localizable.xcstrings"
        screen S {
            state nights: number = 1
            Text hello { text: "Hello" }
            Text nights { text: "\\(nights) nights" }
            Text byline { text: "\\("Hugo") by \\("Victor")" }
            Text total { text: "Total \\(nights * 120.5)" }
            Text plain { text: verbatim("Hotel")  size: 30 }
        }
        """

    static func model() throws -> ScreenModel {
        let result = Compiler.check(
            SourceFile(path: "s.stack", text: source), loader: MemoryLoader(["Localizable.xcstrings": catalog]))
        XCTAssertEqual(result.diagnostics.items.map(\.message), [])
        let program = try XCTUnwrap(result.program)
        return try XCTUnwrap(Compiler.lower(program).first)
    }

    static func text(_ id: String, _ screen: Screen) throws -> String {
        let row = try XCTUnwrap(screen.row(id: id))
        return screen.appearance(of: row).text?.string ?? "?"
    }

    /// A literal `%` in a text is `%%` in its key, as SwiftUI writes it.
    func testAPercentSignIsDoubledInTheKey() throws {
        let catalog = """
            { "sourceLanguage": "en", "version": "1.0", "strings": {
              "100%% sure": { "localizations": { "fr": { "stringUnit": { "state": "translated", "value": "sûr à cent pour cent" } } } },
              "%lld%% off": { "localizations": { "fr": { "stringUnit": { "state": "translated", "value": "remise de %lld pour cent" } } } }
            } }
            """
        let source = """
            localize from "Localizable.xcstrings"
            screen S {
                state off: number = 20
                Text sure { text: "100% sure" }
                Text off { text: "\\(off)% off" }
            }
            """
        let result = Compiler.check(SourceFile(path: "s.stack", text: source), loader: MemoryLoader(["Localizable.xcstrings": catalog]))
        XCTAssertEqual(result.diagnostics.items.map(\.message), [])
        let model = try XCTUnwrap(Compiler.lower(try XCTUnwrap(result.program)).first)
        var screen = Screen(model: model)
        try screen.setLocale("fr")
        XCTAssertEqual(try Self.text("sure", screen), "sûr à cent pour cent")
        XCTAssertEqual(try Self.text("off", screen), "remise de 20 pour cent")
    }

    func testEachLocaleReadsItsTranslation() throws {
        let model = try Self.model()
        XCTAssertEqual(Screen(model: model).locales, ["en", "ar", "fr", "ja", "ru"])
        func texts(_ locale: String, nights: Double) throws -> [String] {
            var screen = Screen(model: model)
            try screen.setLocale(locale)
            try screen.setState("nights", to: .number(nights))
            return try ["hello", "nights", "byline", "total", "plain"].map { try Self.text($0, screen) }
        }
        XCTAssertEqual(try texts("en", nights: 1), ["Hello", "1 night", "Hugo by Victor", "Total 120.5", "Hotel"])
        XCTAssertEqual(try texts("en", nights: 3), ["Hello", "3 nights", "Hugo by Victor", "Total 361.5", "Hotel"])
        XCTAssertEqual(try texts("fr", nights: 0), ["Bonjour", "0 nuit", "Victor : Hugo", "Total 0.00 €", "Hotel"], "French: 0 is one")
        XCTAssertEqual(try texts("fr-CA", nights: 2), ["Bonjour", "2 nuits", "Victor : Hugo", "Total 241.00 €", "Hotel"])
        XCTAssertEqual(try texts("ja", nights: 1)[1], "1泊", "Japanese has only 'other'")
        XCTAssertEqual(try [0.0, 1, 2, 5, 11, 100].map { try texts("ar", nights: $0)[1] }, ["لا ليالي", "ليلة واحدة", "ليلتان", "5 ليال", "11 ليلة", "100 ليلة."])
        XCTAssertEqual(
            try [1.0, 2, 5, 11, 21, 22, 25, 111, 112, 1.5].map { try texts("ru", nights: $0)[1] },
            ["1 ночь", "2 ночи", "5 ночей", "11 ночей", "21 ночь", "22 ночи", "25 ночей", "111 ночей", "112 ночей", "1.5 ночи."])
        XCTAssertEqual(try [101.0, 103, 111].map { try texts("ar", nights: $0)[1] }, ["101 ليلة.", "103 ليال", "111 ليلة"], "Arabic by n % 100")
        var screen = Screen(model: model)
        XCTAssertThrowsError(try screen.setLocale("de")) { XCTAssertEqual("\($0)", "the screen has no translations for 'de'; its locales are en, ar, fr, ja, ru") }
    }

    func testALiveLocaleSwitchMeasuresOnlyTranslatedRows() throws {
        let model = try Self.model()
        let views = HostViews()
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 600, measurer: views)
        views.asked = []
        try live.setLocale("fr")
        XCTAssertEqual(Set(views.asked.compactMap(\.id)), ["hello", "nights", "byline", "total"], "not 'plain'")
        XCTAssertEqual(live.locale, "fr")
        var fresh = Screen(model: model, viewportWidth: 320, viewportHeight: 600)
        try fresh.setLocale("fr")
        XCTAssertEqual(LiveModelTests.render(live), LayoutJSON.render(screen: fresh, layout: fresh.layout(), offset: 0))
        let compiled = try ScreenDecoder.decode(ScreenEncoder.encode([model]))[0]
        var loaded = Screen(model: compiled, viewportWidth: 320, viewportHeight: 600)
        try loaded.setLocale("fr")
        XCTAssertEqual(try Self.text("byline", loaded), "Victor : Hugo", "the compiled form keeps every locale")
    }

    /// Every sample checks clean, and lays out in every locale it has with
    /// every text translated or falling back to its source.
    func testEverySampleLaysOutInEveryLocaleItHas() throws {
        let samples = CompiledFormatTests.samples
        let names = try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { $0.hasSuffix(".stack") }.sorted()
        for name in names where name != "components.stack" {
            let text = try String(contentsOf: samples.appendingPathComponent(name), encoding: .utf8)
            let result = Compiler.check(SourceFile(path: name, text: text), loader: DirectoryLoader(base: samples.path))
            XCTAssertEqual(result.diagnostics.items.map(\.message), [], name)
            for model in Compiler.lower(try XCTUnwrap(result.program, name)) {
                let locales = Screen(model: model).locales
                for locale in locales {
                    var screen = Screen(model: model)
                    try screen.setLocale(locale)
                    XCTAssertEqual(screen.locale, locale)
                    _ = screen.layout()
                }
                if name == "hotel.stack" || name == "settings.stack" { XCTAssertEqual(locales, ["en", "de", "fr"], name) }
            }
        }
    }
}
