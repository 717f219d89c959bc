// What a row shows, evaluated for the current state: for printers and
// renderers that draw a layout (the CLI's text, JSON and SVG forms).

/// A row's evaluated appearance.
package struct RowAppearance: Sendable {
    package var kind: RowKindCode
    package var id: String?
    package var component: String?
    package var background: UInt32
    /// Text rows: the text, font size, line cap, colour, weight and alignment.
    package var text: (string: String, font: Double, lines: Int, color: UInt32, weight: String, align: String)?
    /// Image rows: the source name and aspect ratio.
    package var image: (source: String, aspect: Double?)?
    /// View rows: the host name.
    package var host: String?
    /// Stack rows: the nested stack.
    package var stack: Int?
}

extension Screen {
    /// Row `index` as it looks in the current state.
    package func appearance(of index: Int) -> RowAppearance {
        let row = model.rows[index]
        let table = model.expressions
        let context = self.context.reading(row)
        func value(_ ref: ExprRef) -> RuntimeValue { table.evaluate(ref, in: context) }
        var appearance = RowAppearance(
            kind: row.kind, id: row.id, component: row.component, background: value(row.background).colorValue)
        switch row.content {
        case .text(let text, let font, let lines, let color, let weight, let align):
            let cap = value(lines).numberValue
            appearance.text = (
                value(text).stringValue, value(font).numberValue, cap >= 1 && cap < 1e9 ? Int(cap) : 0,
                value(color).colorValue, weight, align
            )
        case .image(let source, let aspect):
            appearance.image = (value(source).stringValue, aspect.map { value($0).numberValue })
        case .view(let host, _):
            appearance.host = value(host).stringValue
        case .spacer:
            break
        case .stack(let nested):
            appearance.stack = nested
        }
        return appearance
    }

    /// The background of a stack.
    package func background(ofStack index: Int) -> UInt32 {
        model.expressions.evaluate(model.stacks[index].background, in: context).colorValue
    }
}
