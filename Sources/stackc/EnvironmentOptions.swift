// `--appearance`, `--content-size` and `--direction`: the person's settings
// a screen is laid out for (layout, watch, preview). A bad value is a usage
// error listing the valid ones.

import StackRuntime

struct EnvironmentOptions {
    var appearance: Appearance?
    var contentSize: ContentSizeCategory?
    var direction: LayoutDirection?
    var locale: String?

    static let names: Set<String> = ["--appearance", "--content-size", "--direction", "--locale"]

    static let help = """
          --appearance light|dark
                                  Lay out for a light (default) or dark appearance:
                                  light-dark() and semantic colours take that value.
          --content-size CATEGORY Dynamic Type's text size: xs, s, m, l (default), xl, xxl,
                                  xxxl, ax1 … ax5; text styles and scaled() follow it.
          --direction ltr|rtl     Layout direction (default ltr); rtl mirrors the screen.
          --locale ID             Show the texts of a file with 'localize from' in this
                                  locale of its String Catalog (fr, or fr-CA falling back
                                  to fr); default: the catalog's source language.
        """

    /// Reads option `name`'s value; a usage error when it is not valid.
    mutating func read(_ name: String, _ value: String) -> UsageError? {
        switch name {
        case "--appearance":
            guard let appearance = Appearance(rawValue: value) else {
                return UsageError(message: "--appearance takes 'light' or 'dark', not '\(value)'")
            }
            self.appearance = appearance
        case "--locale":
            guard !value.isEmpty, value.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "-" || $0 == "_" || ("0"..."9").contains($0) }) else {
                return UsageError(message: "--locale takes a locale identifier such as fr or pt-BR, not '\(value)'")
            }
            locale = value
        case "--content-size":
            guard let category = ContentSizeCategory(name: value) else {
                return UsageError(message: "--content-size takes one of \(ContentSizeCategory.allCases.map(\.description).joined(separator: ", ")), not '\(value)'")
            }
            contentSize = category
        default:
            guard let direction = LayoutDirection(rawValue: value) else {
                return UsageError(message: "--direction takes 'ltr' or 'rtl', not '\(value)'")
            }
            self.direction = direction
        }
        return nil
    }

    /// `screen` set up for these settings; a usage error for a locale the
    /// screen has no translations for.
    func apply(to screen: inout Screen) -> UsageError? {
        screen.setEnvironment(appearance: appearance, contentSize: contentSize, direction: direction)
        if let locale {
            do {
                try screen.setLocale(locale)
            } catch {
                return UsageError(message: "--locale \(locale): \(error.description)")
            }
        }
        return nil
    }

    /// `model` whose environment slots start at these settings (the preview's
    /// tabs start from the model).
    func baked(into model: ScreenModel) -> ScreenModel {
        var screen = Screen(model: model)
        _ = apply(to: &screen)
        var baked = model
        for (slot, state) in model.state.enumerated() where ScreenModel.isEnvironmentState(state.name) {
            baked.state[slot].initial = screen.state[slot]
        }
        return baked
    }
}
