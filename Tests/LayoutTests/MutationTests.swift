// Row mutations and scroll behaviours on a live screen.

import StackOutput
import StackCompiler
import StackParser
import StackRuntime
import TestSupport
import XCTest

final class MutationTests: XCTestCase {
    /// Five 30-point rows (54 with insets), a snap-hide bar first, in a 390 × 100 viewport.
    func screen(_ source: String? = nil) throws -> LiveScreen {
        let text = source ?? """
            screen S {
                Text bar { size: 30  behavior: snap-hide(top) }
                Text a { size: 30 }
                Text b { size: 30 }
                Text c { size: 30 }
                Text d { size: 30 }
            }
            """
        let result = Compiler.check(SourceFile(path: "t.stack", text: text), loader: MemoryLoader([:]))
        let model = try XCTUnwrap(Compiler.lower(try XCTUnwrap(result.program, "\(result.diagnostics.items.map(\.message))")).first)
        return LiveScreen(model: model, viewportWidth: 390, viewportHeight: 100)
    }

    func testRemoveMoveHideReloadWithChecks() throws {
        var live = try screen()
        let b = try live.row(id: "b")
        XCTAssertEqual(live.contentMain, 270)
        let removed = try live.remove(id: "b")
        XCTAssertEqual(removed.changes, [.rowRemoved(row: b)])
        XCTAssertEqual(live.contentMain, 216)
        XCTAssertTrue(removed.events.contains(.contentSizeChanged(old: 270, new: 216)))
        XCTAssertThrowsError(try live.row(id: "b"))
        XCTAssertThrowsError(try live.remove(rows: [b]))
        let d = try live.row(id: "d")
        try live.move(d, to: 0)
        XCTAssertEqual(live.frame(ofRootRow: d)?.y, 0)
        XCTAssertThrowsError(try live.move(d, to: 4))
        XCTAssertThrowsError(try live.move(d, to: -1))
        let a = try live.row(id: "a")
        let c = try live.row(id: "c")
        try live.setHidden([a, c], true)
        XCTAssertEqual(live.contentMain, 108)
        XCTAssertThrowsError(try live.setHidden([999], true))
        XCTAssertNoThrow(try live.reload(d))
        live.removeAll()
        XCTAssertEqual(live.contentMain, 0)
    }

    func testSnapHideSlidesAwayAndBack() throws {
        var live = try screen()
        let bar = try live.row(id: "bar")
        XCTAssertEqual(live.presentedFrame(ofRootRow: bar)?.y, 0)
        _ = live.scroll(to: 20)  // forward 20: the bar slides up 20
        XCTAssertEqual(live.presentedFrame(ofRootRow: bar)?.y, 0)  // o − slid = 20 − 20
        XCTAssertEqual(live.slideOffset(of: bar), 20)
        _ = live.scroll(to: 100)  // forward 80 more: fully away (54)
        XCTAssertEqual(live.slideOffset(of: bar), 54)
        XCTAssertEqual(live.presentedFrame(ofRootRow: bar)?.y, 46)  // 100 − 54: just above the viewport
        _ = live.scroll(to: 90)  // back 10: it comes back 10
        XCTAssertEqual(live.slideOffset(of: bar), 44)
        _ = live.scroll(to: 0)  // back to the top: fully shown
        XCTAssertEqual(live.slideOffset(of: bar), 0)
        XCTAssertEqual(live.presentedFrame(ofRootRow: bar)?.y, 0)
    }

    func testPinnedRowsStick() throws {
        var live = try screen("""
            screen S {
                Text a { size: 30 }
                Text header { size: 30  pin: top }
                Text b { size: 30 }
                Text c { size: 30 }
                Text footer { size: 30  pin: bottom }
            }
            """)
        let header = try live.row(id: "header")
        let footer = try live.row(id: "footer")
        XCTAssertEqual(live.presentedFrame(ofRootRow: header)?.y, 54)
        XCTAssertEqual(live.presentedFrame(ofRootRow: footer)?.y, 46)  // 0 + 100 − 54
        _ = live.scroll(to: 120)
        XCTAssertEqual(live.presentedFrame(ofRootRow: header)?.y, 120)
        XCTAssertEqual(live.presentedFrame(ofRootRow: footer)?.y, 166)  // 120 + 100 − 54
    }
}

final class InsertionTests: XCTestCase {
    static let source = """
        component Tag(label: string, tall: bool = false): Text {
            text: label
            font: 10
            size: tall ? 40 : 20
        }
        component Card(title: string): Stack {
            padding: 2
            Text { text: title  size: 10 }
            Tag { label: title }
        }
        screen S {
            Text a { size: 30 }
            Text b { size: 30 }
        }
        """

    func live() throws -> LiveScreen {
        let result = Compiler.check(SourceFile(path: "t.stack", text: Self.source), loader: MemoryLoader([:]))
        let model = try XCTUnwrap(Compiler.lower(try XCTUnwrap(result.program)).first)
        return LiveScreen(model: model, viewportWidth: 390, viewportHeight: 500)
    }

    /// The same screen written out in source, laid out from scratch.
    func expected(_ rows: String) throws -> String {
        let text = Self.source.replacingOccurrences(of: "    Text a { size: 30 }\n    Text b { size: 30 }", with: rows)
        let result = Compiler.check(SourceFile(path: "t.stack", text: text), loader: MemoryLoader([:]))
        let screen = Screen(model: try XCTUnwrap(Compiler.lower(try XCTUnwrap(result.program, "\(result.diagnostics.items.map(\.message))")).first), viewportWidth: 390, viewportHeight: 500)
        return LayoutJSON.render(screen: screen, layout: screen.layout(), offset: 0)
    }

    func testInsertedInstancesLayOutLikeWrittenOnes() throws {
        var live = try live()
        let (tag, events) = try live.insert(ComponentInstance("Tag", arguments: ["label": .string("new"), "tall": .bool(true)], id: "t"), at: .after(id: "a"))
        XCTAssertEqual(events.first, .rowInserted(row: tag))
        XCTAssertTrue(events.contains(.contentSizeChanged(old: 108, new: 172)))
        try live.insert([ComponentInstance("Card", arguments: ["title": .string("card")])], at: .bottom)
        try live.insert(ComponentInstance("Tag", arguments: ["label": .string("first")]), at: .top)
        XCTAssertEqual(
            LayoutJSON.render(screen: live.screen, layout: live.layout(), offset: 0),
            try expected("""
                    Tag { label: "first" }
                    Text a { size: 30 }
                    Tag t { label: "new"  tall: true }
                    Text b { size: 30 }
                    Card { title: "card" }
                """))
        // The inserted row is a row like the others: found by id, moved, removed.
        XCTAssertEqual(try live.row(id: "t"), tag)
        try live.remove(id: "t")
        XCTAssertThrowsError(try live.row(id: "t"))
        // Its id is free: a row inserted later answers to it (spliced in,
        // the id table patched, not built again).
        let (again, _) = try live.insert(ComponentInstance("Tag", arguments: ["label": .string("again")], id: "t"), at: .top)
        XCTAssertNotEqual(again, tag)
        XCTAssertEqual(try live.row(id: "t"), again)
    }

    func testReplaceKeepsThePlaceAndTheId() throws {
        var live = try live()
        let b = try live.row(id: "b")
        let (row, events) = try live.replace(b, with: ComponentInstance("Tag", arguments: ["label": .string("instead")]))
        XCTAssertEqual(Array(events.prefix(2)), [.rowRemoved(row: b), .rowInserted(row: row)])
        XCTAssertEqual(try live.row(id: "b"), row)
        XCTAssertEqual(live.frame(ofRootRow: row)?.y, 54)
    }

    func testBadInsertionsAreErrors() throws {
        var live = try live()
        XCTAssertThrowsError(try live.insert(ComponentInstance("Nope"), at: .top)) { error in
            XCTAssertEqual((error as? RuntimeError)?.description, "there is no component 'Nope'; the screen has Card, Tag")
        }
        XCTAssertThrowsError(try live.insert(ComponentInstance("Tag"), at: .top)) { error in
            XCTAssertEqual((error as? RuntimeError)?.description, "Tag needs an argument 'label'")
        }
        XCTAssertThrowsError(try live.insert(ComponentInstance("Tag", arguments: ["label": .number(1)]), at: .top))
        XCTAssertThrowsError(try live.insert(ComponentInstance("Tag", arguments: ["label": .string("x"), "colour": .bool(true)]), at: .top))
        XCTAssertThrowsError(try live.insert(ComponentInstance("Tag", arguments: ["label": .string("x")]), at: .index(3)))
        XCTAssertThrowsError(try live.insert(ComponentInstance("Tag", arguments: ["label": .string("x")]), at: .before(id: "zz")))
        XCTAssertThrowsError(try live.insert(ComponentInstance("Tag", arguments: ["label": .string("x")], id: "a"), at: .top))
        XCTAssertEqual(live.contentMain, 108)  // nothing changed
    }
}
