// The person's settings on a live screen: appearance, text size and
// direction, each changed live. Appearance and text size are state slots
// the compiler made for the screens that read them, so a change evaluates
// only the rows reading them — colours only for appearance (no row moves),
// the rows with text styles or `scaled()` fonts for text size. Direction
// mirrors every frame: a full layout.

extension LiveScreen {
    /// The screen's appearance now.
    public var appearance: Appearance {
        guard let slot = screen.stateIndex(ScreenModel.darkState) else { return .light }
        return screen.state[slot].boolValue ? .dark : .light
    }

    /// The content size category now.
    public var contentSize: ContentSizeCategory {
        guard let slot = screen.stateIndex(ScreenModel.contentSizeState) else { return .l }
        return ContentSizeCategory(rawValue: Int(screen.state[slot].numberValue)) ?? .l
    }

    /// The layout direction now.
    public var direction: LayoutDirection { screen.direction }

    /// The locales the screen is translated into, its source language
    /// first; empty for a screen that is not localized.
    public var locales: [String] { screen.locales }

    /// The locale now (the source language until set); nil when not localized.
    public var locale: String? { screen.locale }

    /// Switches the locale: `fr`, or `fr-CA` (which falls back to `fr`).
    /// Only the rows whose text is translated are evaluated and measured
    /// again. Throws for a locale the screen has no translations for,
    /// naming those it has; a screen that is not localized ignores it.
    @discardableResult
    public mutating func setLocale(_ identifier: String) throws(RuntimeError) -> [LiveEvent] {
        guard let value = try screen.localeValue(identifier) else { return [] }
        return try setState(ScreenModel.localeState, to: value)
    }

    /// Switches to a light or dark appearance: rows whose colours adapt are
    /// evaluated again; frames do not change. A screen with no adaptive
    /// colour ignores it.
    @discardableResult
    public mutating func setAppearance(_ appearance: Appearance) -> [LiveEvent] {
        guard screen.stateIndex(ScreenModel.darkState) != nil else { return [] }
        return (try? setState(ScreenModel.darkState, to: .bool(appearance == .dark))) ?? []
    }

    /// Switches the content size category: rows whose fonts are text styles
    /// or `scaled()` are measured again and the rows after them move.
    @discardableResult
    public mutating func setContentSize(_ category: ContentSizeCategory) -> [LiveEvent] {
        guard screen.stateIndex(ScreenModel.contentSizeState) != nil else { return [] }
        return (try? setState(ScreenModel.contentSizeState, to: .number(Double(category.rawValue)))) ?? []
    }

    /// Switches the layout direction: every frame is mirrored.
    @discardableResult
    public mutating func setDirection(_ direction: LayoutDirection) -> [LiveEvent] {
        guard direction != screen.direction else { return [] }
        return observe { live in
            live.incremental.screen.direction = direction
            live.incremental.relayoutFully()
            live.incremental.layoutChanged = true
        }
    }
}

extension Screen {
    /// Sets appearance, text size and direction before a first layout (the
    /// CLI's `--appearance`, `--content-size`, `--direction`).
    package mutating func setEnvironment(
        appearance: Appearance? = nil, contentSize: ContentSizeCategory? = nil, direction: LayoutDirection? = nil
    ) {
        if let appearance, stateIndex(ScreenModel.darkState) != nil {
            try? setState(ScreenModel.darkState, to: .bool(appearance == .dark))
        }
        if let contentSize, stateIndex(ScreenModel.contentSizeState) != nil {
            try? setState(ScreenModel.contentSizeState, to: .number(Double(contentSize.rawValue)))
        }
        if let direction { self.direction = direction }
    }
}

extension Screen {
    /// The locales of the screen's "env.locale" enum, the source language first.
    package var locales: [String] {
        guard let slot = stateIndex(ScreenModel.localeState), case .enumeration(let e) = model.state[slot].type, e < model.enums.count else { return [] }
        return model.enums[e].cases
    }

    /// The locale now, when the screen is localized.
    package var locale: String? {
        guard let slot = stateIndex(ScreenModel.localeState), case .enumCase(let e, let c) = state[slot], e < model.enums.count,
            c < model.enums[e].cases.count
        else { return nil }
        return model.enums[e].cases[c]
    }

    /// The slot value for `identifier` (exactly, else its language: `fr-CA`
    /// → `fr`); nil for a screen that is not localized.
    package func localeValue(_ identifier: String) throws(RuntimeError) -> RuntimeValue? {
        guard let slot = stateIndex(ScreenModel.localeState), case .enumeration(let e) = model.state[slot].type else { return nil }
        let cases = locales
        let language = identifier.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? identifier
        guard let index = cases.firstIndex(of: identifier) ?? cases.firstIndex(of: language) else {
            throw RuntimeError("the screen has no translations for '\(identifier)'; its locales are \(NameList.shortened(cases))")
        }
        return .enumCase(enumIndex: e, caseIndex: index)
    }

    /// Sets the locale before a first layout (`--locale`).
    package mutating func setLocale(_ identifier: String) throws(RuntimeError) {
        guard let value = try localeValue(identifier) else { return }
        try setState(ScreenModel.localeState, to: value)
    }
}
