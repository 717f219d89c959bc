// Seeded synthetic screens for benchmarks: N rows of mixed kinds (fixed,
// fit text, images, hidden, nested stacks), about 100 bytes a row, so
// 100,000 rows make the 10 MB file the front-end goal speaks of.

struct BenchRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum ScreenGenerator {
    /// The most rows a generated screen may have: a file expands to at
    /// most 1,000,000 rows, counting the copy each screen holds of every
    /// component (docs/limits.md) — here the one row of `Badge`.
    static let maximumRows = 999_999

    /// A `.stack` source with one screen of `rows` rows.
    static func source(rows: Int, seed: UInt64 = 42) -> String {
        var random = BenchRandom(state: seed)
        var out = """
            // Generated: \(rows) rows, seed \(seed).
            enum Mode { compact, regular }
            component Badge(label: string, tint: color = #E5E5EA): Text {
                text: label
                background: tint
                insets: 4 8
            }
            screen Generated {
                background: #F2F2F7
                hide-last-separator: true
                defaults { insets: 12 15  separator { color: #C6C6C8  thickness: 1  insets: 0 15 } }
                state expanded: bool = false
                state mode: Mode = .regular

            """
        var index = 0
        while index < rows {
            let pick = Int.random(in: 0..<100, using: &random)
            switch pick {
            case 0..<40:
                out += "    Text r\(index) { text: \"Row \(index) of the generated screen, with a few more words to wrap\"  font: 15  lines: 2  color: #3C3C43 }\n"
            case 40..<60:
                out += "    View r\(index) { host: \"SettingsCell\"  size: \(Int.random(in: 20...120, using: &random))  insets: 8 15 8 15  tap: toggle(expanded) }\n"
            case 60..<70:
                out += "    Image r\(index) { source: \"gallery/photo-\(index).jpg\"  aspect: 4/3  hidden: !expanded }\n"
            case 70..<80:
                out += "    Text r\(index) { text: \"Hidden unless the mode is regular\"  hidden: mode != .regular  size: expanded ? 80 : 40 }\n"
            case 80..<90:
                out += "    Badge r\(index) { label: \"Badge number \(index) of many\"  tint: #D1E7DD }\n"
            case 90..<98:
                out += "    Spacer r\(index) { size: \(Int.random(in: 4...24, using: &random))  background: #F2F2F7 }\n"
            default:
                let children = min(4, rows - index - 1)
                out += "    Stack r\(index) {\n        axis: horizontal\n        size: 96\n"
                for child in 0..<children {
                    out += "        Text { text: \"Cell \(child)\"  size: 25% }\n"
                }
                out += "    }\n"
                index += children
            }
            index += 1
        }
        out += "}\n"
        return out
    }
}
