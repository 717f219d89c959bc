// Nested data: records inside records, lists inside records, and a `for`
// inside a `for`. A nested screen lays out exactly as its rows written out
// by hand (seeded menus), and re-binding — seeded changes of sections and of
// the dishes inside them — leaves the live screen equal to a fresh binding,
// with rows made again only for the sections that changed.

import Foundation
import StackCompiler
import StackOutput
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class NestedDataTests: XCTestCase {
    struct Dish: Equatable {
        var id: String
        var name: String
        var amount: Int
        var currency: String?
        var vegan: Bool
    }

    struct Section: Equatable {
        var id: String
        var title: String
        var dishes: [Dish]
    }

    static let screen = """
        record Price { amount: number  currency: string = "€" }
        record Dish { id: string  name: string  price: Price  vegan: bool = false }
        record Section { id: string  title: string  dishes: [Dish] }
        screen S {
            data sections: [Section]
            defaults { insets: 2  transition insert { duration: 200ms } transition remove { duration: 200ms } transition move { duration: 200ms } }
            Text head { text: "\\(count(sections)) sections"  size: 30 }
            for s in sections key s.id {
                Text header { text: "\\(index + 1). \\(s.title) (\\(count(s.dishes)))"  size: 20 }
                for d in s.dishes key d.id {
                    Text dish { text: "\\(index + 1). \\(d.name) \\(fixed(d.price.amount, 2)) \\(d.price.currency) in \\(s.title)"  hidden: d.vegan }
                }
                Stack box {
                    spacing: 3
                    for d in s.dishes key d.id {
                        Text vegan { text: d.name  size: d.price.amount }
                    }
                }
            }
            Text tail { text: "end"  size: 20 }
        }
        """

    /// The same screen with every row written out.
    static func expanded(_ sections: [Section]) -> String {
        var rows: [String] = []
        for (s, section) in sections.enumerated() {
            rows.append("Text header_\(section.id) { text: \"\(s + 1). \(section.title) (\(section.dishes.count))\"  size: 20 }")
            for (d, dish) in section.dishes.enumerated() {
                let text = "\(d + 1). \(dish.name) \(dish.amount).00 \(dish.currency ?? "€") in \(section.title)"
                rows.append("Text dish_\(section.id)_\(dish.id) { text: \"\(text)\"  hidden: \(dish.vegan) }")
            }
            let inner = section.dishes.map { "Text vegan_\(section.id)_\($0.id) { text: \"\($0.name)\"  size: \($0.amount) }" }
            rows.append("Stack box_\(section.id) {\n spacing: 3\n\(inner.joined(separator: "\n"))\n}")
        }
        return """
            screen S {
                defaults { insets: 2 }
                Text head { text: "\(sections.count) sections"  size: 30 }
            \(rows.joined(separator: "\n"))
                Text tail { text: "end"  size: 20 }
            }
            """
    }

    static func json(_ sections: [Section]) -> String {
        let items = sections.map { section in
            let dishes = section.dishes.map { dish in
                let currency = dish.currency.map { ", \"currency\": \"\($0)\"" } ?? ""
                return "{\"id\": \"\(dish.id)\", \"name\": \"\(dish.name)\", \"price\": {\"amount\": \(dish.amount)\(currency)}, \"vegan\": \(dish.vegan)}"
            }
            return "{\"id\": \"\(section.id)\", \"title\": \"\(section.title)\", \"dishes\": [\(dishes.joined(separator: ", "))]}"
        }
        return "[" + items.joined(separator: ", ") + "]"
    }

    static func randomDishes(_ random: inout SplitMix64, count: Int, ids: inout Int) -> [Dish] {
        (0..<count).map { _ in
            ids += 1
            return Dish(
                id: "d\(ids)", name: "n\(Int.random(in: 0..<1000, using: &random))", amount: Int.random(in: 4...40, using: &random),
                currency: Bool.random(using: &random) ? nil : "$", vegan: Int.random(in: 0..<3, using: &random) == 0)
        }
    }

    static func randomSections(_ random: inout SplitMix64, count: Int, ids: inout Int) -> [Section] {
        (0..<count).map { _ in
            ids += 1
            let dishes = randomDishes(&random, count: Int.random(in: 0...4, using: &random), ids: &ids)
            return Section(id: "s\(ids)", title: "t\(Int.random(in: 0..<100, using: &random))", dishes: dishes)
        }
    }

    /// The layout as JSON, keyed ids written as the expansion writes them
    /// (`dish[s1][d2]` → `dish_s1_d2`), then each text row's text (layout
    /// JSON has frames only).
    static func render(_ live: LiveScreen) -> String {
        let json = LiveModelTests.render(live)
        var texts: [String] = []
        for match in json.matches(of: #/"id": "([^"]*)", "kind": "Text"/#) {
            texts.append(String(match.1) + ": " + ((try? InterpolationTests.text(String(match.1), live)) ?? "?"))
        }
        return flattenKeys(json + "\n" + texts.joined(separator: "\n"))
    }

    /// Layout JSON with `"id": "dish[s1][d2]"` written `"id": "dish_s1_d2"`.
    static func flattenKeys(_ json: String) -> String {
        json.replacing(#/"id": "([^"]*)"|\n([a-z]+\[[^:]*):/#) { match in
            let flat = String(match.1 ?? match.2 ?? "").replacingOccurrences(of: "][", with: "_").replacingOccurrences(of: "[", with: "_")
                .replacingOccurrences(of: "]", with: "")
            return match.1 != nil ? "\"id\": \"" + flat + "\"" : "\n" + flat + ":"
        }
    }

    func testANestedScreenLaysOutAsItsRowsWrittenOut() throws {
        let model = try InterpolationTests.loaded(Self.screen)
        var random = SplitMix64(seed: 5)
        var ids = 0
        for round in 0..<40 {
            let sections = Self.randomSections(&random, count: Int.random(in: 0...5, using: &random), ids: &ids)
            var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 700)
            try live.bind("sections", json: Self.json(sections))
            let reference = LiveScreen(model: try LiveModelTests.model(Self.expanded(sections)), viewportWidth: 320, viewportHeight: 700)
            XCTAssertEqual(Self.render(live), Self.render(reference), "round \(round): \(sections)")
        }
    }

    func testRebindingNestedListsEqualsAFreshBinding() throws {
        let model = try InterpolationTests.loaded(Self.screen)
        var random = SplitMix64(seed: 23)
        var ids = 0
        var sections = Self.randomSections(&random, count: 4, ids: &ids)
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 700)
        try live.bind("sections", json: Self.json(sections))
        let steps = ProcessInfo.processInfo.environment["STACKC_LONG_TESTS"] == "1" ? 600 : 250
        for step in 0..<steps {
            var next = sections
            let at = next.isEmpty ? 0 : Int.random(in: 0..<next.count, using: &random)
            switch Int.random(in: 0..<9, using: &random) {
            case 0: next.insert(contentsOf: Self.randomSections(&random, count: 1, ids: &ids), at: Int.random(in: 0...next.count, using: &random))
            case 1 where !next.isEmpty: next.remove(at: at)
            case 2 where next.count > 1: next.swapAt(0, next.count - 1)
            case 3 where !next.isEmpty: next[at].dishes += Self.randomDishes(&random, count: 1, ids: &ids)
            case 4 where !next.isEmpty && !next[at].dishes.isEmpty: next[at].dishes.removeFirst()
            case 5 where !next.isEmpty && next[at].dishes.count > 1: next[at].dishes.reverse()
            case 6 where !next.isEmpty && !next[at].dishes.isEmpty:
                next[at].dishes[0].amount = Int.random(in: 4...40, using: &random)
                next[at].dishes[0].currency = Bool.random(using: &random) ? nil : "£"
            case 7 where !next.isEmpty && !next[at].dishes.isEmpty:
                // A key repeated inside one section is refused and changes nothing.
                var bad = next
                bad[at].dishes.append(bad[at].dishes[0])
                let before = Self.render(live)
                XCTAssertThrowsError(try live.bind("sections", json: Self.json(bad))) { error in
                    XCTAssertTrue("\(error)".contains("sections[\(at)].dishes[\(bad[at].dishes.count - 1)].id: key"), "\(error)")
                }
                XCTAssertEqual(Self.render(live), before, "step \(step): a refused binding changed the screen")
                continue
            default: if !next.isEmpty { next[at].title = "e\(step)" }
            }
            if next.count > 8 { next = Array(next.prefix(5)) }
            let events = try live.bind("sections", json: Self.json(next))
            var fresh = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 700)
            try fresh.bind("sections", json: Self.json(next))
            XCTAssertEqual(Self.render(live), Self.render(fresh), "step \(step)")
            // A section that is unchanged and in its place (its rows read
            // `index`) keeps its rows; every other section's are made again.
            let old = Dictionary(uniqueKeysWithValues: sections.enumerated().map { ($1.id, ($0, $1)) })
            let kept = next.enumerated().filter { position, section in old[section.id].map { $0 == (position, section) } ?? false }
            let rows = { (sections: [Section]) in sections.reduce(0) { $0 + 2 + $1.dishes.count } }
            let made = rows(next) - rows(kept.map(\.element))
            let gone = rows(sections) - rows(kept.map(\.element))
            XCTAssertEqual(events.count { if case .rowInserted = $0 { true } else { false } }, made, "step \(step)")
            XCTAssertEqual(events.count { if case .rowRemoved = $0 { true } else { false } }, gone, "step \(step)")
            sections = next
            if testRun?.failureCount ?? 0 > 0 { return }
        }
    }

    /// A section changed by key equals a fresh binding; its rows are made
    /// again (its `for` holds a `for`), the other sections' stay.
    func testUpdatingASectionByKey() throws {
        let model = try InterpolationTests.loaded(Self.screen)
        var random = SplitMix64(seed: 31)
        var ids = 0
        var sections = Self.randomSections(&random, count: 5, ids: &ids)
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 700)
        try live.bind("sections", json: Self.json(sections))
        for step in 0..<40 {
            let at = Int.random(in: 0..<sections.count, using: &random)
            sections[at].title = "u\(step)"
            sections[at].dishes = Self.randomDishes(&random, count: Int.random(in: 0...3, using: &random), ids: &ids)
            let object = String(Self.json([sections[at]]).dropFirst().dropLast())
            try live.update("sections", key: sections[at].id, json: object)
            var fresh = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 700)
            try fresh.bind("sections", json: Self.json(sections))
            XCTAssertEqual(Self.render(live), Self.render(fresh), "step \(step)")
        }
    }

    /// A single record's nested record and list field: `for` over
    /// `place.specials`, `place.address.city` in text.
    func testASingleRecordsListFieldRepeatsRows() throws {
        let model = try InterpolationTests.loaded("""
            record Address { street: string  city: string = "Paris" }
            record Special { id: number  name: string }
            record Place { name: string  address: Address  specials: [Special] }
            screen S {
                data place: Place
                Text title { text: "\\(place.name), \\(place.address.city) (\\(count(place.specials)))" }
                for x in place.specials key x.id { Text special { text: "\\(index). \\(x.name)" } }
                Text tail { text: "end" }
            }
            """)
        var live = LiveScreen(model: model, viewportWidth: 320, viewportHeight: 500)
        try live.bind("place", json: #"{"name": "Chez", "address": {"street": "1 Rue"}, "specials": [{"id": 7, "name": "Tart"}, {"id": 9, "name": "Soup"}]}"#)
        let expanded = LiveScreen(model: try LiveModelTests.model("""
            screen S {
                Text title { text: "Chez, Paris (2)" }
                Text special_7 { text: "0. Tart" }
                Text special_9 { text: "1. Soup" }
                Text tail { text: "end" }
            }
            """), viewportWidth: 320, viewportHeight: 500)
        XCTAssertEqual(Self.render(live), Self.render(expanded))
        let events = try live.bind("place", json: #"{"name": "Chez", "address": {"street": "1 Rue", "city": "Lyon"}, "specials": [{"id": 9, "name": "Soup"}]}"#)
        XCTAssertEqual(events.count { if case .rowRemoved = $0 { true } else { false } }, 2, "\(events)")
        XCTAssertEqual(events.count { if case .rowInserted = $0 { true } else { false } }, 1, "\(events): 9 moved to index 0, which its row reads")
        XCTAssertEqual(try live.row(id: "special[9]").row, live.screen.model.rows.indices.last)
        XCTAssertThrowsError(try live.bind("place", json: #"{"name": "x", "address": {"street": 3}, "specials": []}"#)) {
            XCTAssertEqual("\($0)", "place.address.street: expected a string, found a number (record Place)")
        }
        XCTAssertThrowsError(try live.bind("place", json: #"{"name": "x", "address": {"street": "s"}, "specials": {}}"#)) {
            XCTAssertEqual("\($0)", "place.specials: expected an array of Special objects, found an object")
        }
    }

    /// The `for_nested_v` layout fixture and its rows written out
    /// (`for_nested_expanded_v`) have the same golden JSON, keyed ids aside.
    func testTheNestedFixtureEqualsItsExpansion() throws {
        let directory = LayoutFixtureTests.directory
        let bound = try String(contentsOf: directory.appendingPathComponent("for_nested_v.json"), encoding: .utf8)
        let expanded = try String(contentsOf: directory.appendingPathComponent("for_nested_expanded_v.json"), encoding: .utf8)
        XCTAssertTrue(bound.contains("\"dish[starters][soup]\""))
        XCTAssertEqual(Self.flattenKeys(bound), expanded)
    }
}
