// `stackc layout --tap X,Y --scroll N`: trying a screen without an app. Each
// step runs on a live screen; its actions and events are printed, then the
// final layout.

import StackRuntime

enum Interactive {
    static func run(screen: Screen, options: LayoutCommand.Options) -> Int32 {
        var live = liveScreen(screen, options: options)
        var out = ""
        for (number, step) in options.steps.enumerated() {
            let input: String
            var row: Int?
            var actions: [ActionOutcome] = []
            var events: [LiveEvent] = []
            switch step {
            case .tap(let x, let y):
                input = "tap \(NumberText.format(x)),\(NumberText.format(y))"
                (row, actions, events) = live.tap(x: x, y: y)
            case .scroll(let offset):
                input = "scroll \(NumberText.format(offset))"
                events = live.scroll(to: offset)
            }
            let eventTexts = events.map { describe($0, in: live.screen) }
            if options.format == "json" {
                var fields = ["\"step\": \(number + 1)", "\"input\": \(LayoutJSON.quote(input))"]
                if case .tap = step { fields.append("\"row\": " + (row.map { LayoutJSON.quote(name(of: $0, in: live.screen)) } ?? "null")) }
                fields.append("\"actions\": [" + actions.map { LayoutJSON.quote($0.text) }.joined(separator: ", ") + "]")
                fields.append("\"events\": [" + eventTexts.map(LayoutJSON.quote).joined(separator: ", ") + "]")
                out += "{" + fields.joined(separator: ", ") + "}\n"
            } else {
                var line = "step \(number + 1): \(input)"
                if case .tap = step { line += row.map { " → \(name(of: $0, in: live.screen))" } ?? " → nothing tappable there" }
                out += line + "\n"
                for action in actions { out += "  action: \(action.text)\n" }
                for event in eventTexts { out += "  event: \(event)\n" }
            }
        }
        let layout = live.layout()
        switch options.format {
        case "json":
            out += WatchSession.oneLine(LayoutJSON.render(screen: live.screen, layout: layout, offset: live.offset)) + "\n"
        case "svg":
            out = LayoutSVG.render(screen: live.screen, layout: layout, offset: live.offset)
        default:
            out += LayoutText.render(screen: live.screen, layout: layout, offset: live.offset)
        }
        return OutputFile.write(out, to: options.output, inputs: options.inputs, command: "layout")
    }

    /// The screen, live, with the options' state (already checked by the
    /// caller on `screen`) and offset.
    static func liveScreen(_ screen: Screen, options: LayoutCommand.Options) -> LiveScreen {
        var live = LiveScreen(model: screen.model, viewportWidth: screen.viewportWidth, viewportHeight: screen.viewportHeight)
        for state in options.states { _ = try? live.setState(state.name, fromText: state.value) }
        _ = live.scroll(to: options.offset)
        return live
    }

    static func name(of row: Int, in screen: Screen) -> String {
        let model = screen.model.rows[row]
        let kind = model.component ?? model.kind.name
        return model.id.map { "\(kind) \($0)" } ?? "\(kind) #\(row)"
    }

    static func describe(_ event: LiveEvent, in screen: Screen) -> String {
        switch event {
        case .rowBecameVisible(let row, let visibility):
            "\(name(of: row, in: screen)) became visible (\(LiveEvent.describe(visibility)))"
        case .rowBecameHidden(let row, let visibility):
            "\(name(of: row, in: screen)) became hidden (\(LiveEvent.describe(visibility)))"
        default:
            event.text
        }
    }
}
