// The property catalogue's internal tables agree with its declarations.

@testable import StackCompiler
import XCTest

final class CatalogueTests: XCTestCase {
    func testOrdinalsMatchDeclarationOrder() {
        for (index, context) in BlockContext.allCases.enumerated() {
            XCTAssertEqual(context.ordinal, index, "\(context)")
        }
    }

    func testEveryPropertyIsFoundByLookup() {
        for context in BlockContext.allCases {
            for spec in PropertyCatalog.properties(of: context) {
                XCTAssertEqual(PropertyCatalog.lookup(spec.name, in: context)?.name, spec.name, "\(spec.name) in \(context)")
            }
            XCTAssertNil(PropertyCatalog.lookup("no-such-property", in: context))
        }
    }

    func testNamedValuesKeepSourceOrderAndReplace() {
        var values = NamedValues<Int>()
        values["b"] = 1
        values["a"] = 2
        values["b"] = 3
        XCTAssertEqual(values.entries.map(\.name), ["b", "a"])
        XCTAssertEqual(values["b"], 3)
        values["b"] = nil
        XCTAssertEqual(values.entries.map(\.name), ["a"])
        XCTAssertNil(values["zzz"])
    }
}
