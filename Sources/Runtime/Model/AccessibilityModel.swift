// What a row says to VoiceOver, as written in its `accessibility { … }`
// block. What is not written is derived at run time (Accessibility.swift):
// a Text's label is its text, a tappable row is a button.

/// A row's `accessibility` block.
package struct AccessibilityModel: Hashable, Sendable, Codable {
    /// A string expression, or nil for the derived label.
    package var label: ExprRef?
    package var hint: ExprRef?
    /// Bits of `AccessibilityTrait.all`, in its order.
    package var traits: UInt16
    /// A bool expression: true hides the row and what it holds from VoiceOver.
    package var hidden: ExprRef?

    package init(label: ExprRef?, hint: ExprRef?, traits: UInt16, hidden: ExprRef?) {
        self.label = label
        self.hint = hint
        self.traits = traits
        self.hidden = hidden
    }
}

/// VoiceOver's traits, by their names in the language.
package enum AccessibilityTrait {
    package static let all = ["button", "header", "image", "selected", "link", "static-text", "summary", "not-enabled", "adjustable"]

    package static func bits(_ names: [String]) -> UInt16 {
        names.reduce(0) { bits, name in all.firstIndex(of: name).map { bits | (1 << UInt16($0)) } ?? bits }
    }

    package static func names(_ bits: UInt16) -> [String] {
        all.indices.filter { bits & (1 << UInt16($0)) != 0 }.map { all[$0] }
    }
}
