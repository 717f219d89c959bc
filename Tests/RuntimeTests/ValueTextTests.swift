// How interpolation shows values: numbers in their shortest round-trip
// form, `fixed(x, digits)` rounded exactly as printf rounds — checked against
// Foundation's `String(format:)` over seeded random doubles.

import Foundation
@testable import StackRuntime
import TestSupport
import XCTest

final class ValueTextTests: XCTestCase {
    func testNumbersInTheirShortestForm() {
        XCTAssertEqual(ValueText.shortest(2), "2")
        XCTAssertEqual(ValueText.shortest(2.5), "2.5")
        XCTAssertEqual(ValueText.shortest(-0.0), "0")
        XCTAssertEqual(ValueText.shortest(0.1 + 0.2), "0.30000000000000004")
        XCTAssertEqual(ValueText.shortest(1e20), "1e+20")
        XCTAssertEqual(ValueText.shortest(.infinity), "0")
        XCTAssertEqual(ValueText.text(of: .bool(true)), "true")
        XCTAssertEqual(ValueText.text(of: .percent(12.5)), "12.5")
        XCTAssertEqual(ValueText.text(of: .string("x")), "x")
    }

    func testShortestFormReadsBackAsTheSameNumber() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<20_000 {
            let x = Double(bitPattern: random.next())
            guard x.isFinite else { continue }
            XCTAssertEqual(Double(ValueText.shortest(x)), x == 0 ? 0 : x, "\(x)")
        }
    }

    func testFixedExamples() {
        XCTAssertEqual(ValueText.fixed(364, digits: 2), "364.00")
        XCTAssertEqual(ValueText.fixed(1.005, digits: 2), "1.00", "the double is 1.00499…")
        XCTAssertEqual(ValueText.fixed(0.125, digits: 2), "0.12", "an exact tie goes to the even digit")
        XCTAssertEqual(ValueText.fixed(0.375, digits: 2), "0.38")
        XCTAssertEqual(ValueText.fixed(2.5, digits: 0), "2")
        XCTAssertEqual(ValueText.fixed(-0.001, digits: 2), "0.00", "no -0.00")
        XCTAssertEqual(ValueText.fixed(-1.5, digits: 1), "-1.5")
        XCTAssertEqual(ValueText.fixed(0.05, digits: 3), "0.050")
        XCTAssertEqual(ValueText.fixed(5, digits: 99), "5.000000000000000", "at most 15 decimals")
        XCTAssertEqual(ValueText.fixed(1e300, digits: 2), "1e+300", "past 2^53 the shortest form")
        XCTAssertEqual(ValueText.fixed(.nan, digits: 2), "0")
    }

    /// Against Foundation's `%.*f` (the exact decimal value of the double,
    /// ties to even): random magnitudes, random digits, and values built to
    /// sit on or next to a tie.
    func testFixedRoundsAsPrintfDoes() {
        var random = SplitMix64(seed: 29)
        for step in 0..<50_000 {
            let digits = Int.random(in: 0...15, using: &random)
            let x: Double
            switch step % 3 {
            case 0: x = Double.random(in: -1...1, using: &random) * pow(10, Double(Int.random(in: -8...8, using: &random)))
            case 1:
                // n + 0.5 ulp of the last digit: ties and near-ties.
                let unit = pow(10, -Double(digits))
                x = (Double(Int.random(in: -100_000...100_000, using: &random)) + 0.5) * unit
            default: x = Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / 1000
            }
            guard abs(x) * pow(10, Double(digits)) < 9e15 else { continue }
            var expected = String(format: "%.*f", digits, x)
            if expected.hasPrefix("-"), expected.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { expected.removeFirst() }
            XCTAssertEqual(ValueText.fixed(x, digits: Double(digits)), expected, "fixed(\(x), \(digits))")
            if testRun?.failureCount ?? 0 > 5 { return }
        }
    }
}
