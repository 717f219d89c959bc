// Pinned and snap-hide rows as the user sees them, through the command
// line: presented frames beside the natural ones, visibility and events by
// where they are drawn, taps on them first, and the picture drawing them there.

import Foundation
import XCTest

final class PinnedRowTests: XCTestCase {
    private func layout(_ arguments: [String]) throws -> CLIResult {
        let result = try CLI.run(["layout", "samples/pinned.stack", "--viewport", "390x400"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result
    }

    private func row(_ json: String, _ id: String) throws -> [String: Any] {
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
        return try XCTUnwrap(rows.first { $0["id"] as? String == id })
    }

    func testPresentedFramesAndVisibilityAtAnOffset() throws {
        let json = try layout(["--offset", "200", "--format", "json"]).stdout
        let header = try row(json, "header")
        XCTAssertEqual(header["frame"] as? [Double], [0, 54, 390, 54])
        XCTAssertEqual(header["presented"] as? [Double], [0, 200, 390, 54])
        XCTAssertEqual(header["visibility"] as? String, "entire")
        let book = try row(json, "book")
        XCTAssertEqual(book["presented"] as? [Double], [0, 556, 390, 44])  // 200 + 400 − 44
        XCTAssertEqual(book["visibility"] as? String, "entire")
        XCTAssertNil(try row(json, "single")["presented"], "rows in place have no presented frame")
        let text = try layout(["--offset", "200"]).stdout
        XCTAssertTrue(text.contains("Text header             frame [0, 54, 390, 54]  presented [0, 200, 390, 54]"), text)
    }

    func testScrollingEventsAndTapsGoByWhatShows() throws {
        let text = try layout(["--scroll", "200", "--scroll", "150", "--scroll", "60", "--tap", "100,5", "--tap", "100,395"]).stdout
        let steps = text.components(separatedBy: "\nstep ")
        XCTAssertEqual(steps.count, 5, text)
        // The bar slides away, and comes back on the way back; the pinned header never goes.
        XCTAssertTrue(steps[0].contains("Text bar became hidden (offscreen)"), steps[0])
        XCTAssertFalse(text.contains("Text header became hidden"), text)
        XCTAssertFalse(text.contains("Text book became hidden"), text)
        XCTAssertTrue(steps[1].contains("Text bar became visible (partial 92.5926%)"), steps[1])
        // At offset 60 the header is drawn at the top, over the bar that slid away: taps find it.
        XCTAssertTrue(steps[3].hasPrefix("4: tap 100,5 → Text header\n  action: emit \"rooms\""), steps[3])
        XCTAssertTrue(steps[4].hasPrefix("5: tap 100,395 → Text book\n  action: emit \"book\""), steps[4])
    }

    func testThePictureDrawsStickyRowsWhereTheyShow() throws {
        let svg = try layout(["--offset", "200", "--format", "svg"]).stdout
        XCTAssertTrue(svg.contains("<g class=\"presented\" transform=\"translate(0 146)\">"), "the header moved from 54 to 200")
        XCTAssertTrue(svg.contains("<g class=\"presented\" transform=\"translate(0 -524)\">"), "the footer moved from 1080 to 556")
        // Drawn after (over) the rows in place.
        let suite = try XCTUnwrap(svg.range(of: "data-id=\"suite\""))
        let presented = try XCTUnwrap(svg.range(of: "class=\"presented\""))
        XCTAssertLessThan(suite.lowerBound, presented.lowerBound)
    }
}
