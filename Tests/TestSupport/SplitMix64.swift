// Shared by the test targets: a seeded generator (a failure names its seed
// and is repeatable) and a loader reading files relative to a directory.

import StackCompiler

/// SplitMix64: small, fast, and good enough for test inputs.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// `seed`, mixed with `TestScale.seedOffset`: the same walks by
    /// default, other ones in a soak run (`STACKC_TEST_SEED`).
    package init(seed: UInt64) { state = seed ^ TestScale.seedOffset }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Reads files relative to a base directory, so diagnostics show
/// fixture-relative paths on every machine.
package struct DirectoryLoader: SourceLoader {
    package var base: String

    package init(base: String) { self.base = base }

    package func read(_ path: String) throws -> [UInt8] {
        try FileSystemLoader().read(base + "/" + path)
    }

    package func canonicalPath(_ path: String) -> String { PathText.normalize(path) }
}
