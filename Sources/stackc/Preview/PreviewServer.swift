// The preview's server side: the screen compiled from the file (kept as the
// last good one while a save has errors), one host session per browser tab,
// and the routes the page calls. Every session change answers with the new
// render pass and, when it animates, the frames sampled by the runtime at
// 60 per second, which the page plays (no curves in JavaScript).

import Dispatch
import StackCompiler
import StackTooling
import StackParser
import StackRuntime

/// One browser tab's screen.
struct PreviewSession {
    var host: HostSession?
    var stream: HTTPConnection?
    var lastUsed: Double
    var viewport: (width: Double, height: Double)
}

final class PreviewServer: @unchecked Sendable {
    let file: String
    let screenName: String?
    /// `--data NAME=FILE.json`: bound into every build (and watched).
    let data: [(name: String, path: String)]
    private let lock = Mutex()
    private let started = DispatchTime.now().uptimeNanoseconds
    /// The last good screen, its row names and the source lines of its ids.
    private var model: ScreenModel?
    private var names: RowNames?
    private var sourceLines: [String: Int] = [:]
    /// Diagnostics of the last build (errors, or warnings over a good screen).
    private(set) var diagnostics: String?
    private(set) var involvedFiles: Set<String> = []
    private var sessions: [String: PreviewSession] = [:]
    private var cache = ParseCache()
    /// Sessions kept at most (the least recently used goes first).
    static let maximumSessions = 64
    var allowedHosts: Set<String> = []

    /// `--appearance`, `--content-size`, `--direction`: every tab starts with them.
    let environment: EnvironmentOptions

    init(file: String, screen: String?, data: [(name: String, path: String)] = [], environment: EnvironmentOptions = EnvironmentOptions()) {
        self.environment = environment
        self.file = file
        self.screenName = screen
        self.data = data
    }

    /// Seconds since the server started: the sessions' clock.
    var now: Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }

    // MARK: Building

    /// Checks and lowers the file; keeps the last good screen on errors.
    /// Returns whether the screen is usable.
    @discardableResult
    func rebuild() -> Bool {
        lock.locked {
            var involved: Set<String> = [FilePaths.absolute(file)]
            for item in data { involved.insert(FilePaths.absolute(item.path)) }
            defer { involvedFiles = involved }
            let source: SourceFile
            switch Inputs.read(file) {
            case .success(let read): source = read
            case .failure(let error):
                diagnostics = error.message
                return false
            }
            let checked = Compiler.check(source, cache: &cache)
            for path in checked.sources.files.map(\.path) + checked.importedPaths where path != "<stdin>" {
                involved.insert(FilePaths.absolute(path))
            }
            let rendered = DiagnosticRenderer(sources: checked.sources).render(checked.diagnostics)
            guard let program = checked.program else {
                diagnostics = rendered
                return false
            }
            let screens = Compiler.lower(program)
            guard let picked = screenName.map({ name in screens.first { $0.name == name } }) ?? screens.first else {
                diagnostics = screens.isEmpty
                    ? "'\(file)' declares no screen or flow to preview"
                    : "'\(file)' has no screen '\(screenName ?? "")'; it has \(NameList.shortened(screens.map(\.name)))"
                return false
            }
            let bound: ScreenModel
            switch DataFiles.baked(data, into: picked) {
            case .success(let model): bound = environment.baked(into: model)
            case .failure(let problem):
                diagnostics = "stackc preview: error: \(problem.message)\n"
                return false
            }
            diagnostics = rendered.isEmpty ? nil : rendered
            model = bound
            names = RowNames(bound)
            sourceLines = Self.lines(of: bound, in: source)
            return true
        }
    }

    /// The line of each row id's declaration (`Kind id {`) in the root file.
    static func lines(of model: ScreenModel, in source: SourceFile) -> [String: Int] {
        var out: [String: Int] = [:]
        let text = String(decoding: source.bytes, as: UTF8.self)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "{" })
            guard words.count >= 2 else { continue }
            let id = String(words[1])
            if out[id] == nil, words[0].first?.isUppercase == true { out[id] = number + 1 }
        }
        var known: Set<String> = []
        for row in model.rows { if let id = row.id { known.insert(id) } }
        return out.filter { known.contains($0.key) }
    }

    /// After a save: every tab gets the new screen (offset and the state
    /// values that still fit kept) or the diagnostics over the old one.
    func reloadAndPush() {
        let good = rebuild()
        lock.locked {
            for (id, var session) in sessions {
                let message: String
                if good, let model {
                    session.host = Self.carry(session.host, into: model, viewport: session.viewport)
                    message = "{\"type\":\"reload\",\"state\":\(PreviewJSON.state(session.host?.live ?? LiveScreen(model: model))),"
                        + "\"diagnostics\":\(diagnostics.map(JSONText.quote) ?? "null"),\"pass\":\(passJSON(&session))}"
                } else {
                    message = "{\"type\":\"diagnostics\",\"diagnostics\":\(JSONText.quote(diagnostics ?? ""))}"
                }
                if let stream = session.stream, !stream.write(Array("data: \(message)\n\n".utf8)) {
                    stream.close()
                    session.stream = nil
                }
                sessions[id] = session
            }
        }
    }

    /// A new session on `model` with what it can keep of `old`.
    static func carry(_ old: HostSession?, into model: ScreenModel, viewport: (width: Double, height: Double)) -> HostSession {
        var live = LiveScreen(model: model, viewportWidth: viewport.width, viewportHeight: viewport.height)
        if let before = old?.live {
            live.setDirection(before.direction)
            // The data's slots come from the new build's data, not the old session.
            let dataSlots = Set(model.data.flatMap(\.slots).map { model.state[$0].name })
            for name in before.stateNames where live.stateNames.contains(name) && !dataSlots.contains(name) {
                if let value = try? before.state(name) { _ = try? live.setState(name, to: value) }
            }
            _ = live.scroll(to: before.offset)
        }
        return HostSession(live)
    }

    // MARK: Routes

    func handle(_ request: HTTPRequest, _ connection: HTTPConnection) -> HTTPResponse? {
        guard let host = request.headers["host"] else { return HTTPResponse(status: 400, text: "a request needs a Host header") }
        guard allowedHosts.contains(host.lowercased()) else {
            return HTTPResponse(status: 403, text: "this preview answers to \(allowedHosts.sorted().joined(separator: " or ")), not '\(host)'")
        }
        switch (request.method, request.path) {
        case ("GET", "/"), ("GET", "/index.html"):
            return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: Array(PreviewPage.html.utf8))
        case ("GET", "/preview.js"):
            return HTTPResponse(status: 200, contentType: "text/javascript; charset=utf-8", body: Array(PreviewPage.script.utf8))
        case ("GET", "/preview.css"):
            return HTTPResponse(status: 200, contentType: "text/css; charset=utf-8", body: Array(PreviewPage.styles.utf8))
        case ("GET", "/favicon.ico"):
            return HTTPResponse(status: 204, body: [])
        case ("POST", "/api/session"):
            return createSession(request)
        case ("GET", "/api/events"):
            return openStream(request, connection)
        case (_, let path) where path.hasPrefix("/api/session/"):
            guard request.method == "POST" else { return HTTPResponse(status: 405, text: "use POST") }
            let parts = path.split(separator: "/")
            guard parts.count == 4 else { return HTTPResponse(status: 404, text: "no such route") }
            return act(session: String(parts[2]), action: String(parts[3]), body: request.body)
        case (_, "/"), (_, "/api/session"), (_, "/api/events"):
            return HTTPResponse(status: 405, text: "method not allowed")
        default:
            return HTTPResponse(status: 404, text: "not found: the preview serves its page and its API only")
        }
    }

    private static func object(_ body: [UInt8]) -> [String: Any]? {
        guard !body.isEmpty else { return [:] }
        return JSONObjects.parse(body) as? [String: Any]
    }

    private static func viewport(_ object: [String: Any]) -> (width: Double, height: Double)? {
        let width = JSONObjects.number(object["width"]) ?? 390, height = JSONObjects.number(object["height"]) ?? 844
        guard (40...4000).contains(width), (40...8000).contains(height) else { return nil }
        return (width, height)
    }

    private func createSession(_ request: HTTPRequest) -> HTTPResponse {
        guard let body = Self.object(request.body), let viewport = Self.viewport(body) else {
            return HTTPResponse(status: 400, text: "a session starts with {\"width\": 40…4000, \"height\": 40…8000}")
        }
        return lock.locked {
            if sessions.count >= Self.maximumSessions, let oldest = sessions.min(by: { $0.value.lastUsed < $1.value.lastUsed }) {
                oldest.value.stream?.close()
                sessions[oldest.key] = nil
            }
            var id = ""
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<16 { id += String(Int.random(in: 0..<16, using: &generator), radix: 16) }
            let direction = environment.direction ?? .ltr
            var session = PreviewSession(host: model.map { model in
                                             var live = LiveScreen(model: model, viewportWidth: viewport.width, viewportHeight: viewport.height)
                                             live.setDirection(direction)
                                             return HostSession(live)
                                         },
                                         stream: nil, lastUsed: now, viewport: viewport)
            let pass = session.host == nil ? "null" : passJSON(&session)
            sessions[id] = session
            let stateJSON = session.host.map { PreviewJSON.state($0.live) } ?? "[]"
            return HTTPResponse(json: "{\"session\":\"\(id)\",\"file\":\(JSONText.quote(file)),\"screen\":\(JSONText.quote(model?.name ?? "")),"
                + "\"state\":\(stateJSON),\"diagnostics\":\(diagnostics.map(JSONText.quote) ?? "null"),\"pass\":\(pass)}")
        }
    }

    private func openStream(_ request: HTTPRequest, _ connection: HTTPConnection) -> HTTPResponse? {
        guard let id = request.query["session"] else { return HTTPResponse(status: 400, text: "events need ?session=ID") }
        return lock.locked {
            guard var session = sessions[id] else { return HTTPResponse(status: 404, text: "no session '\(id)'") }
            session.stream?.close()
            let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: keep-alive\r\n\r\n: stackc preview\n\n"
            guard connection.write(Array(head.utf8)) else { return HTTPResponse(status: 400, text: "the stream closed") }
            session.stream = connection
            sessions[id] = session
            return nil
        }
    }

    /// The pass at the session's current time.
    private func passJSON(_ session: inout PreviewSession) -> String {
        guard var host = session.host, let names else { return "null" }
        let pass = host.pass(at: now)
        session.host = host
        return PreviewJSON.pass(pass, live: host.live, names: names, lines: sourceLines)
    }

    private func act(session id: String, action: String, body: [UInt8]) -> HTTPResponse {
        guard let object = Self.object(body) else { return HTTPResponse(status: 400, text: "the body is a JSON object") }
        return lock.locked {
            guard var session = sessions[id] else { return HTTPResponse(status: 404, text: "no session '\(id)'; reload the page") }
            session.lastUsed = now
            guard var host = session.host, let names else {
                return HTTPResponse(status: 409, text: "the file has no good screen yet: \(diagnostics ?? "")")
            }
            let t = now
            var live: [LiveEvent] = []
            var transitions: [TransitionEvent] = []
            var actions: [ActionOutcome] = []
            switch action {
            case "scroll":
                guard let offset = JSONObjects.number(object["offset"]) else { return HTTPResponse(status: 400, text: "scroll takes {\"offset\": N}") }
                live = host.scroll(to: offset, at: t)
            case "press":
                guard let x = JSONObjects.number(object["x"]), let y = JSONObjects.number(object["y"]) else { return HTTPResponse(status: 400, text: "press takes {\"x\": N, \"y\": N}") }
                _ = host.press(x: x, y: y)
            case "release":
                (actions, live) = host.release(at: t)
            case "cancel":
                host.cancelPress()
            case "state":
                guard let name = object["name"] as? String, let value = object["value"] as? String else {
                    return HTTPResponse(status: 400, text: "state takes {\"name\": \"…\", \"value\": \"…\"}")
                }
                do throws(RuntimeError) {
                    (live, transitions) = try host.change(at: t) { (screen: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                        try screen.setState(name, fromText: value)
                    }
                } catch {
                    return HTTPResponse(status: 400, text: error.description)
                }
            case "viewport":
                guard let viewport = Self.viewport(object) else { return HTTPResponse(status: 400, text: "a viewport is 40…4000 × 40…8000") }
                session.viewport = viewport
                _ = try? host.change(at: t) { (screen: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                    try screen.setViewport(width: viewport.width, height: viewport.height)
                }
            default:
                return HTTPResponse(status: 404, text: "no action '\(action)'")
            }
            // Frames of a running transition, sampled at 60 per second.
            var frames: [String] = []
            if host.isAnimating(at: t), let end = host.screen.animationEnd {
                var k = 1
                while t + Double(k) / 60 < end, k <= 600 {
                    let pass = host.pass(at: t + Double(k) / 60)
                    frames.append(PreviewJSON.pass(pass, live: host.live, names: names, lines: sourceLines))
                    k += 1
                }
                transitions += host.advance(to: end)
            }
            // Just past the end: (start + duration) − start can round below the
            // duration, and a spring is not at rest until it is reached.
            let final = host.pass(at: max(t, (host.screen.animationEnd ?? 0) + 1e-6))
            session.host = host
            sessions[id] = session
            return HTTPResponse(json: "{\"events\":\(PreviewJSON.events(live, transitions, actions, names: names)),"
                + "\"state\":\(PreviewJSON.state(host.live)),\"frames\":[\(frames.joined(separator: ","))],"
                + "\"pass\":\(PreviewJSON.pass(final, live: host.live, names: names, lines: sourceLines))}")
        }
    }
}
