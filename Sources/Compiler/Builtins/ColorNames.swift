// The colour names the language knows, as 0xRRGGBBAA (the iOS system palette).

import StackParser

public enum ColorNames {
    public static let table: [String: UInt32] = [
        "clear": 0x0000_0000,
        "black": 0x0000_00FF,
        "white": 0xFFFF_FFFF,
        "red": 0xFF3B_30FF,
        "orange": 0xFF95_00FF,
        "yellow": 0xFFCC_00FF,
        "green": 0x34C7_59FF,
        "mint": 0x00C7_BEFF,
        "teal": 0x30B0_C7FF,
        "cyan": 0x32AD_E6FF,
        "blue": 0x007A_FFFF,
        "indigo": 0x5856_D6FF,
        "purple": 0xAF52_DEFF,
        "pink": 0xFF2D_55FF,
        "brown": 0xA284_5EFF,
        "gray": 0x8E8E_93FF,
    ]
}
