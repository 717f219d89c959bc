// What a screen adapts to: the person's appearance (light or dark), text
// size (Dynamic Type's content size category) and layout direction. The
// first two are state slots of their own ("env.dark", "env.content-size"),
// made by the compiler only for screens that read them: a colour written
// `light-dark(a, b)` is `env.dark ? b : a`, a font written `body` looks its
// size up by `env.content-size`. Changing them is changing state, so only
// the rows that read them are evaluated (and measured) again.

/// Light or dark appearance.
public enum Appearance: String, CaseIterable, Sendable {
    case light, dark
}

/// Dynamic Type's content size categories, smallest first (`l` is iOS's default).
public enum ContentSizeCategory: Int, CaseIterable, Sendable, CustomStringConvertible {
    case xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4, ax5

    /// The name the CLI and the language use: `xs` … `xxxl`, `ax1` … `ax5`.
    public var description: String { Self.names[rawValue] }

    /// The category named `name`, or nil.
    public init?(name: String) {
        guard let index = Self.names.firstIndex(of: name) else { return nil }
        self.init(rawValue: index)
    }

    static let names = ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"]
}

/// Which way the screen reads.
public enum LayoutDirection: String, CaseIterable, Sendable {
    /// Left to right: leading is left.
    case ltr
    /// Right to left (Arabic, Hebrew): the whole screen is mirrored.
    case rtl
}

extension ScreenModel {
    /// The state slot a dark appearance sets (bool), when the screen reads it.
    package static let darkState = "env.dark"
    /// The state slot holding the content size category's index (number).
    package static let contentSizeState = "env.content-size"
    /// The state slot holding the locale: a case of the enum of the same
    /// name, whose cases are the screen's locales (the source language first).
    package static let localeState = "env.locale"

    /// Whether state slot `name` is the environment's, not the screen's own.
    package static func isEnvironmentState(_ name: String) -> Bool { name.hasPrefix("env.") }
}
