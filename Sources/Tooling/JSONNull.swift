// JSON's `null` in the untyped messages the language server reads and
// writes (`[String: Any]`). Foundation's NSNull would do, but Foundation
// proper is not linked into stackc (only FoundationEssentials, megabytes
// lighter at every start), so the server has its own.

/// The JSON value `null` inside `[String: Any]` messages.
public struct JSONNull: Sendable, Equatable {
    public init() {}
}
