// Timing curves: how far along (0 → 1) an animation is at a fraction of its
// duration. CSS's cubic Béziers for the easings; a damped harmonic
// oscillator for springs, stiff enough to settle within the duration.
// docs/animation.md gives the formulas.

// The C library's exp, sin and cos — not Foundation, which would load
// megabytes of libraries into every process that embeds the runtime on Linux.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
import Foundation
#endif

/// A curve ready to evaluate: `progress(at:)` maps the fraction of the
/// duration elapsed (0…1) to the fraction of the change made.
package struct TimingCurve: Hashable, Sendable {
    enum Shape: Hashable, Sendable {
        case linear
        case bezier(x1: Double, y1: Double, x2: Double, y2: Double)
        case spring(Spring)
    }

    let shape: Shape

    /// The derived `==`, written out to be inlined: a general transition
    /// taken over compares the timings of every two rows that follow one
    /// another, where the derived one was a call a row.
    @inline(__always)
    package static func == (a: TimingCurve, b: TimingCurve) -> Bool {
        switch (a.shape, b.shape) {
        case (.linear, .linear): true
        case (.bezier(let x1, let y1, let x2, let y2), .bezier(let u1, let v1, let u2, let v2)): x1 == u1 && y1 == v1 && x2 == u2 && y2 == v2
        case (.spring(let s), .spring(let t)): s == t
        default: false
        }
    }

    /// CSS `cubic-bezier(x1, y1, x2, y2)`; x1 and x2 are clamped to 0…1 so
    /// that time runs forward.
    package static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> TimingCurve {
        TimingCurve(shape: .bezier(x1: min(max(x1, 0), 1), y1: y1, x2: min(max(x2, 0), 1), y2: y2))
    }

    package static let linear = TimingCurve(shape: .linear)
    package static let easeIn = bezier(0.42, 0, 1, 1)
    package static let easeOut = bezier(0, 0, 0.58, 1)
    package static let easeInOut = bezier(0.42, 0, 0.58, 1)

    /// A spring: `damping` is the damping ratio ζ (1 critical, below 1
    /// bouncy), `velocity` the initial velocity as UIKit gives it (the
    /// whole change per second), over `duration` seconds.
    package static func spring(damping: Double, velocity: Double, duration: Double) -> TimingCurve {
        TimingCurve(shape: .spring(Spring(damping: damping, velocity: velocity * max(duration, 0))))
    }

    /// The curve a transition's model names, for a transition of `duration` seconds.
    package init(_ model: CurveModel, duration: Double) {
        switch model {
        case .linear: self = .linear
        case .easeIn: self = .easeIn
        case .easeOut: self = .easeOut
        case .easeInOut: self = .easeInOut
        case .spring(let damping, let velocity): self = .spring(damping: damping, velocity: velocity, duration: duration)
        }
    }

    init(shape: Shape) { self.shape = shape }

    /// How far progress goes beyond 0…1, as a fraction of the change: 0 for
    /// linear and the easings, what a spring overshoots (found by sampling,
    /// with 5 % to spare) for springs.
    package var overshoot: Double {
        if case .spring(let spring) = shape { return spring.overshoot }
        return 0
    }

    /// Progress at fraction `u` of the duration: exactly 0 at u ≤ 0 and 1 at u ≥ 1.
    package func progress(at u: Double) -> Double {
        guard u > 0 else { return 0 }
        guard u < 1 else { return 1 }
        switch shape {
        case .linear: return u
        case .bezier(let x1, let y1, let x2, let y2): return Self.bezier(u, x1, y1, x2, y2)
        case .spring(let spring): return spring.progress(at: u)
        }
    }

    /// y at the parameter s where x(s) = u: Newton's method from a good
    /// start, bisection when the slope is too flat to trust.
    static func bezier(_ u: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let r = 1 - s
            return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
        }
        func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let r = 1 - s
            return 3 * r * r * p1 + 6 * r * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        var s = u
        for _ in 0..<8 {
            let error = coordinate(s, x1, x2) - u
            if abs(error) < 1e-12 { return coordinate(s, y1, y2) }
            let d = slope(s, x1, x2)
            if abs(d) < 1e-6 { break }
            s -= error / d
        }
        var low = 0.0, high = 1.0
        s = u
        for _ in 0..<60 {
            let x = coordinate(s, x1, x2)
            if abs(x - u) < 1e-12 { break }
            if x < u { low = s } else { high = s }
            s = (low + high) / 2
        }
        return coordinate(s, y1, y2)
    }
}

/// A damped harmonic oscillator from 0 to 1 over normalized time 0…1:
/// y'' + 2ζω y' + ω² y = 0 with y = progress − 1, y(0) = −1, y'(0) = v.
/// ω is the smallest (to 5 %) for which the envelope of y at u = 1 is at
/// most 0.001, so the spring is within 0.1 % of its target when the
/// duration ends, whatever ζ and v.
struct Spring: Hashable, Sendable {
    let damping: Double
    let velocity: Double
    let omega: Double
    let overshoot: Double

    static let settleTolerance = 0.001

    init(damping: Double, velocity: Double) {
        // A compiled file may carry anything; the checker wants 0 < ζ.
        let zeta = damping.isFinite ? min(max(damping, 0.01), 100) : 1
        let v = velocity.isFinite ? min(max(velocity, -1000), 1000) : 0
        self.damping = zeta
        self.velocity = v
        var omega = 1.0
        // Bounded: the envelope falls like e^(−ζω) and ω grows 5 % a step.
        var steps = 0
        while steps < 2000, Self.envelope(zeta: zeta, velocity: v, omega: omega) > Self.settleTolerance {
            omega *= 1.05
            steps += 1
        }
        self.omega = omega
        var low = 0.0, high = 1.0
        for i in 1..<512 {
            let p = Self.progress(at: Double(i) / 512, zeta: zeta, omega: omega, velocity: v)
            low = min(low, p)
            high = max(high, p)
        }
        overshoot = max(high - 1, -low) * 1.05 + 1e-3
    }

    /// A bound on |y(1)|.
    static func envelope(zeta: Double, velocity v: Double, omega w: Double) -> Double {
        if zeta < 1 - 1e-9 {
            let wd = w * (1 - zeta * zeta).squareRoot()
            let b = (v - zeta * w) / wd
            return exp(-zeta * w) * (1 + b * b).squareRoot()
        }
        if zeta <= 1 + 1e-9 {
            return (1 + abs(v - w)) * exp(-w)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w * (zeta - root), r2 = -w * (zeta + root)
        let c2 = (v + r1) / (r2 - r1)
        let c1 = -1 - c2
        return abs(c1) * exp(r1) + abs(c2) * exp(r2)
    }

    func progress(at u: Double) -> Double {
        Self.progress(at: u, zeta: damping, omega: omega, velocity: velocity)
    }

    static func progress(at u: Double, zeta: Double, omega w: Double, velocity v: Double) -> Double {
        let y: Double
        if zeta < 1 - 1e-9 {
            let wd = w * (1 - zeta * zeta).squareRoot()
            let b = (v - zeta * w) / wd
            y = exp(-zeta * w * u) * (-cos(wd * u) + b * sin(wd * u))
        } else if zeta <= 1 + 1e-9 {
            y = (-1 + (v - w) * u) * exp(-w * u)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w * (zeta - root), r2 = -w * (zeta + root)
            let c2 = (v + r1) / (r2 - r1)
            let c1 = -1 - c2
            y = c1 * exp(r1 * u) + c2 * exp(r2 * u)
        }
        return 1 + y
    }
}
