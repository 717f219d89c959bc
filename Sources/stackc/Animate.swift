// `stackc layout --then NAME=VALUE`: the transition a state change causes.
// Text lists the animated rows and prints the new layout; JSON prints the
// new layout, or with `--frames N` N sampled instants a line; SVG plays it.

import StackRuntime

enum Animate {
    static func run(screen: Screen, options: LayoutCommand.Options) -> Int32 {
        var animated = AnimatedScreen(Interactive.liveScreen(screen, options: options))
        let events: [TransitionEvent]
        do throws(RuntimeError) {
            events = try animated.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                var all: [LiveEvent] = []
                for change in options.then {
                    do throws(RuntimeError) {
                        all += try live.setState(change.name, fromText: change.value)
                    } catch {
                        throw RuntimeError("--then \(change.name)=\(change.value): \(error.description)")
                    }
                }
                return all
            }.transitionEvents
        } catch {
            return Main.usageError(error.description, command: "layout")
        }
        guard let transition = animated.transition else { return 0 }
        let final = animated.live.screen
        var out = ""
        switch options.format {
        case "json":
            if let frames = options.frames {
                // Streamed: one instant sampled and written at a time, so
                // memory stays that of one frame however many are asked for.
                guard case .success(let file) = OutputFile.open(options.output, inputs: options.inputs) else {
                    return OutputFile.write("", to: options.output, inputs: options.inputs, command: "layout")
                }
                for index in 0..<frames {
                    file.write(LayoutJSON.render(screen: final, presented: transition.frame(index, of: frames)) + "\n")
                }
                return file.finish(command: "layout")
            } else {
                out = LayoutJSON.render(screen: final, layout: transition.new, offset: transition.newOffset)
            }
        case "svg":
            out = TransitionSVG.render(screen: final, transition: transition)
        default:
            out += "transition: \(NumberText.format(transition.duration))s, \(transition.tracks.count) row\(transition.tracks.count == 1 ? "" : "s")\n"
            for track in transition.tracks {
                out += "  \(Interactive.name(of: track.row, in: final)): \(track.kind.rawValue)"
                out += track.duration > 0 || track.delay > 0
                    ? " \(NumberText.format(track.duration))s after \(NumberText.format(track.delay))s\n" : " (instant)\n"
            }
            for event in events + transition.events(after: -1, through: transition.duration) { out += "  event: \(event.text)\n" }
            out += LayoutText.render(screen: final, layout: transition.new, offset: transition.newOffset)
        }
        return OutputFile.write(out, to: options.output, inputs: options.inputs, command: "layout")
    }
}
