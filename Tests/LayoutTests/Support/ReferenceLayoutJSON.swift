// The layout JSON writer as it was before the byte writer: string building
// with NumberText. Kept as the reference the byte writer must equal.

import StackParser
@testable import StackRuntime

/// Renders layouts as the contract's JSON.
enum ReferenceLayoutJSON {
    /// `slid`: how far snap-hide rows have slid (a live screen's `slideOffsets`).
    static func render(screen: Screen, layout: ScreenLayout, offset: Double, slid: [Int: Double] = [:]) -> String {
        let o = layout.clampedOffset(offset)
        var out = "{\n"
        out += "  \"screen\": \(JSONText.quote(screen.model.name)),\n"
        out += "  \"viewport\": [\(num(layout.viewportWidth)), \(num(layout.viewportHeight))],\n"
        out += "  \"offset\": \(num(o)),\n"
        out += "  \"contentSize\": [\(num(layout.contentWidth)), \(num(layout.contentHeight))],\n"
        out += "  \"rows\": "
        out += rows(layout.rows.array, screen: screen, layout: layout, offset: o, slid: slid, indent: "  ")
        out += ",\n  \"accessibility\": "
        let elements = screen.accessibilityElements(layout).map { element in
            "    {\"id\": " + (element.id.map(JSONText.quote) ?? "null") + ", \"label\": \(JSONText.quote(element.label)), "
                + "\"hint\": \(JSONText.quote(element.hint)), \"traits\": [\(element.traits.map(JSONText.quote).joined(separator: ", "))], "
                + "\"frame\": \(rect(element.frame))}"
        }
        out += elements.isEmpty ? "[]" : "[\n" + elements.joined(separator: ",\n") + "\n  ]"
        out += "\n}\n"
        return out
    }

    private static func rows(
        _ rows: [Int], screen: Screen, layout: ScreenLayout, offset: Double, slid: [Int: Double], indent: String
    ) -> String {
        if rows.isEmpty { return "[]" }
        let inner = indent + "  "
        let items = rows.map { inner + row($0, screen: screen, layout: layout, offset: offset, slid: slid, indent: inner) }
        return "[\n" + items.joined(separator: ",\n") + "\n" + indent + "]"
    }

    private static func row(
        _ index: Int, screen: Screen, layout: ScreenLayout, offset: Double, slid: [Int: Double], indent: String
    ) -> String {
        let appearance = screen.appearance(of: index)
        let visibility = layout.presentedVisibility(of: index, offset: offset, slid: slid)
        var fields: [String] = []
        fields.append("\"id\": " + (appearance.id.map(JSONText.quote) ?? "null"))
        fields.append("\"kind\": \(JSONText.quote(appearance.kind.name))")
        fields.append("\"frame\": \(rect(layout.frame(of: index)))")
        // A sticky row drawn away from its place: where the user sees it.
        if layout.isPresentedElsewhere(index, offset: offset, slid: slid) {
            fields.append("\"presented\": \(rect(layout.presentedFrame(of: index, offset: offset, slid: slid)))")
        }
        fields.append("\"content\": " + (layout.contentFrame(of: index).map(rect) ?? "null"))
        fields.append("\"separator\": " + (layout.separatorFrame(of: index).map(rect) ?? "null"))
        fields.append("\"visibility\": \(JSONText.quote(visibility.name))")
        fields.append("\"visiblePercent\": \(num(visibility.percent))")
        var nested = "[]"
        if let stack = appearance.stack, !layout.isHidden(index) {
            nested = rows(layout.rows(ofStack: stack).array, screen: screen, layout: layout, offset: offset, slid: slid, indent: indent)
        }
        fields.append("\"rows\": \(nested)")
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static func rect(_ r: Rect) -> String {
        "[\(num(r.x)), \(num(r.y)), \(num(r.width)), \(num(r.height))]"
    }

    static func num(_ x: Double) -> String { NumberText.format(x) }

}
