// The imperative row calls (move, remove, replace, insert) beside rows of
// bound data. A `for`'s rows stand together right after the row it follows,
// in the list's order, and binding the list again relies on it: a row of
// bound data moved by hand, or another row put among them, made the next
// binding list a row twice and lose another (found by the mixed quick
// transition walk). Such calls are refused with an error that says what to
// do instead; calls beside the rows still work.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class BoundRowsMutationTests: XCTestCase {
    static let source = """
        record Post { id: string  title: string }
        component Chip(label: string): Text { text: label  size: 20 }
        screen Feed {
            data posts: [Post]
            Text head { text: "posts"  size: 30 }
            for p in posts key p.id { Text title { text: p.title  size: 40 } }
            View note { host: "Note"  size: 24 }
            Text tail { text: "end"  size: 30 }
        }
        """

    private func feed(_ count: Int) throws -> LiveScreen {
        var live = LiveScreen(model: try InterpolationTests.loaded(Self.source), viewportWidth: 390, viewportHeight: 600)
        let posts = (1...count).map { "{\"id\": \"p\($0)\", \"title\": \"post \($0)\"}" }
        _ = try live.bind("posts", json: "[" + posts.joined(separator: ",") + "]")
        return live
    }

    private func refusal(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "not refused"
        } catch {
            return (error as? RuntimeError)?.description ?? "\(error)"
        }
    }

    func testRowsOfBoundDataAreMovedThroughTheirList() throws {
        var live = try feed(3)
        let roots = live.rootRows
        let model = live.screen.model
        let head = try XCTUnwrap(model.rows.firstIndex { $0.id == "head" })
        let note = try XCTUnwrap(model.rows.firstIndex { $0.id == "note" })
        // The mark lies in padding: a row is still 64 bytes.
        XCTAssertEqual(MemoryLayout<RowModel>.stride, 64)
        let posts = roots.filter { model.rows[$0].madeByFor }
        XCTAssertEqual(posts.count, 3)
        XCTAssertEqual(roots, [head] + posts + [note, roots.last!])
        let before = live.rootRows
        XCTAssertEqual(
            refusal { _ = try live.move(RowKey(posts[1]), to: 0) },
            "cannot move row \(posts[1]): a 'for' over bound data made it; change the list instead (bind it again, or insert or remove an element)")
        XCTAssertEqual(
            refusal { _ = try live.remove(rows: [RowKey(posts[0])]) },
            "cannot remove row \(posts[0]): a 'for' over bound data made it; change the list instead (bind it again, or insert or remove an element)")
        XCTAssertEqual(
            refusal { _ = try live.replace(RowKey(posts[2]), with: ComponentInstance("Chip", arguments: ["label": .string("x")])) },
            "cannot replace row \(posts[2]): a 'for' over bound data made it; change the list instead (bind it again, or insert or remove an element)")
        // The row the `for` follows, while it has rows.
        XCTAssertEqual(refusal { _ = try live.move(RowKey(head), to: 3) }, "cannot move row \(head): the rows of a 'for' over 'posts' follow it")
        XCTAssertEqual(refusal { _ = try live.remove(rows: [RowKey(head)]) }, "cannot remove row \(head): the rows of a 'for' over 'posts' follow it")
        // Put among them, or between them and the row they follow.
        for index in 1...3 {
            XCTAssertEqual(
                refusal { _ = try live.move(RowKey(note), to: index) },
                "cannot move row \(note) to index \(index): the rows of bound data stand there together; put it before the row their 'for' follows, or after them")
            XCTAssertEqual(
                refusal { _ = try live.insert(ComponentInstance("Chip", arguments: ["label": .string("x")]), at: .index(index)) },
                "cannot insert rows at index \(index): the rows of bound data stand there together; put it before the row their 'for' follows, or after them")
        }
        XCTAssertEqual(live.rootRows, before, "a refused call changed the rows")
        // Beside them: the note to the top and back, a chip after the posts.
        XCTAssertNoThrow(try live.move(RowKey(note), to: 0))
        XCTAssertNoThrow(try live.move(RowKey(note), to: 4))
        let chip = try live.insert(ComponentInstance("Chip", arguments: ["label": .string("after")]), at: .index(4)).row.row
        // Bound again: every row once, the note and chip kept, the posts together after the head.
        _ = try live.bind("posts", json: #"[{"id": "p3", "title": "post 3"}, {"id": "p9", "title": "post 9"}, {"id": "p1", "title": "post 1"}]"#)
        let rows = live.rootRows
        XCTAssertEqual(Set(rows).count, rows.count, "no row listed twice: \(rows)")
        XCTAssertEqual(rows.first, head)
        XCTAssertTrue(rows[1...3].allSatisfy { live.screen.model.rows[$0].madeByFor }, "\(rows)")
        XCTAssertEqual(Array(rows[4...]), [chip, note, before.last!])
        // removeAll leaves the list's rows and the row they follow.
        _ = live.removeAll()
        XCTAssertEqual(live.rootRows, [head] + Array(rows[1...3]))
    }
}
