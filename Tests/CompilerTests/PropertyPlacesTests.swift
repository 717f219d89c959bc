// Lowering finds a row's own properties by their names' bytes packed into
// two words: every name lowering reads is found, other names are not
// (one byte off, one longer, a prefix), and a block's places are where its
// entries are.

@testable import StackCompiler
import XCTest

final class PropertyPlacesTests: XCTestCase {
    func testEveryPropertyIsFoundByItsNameAndNoOtherNameIs() {
        for property in RowProperty.allCases {
            XCTAssertEqual(RowProperty(name: property.name), property)
            let name = property.name
            XCTAssertNil(RowProperty(name: name + "s"), name + "s")
            XCTAssertNil(RowProperty(name: String(name.dropLast())), String(name.dropLast()))
            XCTAssertNil(RowProperty(name: name.uppercased()), name.uppercased())
            // The same bytes with the length of a longer name: told apart by the length byte.
            XCTAssertNil(RowProperty(name: name + "\u{0}"), "\(name) and a NUL")
        }
        for other in ["", "x", "backgrounds", "separators", "a-name-of-sixteen", String(repeating: "text", count: 10), "héight"] {
            XCTAssertNil(RowProperty(name: other), other)
        }
        // A name made from a slice of a longer string is read the same.
        let long = "padding text padding"
        let sliced = String(long.dropFirst(8).prefix(4))
        XCTAssertEqual(RowProperty(name: sliced), .text)
    }

    func testPlacesAreTheEntriesPlaces() {
        var block = NamedValues<CheckedValue>()
        let names = ["accessibility", "hidden", "size", "background", "insets", "pin", "weight", "tap", "separator", "behavior"]
        for name in names { block[name] = .keyword(name) }
        let places = PropertyPlaces(block)
        for property in RowProperty.allCases {
            XCTAssertEqual(places[property], names.firstIndex(of: property.name), property.name)
        }
        XCTAssertNil(PropertyPlaces(NamedValues<CheckedValue>())[.text])
    }
}
