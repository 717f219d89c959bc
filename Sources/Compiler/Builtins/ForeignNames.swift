// Names people bring from CSS, HTML, SwiftUI and UIKit, mapped to ours, so a
// newcomer's first mistakes each get one error that names the fix.

enum ForeignNames {
    /// A property name from elsewhere → our property, and what to write.
    static let properties: [String: (ours: String, hint: String)] = {
        var table: [String: (String, String)] = [:]
        func add(_ names: [String], _ ours: String, _ hint: String) { for name in names { table[name] = (ours, hint) } }
        add(["background-color", "backgroundColor", "bg", "bgcolor"], "background", "the colour behind a row is 'background'")
        add(["font-size", "fontSize", "text-size", "textSize"], "font", "the point size of text is 'font: 17'")
        add(["font-weight", "fontWeight", "bold"], "weight", "the weight of text is 'weight: bold'")
        add(["margin", "margins", "margin-top", "margin-bottom", "margin-left", "margin-right", "padding"], "insets",
            "a row's space around its content is 'insets' (CSS order: all | v h | t h b | t r b l); a stack's space around its rows is 'padding', and 'spacing' goes between rows")
        add(["display", "visibility", "visible", "isHidden", "is-hidden"], "hidden", "a row is hidden with 'hidden: true' (or an expression over state)")
        add(["src", "image", "url", "imageName", "image-name"], "source", "an Image names its picture with 'source: \"name\"'")
        add(["aspect-ratio", "aspectRatio", "ratio"], "aspect", "an Image's width / height is 'aspect: 4/3'")
        add(["height", "width", "frame", "min-height", "max-height"], "size",
            "a row's extent along its stack is 'size' (N, P%, fit or fill), with 'min' and 'max'; across the stack rows fill it")
        add(["text-align", "textAlign", "alignment", "textAlignment", "multilineTextAlignment"], "align", "text is aligned with 'align: leading | center | trailing | justified'")
        add(["opacity"], "alpha", "opacity is 'alpha' (0–1), in a transition's 'from { … }' or 'to { … }'")
        add(["onclick", "onClick", "onTap", "on-tap", "action", "click", "onPress", "on-click"], "tap", "what a tap does is 'tap: toggle(state)', 'set(state, value)', 'emit(\"event\")', …")
        add(["numberOfLines", "max-lines", "maxLines", "line-clamp", "lineLimit"], "lines", "the most lines text wraps to is 'lines: N' (0: no limit)")
        add(["gap", "row-gap", "column-gap"], "spacing", "the gap between a stack's rows is 'spacing'")
        add(["flex-direction", "direction", "orientation"], "axis", "a stack runs 'axis: vertical' or 'axis: horizontal'")
        add(["label", "title", "content", "value", "string"], "text", "a Text shows 'text: \"…\"'")
        add(["border", "border-bottom", "divider", "hr"], "separator", "the line under a row is 'separator { color thickness insets }' (or 'separator: none')")
        add(["foregroundColor", "foreground-color", "text-color", "textColor", "fontColor", "font-color"], "color", "text colour is 'color'")
        return table
    }()

    /// A type name from Swift or elsewhere → ours.
    static let types: [String: String] = [
        "Int": "number", "int": "number", "Double": "number", "double": "number", "Float": "number", "float": "number",
        "CGFloat": "number", "Number": "number", "integer": "number", "Integer": "number",
        "Bool": "bool", "Boolean": "bool", "boolean": "bool", "String": "string", "str": "string", "text": "string",
        "Color": "color", "UIColor": "color", "colour": "color", "TimeInterval": "duration", "Duration": "duration",
    ]

    /// Functions that make colours elsewhere.
    static let colorFunctions: Set<String> = ["rgb", "rgba", "hsl", "hsla", "Color", "UIColor", "color"]
}
