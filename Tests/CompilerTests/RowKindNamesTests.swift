// The checker resolves a row's kind by `RowKind.named`, a switch on the
// name's length: it must name every kind and nothing else, as
// `RowKind(rawValue:)` does.

@testable import StackCompiler
import XCTest

final class RowKindNamesTests: XCTestCase {
    func testEveryKindAndNothingElseIsNamed() {
        for kind in RowKind.allCases {
            XCTAssertEqual(RowKind.named(kind.rawValue), kind)
        }
        for name in ["", "text", "Texts", "Tex", "Views", "Stacks", "Spacers", "Image ", "Badge", "Row"] {
            XCTAssertNil(RowKind.named(name), name)
            XCTAssertNil(RowKind(rawValue: name), name)
        }
    }
}
