// Every bundled sample checks clean, and the checked model holds what the
// sample says.

import StackCompiler
import StackParser
import TestSupport
import XCTest

final class SampleTests: XCTestCase {
    func testEverySampleChecksClean() throws {
        let names = try Samples.names()
        XCTAssertGreaterThanOrEqual(names.count, 4)
        for name in names {
            let result = Compiler.check(SourceFile(path: name, text: try Samples.text(name)), loader: try Samples.memoryLoader())
            let rendered = DiagnosticRenderer(sources: result.sources).render(result.diagnostics)
            XCTAssertEqual(rendered, "", "\(name) should check clean")
            XCTAssertNotNil(result.program, name)
        }
    }

    /// Lowering lets a screen's checked rows go as it goes when it holds the
    /// only copy of the program; a program kept elsewhere must come out of
    /// it whole, and lower again to the same models.
    func testLoweringLeavesAProgramKeptElsewhereWhole() throws {
        var screens = 0
        for name in try Samples.names() {
            let result = Compiler.check(SourceFile(path: name, text: try Samples.text(name)), loader: try Samples.memoryLoader())
            let program = try XCTUnwrap(result.program, name)
            let rows = program.stacks.map(\.rows)
            let first = Compiler.lower(program)
            XCTAssertEqual(program.stacks.map(\.rows), rows, "\(name): lowering changed a program it did not own")
            XCTAssertEqual(Compiler.lower(program), first, name)
            screens += first.count
        }
        XCTAssertGreaterThan(screens, 3)
    }

    func testHotelModel() throws {
        let result = Compiler.check(SourceFile(path: "hotel.stack", text: try Samples.text("hotel.stack")), loader: try Samples.memoryLoader())
        let screen = try XCTUnwrap(result.program?.stacks.first)
        XCTAssertEqual(screen.name, "Hotel")
        XCTAssertEqual(screen.rows.compactMap(\.id), ["welcome", "notes", "tags", "tabs", "gallery", "amenities", "pricingToggle", "pricing"])
        XCTAssertEqual(screen.state.map(\.name), ["tagsExpanded", "tab", "showPricing", "nights"])
        XCTAssertEqual(screen.state[1].initialValue, .enumCase("Tab", "info"))
        let tags = try XCTUnwrap(screen.rows.first { $0.id == "tags" })
        XCTAssertEqual(
            tags.block.properties["size"],
            .expr(.conditional(.state("tagsExpanded", .bool), .constant(.number(340)), .constant(.number(150)))))
        XCTAssertEqual(tags.block.properties["tap"], .actions([.toggle(state: "tagsExpanded"), .emit("tagsToggled")]))
        XCTAssertEqual(tags.block.transitions["resize"]?.properties["curve"], .curve(.spring(damping: 0.8, velocity: 0)))
        let amenities = try XCTUnwrap(screen.rows.first { $0.id == "amenities" })
        XCTAssertEqual(amenities.rows.map(\.component), ["Chip", "Chip", "Chip"])
        XCTAssertEqual(amenities.rows[2].arguments["tint"], .constant(.color(0xD1E7_DDFF)))
        XCTAssertEqual(screen.block.blocks["defaults"]?.properties["insets"],
                       .edges([.constant(.number(12)), .constant(.number(15)), .constant(.number(12)), .constant(.number(15))]))
    }

    func testCheckoutFlowModel() throws {
        let result = Compiler.check(SourceFile(path: "checkout.stack", text: try Samples.text("checkout.stack")), loader: try Samples.memoryLoader())
        let flow = try XCTUnwrap(result.program?.stacks.first)
        XCTAssertEqual(flow.kind, .flow)
        XCTAssertEqual(flow.steps.map(\.name), ["Cart", "Shipping", "Payment", "Review"])
        XCTAssertEqual(flow.block.properties["fading"], .fading([
            .tint(color: .constant(.color(0xFFFF_FFFF)), alpha: .constant(.number(0.9)), step: .constant(.number(0.1))),
            .gradient(.constant(.percent(70))),
        ]))
    }

    func testDesignExampleChecksClean() {
        let components = """
            component Chip(label: string, tint: color = #E5E5EA): Text {
                text: label
                background: tint
                insets: 6 10
                size: fit
            }
            """
        let hotel = """
            import "components.stack"
            enum Tab { info, photos }
            screen Hotel {
                axis: vertical
                padding: 0
                spacing: 0
                background: #F2F2F7
                defaults {
                    insets: 12 15
                    background: #FFFFFF
                    highlight: #D9D9D9
                    separator { color: #C6C6C8  thickness: 1  insets: 0 15 }
                }
                hide-last-separator: true
                state expanded: bool = false
                state tab: Tab = .info
                Text welcome { text: "Welcome to Hotel Paradise"  font: 22  size: fit  separator: none }
                View tags {
                    host: "TagsVC"
                    size: expanded ? 340 : 150
                    tap: toggle(expanded), emit("tagsToggled")
                    transition resize { duration: 300ms  curve: spring(0.8) }
                }
                Image gallery {
                    aspect: 4/3
                    hidden: tab != .photos
                    transition show { duration: 1s  curve: spring(0.8)  from { offset: -100 0  alpha: 0 } }
                    transition hide { duration: 250ms  to { alpha: 0 } }
                }
                Stack amenities { axis: horizontal  size: 120  Chip { label: "Pool" }  Chip { label: "Spa" } }
                Spacer { size: 24 }
            }
            """
        let result = Compiler.check(
            SourceFile(path: "hotel.stack", text: hotel), loader: MemoryLoader(["components.stack": components]))
        // The example predates accessibility: its tappable View and its
        // Image have no labels, which is all that may be said of it.
        XCTAssertEqual(result.diagnostics.items.map(\.code), [.tappableWithoutLabel, .imageWithoutLabel])
    }
}

final class ParseCacheTests: XCTestCase {
    func testUnchangedFilesAreNotParsedAgain() throws {
        let loader = try Samples.memoryLoader()
        var cache = ParseCache()
        let hotel = SourceFile(path: "hotel.stack", text: try Samples.text("hotel.stack"))
        _ = Compiler.check(hotel, loader: loader, cache: &cache)
        XCTAssertEqual(cache.parsed, 2)
        XCTAssertEqual(cache.reused, 0)
        _ = Compiler.check(hotel, loader: loader, cache: &cache)
        XCTAssertEqual(cache.parsed, 0)
        XCTAssertEqual(cache.reused, 2)
        let edited = SourceFile(path: "hotel.stack", text: try Samples.text("hotel.stack") + "\n// edited\n")
        let result = Compiler.check(edited, loader: loader, cache: &cache)
        XCTAssertEqual(cache.parsed, 1)
        XCTAssertEqual(cache.reused, 1)
        XCTAssertNotNil(result.program)
    }
}
