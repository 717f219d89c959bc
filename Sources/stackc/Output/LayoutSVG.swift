// `stackc layout --format svg`: a picture of the laid-out screen — row
// backgrounds, content boxes, separators, text drawn at its font size and
// wrapped where the measurer wrapped it, image placeholders with their
// aspect, views labelled with their host, and the viewport at the offset.
// Written as bytes through the layout JSON's sink, streamed to its file.

import StackOutput
import StackRuntime

enum LayoutSVG {
    /// What a host draws on top of the layout: how far snap-hide rows have
    /// slid, and how faded each step of a flow is (row → alpha, tint colour).
    struct Presentation {
        var slid: [Int: Double] = [:]
        var fading: [Int: (alpha: Double, tint: UInt32?)] = [:]
    }

    static func render(screen: Screen, layout: ScreenLayout, offset: Double, presentation: Presentation = Presentation()) -> String {
        var out = ByteSink()
        write(screen: screen, layout: layout, offset: offset, presentation: presentation, into: &out)
        return out.string
    }

    static func write(screen: Screen, layout: ScreenLayout, offset: Double, presentation: Presentation = Presentation(), into out: inout ByteSink) {
        let o = layout.clampedOffset(offset)
        let width = max(layout.contentWidth, layout.viewportWidth)
        let height = max(layout.contentHeight, layout.viewportHeight)
        header(width: width, height: height, into: &out) { out in
            out.appendEscapedXML(screen.model.name)
            out.append(" at ")
            out.appendNumber(layout.viewportWidth)
            out.append("x")
            out.appendNumber(layout.viewportHeight)
            out.append(", offset ")
            out.appendNumber(o)
        }
        out.append("<rect")
        box(Rect(x: 0, y: 0, width: layout.contentWidth, height: layout.contentHeight), into: &out)
        fill(screen.background(ofStack: layout.rootStack), fallback: "#FFFFFF", into: &out)
        out.append("/>\n")
        // In a host's order: rows in place, then the sticky rows where they
        // are drawn, over the others.
        let moved = layout.stickyRows.filter { layout.isPresentedElsewhere($0, offset: o, slid: presentation.slid) }
        for row in layout.rows where !moved.contains(row) {
            draw(row, screen: screen, layout: layout, fading: presentation.fading[row], into: &out)
        }
        for row in moved {
            let natural = layout.frame(of: row)
            let presented = layout.presentedFrame(of: row, offset: o, slid: presentation.slid)
            out.append("<g class=\"presented\" transform=\"translate(")
            out.appendNumber(presented.x - natural.x)
            out.append(" ")
            out.appendNumber(presented.y - natural.y)
            out.append(")\">\n")
            draw(row, screen: screen, layout: layout, fading: presentation.fading[row], into: &out)
            out.append("</g>\n")
        }
        // The viewport at the offset.
        let viewport = layout.axis == .vertical
            ? Rect(x: 0, y: o, width: layout.viewportWidth, height: layout.viewportHeight)
            : Rect(x: o, y: 0, width: layout.viewportWidth, height: layout.viewportHeight)
        viewportFrame(viewport, into: &out)
        out.append("<text")
        position(viewport.x + 4, viewport.y - 6, into: &out)
        out.append(" font-size=\"11\" fill=\"#FF3B30\">viewport ")
        out.appendNumber(layout.viewportWidth)
        out.append("×")
        out.appendNumber(layout.viewportHeight)
        out.append(" @ ")
        out.appendNumber(o)
        out.append("</text>\n</svg>\n")
    }

    /// One row as a host draws it: background, content, the rows of its
    /// nested stack (on the stack's own background, cut to its box), and the
    /// separator last, so that no row's background covers it.
    private static func draw(_ index: Int, screen: Screen, layout: ScreenLayout, fading: (alpha: Double, tint: UInt32?)?, into out: inout ByteSink) {
        guard !layout.isHidden(index) else { return }
        let appearance = screen.appearance(of: index)
        let frame = layout.frame(of: index)
        out.append("<g class=\"row\" data-id=\"")
        out.appendEscapedXML(appearance.id ?? appearance.component ?? appearance.kind.name)
        out.append("\"")
        if let fading {
            out.append(" opacity=\"")
            out.appendNumber(min(max(fading.alpha, 0), 1))
            out.append("\"")
        }
        out.append(">\n<rect")
        box(frame, into: &out)
        fill(appearance.background, fallback: "none", into: &out)
        out.append(" stroke=\"#D1D1D6\" stroke-width=\"0.5\"/>\n")
        if let content = layout.contentFrame(of: index) {
            out.append("<rect")
            box(content, into: &out)
            out.append(" fill=\"none\" stroke=\"#5AC8FA\" stroke-width=\"0.5\" stroke-dasharray=\"3 2\"/>\n")
            drawContent(appearance, content: content, axis: layout.axis(of: layout.parent(of: index)), rightToLeft: layout.mirrored, into: &out)
        }
        if let stack = appearance.stack, let content = layout.contentFrame(of: index) {
            // A nested stack scrolls inside its row: rows past its box are cut off, as on a device.
            out.append("<clipPath id=\"clip")
            out.appendNumber(Double(index))
            out.append("\"><rect")
            box(content, into: &out)
            out.append("/></clipPath>\n<g clip-path=\"url(#clip")
            out.appendNumber(Double(index))
            out.append(")\">\n")
            let stackBackground = screen.background(ofStack: stack)
            if stackBackground & 0xFF != 0 {
                out.append("<rect")
                box(content, into: &out)
                fill(stackBackground, fallback: "none", into: &out)
                out.append("/>\n")
            }
            for row in layout.rows(ofStack: stack) { draw(row, screen: screen, layout: layout, fading: nil, into: &out) }
            out.append("</g>\n")
        }
        if let separator = layout.separatorFrame(of: index), let style = layout.separatorStyle(of: index) {
            out.append("<rect class=\"separator\"")
            box(separator, into: &out)
            fill(style.color, fallback: "#C6C6C8", into: &out)
            out.append("/>\n")
        }
        // A faded flow step: StackFlowView lays its tint colour over it.
        if let fading, let tint = fading.tint, fading.alpha < 1 {
            out.append("<rect class=\"tint\"")
            box(frame, into: &out)
            fill(tint | 0xFF, fallback: "none", into: &out)
            out.append(" fill-opacity=\"")
            out.appendNumber(1 - max(fading.alpha, 0))
            out.append("\"/>\n")
        }
        out.append("</g>\n")
    }

    /// The opening tag, title (written by `title`) and backdrop of a
    /// picture of `width` × `height` points with a margin.
    static func header(width: Double, height: Double, into out: inout ByteSink, title: (inout ByteSink) -> Void) {
        let margin = 20.0
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        out.appendNumber(width + 2 * margin)
        out.append("\" height=\"")
        out.appendNumber(height + 2 * margin)
        out.append("\" viewBox=\"")
        out.appendNumber(-margin)
        out.append(" ")
        out.appendNumber(-margin)
        out.append(" ")
        out.appendNumber(width + 2 * margin)
        out.append(" ")
        out.appendNumber(height + 2 * margin)
        out.append("\" font-family=\"DejaVu Sans Mono, Menlo, monospace\">\n<title>")
        title(&out)
        out.append("</title>\n<rect")
        box(Rect(x: -margin, y: -margin, width: width + 2 * margin, height: height + 2 * margin), into: &out)
        out.append(" fill=\"#FAFAFA\"/>\n")
    }

    /// The viewport's dashed frame.
    static func viewportFrame(_ viewport: Rect, into out: inout ByteSink) {
        out.append("<rect class=\"viewport\"")
        box(viewport, into: &out)
        out.append(" fill=\"none\" stroke=\"#FF3B30\" stroke-width=\"2\" stroke-dasharray=\"8 4\"/>\n")
    }

    static func drawContent(_ appearance: RowAppearance, content: Rect, axis: Axis, rightToLeft: Bool, into out: inout ByteSink) {
        if let text = appearance.text {
            let font = text.font > 0 ? text.font : 17
            // The measurer's own wrapping, so the picture shows what was measured.
            let width: Double? = axis == .vertical ? content.width : nil
            let lines = TextWrap.lines(text.string, font: font, width: width, maximumLines: text.lines)
            let bold = text.weight == "bold" || text.weight == "semibold" || text.weight == "heavy" || text.weight == "black"
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
                out.append("<text")
                position(x, baseline, into: &out)
                out.append(" font-size=\"")
                out.appendNumber(font)
                out.append("\" textLength=\"")
                out.appendNumber(length)
                out.append("\" lengthAdjust=\"spacingAndGlyphs\"")
                fill(text.color, fallback: "#000000", into: &out)
                if bold { out.append(" font-weight=\"bold\"") }
                out.append(">")
                out.appendEscapedXML(line)
                out.append("</text>\n")
            }
        } else if let image = appearance.image {
            out.append("<rect")
            box(content, into: &out)
            out.append(" fill=\"#E5E5EA\"/>\n<path d=\"M")
            out.appendNumber(content.x)
            out.append(" ")
            out.appendNumber(content.y)
            out.append("L")
            out.appendNumber(content.x + content.width)
            out.append(" ")
            out.appendNumber(content.y + content.height)
            out.append("M")
            out.appendNumber(content.x + content.width)
            out.append(" ")
            out.appendNumber(content.y)
            out.append("L")
            out.appendNumber(content.x)
            out.append(" ")
            out.appendNumber(content.y + content.height)
            out.append("\" stroke=\"#C7C7CC\" stroke-width=\"1\"/>\n<text")
            position(content.x + 6, content.y + 16, into: &out)
            out.append(" font-size=\"12\" fill=\"#636366\">")
            out.appendEscapedXML(image.source.isEmpty ? "Image" : image.source)
            if content.width > 160, let aspect = image.aspect {
                out.append(" · aspect ")
                out.appendNumber(aspect)
            }
            out.append("</text>\n")
        } else if let host = appearance.host {
            out.append("<rect")
            box(content, into: &out)
            out.append(" fill=\"#F2F2F7\" stroke=\"#AEAEB2\" stroke-dasharray=\"6 3\"/>\n<text")
            position(content.x + 6, content.y + min(content.height, 16), into: &out)
            out.append(" font-size=\"12\" fill=\"#636366\">View ")
            out.appendEscapedXML(host)
            out.append("</text>\n")
        }
    }

    /// ` x="…" y="…"`.
    static func position(_ x: Double, _ y: Double, into out: inout ByteSink) {
        out.append(" x=\"")
        out.appendNumber(x)
        out.append("\" y=\"")
        out.appendNumber(y)
        out.append("\"")
    }

    /// ` x="…" y="…" width="…" height="…"`.
    static func box(_ r: Rect, into out: inout ByteSink) {
        position(r.x, r.y, into: &out)
        out.append(" width=\"")
        out.appendNumber(r.width)
        out.append("\" height=\"")
        out.appendNumber(r.height)
        out.append("\"")
    }

    /// ` fill="#RRGGBB"` (and its opacity), or `fallback` for a clear colour.
    static func fill(_ rgba: UInt32, fallback: StaticString, into out: inout ByteSink) {
        out.append(" fill=\"")
        let alpha = Double(rgba & 0xFF) / 255
        guard alpha > 0 else {
            out.append(fallback)
            out.append("\"")
            return
        }
        out.append("#")
        out.appendHex(rgba >> 8, digits: 6)
        out.append("\"")
        if alpha < 1 {
            out.append(" fill-opacity=\"")
            out.appendNumber(alpha)
            out.append("\"")
        }
    }

    static func n(_ x: Double) -> String { NumberText.format(x) }
}
