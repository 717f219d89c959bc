// `stackc layout FILE`: lay a screen out and print it as text, JSON or SVG.

import StackOutput
import StackRuntime

enum LayoutCommand {
    static let help = """
        OVERVIEW: Lay out a screen and print where every row is.
        FILE is a .stack source or a compiled .stackc file (told apart by its first bytes).

        USAGE: stackc layout FILE [--screen NAME] [--viewport WxH] [--offset N]
                                  [--data NAME=FILE.json]... [--state NAME=VALUE]...
                                  [--appearance light|dark] [--content-size CATEGORY]
                                  [--direction ltr|rtl] [--locale ID]
                                  [--format text|json|svg|accessibility] [-o PATH]
                                  [--tap X,Y | --scroll N | --then NAME=VALUE]... [--frames N]

        ARGUMENTS:
          FILE                    A .stack source file; '-' reads standard input (up to
                                  256 MiB; its imports resolve against the current
                                  directory).

        OPTIONS:
          --screen NAME           The screen or flow to lay out (default: the file's first).
          --viewport WxH          Viewport size in points (default: 390x844).
          --offset N              Scroll offset along the screen's axis (default: 0;
                                  clamped to the content).
          --data NAME=FILE.json   Bind the screen's data NAME from a JSON file: an array of
                                  objects for 'data NAME: [Record]', one object for
                                  'data NAME: Record'; checked against the record (up to
                                  64 MiB). Repeatable; bound before --state is set.
          --state NAME=VALUE      Set state before laying out; repeatable. VALUE is typed
                                  by the state: true, 12, "text", #FF0000, 300ms, .case.
        \(EnvironmentOptions.help)
          --format text|json|svg|accessibility
                                  text (default): an indented tree of frames.
                                  json: the shape of the layout contract (docs/layout.md).
                                  svg: a picture of the screen and the viewport.
                                  accessibility: what VoiceOver would read, in order.
          --tap X,Y               Tap the viewport point X,Y (at the current offset): the
                                  row's actions run. Repeatable.
          --scroll N              Scroll to offset N. Repeatable.
          --then NAME=VALUE       Set state and animate the change by the rows' transitions
                                  (several in a row change together). Repeatable.
                                  Taps, scrolls and changes run in the order given, each
                                  after the one before has finished animating. Text prints
                                  each step's row, actions, animated rows and events, then
                                  the final layout; json one object a line per step, then
                                  the layout; svg plays the last step's animation. With
                                  only --then: the animated rows and events, then the new
                                  layout (json: the new layout).
          --frames N              With --format json: N instants (N ≥ 2) from the start to
                                  the end of the last step's animation, one JSON object a
                                  line, each with "t" and every row's alpha, scale and
                                  offset; written as they are sampled.
          -o PATH                 Write to PATH instead of standard output ('-': standard
                                  output); never over the input or its imports.
          --color auto|always|never
                                  Colour diagnostics (default: auto).
          -h, --help              Show this help.

        EXIT STATUS:
          0  laid out   1  the file or its data has errors
          2  usage error, unreadable file, or an output that cannot be written

        """

    struct Options {
        var file: String
        var screen: String?
        var viewport = (width: 390.0, height: 844.0)
        var offset = 0.0
        var states: [(name: String, value: String)] = []
        /// `--data NAME=FILE.json`, in the order given.
        var data: [(name: String, path: String)] = []
        var format = "text"
        var output: String?
        var color: String?
        /// The files read (the input and its imports): `-o` may not overwrite them.
        var inputs: [String] = []
        /// `--tap X,Y` and `--scroll N`, in the order given.
        var steps: [Interaction] = []
        var frames: Int?
        /// `--appearance`, `--content-size`, `--direction`.
        var environment = EnvironmentOptions()
    }

    enum Interaction {
        case tap(x: Double, y: Double)
        case scroll(Double)
        /// `--then NAME=VALUE`: a state change to animate.
        case then(name: String, value: String)
    }

    static func run(_ arguments: [String]) -> Int32 {
        var options: Options
        switch parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            if error.message == "help" {
                Terminal.out(help)
                return 0
            }
            return Main.usageError(error.message, command: "layout")
        }
        let model: ScreenModel
        switch ScreenLoading.load(options.file, screen: options.screen, useColor: Terminal.stderrWantsColor(options.color)) {
        case .success(let loaded):
            model = loaded.model
            options.inputs = loaded.inputs
        case .failure(.errors): return 1
        case .failure(.usage(let message)): return Main.usageError(message, command: "layout")
        }
        var screen = Screen(model: model, viewportWidth: options.viewport.width, viewportHeight: options.viewport.height)
        if let problem = options.environment.apply(to: &screen) { return Main.usageError(problem.message, command: "layout") }
        switch DataFiles.bind(options.data, to: screen, command: "layout") {
        case .success(let bound): screen = bound
        case .failure(let status): return status.code
        }
        for state in options.states {
            do {
                try screen.setState(state.name, fromText: state.value)
            } catch {
                return Main.usageError("--state \(state.name)=\(state.value): \(error.description)", command: "layout")
            }
        }
        if !options.steps.isEmpty {
            return Interactive.run(screen: screen, options: options)
        }
        let layout = screen.layout()
        if options.format == "json" || options.format == "text" || options.format == "svg" {
            let presentation = options.format == "svg" ? LayoutSVG.Presentation(Interactive.liveScreen(screen, options: options)) : nil
            return OutputFile.stream(to: options.output, inputs: options.inputs, command: "layout") { sink in
                if options.format == "json" {
                    LayoutJSON.write(screen: screen, layout: layout, offset: options.offset, into: &sink)
                } else if let presentation {
                    LayoutSVG.write(screen: screen, layout: layout, offset: options.offset, presentation: presentation, into: &sink)
                } else {
                    LayoutText.write(screen: screen, layout: layout, offset: options.offset, into: &sink)
                }
            }
        }
        // `accessibility`: what VoiceOver reads, a short text.
        return OutputFile.write(AccessibilityText.render(screen: screen, layout: layout), to: options.output, inputs: options.inputs, command: "layout")
    }

    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        var reader = Arguments(arguments)
        let parsed: [(name: String, value: String?)]
        do {
            parsed = try reader.parse(
                valued: Set(["--screen", "--viewport", "--offset", "--state", "--data", "--format", "-o", "--color", "--tap", "--scroll", "--then", "--frames"])
                    .union(EnvironmentOptions.names),
                flags: ["--help", "-h"])
        } catch let error as UsageError {
            return .failure(error)
        } catch {
            return .failure(UsageError(message: "\(error)"))
        }
        if parsed.contains(where: { $0.name == "--help" || $0.name == "-h" }) { return .failure(UsageError(message: "help")) }
        guard reader.operands.count == 1 else {
            return .failure(UsageError(message: reader.operands.isEmpty ? "no input file" : "layout takes one file, given \(reader.operands.count)"))
        }
        var options = Options(file: reader.operands[0])
        for option in parsed {
            let value = option.value ?? ""
            switch option.name {
            case "--screen": options.screen = value
            case _ where EnvironmentOptions.names.contains(option.name):
                if let problem = options.environment.read(option.name, value) { return .failure(problem) }
            case "--viewport":
                let parts = value.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite, w > 0, h > 0,
                    w <= 100_000, h <= 100_000
                else {
                    return .failure(UsageError(message: "--viewport takes WIDTHxHEIGHT in points, such as 390x844, not '\(value)'"))
                }
                options.viewport = (w, h)
            case "--offset":
                guard let offset = Double(value), offset.isFinite else {
                    return .failure(UsageError(message: "--offset takes a number of points, not '\(value)'"))
                }
                options.offset = offset
            case "--state", "--then":
                guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                    return .failure(UsageError(message: "\(option.name) takes NAME=VALUE, not '\(value)'"))
                }
                let pair = (String(value[..<equals]), String(value[value.index(after: equals)...]))
                if option.name == "--state" { options.states.append(pair) } else { options.steps.append(.then(name: pair.0, value: pair.1)) }
            case "--data":
                guard let pair = DataFiles.option(value) else {
                    return .failure(UsageError(message: "--data takes NAME=FILE.json, not '\(value)'"))
                }
                options.data.append(pair)
            case "--frames":
                guard let frames = Int(value), frames >= 2, frames <= 10_000 else {
                    return .failure(UsageError(message: "--frames takes a whole number from 2 to 10000, not '\(value)'"))
                }
                options.frames = frames
            case "--format":
                guard ["text", "json", "svg", "accessibility"].contains(value) else {
                    return .failure(UsageError(message: "--format takes 'text', 'json', 'svg' or 'accessibility', not '\(value)'"))
                }
                options.format = value
            case "-o": options.output = value
            case "--tap":
                let parts = value.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingSpaces) }
                guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite else {
                    return .failure(UsageError(message: "--tap takes X,Y in viewport points, such as 200,120, not '\(value)'"))
                }
                options.steps.append(.tap(x: x, y: y))
            case "--scroll":
                guard let offset = Double(value), offset.isFinite else {
                    return .failure(UsageError(message: "--scroll takes an offset in points, not '\(value)'"))
                }
                options.steps.append(.scroll(offset))
            default:
                guard ["auto", "always", "never"].contains(value) else {
                    return .failure(UsageError(message: "--color takes 'auto', 'always' or 'never', not '\(value)'"))
                }
                options.color = value
            }
        }
        if options.frames != nil, options.steps.isEmpty || options.format != "json" {
            return .failure(UsageError(message: "--frames needs a step to animate (--then, --tap or --scroll) and --format json"))
        }
        return .success(options)
    }
}
