// What the preview page is sent: render passes (host.md) as JSON, with text
// already wrapped into the lines the measurer counted, the screen's state
// with a control description for each slot, and events named by kind.

import StackOutput
import StackParser
import StackRuntime

enum PreviewJSON {
    static func num(_ x: Double) -> String { NumberText.format(x) }

    static func rect(_ r: Rect?) -> String {
        guard let r else { return "null" }
        return "[\(num(r.x)),\(num(r.y)),\(num(r.width)),\(num(r.height))]"
    }

    static func color(_ rgba: UInt32) -> String {
        let hex = String(rgba, radix: 16)
        return "\"#" + String(repeating: "0", count: max(0, 8 - hex.count)) + hex + "\""
    }

    /// A pass as the page draws it. `keys` names rows as the page's
    /// `data-row` does: the row's id, else its place (`#4.1`).
    static func pass(_ pass: RenderPass, live: LiveScreen, names: RowNames, lines sourceLines: [String: Int]) -> String {
        var rows: [String] = []
        rows.reserveCapacity(pass.rows.count)
        for row in pass.rows {
            var fields = [
                "\"key\":" + JSONText.quote(key(row.key, names: names, id: row.id)),
                "\"kind\":" + JSONText.quote(row.kind.name),
                "\"depth\":\(row.depth)", "\"z\":\(row.zIndex)",
                "\"frame\":" + rect(row.frame), "\"content\":" + rect(row.content),
                "\"separator\":" + rect(row.separator), "\"separatorColor\":" + color(row.separatorColor),
                "\"alpha\":" + num(row.alpha), "\"scale\":" + num(row.scale),
                "\"dx\":" + num(row.offsetX), "\"dy\":" + num(row.offsetY),
                "\"background\":" + color(row.highlighted ? row.highlight : row.background),
                "\"highlighted\":\(row.highlighted)", "\"tappable\":\(row.tappable)",
            ]
            if let id = row.id {
                fields.append("\"id\":" + JSONText.quote(id))
                if let line = sourceLines[id] { fields.append("\"line\":\(line)") }
            }
            if let text = row.text {
                // The measurer's own wrapping: only across a vertical stack's width.
                let model = live.screen.model
                let vertical = model.stacks[model.rows[row.key.row].parent].axis == .vertical
                let width: Double? = vertical ? (row.content?.width ?? row.frame.width) : nil
                let maximum = live.screen.appearance(of: row.key.row).text?.lines ?? 0
                let lines = TextWrap.lines(text, font: row.font, width: width, maximumLines: maximum)
                fields.append(
                    "\"text\":{\"lines\":[" + lines.map(JSONText.quote).joined(separator: ",") + "],"
                        + "\"font\":\(num(row.font)),\"color\":\(color(row.textColor)),"
                        + "\"weight\":\(JSONText.quote(row.weight.rawValue)),\"align\":\(JSONText.quote(row.align.rawValue))}")
            }
            if let image = row.imageSource { fields.append("\"image\":" + JSONText.quote(image)) }
            if let host = row.host { fields.append("\"host\":" + JSONText.quote(host)) }
            rows.append("{" + fields.joined(separator: ",") + "}")
        }
        return "{\"offset\":\(num(pass.offset)),\"contentWidth\":\(num(pass.contentWidth)),\"contentHeight\":\(num(pass.contentHeight)),"
            + "\"viewport\":[\(num(pass.viewportWidth)),\(num(pass.viewportHeight))],\"axis\":\"\(pass.axis == .vertical ? "vertical" : "horizontal")\","
            + "\"animating\":\(pass.isAnimating),\"rows\":[" + rows.joined(separator: ",") + "]}"
    }

    static func key(_ key: RowKey, names: RowNames, id: String?) -> String {
        id ?? names.position(of: key.row)
    }

    /// The screen's state: a control per slot (the flow's depth aside).
    static func state(_ live: LiveScreen) -> String {
        let screen = live.screen
        var slots: [String] = []
        for (index, slot) in screen.model.state.enumerated() where slot.name != ScreenModel.flowDepthState {
            var fields = [
                "\"name\":" + JSONText.quote(slot.name), "\"type\":" + JSONText.quote(screen.typeName(slot.type)),
                "\"value\":" + JSONText.quote(screen.describe(screen.state[index])),
            ]
            if case .enumeration(let e) = slot.type, e < screen.model.enums.count {
                fields.append("\"cases\":[" + screen.model.enums[e].cases.map { JSONText.quote("." + $0) }.joined(separator: ",") + "]")
                fields[1] = "\"type\":\"enum\""
            }
            slots.append("{" + fields.joined(separator: ",") + "}")
        }
        return "[" + slots.joined(separator: ",") + "]"
    }

    /// Events as the page's log shows them: a kind and a text.
    static func events(_ live: [LiveEvent], _ transitions: [TransitionEvent], _ actions: [ActionOutcome], names: RowNames) -> String {
        var out: [String] = []
        for action in actions {
            let kind: String
            switch action {
            case .emitted: kind = "emit"
            case .pushRequested, .pushed: kind = "push"
            case .popRequested, .popped: kind = "pop"
            default: kind = "action"
            }
            out.append(entry(kind, action.text))
        }
        for event in live {
            let kind: String
            switch event {
            case .rowInserted: kind = "inserted"
            case .rowRemoved: kind = "removed"
            case .rowBecameVisible: kind = "visible"
            case .rowBecameHidden: kind = "hidden"
            case .layoutUpdated: kind = "layout"
            case .contentSizeChanged: kind = "content-size"
            case .didScroll: kind = "scroll"
            case .willPush, .didPush: kind = "push"
            case .willPop, .didPop: kind = "pop"
            }
            out.append(entry(kind, event.text(names)))
        }
        for event in transitions { out.append(entry("transition", event.text(names))) }
        return "[" + out.joined(separator: ",") + "]"
    }

    private static func entry(_ kind: String, _ text: String) -> String {
        "{\"kind\":\(JSONText.quote(kind)),\"text\":\(JSONText.quote(text))}"
    }
}
