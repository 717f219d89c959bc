// `stackc layout --tap X,Y --scroll N --then NAME=VALUE`: trying a screen
// without an app. The steps run in the order given on an animated live
// screen, each after the one before has finished animating; each prints its
// row, actions, events and the rows it animates, then the final layout is
// printed. `--frames N` samples, and `--format svg` plays, the last step's
// animation — so what a tap causes can be animated too.
//
// With only `--then` (one state change) the output is the transition itself:
// the animated rows and events, then the new layout.

import StackParser
import StackOutput
import StackRuntime

enum Interactive {
    /// One step: consecutive `--then`s are one change, animated together.
    private enum Step {
        case tap(x: Double, y: Double)
        case scroll(Double)
        case then([(name: String, value: String)])

        var input: String {
            switch self {
            case .tap(let x, let y): "tap \(NumberText.format(x)),\(NumberText.format(y))"
            case .scroll(let offset): "scroll \(NumberText.format(offset))"
            case .then(let changes): "then " + changes.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
            }
        }
    }

    private static func steps(_ options: LayoutCommand.Options) -> [Step] {
        var steps: [Step] = []
        for interaction in options.steps {
            switch interaction {
            case .tap(let x, let y): steps.append(.tap(x: x, y: y))
            case .scroll(let offset): steps.append(.scroll(offset))
            case .then(let name, let value):
                if case .then(let earlier)? = steps.last {
                    steps[steps.count - 1] = .then(earlier + [(name, value)])
                } else {
                    steps.append(.then([(name, value)]))
                }
            }
        }
        return steps
    }

    static func run(screen: Screen, options: LayoutCommand.Options) -> Int32 {
        let steps = steps(options)
        var animated = AnimatedScreen(liveScreen(screen, options: options))
        var time = 0.0
        var out = ""
        var last: (transition: Transition, events: [TransitionEvent])?
        let onlyAChange = steps.count == 1 && { if case .then = steps[0] { true } else { false } }()
        for (number, step) in steps.enumerated() {
            var row: Int?
            var actions: [ActionOutcome] = []
            let change: (events: [LiveEvent], transitionEvents: [TransitionEvent])
            do throws(RuntimeError) {
                change = try animated.change(at: time) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    switch step {
                    case .tap(let x, let y):
                        let result = live.tap(x: x, y: y)
                        (row, actions) = (result.row?.row, result.actions)
                        return result.events
                    case .scroll(let offset):
                        return live.scroll(to: offset)
                    case .then(let changes):
                        var all: [LiveEvent] = []
                        for change in changes {
                            do throws(RuntimeError) {
                                all += try live.setState(change.name, fromText: change.value)
                            } catch {
                                throw RuntimeError("--then \(change.name)=\(change.value): \(error.description)")
                            }
                        }
                        return all
                    }
                }
            } catch {
                return Main.usageError(error.description, command: "layout")
            }
            let screen = animated.live.screen
            let names = RowNames(screen.model)
            let transition = animated.transition.flatMap { $0.tracks.isEmpty ? nil : $0 }
            let transitionEvents = change.transitionEvents
                + (transition?.events(after: -1, through: transition?.duration ?? 0) ?? [])
            last = transition.map { ($0, transitionEvents) }
            // The next step comes once this one's animation is over.
            time += (transition?.duration ?? 0) + 1
            _ = animated.advance(to: time)
            if onlyAChange { break }
            let eventTexts = change.events.map { $0.text(names) } + transitionEvents.map { $0.text(names) }
            let animatedRows = transition.map { describe($0, names: names) } ?? []
            if options.format == "json" {
                var fields = ["\"step\": \(number + 1)", "\"input\": \(JSONText.quote(step.input))"]
                if case .tap = step { fields.append("\"row\": " + (row.map { JSONText.quote(names.name(of: $0)) } ?? "null")) }
                fields.append("\"actions\": [" + actions.map { JSONText.quote($0.text) }.joined(separator: ", ") + "]")
                fields.append("\"events\": [" + eventTexts.map(JSONText.quote).joined(separator: ", ") + "]")
                fields.append("\"animated\": [" + animatedRows.map(JSONText.quote).joined(separator: ", ") + "]")
                if options.frames == nil { out += "{" + fields.joined(separator: ", ") + "}\n" }
            } else if options.format != "svg" {
                var line = "step \(number + 1): \(step.input)"
                if case .tap = step { line += row.map { " → \(names.name(of: $0))" } ?? " → nothing tappable there" }
                out += line + "\n"
                for action in actions { out += "  action: \(action.text)\n" }
                for text in animatedRows { out += "  animated: \(text)\n" }
                for event in eventTexts { out += "  event: \(event)\n" }
            }
        }
        let final = animated.live.screen
        let layout = animated.layout
        let offset = animated.live.offset
        let presentation = LayoutSVG.Presentation(animated.live)
        if let frames = options.frames {
            // Streamed: one instant sampled and written at a time.
            return OutputFile.stream(to: options.output, inputs: options.inputs, command: "layout") { sink in
                for index in 0..<frames {
                    let presented = last.map { $0.transition.frame(index, of: frames) } ?? PresentedScreen(layout, offset: offset, time: 0)
                    LayoutJSON.write(screen: final, presented: presented.faded(presentation.fading), into: &sink)
                    sink.append(UInt8(ascii: "\n"))
                }
            }
        }
        if options.format == "svg" {
            // Streamed, as the layout's picture is without steps.
            return OutputFile.stream(to: options.output, inputs: options.inputs, command: "layout") { sink in
                if let last {
                    TransitionSVG.write(screen: final, transition: last.transition, fading: presentation.fading, into: &sink)
                } else {
                    LayoutSVG.write(screen: final, layout: layout, offset: offset, presentation: presentation, into: &sink)
                }
            }
        }
        switch options.format {
        case "json":
            let json = LayoutJSON.render(screen: final, layout: layout, offset: offset, slid: presentation.slid)
            out += onlyAChange ? json : WatchSession.oneLine(json) + "\n"
        case "accessibility":
            out += AccessibilityText.render(screen: final, layout: layout)
        default:
            if onlyAChange, let last {
                let names = RowNames(final.model)
                let tracks = last.transition.tracks
                out += "transition: \(NumberText.format(last.transition.duration))s, \(tracks.count) row\(tracks.count == 1 ? "" : "s")\n"
                for text in describe(last.transition, names: names) { out += "  \(text)\n" }
                for event in last.events { out += "  event: \(event.text(names))\n" }
            }
            out += LayoutText.render(screen: final, layout: layout, offset: offset, slid: presentation.slid)
        }
        return OutputFile.write(out, to: options.output, inputs: options.inputs, command: "layout")
    }

    /// `Stack pricing: show 0.4s after 0.05s` for each animated row.
    private static func describe(_ transition: Transition, names: RowNames) -> [String] {
        transition.tracks.map { track in
            "\(names.name(of: track.row)): \(track.kind.rawValue)"
                + (track.duration > 0 || track.delay > 0
                    ? " \(NumberText.format(track.duration))s after \(NumberText.format(track.delay))s" : " (instant)")
        }
    }

    /// The screen, live, with the options' state (already checked by the
    /// caller on `screen`) and offset.
    static func liveScreen(_ screen: Screen, options: LayoutCommand.Options) -> LiveScreen {
        // From the screen itself: its model and state hold what --data bound.
        var live = LiveScreen(screen: screen)
        for state in options.states { _ = try? live.setState(state.name, fromText: state.value) }
        _ = live.scroll(to: options.offset)
        return live
    }

    static func name(of row: Int, in screen: Screen) -> String {
        RowNames(screen.model).name(of: row)
    }
}
