// iOS's semantic colours with their light and dark values as UIKit
// documents and resolves them (RRGGBBAA). `label` is black in light and
// white in dark; `secondary-label` is #3C3C43 at 60% in light, #EBEBF5 at
// 60% in dark; and so on.

/// A colour that differs by appearance.
package struct AdaptiveColor: Hashable, Sendable {
    package var light: UInt32
    package var dark: UInt32
}

extension AdaptiveColor {
    /// The semantic colours by their names in the language.
    package static let semantic: [String: AdaptiveColor] = [
        "system-background": .init(light: 0xFFFF_FFFF, dark: 0x0000_00FF),
        "secondary-system-background": .init(light: 0xF2F2_F7FF, dark: 0x1C1C_1EFF),
        "tertiary-system-background": .init(light: 0xFFFF_FFFF, dark: 0x2C2C_2EFF),
        "system-grouped-background": .init(light: 0xF2F2_F7FF, dark: 0x0000_00FF),
        "secondary-system-grouped-background": .init(light: 0xFFFF_FFFF, dark: 0x1C1C_1EFF),
        "tertiary-system-grouped-background": .init(light: 0xF2F2_F7FF, dark: 0x2C2C_2EFF),
        "label": .init(light: 0x0000_00FF, dark: 0xFFFF_FFFF),
        "secondary-label": .init(light: 0x3C3C_4399, dark: 0xEBEB_F599),
        "tertiary-label": .init(light: 0x3C3C_434D, dark: 0xEBEB_F54D),
        "quaternary-label": .init(light: 0x3C3C_432E, dark: 0xEBEB_F529),
        "placeholder-text": .init(light: 0x3C3C_434D, dark: 0xEBEB_F54D),
        "separator": .init(light: 0x3C3C_434A, dark: 0x5454_5899),
        "opaque-separator": .init(light: 0xC6C6_C8FF, dark: 0x3838_3AFF),
        "link": .init(light: 0x007A_FFFF, dark: 0x0984_FFFF),
        "system-fill": .init(light: 0x7878_8033, dark: 0x7878_805C),
        "secondary-system-fill": .init(light: 0x7878_8029, dark: 0x7878_8052),
        "tertiary-system-fill": .init(light: 0x7676_801F, dark: 0x7676_803D),
        "quaternary-system-fill": .init(light: 0x7474_8014, dark: 0x7676_802E),
        "system-red": .init(light: 0xFF3B_30FF, dark: 0xFF45_3AFF),
        "system-orange": .init(light: 0xFF95_00FF, dark: 0xFF9F_0AFF),
        "system-yellow": .init(light: 0xFFCC_00FF, dark: 0xFFD6_0AFF),
        "system-green": .init(light: 0x34C7_59FF, dark: 0x30D1_58FF),
        "system-mint": .init(light: 0x00C7_BEFF, dark: 0x63E6_E2FF),
        "system-teal": .init(light: 0x30B0_C7FF, dark: 0x40C8_E0FF),
        "system-cyan": .init(light: 0x32AD_E6FF, dark: 0x64D2_FFFF),
        "system-blue": .init(light: 0x007A_FFFF, dark: 0x0A84_FFFF),
        "system-indigo": .init(light: 0x5856_D6FF, dark: 0x5E5C_E6FF),
        "system-purple": .init(light: 0xAF52_DEFF, dark: 0xBF5A_F2FF),
        "system-pink": .init(light: 0xFF2D_55FF, dark: 0xFF37_5FFF),
        "system-brown": .init(light: 0xA284_5EFF, dark: 0xAC8E_68FF),
        "system-gray": .init(light: 0x8E8E_93FF, dark: 0x8E8E_93FF),
        "system-gray2": .init(light: 0xAEAE_B2FF, dark: 0x6363_66FF),
        "system-gray3": .init(light: 0xC7C7_CCFF, dark: 0x4848_4AFF),
        "system-gray4": .init(light: 0xD1D1_D6FF, dark: 0x3A3A_3CFF),
        "system-gray5": .init(light: 0xE5E5_EAFF, dark: 0x2C2C_2EFF),
        "system-gray6": .init(light: 0xF2F2_F7FF, dark: 0x1C1C_1EFF),
    ]
}
