// What adapts to the person: `light-dark(a, b)` and iOS's semantic colours
// (`label`, `system-background`, …) become choices on the "env.dark" state
// slot; text styles (`font: body`) and `scaled(15)` become lookups of
// Apple's size table by the "env.content-size" slot. The slots exist only
// in programs that read them (CheckedProgram.environment).

import StackParser
import StackRuntime

extension TypeChecker {
    static let semanticColorNames = AdaptiveColor.semantic.keys.sorted()
    static let textStyleNames = TextStyle.allCases.map(\.rawValue)

    /// A semantic colour by name: `env.dark ? dark : light`.
    mutating func semanticColor(_ name: String) -> TypedExpr? {
        guard let color = AdaptiveColor.semantic[name] else { return nil }
        return adaptive(.constant(.color(color.light)), .constant(.color(color.dark)))
    }

    /// `light-dark(a, b)`: two colours, the first in light, the second in dark.
    mutating func inferLightDark(_ arguments: [Expr], span: Span, scope: Scope) -> Checked {
        guard arguments.count == 2 else {
            error(.wrongArgumentCount, span, "'light-dark' takes 2 colours (light, then dark), found \(arguments.count)")
            return (.invalid, nil)
        }
        let light = check(arguments[0], expecting: .color, scope: scope, what: "the light colour of 'light-dark'")
        let dark = check(arguments[1], expecting: .color, scope: scope, what: "the dark colour of 'light-dark'")
        guard light != .invalid, dark != .invalid else { return (.invalid, nil) }
        return (adaptive(light, dark), .color)
    }

    private mutating func adaptive(_ light: TypedExpr, _ dark: TypedExpr) -> TypedExpr {
        environment.insert(ScreenModel.darkState)
        return .conditional(.state(ScreenModel.darkState, .bool), dark, light)
    }

    /// A text style's size at the current content size category.
    mutating func textStyleSize(_ name: String) -> TypedExpr? {
        guard let style = TextStyle(rawValue: name) else { return nil }
        return categoryLookup(style.sizes.map { .constant(.number($0)) })
    }

    /// `scaled(n)`: `n` scaled as `body` is (`n × body size / 17`).
    mutating func inferScaled(_ arguments: [Expr], span: Span, scope: Scope) -> Checked {
        guard arguments.count == 1 else {
            error(.wrongArgumentCount, span, "'scaled' takes 1 number, found \(arguments.count)")
            return (.invalid, nil)
        }
        let size = check(arguments[0], expecting: .number, scope: scope, what: "'scaled'")
        guard size != .invalid else { return (.invalid, nil) }
        let factors = TextStyle.body.sizes.map { TypedExpr.constant(.number($0 / TextStyle.body.size(at: .l))) }
        return (.binary(.multiply, size, categoryLookup(factors)), .number)
    }

    /// `values[category]`, as a chain of comparisons of the category slot.
    private mutating func categoryLookup(_ values: [TypedExpr]) -> TypedExpr {
        environment.insert(ScreenModel.contentSizeState)
        var expr = values[values.count - 1]
        for index in (0..<(values.count - 1)).reversed() {
            let below = TypedExpr.binary(.less, .state(ScreenModel.contentSizeState, .number), .constant(.number(Double(index) + 0.5)))
            expr = .conditional(below, values[index], expr)
        }
        return expr
    }
}
