// The deterministic measurer of layout.md: every character is 0.5 × font
// wide, a line is 1.2 × font high, words wrap greedily, images keep their
// aspect ratio, and views answer 44.

/// The measurer the CLI and the tests use, and the one a host's own
/// measurer can hand the rows it does not measure itself.
public struct DefaultMeasurer: Measurer, Sendable {
    /// What a View measures along either axis.
    public static let viewExtent = 44.0

    public init() {}

    public func measure(_ row: MeasuredRow, along axis: Axis, across: Constraint) -> Double {
        measure(row.content, along: axis, across: across)
    }

    /// The deterministic extent of `content`: text at 0.5 × font per
    /// character and 1.2 × font per line, images by their aspect, views 44.
    public func measure(_ content: MeasuredContent, along axis: Axis, across: Constraint) -> Double {
        switch content {
        case .text(let text, let font, let lines):
            let font = font.isFinite && font > 0 ? font : 17
            if axis == .horizontal {
                // The natural width: the longest paragraph.
                return Double(TextWrap.longestParagraph(text)) * 0.5 * font
            }
            let width: Double? = if case .definite(let w) = across { w } else { nil }
            return Double(TextWrap.lineCount(text, font: font, width: width, maximumLines: lines)) * 1.2 * font
        case .image(let aspect):
            guard let aspect, aspect.isFinite, aspect > 0, case .definite(let other) = across else { return 0 }
            return axis == .vertical ? other / aspect : other * aspect
        case .view:
            return DefaultMeasurer.viewExtent
        case .spacer:
            return 0
        }
    }
}

/// Greedy word wrapping over Unicode scalars, without building substrings.
package enum TextWrap {
    /// Lines `text` takes at `width` (nil: no wrapping), capped by
    /// `maximumLines` when it is above 0.
    package static func lineCount(_ text: String, font: Double, width: Double?, maximumLines: Int) -> Int {
        let capacity = capacity(font: font, width: width)
        var lines = 0
        var lineLength = 0  // characters on the current line; 0 = empty line
        var lineHasWord = false
        var wordLength = 0

        func finishWord() {
            guard wordLength > 0 else { return }
            if lineHasWord, lineLength + 1 + wordLength <= capacity {
                lineLength += 1 + wordLength
            } else {
                if lineHasWord { lines += 1 }
                if wordLength <= capacity {
                    lineLength = wordLength
                } else {
                    // Cut into pieces of max(1, capacity); all but the last are lines.
                    let piece = max(1, capacity)
                    let pieces = (wordLength + piece - 1) / piece
                    lines += pieces - 1
                    lineLength = wordLength - (pieces - 1) * piece
                }
                lineHasWord = true
            }
            wordLength = 0
        }

        func finishParagraph() {
            finishWord()
            lines += 1  // the paragraph's last (or only, or empty) line
            lineLength = 0
            lineHasWord = false
        }

        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": finishParagraph()
            case " ", "\t": finishWord()
            default: wordLength += 1
            }
        }
        finishParagraph()
        return maximumLines > 0 ? min(lines, maximumLines) : lines
    }

    /// Characters a line holds: a word joins a line when
    /// (line + 1 + word) × 0.5 f ≤ width, so in characters the line may reach
    /// ⌊width / 0.5 f⌋ (with a hair of slack for rounding). No width: no limit.
    static func capacity(font: Double, width: Double?) -> Int {
        guard let width else { return Int.max / 4 }
        let exact = width / (0.5 * font)
        let limit = Double(Int.max / 4)
        return exact.isFinite && exact < limit ? Int(max(0, (exact + 1e-9).rounded(.down))) : Int.max / 4
    }

    /// The scalar count of the longest paragraph.
    package static func longestParagraph(_ text: String) -> Int {
        var longest = 0
        var current = 0
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                longest = max(longest, current)
                current = 0
            } else {
                current += 1
            }
        }
        return max(longest, current)
    }

    /// The lines themselves, for drawing: the same algorithm as `lineCount`.
    package static func lines(_ text: String, font: Double, width: Double?, maximumLines: Int) -> [String] {
        let capacity = capacity(font: font, width: width)
        var result: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line: [Unicode.Scalar] = []
            var lineHasWord = false
            let words = paragraph.split(whereSeparator: { $0 == " " || $0 == "\t" })
            for word in words {
                let scalars = Array(word.unicodeScalars)
                if lineHasWord, line.count + 1 + scalars.count <= capacity {
                    line.append(" ")
                    line.append(contentsOf: scalars)
                    continue
                }
                if lineHasWord { result.append(String(String.UnicodeScalarView(line))) }
                if scalars.count <= capacity {
                    line = scalars
                } else {
                    let piece = max(1, capacity)
                    var start = 0
                    while scalars.count - start > piece {
                        result.append(String(String.UnicodeScalarView(scalars[start..<(start + piece)])))
                        start += piece
                    }
                    line = Array(scalars[start...])
                }
                lineHasWord = true
            }
            result.append(String(String.UnicodeScalarView(line)))
        }
        return maximumLines > 0 ? Array(result.prefix(maximumLines)) : result
    }
}
