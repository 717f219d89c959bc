// Tap actions that change rows — insert, remove, move — from source through
// the compiled format to a live screen: the rows land where the action says,
// the layout equals a fresh one of the edited model, events name the rows,
// an action whose row is gone does nothing and says so, and a session
// animates them by the rows' transitions.

import StackCompiler
import StackParser
@testable import StackRuntime
import TestSupport
import XCTest

final class RowActionTests: XCTestCase {
    static let source = """
        component Chip(label: string): Text { text: label  size: 30 }
        screen S {
            state n: number = 0
            defaults { insets: 0  transition insert { duration: 300ms  from { alpha: 0 } } }
            Text add { text: "add"  size: 40  tap: insert(Chip { label: "Sauna \\(n)" }, after: tags), set(n, n + 1) }
            Text tags { text: "tags"  size: 40 }
            Text drop { text: "drop"  size: 40  tap: remove(tags) }
            Text last { text: "last"  size: 40  tap: move(last, top) }
            Text named { text: "named"  size: 40  tap: insert(Chip sauna { label: "Sauna" }, before: add) }
            Text unname { text: "unname"  size: 40  tap: remove(sauna) }
            Stack box { Text inner { text: "inner"  size: 20  tap: insert(Chip { label: "in" }, after: inner) } }
        }
        """

    /// The ids (or texts) of a stack's rows, in order.
    static func order(_ live: LiveScreen, stack: Int? = nil) -> [String] {
        let model = live.screen.model
        return model.stacks[stack ?? model.rootStack].rows.map { row in
            if let id = model.rows[row].id { return id }
            guard case .text(let text, _, _, _, _, _) = model.rows[row].content else { return "?" }
            return model.expressions.evaluate(text, in: live.screen.context).stringValue
        }
    }

    func tap(_ live: inout LiveScreen, _ id: String) throws -> (actions: [ActionOutcome], events: [LiveEvent]) {
        let frame = try XCTUnwrap(live.frame(of: try live.row(id: id)))
        let result = live.tap(x: frame.x + 1, y: frame.y + 1)
        // Every action leaves the live layout equal to a fresh one.
        var fresh = Screen(model: live.screen.model, viewportWidth: 300, viewportHeight: 800)
        for (slot, value) in live.screen.state.enumerated() { try fresh.setState(slot: slot, to: value) }
        XCTAssertEqual(LiveModelTests.render(fresh.layout(), live), LiveModelTests.render(live), "after tapping \(id)")
        return (result.actions, result.events)
    }

    func testInsertRemoveAndMoveWhereTheActionsSay() throws {
        let model = try InterpolationTests.loaded(Self.source)
        var live = LiveScreen(model: model, viewportWidth: 300, viewportHeight: 800)
        var result = try tap(&live, "add")
        XCTAssertEqual(Self.order(live), ["add", "tags", "Sauna 0", "drop", "last", "named", "unname", "box"])
        guard case .inserted(let row, "Chip") = result.actions.first else { return XCTFail("\(result.actions)") }
        XCTAssertEqual(result.events.first, .rowInserted(row: row))
        _ = try tap(&live, "add")
        XCTAssertEqual(Self.order(live).prefix(4), ["add", "tags", "Sauna 1", "Sauna 0"], "the argument is evaluated at the tap")
        result = try tap(&live, "drop")
        XCTAssertEqual(result.events.first, .rowRemoved(row: RowKey(model.rows.firstIndex { $0.id == "tags" }!)))
        XCTAssertFalse(Self.order(live).contains("tags"))
        // Its row gone, the action does nothing and says so.
        result = try tap(&live, "drop")
        XCTAssertEqual(result.actions, [.failed(action: "remove tags", reason: "there is no row 'tags' in the screen now")])
        result = try tap(&live, "add")
        guard case .failed(let action, _) = result.actions.first else { return XCTFail("\(result.actions)") }
        XCTAssertEqual(action, "insert Chip", "after: tags, and tags is gone")
        _ = try tap(&live, "last")
        XCTAssertEqual(Self.order(live).first, "last")
        // An id given by insert is taken until its row is removed, then free again.
        _ = try tap(&live, "named")
        result = try tap(&live, "named")
        guard case .failed = result.actions.first else { return XCTFail("\(result.actions)") }
        _ = try tap(&live, "unname")
        result = try tap(&live, "named")
        guard case .inserted = result.actions.first else { return XCTFail("\(result.actions)") }
        // Next to a row of a nested stack: into that stack.
        _ = try tap(&live, "inner")
        guard case .stack(let box) = live.screen.model.rows[try live.row(id: "box").row].content else { return XCTFail() }
        XCTAssertEqual(Self.order(live, stack: box), ["inner", "in"])
    }

    func testASessionAnimatesAnInsertionByTheRowsTransition() throws {
        let model = try InterpolationTests.loaded(Self.source)
        var session = HostSession(LiveScreen(model: model, viewportWidth: 300, viewportHeight: 800))
        let frame = try XCTUnwrap(session.screen.live.frame(of: try session.screen.live.row(id: "add")))
        _ = session.press(x: frame.x + 1, y: frame.y + 1)
        let (actions, _) = session.release(at: 1)
        guard case .inserted(let row, _) = actions.first else { return XCTFail("\(actions)") }
        XCTAssertTrue(session.isAnimating(at: 1.1))
        let halfway = session.screen.presented(at: 1.15).rows[row.row]
        XCTAssertEqual(halfway?.effects.alpha ?? -1, 0.5, accuracy: 0.2, "fading in by its insert transition")
        XCTAssertFalse(session.isAnimating(at: 1.31))
    }

    func testTheLoaderRefusesAnInsertItsScreenCannotMake() throws {
        var model = try LiveModelTests.model(Self.source)
        let add = try XCTUnwrap(model.rows.firstIndex { $0.id == "add" })
        guard case .insert(_, let arguments, let id, let place) = model.rows[add].tap[0] else { return XCTFail() }
        model.rows[add].tap[0] = .insert(component: "Nope", arguments: arguments, id: id, place: place)
        XCTAssertThrowsError(try ScreenDecoder.decode(ScreenEncoder.encode([model]))) { error in
            XCTAssertTrue("\(error)".contains("inserts component 'Nope', which the screen does not have"), "\(error)")
        }
        model.rows[add].tap[0] = .insert(component: "Chip", arguments: [], id: id, place: place)
        XCTAssertThrowsError(try ScreenDecoder.decode(ScreenEncoder.encode([model]))) { error in
            XCTAssertTrue("\(error)".contains("without its argument 'label'"), "\(error)")
        }
    }
}
