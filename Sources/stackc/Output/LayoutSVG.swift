// `stackc layout --format svg`: a picture of the laid-out screen — row
// backgrounds, content boxes, separators, text drawn at its font size and
// wrapped where the measurer wrapped it, image placeholders with their
// aspect, views labelled with their host, and the viewport at the offset.

import StackRuntime

enum LayoutSVG {
    /// What a host draws on top of the layout: how far snap-hide rows have
    /// slid, and how faded each step of a flow is (row → alpha, tint colour).
    struct Presentation {
        var slid: [Int: Double] = [:]
        var fading: [Int: (alpha: Double, tint: UInt32?)] = [:]
    }

    static func render(screen: Screen, layout: ScreenLayout, offset: Double, presentation: Presentation = Presentation()) -> String {
        let o = layout.clampedOffset(offset)
        let width = max(layout.contentWidth, layout.viewportWidth)
        let height = max(layout.contentHeight, layout.viewportHeight)
        var out = header(
            width: width, height: height,
            title: "\(screen.model.name) at \(n(layout.viewportWidth))x\(n(layout.viewportHeight)), offset \(n(o))")
        let background = screen.background(ofStack: layout.rootStack)
        out += "<rect x=\"0\" y=\"0\" width=\"\(n(layout.contentWidth))\" height=\"\(n(layout.contentHeight))\" \(fill(background, fallback: "#FFFFFF"))/>\n"
        // In a host's order: rows in place, then the sticky rows where they
        // are drawn, over the others.
        let moved = layout.stickyRows.filter { layout.isPresentedElsewhere($0, offset: o, slid: presentation.slid) }
        for row in layout.rows where !moved.contains(row) {
            draw(row, screen: screen, layout: layout, fading: presentation.fading[row], into: &out)
        }
        for row in moved {
            let natural = layout.frame(of: row)
            let presented = layout.presentedFrame(of: row, offset: o, slid: presentation.slid)
            out += "<g class=\"presented\" transform=\"translate(\(n(presented.x - natural.x)) \(n(presented.y - natural.y)))\">\n"
            draw(row, screen: screen, layout: layout, fading: presentation.fading[row], into: &out)
            out += "</g>\n"
        }
        // The viewport at the offset.
        let viewport = layout.axis == .vertical
            ? Rect(x: 0, y: o, width: layout.viewportWidth, height: layout.viewportHeight)
            : Rect(x: o, y: 0, width: layout.viewportWidth, height: layout.viewportHeight)
        out += "<rect class=\"viewport\" x=\"\(n(viewport.x))\" y=\"\(n(viewport.y))\" width=\"\(n(viewport.width))\" height=\"\(n(viewport.height))\" fill=\"none\" stroke=\"#FF3B30\" stroke-width=\"2\" stroke-dasharray=\"8 4\"/>\n"
        out += "<text x=\"\(n(viewport.x + 4))\" y=\"\(n(viewport.y - 6))\" font-size=\"11\" fill=\"#FF3B30\">viewport \(n(layout.viewportWidth))×\(n(layout.viewportHeight)) @ \(n(o))</text>\n"
        out += "</svg>\n"
        return out
    }

    /// One row as a host draws it: background, content, the rows of its
    /// nested stack (on the stack's own background, cut to its box), and the
    /// separator last, so that no row's background covers it.
    private static func draw(_ index: Int, screen: Screen, layout: ScreenLayout, fading: (alpha: Double, tint: UInt32?)?, into out: inout String) {
        guard !layout.isHidden(index) else { return }
        let appearance = screen.appearance(of: index)
        let frame = layout.frame(of: index)
        let label = appearance.id ?? appearance.component ?? appearance.kind.name
        let opacity = fading.map { " opacity=\"\(n(min(max($0.alpha, 0), 1)))\"" } ?? ""
        out += "<g class=\"row\" data-id=\"\(escape(label))\"\(opacity)>\n"
        out += "<rect x=\"\(n(frame.x))\" y=\"\(n(frame.y))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" \(fill(appearance.background, fallback: "none")) stroke=\"#D1D1D6\" stroke-width=\"0.5\"/>\n"
        if let content = layout.contentFrame(of: index) {
            out += "<rect x=\"\(n(content.x))\" y=\"\(n(content.y))\" width=\"\(n(content.width))\" height=\"\(n(content.height))\" fill=\"none\" stroke=\"#5AC8FA\" stroke-width=\"0.5\" stroke-dasharray=\"3 2\"/>\n"
            drawContent(appearance, content: content, axis: layout.axis(of: layout.parent(of: index)), rightToLeft: layout.mirrored, into: &out)
        }
        if let stack = appearance.stack, let box = layout.contentFrame(of: index) {
            // A nested stack scrolls inside its row: rows past its box are cut off, as on a device.
            out += "<clipPath id=\"clip\(index)\"><rect x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\"/></clipPath>\n"
            out += "<g clip-path=\"url(#clip\(index))\">\n"
            let stackBackground = screen.background(ofStack: stack)
            if stackBackground & 0xFF != 0 {
                out += "<rect x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\" \(fill(stackBackground, fallback: "none"))/>\n"
            }
            for row in layout.rows(ofStack: stack) { draw(row, screen: screen, layout: layout, fading: nil, into: &out) }
            out += "</g>\n"
        }
        if let separator = layout.separatorFrame(of: index), let style = layout.separatorStyle(of: index) {
            out += "<rect class=\"separator\" x=\"\(n(separator.x))\" y=\"\(n(separator.y))\" width=\"\(n(separator.width))\" height=\"\(n(separator.height))\" \(fill(style.color, fallback: "#C6C6C8"))/>\n"
        }
        // A faded flow step: StackFlowView lays its tint colour over it.
        if let fading, let tint = fading.tint, fading.alpha < 1 {
            out += "<rect class=\"tint\" x=\"\(n(frame.x))\" y=\"\(n(frame.y))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" \(fill(tint | 0xFF, fallback: "none")) fill-opacity=\"\(n(1 - max(fading.alpha, 0)))\"/>\n"
        }
        out += "</g>\n"
    }

    /// The opening tag, title and backdrop of a picture of `width` × `height` points with a margin.
    static func header(width: Double, height: Double, title: String) -> String {
        let margin = 20.0
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width + 2 * margin))" height="\(n(height + 2 * margin))" \
            viewBox="\(n(-margin)) \(n(-margin)) \(n(width + 2 * margin)) \(n(height + 2 * margin))" font-family="DejaVu Sans Mono, Menlo, monospace">

            """
        out += "<title>\(escape(title))</title>\n"
        out += "<rect x=\"\(n(-margin))\" y=\"\(n(-margin))\" width=\"\(n(width + 2 * margin))\" height=\"\(n(height + 2 * margin))\" fill=\"#FAFAFA\"/>\n"
        return out
    }

    static func drawContent(_ appearance: RowAppearance, content: Rect, axis: Axis, rightToLeft: Bool, into out: inout String) {
        if let text = appearance.text {
            let font = text.font > 0 ? text.font : 17
            // The measurer's own wrapping, so the picture shows what was measured.
            let width: Double? = axis == .vertical ? content.width : nil
            let lines = TextWrap.lines(text.string, font: font, width: width, maximumLines: text.lines)
            for (number, line) in lines.enumerated() where !line.isEmpty {
                let baseline = content.y + Double(number) * 1.2 * font + font
                var length = Double(line.unicodeScalars.count) * 0.5 * font
                // Where the measured line sits across the box, as `align` says;
                // justified lines (all but a paragraph's last) span the box.
                // Leading is the right edge right to left.
                var x = content.x
                switch (text.align, rightToLeft) {
                case ("center", _): x += max(0, content.width - length) / 2
                case ("justified", _) where number < lines.count - 1 && width != nil && line.contains(" "): length = content.width
                case ("trailing", false), ("leading", true), ("justified", true): x += max(0, content.width - length)
                default: break
                }
                out += "<text x=\"\(n(x))\" y=\"\(n(baseline))\" font-size=\"\(n(font))\" textLength=\"\(n(length))\" lengthAdjust=\"spacingAndGlyphs\" \(fill(text.color, fallback: "#000000"))\(text.weight == "bold" || text.weight == "semibold" || text.weight == "heavy" || text.weight == "black" ? " font-weight=\"bold\"" : "")>\(escape(line))</text>\n"
            }
        } else if let image = appearance.image {
            out += "<rect x=\"\(n(content.x))\" y=\"\(n(content.y))\" width=\"\(n(content.width))\" height=\"\(n(content.height))\" fill=\"#E5E5EA\"/>\n"
            out += "<path d=\"M\(n(content.x)) \(n(content.y))L\(n(content.x + content.width)) \(n(content.y + content.height))M\(n(content.x + content.width)) \(n(content.y))L\(n(content.x)) \(n(content.y + content.height))\" stroke=\"#C7C7CC\" stroke-width=\"1\"/>\n"
            let label = (image.source.isEmpty ? "Image" : image.source) + (content.width > 160 ? image.aspect.map { " · aspect \(n($0))" } ?? "" : "")
            out += "<text x=\"\(n(content.x + 6))\" y=\"\(n(content.y + 16))\" font-size=\"12\" fill=\"#636366\">\(escape(label))</text>\n"
        } else if let host = appearance.host {
            out += "<rect x=\"\(n(content.x))\" y=\"\(n(content.y))\" width=\"\(n(content.width))\" height=\"\(n(content.height))\" fill=\"#F2F2F7\" stroke=\"#AEAEB2\" stroke-dasharray=\"6 3\"/>\n"
            out += "<text x=\"\(n(content.x + 6))\" y=\"\(n(content.y + min(content.height, 16)))\" font-size=\"12\" fill=\"#636366\">View \(escape(host))</text>\n"
        }
    }

    static func fill(_ rgba: UInt32, fallback: String) -> String {
        let alpha = Double(rgba & 0xFF) / 255
        if alpha == 0 { return "fill=\"\(fallback)\"" }
        let rgb = String(rgba >> 8, radix: 16, uppercase: true)
        let hex = String(repeating: "0", count: 6 - rgb.count) + rgb
        return alpha >= 1 ? "fill=\"#\(hex)\"" : "fill=\"#\(hex)\" fill-opacity=\"\(n(alpha))\""
    }

    static func n(_ x: Double) -> String { NumberText.format(x) }

    /// Text as XML character data. XML 1.0 cannot hold NUL, most other
    /// control characters, lone surrogates or U+FFFE/U+FFFF even escaped:
    /// they become U+FFFD, so the picture stays well-formed.
    static func escape(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || value == 0xFFFE || value == 0xFFFF {
                    out.unicodeScalars.append("\u{FFFD}")
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
