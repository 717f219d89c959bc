// Encoding a screen's rows as they are lowered. The rows section is the
// first a screen's encoding walks, so the strings, expressions and styles
// it numbers are numbered first: written here, row by row, they come out
// with the same numbers, and the file byte for byte the same, as when the
// whole model is encoded at the end (StreamingCompileTests hold the two
// against each other on every fixture and sample).

import StackRuntime

extension ScreenEncoder {
    /// The rows section of the first screen of a file, written as the
    /// lowering hands rows on (`LoweredRowSink`), and the tables it numbered.
    final class RowStream: LoweredRowSink {
        /// What has been written, in one value: the class's stored
        /// properties are checked for exclusive access at each access, and
        /// a row passed four of them in and out.
        struct Written {
            /// Rows written, and their records.
            var count = 0
            var bytes = ByteWriter()
            var strings = StringTable()
            var expressions = Interner<ExprRef>()
            var styles = Interner<RowStyle>()
            var recentStyles = RecentStyles()

            mutating func write(_ rows: [RowModel], code: CodeTable) {
                for row in rows {
                    // A row's record is a few bytes (more with accessibility).
                    bytes.bytes.reserveModestly(64)
                    ScreenEncoder.writeRow(
                        row, parentOffset: 0, code: code, strings: &strings, expressions: &expressions, styles: &styles,
                        recentStyles: &recentStyles, into: &bytes)
                }
                count += rows.count
            }
        }

        private(set) var written = Written()
        /// The screen's long string constants, once its last row is taken.
        private(set) var longStrings: ConstantStrings?

        func take(longStrings: ConstantStrings) {
            self.longStrings = longStrings
        }

        func take(_ rows: [RowModel], code: CodeTable) {
            written.write(rows, code: code)
        }

        /// Styles hold taps, whose actions name state slots; nothing else
        /// written here does (expressions are numbered by place, and their
        /// code is written at the end).
        func renumber(_ renumbering: SlotRenumbering) {
            // The styles change: a row after this finds its own.
            written.recentStyles = RecentStyles()
            written.styles.update { style in
                var style = style
                style.tap = renumbering.actions(style.tap)
                return style
            }
        }
    }
}
