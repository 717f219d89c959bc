// The names of what adapts to the person, for tools (completion, hover):
// iOS's semantic colours and Dynamic Type's text styles.

import StackRuntime

public enum AdaptiveNames {
    /// Semantic colours, sorted, with their light and dark values (RRGGBBAA).
    public static let colors: [(name: String, light: UInt32, dark: UInt32)] =
        AdaptiveColor.semantic.keys.sorted().compactMap { name in AdaptiveColor.semantic[name].map { (name, $0.light, $0.dark) } }

    /// Text styles with their size at the default category, largest first.
    public static let textStyles: [(name: String, size: Double)] = TextStyle.allCases.map { ($0.rawValue, $0.size(at: .l)) }
}
