// A row made next to another shares its details' storage only when every
// shared field is equal: the comparison is written field by field (to
// compare in place), so a field added to `RowDetails` and left out of it
// would let rows that differ share one look. Each field changed alone
// must keep the rows apart.

@testable import StackRuntime
import XCTest

final class RowDetailsEqualityTests: XCTestCase {
    private static func ref(_ n: UInt32) -> ExprRef { ExprRef(start: n, count: 1) }
    private static func edges(_ n: UInt32) -> EdgeExprs { EdgeExprs(top: ref(n), right: ref(n), bottom: ref(n), left: ref(n)) }

    private struct Fields {
        var component: String? = "Tag"
        var content = ContentModel.text(text: ref(1), font: ref(2), lines: ref(3), color: ref(4), weight: "bold", align: "leading")
        var min: ExprRef? = ref(5)
        var max: ExprRef? = ref(6)
        var insets = edges(7)
        var background = ref(8)
        var highlight = ref(9)
        var separator: SeparatorModel? = SeparatorModel(color: ref(10), thickness: ref(11), insets: edges(12))
        var tap: [ActionModel] = [.emit("tapped")]
        var transitions = [TransitionModel(kind: .show, duration: ref(13), delay: ref(14), curve: .linear, from: nil, to: nil)]
        var accessibility: AccessibilityModel? = AccessibilityModel(label: ref(15), hint: nil, traits: 1, hidden: nil)

        func row(sharingWith last: SharedDetails? = nil) -> RowModel {
            RowModel(
                kind: .text, id: nil, component: component, parent: 0, content: content, size: ref(0), min: min, max: max,
                insets: insets, background: background, highlight: highlight, hidden: ref(0), separator: separator, tap: tap,
                transitions: transitions, pin: .none, snapHide: .none, accessibility: accessibility, sharingDetailsWith: last)
        }
    }

    func testEveryFieldKeepsRowsApart() {
        // Every field of the shared details is changed below: one more and this fails.
        let fields = Mirror(reflecting: RowDetails(
            component: nil, content: .spacer, min: nil, max: nil, insets: Self.edges(0), background: Self.ref(0),
            highlight: Self.ref(0), separator: nil, tap: [], transitions: [], accessibility: nil)).children.map(\.label)
        XCTAssertEqual(
            fields, ["component", "content", "min", "max", "insets", "background", "highlight", "separator", "tap", "transitions", "accessibility"])

        let base = Fields().row()
        XCTAssertTrue(Fields().row(sharingWith: base.sharedDetails).sharesDetails(with: base), "equal details are shared")
        // The shown text is the row's own: another one still shares.
        var otherText = Fields()
        otherText.content = .text(text: Self.ref(99), font: Self.ref(2), lines: Self.ref(3), color: Self.ref(4), weight: "bold", align: "leading")
        XCTAssertTrue(otherText.row(sharingWith: base.sharedDetails).sharesDetails(with: base))

        let changes: [(String, (inout Fields) -> Void)] = [
            ("component", { $0.component = "Badge" }),
            ("content", { $0.content = .text(text: Self.ref(1), font: Self.ref(2), lines: Self.ref(3), color: Self.ref(4), weight: "regular", align: "leading") }),
            ("min", { $0.min = nil }),
            ("max", { $0.max = Self.ref(60) }),
            ("insets", { $0.insets.left = Self.ref(70) }),
            ("background", { $0.background = Self.ref(80) }),
            ("highlight", { $0.highlight = Self.ref(90) }),
            ("separator", { $0.separator?.thickness = Self.ref(110) }),
            ("tap", { $0.tap = [.emit("other")] }),
            ("transitions", { $0.transitions = [] }),
            ("accessibility", { $0.accessibility?.traits = 2 }),
        ]
        XCTAssertEqual(changes.map(\.0), fields.compactMap { $0 })
        for (name, change) in changes {
            var changed = Fields()
            change(&changed)
            let row = changed.row(sharingWith: base.sharedDetails)
            XCTAssertFalse(row.sharesDetails(with: base), "rows differing in \(name) share details")
            XCTAssertNotEqual(row, base, name)
        }
    }
}
