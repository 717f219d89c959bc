// `stackc layout --format accessibility`: what VoiceOver would read, in
// order — each element's label, its traits, and its hint after a pause,
// as VoiceOver speaks them ("Profile photo, button. Changes your photo").

import StackRuntime

enum AccessibilityText {
    static func render(screen: Screen, layout: ScreenLayout) -> String {
        let elements = screen.accessibilityElements(layout)
        let names = RowNames(screen.model)
        var out = "screen \(screen.model.name): \(elements.count) accessibility element\(elements.count == 1 ? "" : "s"), in reading order\n"
        let width = String(elements.count).count
        for (number, element) in elements.enumerated() {
            var spoken = element.label.isEmpty ? "(no label)" : String(element.label.map { $0 == "\n" ? " " : $0 })
            if !element.traits.isEmpty { spoken += ", " + element.traits.joined(separator: ", ") }
            if !element.hint.isEmpty { spoken += ". " + element.hint }
            let place = String(repeating: " ", count: width - String(number + 1).count) + "\(number + 1)."
            out += "\(place) \(spoken)  [\(names.name(of: element.row))]\n"
        }
        return out
    }
}
