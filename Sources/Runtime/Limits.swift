// The bounds the runtime holds every number from a file, state or a host to,
// so that no value can make layout overflow, trap or lose its ordering.
// docs/limits.md lists them with the compiler's limits.

/// Largest and smallest values the runtime works with.
package enum Limits {
    /// The largest length in points (a size, inset, spacing, min, max, font
    /// size, offset): 10,000,000. Larger values are taken as this, so a
    /// million rows of the largest size still add up exactly enough to keep
    /// every row below the one before it.
    package static let maximumLength = 10_000_000.0
    /// The largest percentage a size may be.
    package static let maximumPercent = 100.0
    /// The longest duration or delay of an animation, in seconds (one hour).
    package static let maximumDuration = 3_600.0

    /// `x` as a length: NaN is 0, everything else within ±`maximumLength`.
    package static func length(_ x: Double) -> Double {
        guard x == x else { return 0 }
        return Swift.min(Swift.max(x, -maximumLength), maximumLength)
    }

    /// `x` as a duration: NaN and negative values are 0, at most `maximumDuration`.
    package static func duration(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        return Swift.min(x, maximumDuration)
    }

    /// The most fields a record has once the records nested in it are
    /// flattened into it (each level could otherwise double them).
    package static let maximumRecordFields = 1_000
}
