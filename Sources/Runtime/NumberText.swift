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

/// Values as a string interpolation shows them: the same at compile time
/// (constant folding) and at run time.
package enum ValueText {
    /// A number in its shortest round-trip form (`2`, `2.5`, `0.1`, `1e+20`),
    /// a percentage's number, `true`/`false`, a string as it is. Not-finite
    /// numbers (which no checked expression makes) print as `0`.
    package static func text(of value: RuntimeValue) -> String {
        switch value {
        case .number(let x), .percent(let x), .duration(let x): shortest(x)
        case .bool(let b): b ? "true" : "false"
        case .string(let s): s
        case .color(let c): "#" + String(repeating: "0", count: 8 - String(c, radix: 16).count) + String(c, radix: 16, uppercase: true)
        case .fit: "fit"
        case .fill(let w): "fill(\(shortest(w)))"
        case .enumCase(_, let index): String(index)
        }
    }

    /// `x` with the fewest digits that read back as `x`; whole numbers below
    /// 10^15 without a decimal point; no `-0`.
    package static func shortest(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        if x == 0 { return "0" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return String(x)
    }

    /// `x` with exactly `digits` decimals (0–15) as `fixed(x, digits)`
    /// shows it: `364.00`. Rounded as C's `printf("%.*f")` and Swift's
    /// `String(format:)` round — from the double's exact binary value, an
    /// exact tie to the even digit — so `fixed(1.005, 2)` is `1.00` (the
    /// double is 1.00499…) and `fixed(0.125, 2)` is `0.12`.
    package static func fixed(_ x: Double, digits: Double) -> String {
        let places = digits.isFinite ? Int(Swift.min(Swift.max(digits.rounded(), 0), 15)) : 0
        guard x.isFinite else { return "0" }
        var scale: UInt64 = 1
        for _ in 0..<places { scale *= 10 }
        // Past 2^53 the scaled digits are no longer whole numbers: the shortest form says as much.
        guard abs(x) * Double(scale) < 9_007_199_254_740_992 else { return shortest(x) }
        let whole = roundedScaled(abs(x), scale: scale)
        var text = String(whole)
        if places > 0 {
            if text.count <= places { text = String(repeating: "0", count: places - text.count + 1) + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -places))
        }
        return (x < 0 && whole != 0 ? "-" : "") + text
    }

    /// `x × scale` rounded to a whole number, exactly: `x` is m × 2^e, so
    /// the product is (m × scale) / 2^k with a 128-bit numerator.
    private static func roundedScaled(_ x: Double, scale: UInt64) -> UInt64 {
        guard x > 0 else { return 0 }
        let m = x.isNormal ? x.significandBitPattern | (1 << 52) : x.significandBitPattern
        let e = x.isNormal ? Int(x.exponent) - 52 : -1074
        if e >= 0 { return (m << UInt64(e)) * scale }  // a whole number, below 2^53 by the caller's guard
        let k = -e
        let (hi, lo) = m.multipliedFullWidth(by: scale)  // below 2^103
        guard k < 128 else { return 0 }  // the product is below 2^103 ≤ 2^(k−1): less than a half
        // quotient = (hi:lo) >> k, remainder = (hi:lo) mod 2^k, half = 2^(k−1).
        let quotient: UInt64 = k >= 64 ? hi >> UInt64(k - 64) : (hi << UInt64(64 - k)) | (lo >> UInt64(k))
        let (remHi, remLo): (UInt64, UInt64) =
            k >= 64 ? (hi & ((1 << UInt64(k - 64)) &- 1), lo) : (0, lo & ((1 << UInt64(k)) &- 1))
        let (halfHi, halfLo): (UInt64, UInt64) = k - 1 >= 64 ? (1 << UInt64(k - 1 - 64), 0) : (0, 1 << UInt64(k - 1))
        let above = remHi != halfHi ? remHi > halfHi : remLo > halfLo
        let tie = remHi == halfHi && remLo == halfLo
        return above || (tie && quotient & 1 == 1) ? quotient + 1 : quotient
    }
}
