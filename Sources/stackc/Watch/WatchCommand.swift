// `stackc watch FILE`: lay out, then lay out again each time FILE or a file
// it imports changes. Errors are shown and the last good layout kept; the
// watched files follow the imports; ctrl-C ends it with status 0.

import StackOutput
import Dispatch
import StackCompiler
import StackParser
import StackRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum WatchCommand {
    static let help = """
        OVERVIEW: Lay out a screen, then again every time its file (or a file it imports) changes.

        USAGE: stackc watch FILE [--screen NAME] [--viewport WxH] [--offset N] [--data NAME=FILE.json]...
                                 [--state NAME=VALUE]... [--appearance light|dark]
                                 [--content-size CATEGORY] [--direction ltr|rtl] [--locale ID]
                                 [--format text|json|svg] [-o PATH] [--poll MS] [--debounce MS]

        OPTIONS:
          The layout options of 'stackc layout', and:
          --format text           (default) a header line per change, what changed against
                                  the previous layout (rows added, removed, moved, resized,
                                  shown, hidden), then the tree.
          --format json           one JSON object per line: {"type": "layout"|"diagnostics", …}.
          --format svg -o PATH    rewrite the picture at PATH (atomically) on every change.
          --poll MS               compare the files' status every MS milliseconds instead of
                                  using inotify (Linux) or kqueue (macOS) — for network file
                                  systems; elsewhere polling is the default, at 100 ms.
          --debounce MS           quiet time before acting on a burst of changes (default 40).

        Data files (--data) are watched too: saving one binds it again.
        A change with errors prints the diagnostics and keeps the last good layout.
        Stop with ctrl-C (exit status 0).

        """

    static func run(_ arguments: [String]) -> Int32 {
        // Watch-only options, taken out before the layout options are read.
        var layoutArguments: [String] = []
        var pollInterval: UInt64?
        var debounce: UInt64 = 40
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--poll" || argument == "--debounce" {
                guard index + 1 < arguments.count, let value = UInt64(arguments[index + 1]), value >= 1, value <= 60_000 else {
                    return Main.usageError("\(argument) takes a number of milliseconds from 1 to 60000", command: "watch")
                }
                if argument == "--poll" { pollInterval = value } else { debounce = value }
                index += 2
                continue
            }
            layoutArguments.append(argument)
            index += 1
        }
        let options: LayoutCommand.Options
        switch LayoutCommand.parse(layoutArguments) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            if error.message == "help" {
                Terminal.out(help)
                return 0
            }
            return Main.usageError(error.message, command: "watch")
        }
        guard options.file != "-" else { return Main.usageError("watch needs a file, not standard input", command: "watch") }
        if options.format == "svg", options.output == nil {
            return Main.usageError("--format svg needs -o PATH: the picture is rewritten on every change", command: "watch")
        }
        var session = WatchSession(options: options, debounceMilliseconds: debounce, pollInterval: pollInterval)
        return session.run()
    }
}

/// One `stackc watch` run.
struct WatchSession {
    let options: LayoutCommand.Options
    var debouncer: Debouncer
    let pollInterval: UInt64?
    var cache = ParseCache()
    var previous: LayoutSnapshot?
    var watched: Set<String> = []
    let useColor: Bool

    init(options: LayoutCommand.Options, debounceMilliseconds: UInt64, pollInterval: UInt64?) {
        self.options = options
        self.debouncer = Debouncer(quietMilliseconds: debounceMilliseconds)
        self.pollInterval = pollInterval
        self.useColor = Terminal.stderrWantsColor(options.color)
    }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    var absoluteFile: String {
        FilePaths.absolute(options.file)
    }

    mutating func run() -> Int32 {
        var watcher: any FileWatcher
        #if os(Linux)
        if pollInterval == nil, let inotify = InotifyWatcher() {
            watcher = inotify
        } else {
            watcher = PollWatcher()
        }
        #elseif os(macOS)
        if pollInterval == nil, let kqueue = KqueueWatcher() {
            watcher = kqueue
        } else {
            watcher = PollWatcher()
        }
        #else
        watcher = PollWatcher()
        #endif
        let interval = pollInterval ?? 100

        // ctrl-C: a signal source writes to a pipe the loop waits on.
        guard let interrupts = InterruptPipe() else {
            Terminal.err("stackc watch: error: cannot create a pipe\n")
            return 2
        }

        rebuild(trigger: [], watcher: &watcher)
        while true {
            var fds = [pollfd(fd: interrupts.readEnd, events: Int16(POLLIN), revents: 0)]
            if let fd = watcher.descriptor { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            var timeout: Int32 = watcher.descriptor == nil ? Int32(interval) : -1
            if let deadline = debouncer.deadline {
                let now = Self.now()
                let wait = deadline > now ? Int32(min((deadline - now) / 1_000_000 + 1, 60_000)) : 0
                timeout = timeout < 0 ? wait : min(timeout, wait)
            }
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            if ready < 0, errno != EINTR {
                Terminal.err("stackc watch: error: poll failed: \(String(cString: strerror(errno)))\n")
                return 2
            }
            if fds[0].revents != 0 { return 0 }
            let changed = watcher.changes()
            for notice in watcher.notices() { Terminal.err("stackc watch: \(notice)\n") }
            if !changed.isEmpty {
                pendingTrigger.formUnion(changed)
                debouncer.record(at: Self.now())
            }
            if debouncer.fire(at: Self.now()) {
                let trigger = pendingTrigger
                pendingTrigger = []
                rebuild(trigger: trigger, watcher: &watcher)
            }
        }
    }

    var pendingTrigger: Set<String> = []

    /// Compiles, prints the result, and re-aims the watcher at the files now involved.
    mutating func rebuild(trigger: Set<String>, watcher: inout any FileWatcher) {
        let time = Self.timestamp()
        let changedNames = trigger.sorted().map { relative($0) }
        var involved: Set<String> = [absoluteFile]
        for item in options.data { involved.insert(FilePaths.absolute(item.path)) }
        let source: SourceFile
        switch Inputs.read(options.file) {
        case .success(let file):
            source = file
        case .failure(let error):
            report(time: time, changed: changedNames, problem: error.message)
            aim(&watcher, at: involved)
            return
        }
        var result: Result<ScreenModel, WatchProblem>
        if CompiledFormat.hasMagic(source.bytes) {
            do {
                let screens = try ScreenDecoder.decode(source.bytes)
                result = pick(screens)
            } catch {
                result = .failure(WatchProblem(message: error.description))
            }
        } else if ScreenLoading.isDebugDump(source.bytes) {
            result = .failure(WatchProblem(message: "'\(options.file)' is a debug dump of a compiled screen (compile --emit json), which nothing loads"))
        } else {
            let checked = Compiler.check(source, cache: &cache)
            // The files read, and imports that could not be read: they may appear.
            for path in checked.sources.files.map(\.path) + checked.importedPaths where path != "<stdin>" {
                involved.insert(FilePaths.absolute(path))
            }
            if let program = checked.program {
                printDiagnostics(checked)
                result = pick(Compiler.lower(program))
            } else {
                reportDiagnostics(time: time, changed: changedNames, checked)
                aim(&watcher, at: involved)
                return
            }
        }
        aim(&watcher, at: involved)
        switch result {
        case .failure(let problem):
            report(time: time, changed: changedNames, problem: problem.message)
        case .success(let model):
            show(model, time: time, changed: changedNames)
        }
    }

    private func pick(_ screens: [ScreenModel]) -> Result<ScreenModel, WatchProblem> {
        guard !screens.isEmpty else { return .failure(WatchProblem(message: "'\(options.file)' declares no screen or flow to lay out")) }
        guard let name = options.screen else { return .success(screens[0]) }
        guard let screen = screens.first(where: { $0.name == name }) else {
            return .failure(WatchProblem(message: "'\(options.file)' has no screen '\(name)'; it has \(NameList.shortened(screens.map(\.name)))"))
        }
        return .success(screen)
    }

    private mutating func aim(_ watcher: inout any FileWatcher, at files: Set<String>) {
        if files != watched {
            for problem in watcher.watch(files) { Terminal.err("stackc watch: warning: \(problem)\n") }
            for notice in watcher.notices() { Terminal.err("stackc watch: \(notice)\n") }
            watched = files
        }
    }

    private mutating func show(_ model: ScreenModel, time: String, changed: [String]) {
        var screen = Screen(model: model, viewportWidth: options.viewport.width, viewportHeight: options.viewport.height)
        if let problem = options.environment.apply(to: &screen) {
            report(time: time, changed: changed, problem: problem.message)
            return
        }
        switch DataFiles.bound(options.data, to: screen) {
        case .success(let bound): screen = bound
        case .failure(let problem):
            report(time: time, changed: changed, problem: problem.message)
            return
        }
        for state in options.states {
            do {
                try screen.setState(state.name, fromText: state.value)
            } catch {
                report(time: time, changed: changed, problem: "--state \(state.name)=\(state.value): \(error.description)")
                return
            }
        }
        let layout = screen.layout()
        let snapshot = LayoutSnapshot(screen: screen, layout: layout)
        let changes = previous.map { snapshot.changes(from: $0) } ?? []
        previous = snapshot
        switch options.format {
        case "json":
            let layoutJSON = Self.oneLine(LayoutJSON.render(screen: screen, layout: layout, offset: options.offset))
            let fields = [
                "\"type\": \"layout\"", "\"time\": \(JSONText.quote(time))",
                "\"changed\": [\(changed.map(JSONText.quote).joined(separator: ", "))]",
                "\"changes\": [\(changes.map(JSONText.quote).joined(separator: ", "))]", "\"layout\": \(layoutJSON)",
            ]
            Terminal.out("{" + fields.joined(separator: ", ") + "}\n")
        case "accessibility":
            Terminal.out(header(time: time, changed: changed))
            Terminal.out(AccessibilityText.render(screen: screen, layout: layout))
        case "svg":
            Terminal.out(header(time: time, changed: changed))
            for change in changes { Terminal.out("  \(change)\n") }
            let svg = LayoutSVG.render(screen: screen, layout: layout, offset: options.offset)
            if OutputFile.write(svg, to: options.output, command: "watch") == 0 { Terminal.out("wrote \(options.output ?? "")\n") }
        default:
            Terminal.out(header(time: time, changed: changed))
            for change in changes { Terminal.out("  \(change)\n") }
            if previous != nil, changes.isEmpty, !changed.isEmpty { Terminal.out("  (no row moved or changed size)\n") }
            let text = LayoutText.render(screen: screen, layout: layout, offset: options.offset)
            if let output = options.output {
                _ = OutputFile.write(text, to: output, command: "watch")
            } else {
                Terminal.out(text)
            }
        }
    }

    private func printDiagnostics(_ checked: CheckResult) {
        // Warnings of a good build go to standard error, as `check` prints them.
        Terminal.err(DiagnosticRenderer(sources: checked.sources, useColor: useColor).render(checked.diagnostics))
    }

    private func reportDiagnostics(time: String, changed: [String], _ checked: CheckResult) {
        let renderer = DiagnosticRenderer(sources: checked.sources, useColor: useColor)
        if options.format == "json" {
            let diagnostics = Self.oneLine(renderer.renderJSON(checked.diagnostics))
            Terminal.out("{\"type\": \"diagnostics\", \"time\": \(JSONText.quote(time)), \"changed\": [\(changed.map(JSONText.quote).joined(separator: ", "))], \"diagnostics\": \(diagnostics)}\n")
        } else {
            Terminal.out(header(time: time, changed: changed))
            Terminal.err(renderer.render(checked.diagnostics))
            Terminal.out("  \(checked.diagnostics.errorCount) error\(checked.diagnostics.errorCount == 1 ? "" : "s"); keeping the last good layout\n")
        }
    }

    private func report(time: String, changed: [String], problem: String) {
        if options.format == "json" {
            Terminal.out("{\"type\": \"error\", \"time\": \(JSONText.quote(time)), \"changed\": [\(changed.map(JSONText.quote).joined(separator: ", "))], \"message\": \(JSONText.quote(problem))}\n")
        } else {
            Terminal.out(header(time: time, changed: changed))
            Terminal.err("stackc watch: error: \(problem)\n")
            Terminal.out("  keeping the last good layout\n")
        }
    }

    private func header(time: String, changed: [String]) -> String {
        changed.isEmpty ? "[\(time)] \(options.file)\n" : "[\(time)] changed: \(changed.joined(separator: ", "))\n"
    }

    private func relative(_ path: String) -> String {
        let cwd = FilePaths.currentDirectory() + "/"
        return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
    }

    /// Wall-clock time of day, `HH:MM:SS.mmm`.
    static func timestamp() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        var seconds = time_t(time.tv_sec)
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ x: Int32) -> String { x < 10 ? "0\(x)" : "\(x)" }
        let millis = Int(time.tv_nsec / 1_000_000)
        let ms = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(ms)"
    }

    /// Pretty JSON on one line: its line breaks are all formatting.
    static func oneLine(_ json: String) -> String {
        json.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: " ")
    }
}

/// Why a change could not be laid out.
struct WatchProblem: Error {
    var message: String
}
