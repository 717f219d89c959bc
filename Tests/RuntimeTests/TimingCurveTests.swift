// Timing curves against independent references: Béziers against a dense
// sampling of the curve's parameter, springs against what damping means.

@testable import StackRuntime
import XCTest

final class TimingCurveTests: XCTestCase {
    static let curves: [(String, TimingCurve)] = [
        ("linear", .linear), ("ease-in", .easeIn), ("ease-out", .easeOut), ("ease-in-out", .easeInOut),
        ("spring 1", .spring(damping: 1, velocity: 0, duration: 0.3)),
        ("spring 0.5", .spring(damping: 0.5, velocity: 0, duration: 1)),
        ("spring 0.2 v3", .spring(damping: 0.2, velocity: 3, duration: 0.5)),
        ("spring 2", .spring(damping: 2, velocity: 0, duration: 0.4)),
        ("spring 0.8 v-2", .spring(damping: 0.8, velocity: -2, duration: 0.6)),
    ]

    func testEndpointsAreExact() {
        for (name, curve) in Self.curves {
            for u in [-1.0, -1e-12, 0] { XCTAssertEqual(curve.progress(at: u), 0, name) }
            for u in [1.0, 1 + 1e-12, 7] { XCTAssertEqual(curve.progress(at: u), 1, name) }
        }
    }

    /// The point of the Bézier whose x is nearest `u`, by sampling its parameter finely.
    func reference(_ u: Double, _ p: (Double, Double, Double, Double)) -> Double {
        func b(_ s: Double, _ a: Double, _ c: Double) -> Double { 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * c + s * s * s }
        var best = (distance: Double.infinity, y: 0.0)
        for i in 0...200_000 {
            let s = Double(i) / 200_000
            let d = abs(b(s, p.0, p.2) - u)
            if d < best.distance { best = (d, b(s, p.1, p.3)) }
        }
        return best.y
    }

    func testBeziersMatchTheirDefinitionAndRiseMonotonically() {
        let cases: [(TimingCurve, (Double, Double, Double, Double))] = [
            (.easeIn, (0.42, 0, 1, 1)), (.easeOut, (0, 0, 0.58, 1)), (.easeInOut, (0.42, 0, 0.58, 1)),
        ]
        for (curve, points) in cases {
            for u in [0.1, 0.25, 0.5, 0.75, 0.9] {
                XCTAssertEqual(curve.progress(at: u), reference(u, points), accuracy: 1e-4, "\(points) at \(u)")
            }
            var previous = 0.0
            for i in 1...10_000 {
                let y = curve.progress(at: Double(i) / 10_000)
                XCTAssertGreaterThanOrEqual(y, previous - 1e-12)
                previous = y
            }
        }
        // Known values: ease-in-out is symmetric about the middle; ease-in at
        // one half is the well-known 0.3153.
        XCTAssertEqual(TimingCurve.easeInOut.progress(at: 0.5), 0.5, accuracy: 1e-9)
        XCTAssertEqual(TimingCurve.easeInOut.progress(at: 0.3) + TimingCurve.easeInOut.progress(at: 0.7), 1, accuracy: 1e-9)
        XCTAssertEqual(TimingCurve.easeIn.progress(at: 0.5), 0.3153, accuracy: 5e-4)
        XCTAssertEqual(TimingCurve.easeIn.progress(at: 0.5) + TimingCurve.easeOut.progress(at: 0.5), 1, accuracy: 1e-9)
    }

    func testCriticallyDampedSpringsNeverOvershoot() {
        for duration in [0.1, 0.3, 1, 5] {
            let curve = TimingCurve.spring(damping: 1, velocity: 0, duration: duration)
            var previous = 0.0
            for i in 1...10_000 {
                let y = curve.progress(at: Double(i) / 10_000)
                XCTAssertLessThanOrEqual(y, 1)
                XCTAssertGreaterThanOrEqual(y, previous - 1e-12, "a critically damped spring from rest only rises")
                previous = y
            }
        }
    }

    func testBouncySpringsOvershootAndSettleWithinATenthOfAPercent() {
        for damping in [0.1, 0.3, 0.5, 0.7, 0.9] {
            for velocity in [0.0, 1, -3] {
                let curve = TimingCurve.spring(damping: damping, velocity: velocity, duration: 0.5)
                let peak = (1...10_000).map { curve.progress(at: Double($0) / 10_000) }.max()!
                XCTAssertGreaterThan(peak, 1, "damping \(damping) overshoots")
                XCTAssertEqual(curve.progress(at: 1 - 1e-9), 1, accuracy: 0.001, "damping \(damping) v \(velocity)")
            }
        }
        for damping in [1.0, 1.5, 3] {
            XCTAssertEqual(TimingCurve.spring(damping: damping, velocity: 0, duration: 1).progress(at: 1 - 1e-9), 1, accuracy: 0.001)
        }
    }

    func testOvershootBoundsWhatTheCurveDoes() {
        for (name, curve) in Self.curves {
            let values = (0...20_000).map { curve.progress(at: Double($0) / 20_000) }
            let beyond = max(values.max()! - 1, -values.min()!, 0)
            XCTAssertLessThanOrEqual(beyond, curve.overshoot, name)
        }
        XCTAssertEqual(TimingCurve.easeInOut.overshoot, 0)
        XCTAssertGreaterThan(TimingCurve.spring(damping: 0.3, velocity: 0, duration: 1).overshoot, 0.3)
    }

    func testNonsenseFromACompiledFileStillSettles() {
        for (damping, velocity) in [(0.0, 0.0), (-1, 0), (.nan, .infinity), (1e9, -1e9)] {
            let curve = TimingCurve.spring(damping: damping, velocity: velocity, duration: 1)
            let y = curve.progress(at: 0.5)
            XCTAssertTrue(y.isFinite)
            XCTAssertEqual(curve.progress(at: 1 - 1e-9), 1, accuracy: 0.001)
        }
    }
}
