// `stackc layout --then … --format svg`: the transition as an animated SVG.
// Each row is drawn once in its own coordinates and moved, sized, faded and
// scaled by SMIL animations through values sampled from the transition, so
// any browser plays it without script. It starts after a short hold on the
// old layout and stays on the new one.

import StackOutput
import StackRuntime

enum TransitionSVG {
    /// The hold on the old layout before the transition plays, in seconds.
    static let hold = 0.5

    /// `fading`: flow steps faded as a host shows them (alpha, tint), applied at every instant.
    static func render(screen: Screen, transition: Transition, fading: [Int: (alpha: Double, tint: UInt32?)] = [:]) -> String {
        var out = ByteSink()
        write(screen: screen, transition: transition, fading: fading, into: &out)
        return out.string
    }

    /// The animated picture, written through the byte sink.
    static func write(screen: Screen, transition: Transition, fading: [Int: (alpha: Double, tint: UInt32?)] = [:], into out: inout ByteSink) {
        let n = LayoutSVG.n
        let duration = max(transition.duration, 1e-3)
        let count = min(max(Int((transition.duration * 60).rounded(.up)) + 1, 2), 241)
        let samples = transition.frames(count).map { $0.faded(fading) }
        let keyTimes = (0..<count).map { n(Double($0) / Double(count - 1)) }.joined(separator: ";")
        let new = transition.new
        let width = max(new.contentWidth, transition.old.contentWidth, new.viewportWidth)
        let height = max(new.contentHeight, transition.old.contentHeight, new.viewportHeight)
        LayoutSVG.header(width: width, height: height, into: &out) { out in
            out.appendEscapedXML(screen.model.name)
            out.append(": transition of \(n(transition.duration))s after a \(n(hold))s hold")
        }
        out.append("<rect")
        LayoutSVG.box(Rect(x: 0, y: 0, width: samples[0].contentWidth, height: samples[0].contentHeight), into: &out)
        LayoutSVG.fill(screen.background(ofStack: new.rootStack), fallback: "#FFFFFF", into: &out)
        out.append(">" + animate("height", samples.map { n($0.contentHeight) }, keyTimes, duration) + "</rect>\n")
        // Every row drawn at any instant, inside the row holding it, so that
        // its holder's offset, scale and alpha carry it along.
        func union(_ lists: [[Int]]) -> [Int] {
            var seen = Set<Int>()
            return lists.flatMap { $0 }.filter { seen.insert($0).inserted }
        }
        func draw(_ row: Int, holder: [PresentedRow?]) {
            let poses = samples.map { $0.rows[row] }
            let shown = poses.map { pose -> PresentedRow? in pose.flatMap { $0.visibility == .hidden ? nil : $0 } }
            // Drawn in the coordinates of the last pose that shows it.
            guard let last = shown.last(where: { $0 != nil }) ?? nil else { return }
            let appearance = screen.appearance(of: row)
            func values(_ value: (PresentedRow) -> String, hidden: String) -> [String] {
                shown.map { $0.map(value) ?? hidden }
            }
            let translate = zip(shown, holder).map { pose, outer -> String in
                let origin = outer.map { ($0.frame.x, $0.frame.y) } ?? (0, 0)
                guard let p = pose else { return "\(n(last.frame.x - origin.0)) \(n(last.frame.y - origin.1))" }
                let w = p.frame.width, h = p.frame.height
                return "\(n(p.frame.x - origin.0 + p.offsetX + (1 - p.scale) * w / 2)) \(n(p.frame.y - origin.1 + p.offsetY + (1 - p.scale) * h / 2))"
            }
            let scales = values({ n($0.scale) }, hidden: "1")
            out.append("<g class=\"row\" data-row=\"\(row)\" opacity=\"\(shown[0].map { n(min(max($0.alpha, 0), 1)) } ?? "0")\" ")
            out.append("transform=\"translate(\(translate[0])) scale(\(scales[0]))\">\n")
            out.append(animate("opacity", values({ n(min(max($0.alpha, 0), 1)) }, hidden: "0"), keyTimes, duration))
            if Set(translate).count > 1 || Set(scales).count > 1 {
                out.append("<animateTransform attributeName=\"transform\" type=\"translate\" values=\"\(translate.joined(separator: ";"))\" keyTimes=\"\(keyTimes)\" begin=\"\(n(hold))s\" dur=\"\(n(duration))s\" fill=\"freeze\"/>")
                out.append("<animateTransform attributeName=\"transform\" type=\"scale\" additive=\"sum\" values=\"\(scales.joined(separator: ";"))\" keyTimes=\"\(keyTimes)\" begin=\"\(n(hold))s\" dur=\"\(n(duration))s\" fill=\"freeze\"/>\n")
            }
            let widths = values({ n($0.frame.width) }, hidden: "0")
            let heights = values({ n($0.frame.height) }, hidden: "0")
            out.append("<clipPath id=\"row\(row)\"><rect x=\"0\" y=\"0\" width=\"\(widths[0])\" height=\"\(heights[0])\">")
            out.append(animate("width", widths, keyTimes, duration) + animate("height", heights, keyTimes, duration) + "</rect></clipPath>\n")
            out.append("<g clip-path=\"url(#row\(row))\">\n")
            out.append("<rect x=\"0\" y=\"0\" width=\"\(widths[0])\" height=\"\(heights[0])\"")
            LayoutSVG.fill(appearance.background, fallback: "none", into: &out)
            out.append(" stroke=\"#D1D1D6\" stroke-width=\"0.5\">")
            out.append(animate("width", widths, keyTimes, duration) + animate("height", heights, keyTimes, duration) + "</rect>\n")
            if let content = last.content {
                let local = Rect(x: content.x - last.frame.x, y: content.y - last.frame.y, width: content.width, height: content.height)
                LayoutSVG.drawContent(appearance, content: local, axis: .vertical, rightToLeft: screen.direction == .rtl, into: &out)
            }
            let stackBackground = appearance.stack.map { screen.background(ofStack: $0) } ?? 0
            if stackBackground & 0xFF != 0, let content = last.content {
                out.append("<rect")
                LayoutSVG.box(Rect(x: content.x - last.frame.x, y: content.y - last.frame.y, width: content.width, height: content.height), into: &out)
                LayoutSVG.fill(stackBackground, fallback: "none", into: &out)
                out.append("/>\n")
            }
            for child in union(samples.map { $0.children[row] ?? [] }) { draw(child, holder: poses) }
            // After the rows inside, as a host draws it: no row covers the line.
            if let separator = last.separator {
                let ys = values({ p in n((p.separator ?? separator).y - p.frame.y) }, hidden: "0")
                let color = (row < transition.new.rowCount ? transition.new.separatorStyle(of: row)?.color : nil)
                    ?? (row < transition.old.rowCount ? transition.old.separatorStyle(of: row)?.color : nil) ?? 0xC6C6_C8FF
                out.append("<rect class=\"separator\" x=\"\(n(separator.x - last.frame.x))\" y=\"\(ys[0])\" width=\"\(n(separator.width))\" height=\"\(n(separator.height))\"")
                LayoutSVG.fill(color, fallback: "#C6C6C8", into: &out)
                out.append(">")
                out.append(animate("y", ys, keyTimes, duration) + "</rect>\n")
            }
            out.append("</g>\n</g>\n")
        }
        for row in union(samples.map(\.roots)) { draw(row, holder: samples.map { _ in nil }) }
        let o = transition.new.clampedOffset(transition.newOffset)
        let viewport = new.axis == .vertical
            ? Rect(x: 0, y: o, width: new.viewportWidth, height: new.viewportHeight)
            : Rect(x: o, y: 0, width: new.viewportWidth, height: new.viewportHeight)
        LayoutSVG.viewportFrame(viewport, into: &out)
        out.append("</svg>\n")
    }

    /// A SMIL animation of one attribute through sampled values, held at the end.
    static func animate(_ attribute: String, _ values: [String], _ keyTimes: String, _ duration: Double) -> String {
        if Set(values).count == 1 { return "" }
        return "<animate attributeName=\"\(attribute)\" values=\"\(values.joined(separator: ";"))\" keyTimes=\"\(keyTimes)\" begin=\"\(LayoutSVG.n(hold))s\" dur=\"\(LayoutSVG.n(duration))s\" fill=\"freeze\"/>"
    }
}
