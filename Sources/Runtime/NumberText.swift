// Numbers and colours as text, the same everywhere the runtime prints them.

package enum NumberText {
    /// At most four decimals, no trailing zeros, no `-0`: `50.4`, `71.4943`, `390`.
    package static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Beyond 10^15 four decimals mean nothing; print the shortest form.
        if abs(value) >= 1e15 { return String(value) }
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format4: rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA` or a colour name, as 0xRRGGBBAA.
    package static func parseColor(_ text: String) -> UInt32? {
        if let named = colorNames[text] { return named }
        guard text.hasPrefix("#") else { return nil }
        let digits = text.dropFirst().compactMap { $0.hexDigitValue }
        guard digits.count == text.count - 1 else { return nil }
        switch digits.count {
        case 3, 4:
            var value: UInt32 = 0
            for digit in digits { value = value << 8 | UInt32(digit) << 4 | UInt32(digit) }
            return digits.count == 3 ? value << 8 | 0xFF : value
        case 6, 8:
            var value: UInt32 = 0
            for digit in digits { value = value << 4 | UInt32(digit) }
            return digits.count == 6 ? value << 8 | 0xFF : value
        default:
            return nil
        }
    }

    /// The colour names of the language (the compiler's table, repeated here
    /// because the runtime depends on nothing of ours).
    package static let colorNames: [String: UInt32] = [
        "clear": 0x0000_0000, "black": 0x0000_00FF, "white": 0xFFFF_FFFF, "red": 0xFF3B_30FF,
        "orange": 0xFF95_00FF, "yellow": 0xFFCC_00FF, "green": 0x34C7_59FF, "mint": 0x00C7_BEFF,
        "teal": 0x30B0_C7FF, "cyan": 0x32AD_E6FF, "blue": 0x007A_FFFF, "indigo": 0x5856_D6FF,
        "purple": 0xAF52_DEFF, "pink": 0xFF2D_55FF, "brown": 0xA284_5EFF, "gray": 0x8E8E_93FF,
    ]
}

extension String {
    /// `value` with exactly four decimals, without Foundation.
    init(format4 value: Double) {
        let negative = value < 0
        let scaled = (abs(value) * 10_000).rounded()
        let whole = Int(scaled / 10_000)
        let fraction = Int(scaled - Double(whole) * 10_000)
        let digits = String(fraction)
        self = (negative ? "-" : "") + String(whole) + "." + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
