// What the pictures draw, as a host would: rows before their separators,
// nested stacks' and flows' backgrounds, text where `align` puts it, flow
// steps faded — and the same fading in `--frames`.

import Foundation
import XCTest

final class PictureTests: XCTestCase {
    private func svg(_ arguments: [String]) throws -> String {
        let result = try CLI.run(["layout"] + arguments + ["--format", "svg"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    func testSeparatorsAreDrawnAfterTheRowsInside() throws {
        // The flow's steps have no insets: their separation line lies over their last row.
        let picture = try svg(["samples/stackflow.stack", "--state", "flow.depth=2"])
        let step = try XCTUnwrap(picture.range(of: "data-id=\"Dates\""))
        let lastRow = try XCTUnwrap(picture.range(of: "data-id=\"toGuests\""))
        let line = try XCTUnwrap(picture.range(of: "class=\"separator\"", range: lastRow.upperBound..<picture.endIndex))
        XCTAssertLessThan(step.lowerBound, lastRow.lowerBound)
        XCTAssertLessThan(lastRow.lowerBound, line.lowerBound, "the line is drawn over the rows, not under them")
    }

    func testBackgroundsAlignmentAndFading() throws {
        let flow = try svg(["samples/stackflow.stack", "--state", "flow.depth=2"])
        XCTAssertTrue(flow.contains("fill=\"#EFEFF4\""), "the flow's background")
        XCTAssertTrue(flow.contains("class=\"tint\""), "earlier steps tinted")
        // The tint's 0.9, times the gradient's fade with distance from the newest step.
        let faded = try XCTUnwrap(flow.range(of: "data-id=\"Dates\" opacity=\""))
        let opacity = try XCTUnwrap(Double(flow[faded.upperBound...].prefix { $0 != "\"" }))
        XCTAssertTrue(opacity > 0 && opacity < 0.9, "\(opacity)")
        let hotel = try svg(["samples/hoteldemo.stack"])
        // "Welcome" (7 × 8.5 = 59.5 wide) centred in its fill button's content box.
        let button = try XCTUnwrap(hotel.range(of: ">Welcome</text>"))
        let tag = hotel[hotel[..<button.lowerBound].range(of: "<text", options: .backwards)!.lowerBound..<button.lowerBound]
        let x = try XCTUnwrap(Double(String(tag.split(separator: "\"")[1])))
        XCTAssertGreaterThan(x, 20, "centred, not at the leading edge: \(tag)")
        XCTAssertTrue(hotel.contains("fill=\"#F9F9F9\""), "the toolbar's stack background")
    }

    func testFramesCarryTheFlowsFading() throws {
        let result = try CLI.run(["layout", "samples/stackflow.stack", "--tap", "100,150", "--frames", "3", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let last = try XCTUnwrap(result.stdout.split(separator: "\n").last)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
        let dates = try XCTUnwrap(rows.first { $0["id"] as? String == "Dates" })
        let alpha = try XCTUnwrap(dates["alpha"] as? Double)
        XCTAssertTrue(alpha > 0 && alpha < 0.9, "the step under the top fades: \(alpha)")
        let guests = try XCTUnwrap(rows.first { $0["id"] as? String == "Guests" })
        XCTAssertEqual(guests["alpha"] as? Double, 1, "the newest step is not faded")
    }
}
