// `stackc preview FILE`: serve the screen to a browser and reload it on save.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

enum PreviewCommand {
    static let help = """
        OVERVIEW: Show a screen live in a browser: scroll it, tap it, change its state,
        and see every save of the file (or its imports) at once.

        USAGE: stackc preview FILE [--screen NAME] [--data NAME=FILE.json]... [--port N] [--host ADDR] [--open]
                                   [--appearance light|dark] [--content-size CATEGORY] [--direction ltr|rtl]
                                   [--locale ID]

        ARGUMENTS:
          FILE                    A .stack source file.

        OPTIONS:
          --screen NAME           The screen or flow to show (default: the file's first).
          --data NAME=FILE.json   Bind the screen's data NAME from a JSON file (repeatable);
                                  saving the file binds it again, keeping each tab's state.
        \(EnvironmentOptions.help)
          --port N                The port (default: a free one, printed at start).
          --host ADDR             The IPv4 address to listen on (default: 127.0.0.1). Any
                                  other address lets other machines drive the preview:
                                  stackc warns.
          --open                  Open the page in the default browser (xdg-open / open).
          -h, --help              Show this help.

        The page is a host of the runtime: the server lays the screen out and sends
        render passes; taps, scrolls and state changes are run by the runtime, and
        animations are frames it sampled. A save with errors shows the diagnostics over
        the last good screen. Requests for other Host names get 403 (DNS rebinding);
        nothing a request names reaches the file system. See docs/preview.md.

        EXIT STATUS:
          0  stopped with ctrl-C   2  usage error, or the port cannot be opened

        """

    static func run(_ arguments: [String]) -> Int32 {
        var reader = Arguments(arguments)
        let options: [(name: String, value: String?)]
        do {
            options = try reader.parse(valued: Set(["--screen", "--port", "--host", "--data"]).union(EnvironmentOptions.names), flags: ["--open", "--help", "-h"])
        } catch let error as UsageError {
            return Main.usageError(error.message, command: "preview")
        } catch {
            return 2
        }
        var screen: String?
        var port: UInt16 = 0
        var host = "127.0.0.1"
        var open = false
        var data: [(name: String, path: String)] = []
        var environment = EnvironmentOptions()
        for option in options {
            switch option.name {
            case _ where EnvironmentOptions.names.contains(option.name):
                if let problem = environment.read(option.name, option.value ?? "") { return Main.usageError(problem.message, command: "preview") }
            case "--help", "-h":
                Terminal.out(help)
                return 0
            case "--screen": screen = option.value
            case "--port":
                guard let value = option.value.flatMap({ UInt16($0) }) else {
                    return Main.usageError("--port takes a port number 0…65535, not '\(option.value ?? "")'", command: "preview")
                }
                port = value
            case "--host": host = option.value ?? host
            case "--data":
                guard let pair = DataFiles.option(option.value ?? "") else {
                    return Main.usageError("--data takes NAME=FILE.json, not '\(option.value ?? "")'", command: "preview")
                }
                data.append(pair)
            default: open = true
            }
        }
        guard reader.operands.count == 1, let file = reader.operands.first, file != "-" else {
            return Main.usageError("preview takes one FILE (not standard input)", command: "preview")
        }
        guard access(file, R_OK) == 0 else {
            Terminal.err("stackc: error: cannot read '\(file)'\n")
            return 2
        }
        let preview = PreviewServer(file: file, screen: screen, data: data, environment: environment)
        preview.rebuild()
        let server: HTTPServer
        do throws(HTTPServer.StartFailure) {
            server = try HTTPServer(host: host, port: port) { request, connection in preview.handle(request, connection) }
        } catch {
            Terminal.err("stackc: error: \(error.message)\n")
            return 2
        }
        preview.allowedHosts = ["\(host):\(server.port)", "localhost:\(server.port)", "127.0.0.1:\(server.port)"]
        if host != "127.0.0.1" {
            Terminal.err("stackc preview: warning: listening on \(host): anyone who can reach it can drive this preview\n")
            if host == "0.0.0.0" { preview.allowedHosts.remove("\(host):\(server.port)") }
        }
        signal(SIGPIPE, SIG_IGN)
        server.serve()
        let url = "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(server.port)/"
        Terminal.out("stackc preview: \(url) (ctrl-C to stop)\n")
        if let diagnostics = preview.diagnostics { Terminal.err(diagnostics) }
        if open { openInBrowser(url) }
        return PreviewReloader(preview: preview).run()
    }

    static func openInBrowser(_ url: String) {
        #if os(macOS)
        let command = ["open", url]
        #else
        let command = ["xdg-open", url]
        #endif
        var arguments = command.map { strdup($0) }
        arguments.append(nil)
        defer { for argument in arguments { free(argument) } }
        var pid = pid_t()
        guard posix_spawnp(&pid, command[0], nil, nil, arguments, environ) == 0 else {
            Terminal.err("stackc preview: could not open a browser; open \(url) yourself\n")
            return
        }
        // Reaped when it ends, so no zombie stays behind while the preview runs.
        let child = pid
        DispatchQueue.global().async {
            var status: Int32 = 0
            _ = waitpid(child, &status, 0)
        }
    }
}

/// Watches the file and its imports; each (debounced) save rebuilds and
/// pushes the result to every tab. Runs until ctrl-C.
struct PreviewReloader {
    let preview: PreviewServer

    func run() -> Int32 {
        var watcher: any FileWatcher
        #if os(Linux)
        if let inotify = InotifyWatcher() { watcher = inotify } else { watcher = PollWatcher() }
        #elseif os(macOS)
        if let kqueue = KqueueWatcher() { watcher = kqueue } else { watcher = PollWatcher() }
        #else
        watcher = PollWatcher()
        #endif
        var interrupted = false
        guard let interrupts = InterruptPipe() else { return 2 }
        var watched = preview.involvedFiles
        _ = watcher.watch(watched)
        var debouncer = Debouncer(quietMilliseconds: 40)
        while !interrupted {
            var fds = [pollfd(fd: interrupts.readEnd, events: Int16(POLLIN), revents: 0)]
            if let fd = watcher.descriptor { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            var timeout: Int32 = watcher.descriptor == nil ? 100 : -1
            if let deadline = debouncer.deadline {
                let now = WatchSession.now()
                let wait = deadline > now ? Int32(min((deadline - now) / 1_000_000 + 1, 60_000)) : 0
                timeout = timeout < 0 ? wait : min(timeout, wait)
            }
            _ = poll(&fds, nfds_t(fds.count), timeout)
            if fds[0].revents != 0 {
                interrupted = true
                continue
            }
            if !watcher.changes().isEmpty { debouncer.record(at: WatchSession.now()) }
            if debouncer.fire(at: WatchSession.now()) {
                preview.reloadAndPush()
                if let diagnostics = preview.diagnostics { Terminal.err(diagnostics) }
                if preview.involvedFiles != watched {
                    watched = preview.involvedFiles
                    _ = watcher.watch(watched)
                }
            }
        }
        return 0
    }
}
