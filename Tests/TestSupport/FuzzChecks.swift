// What the fuzz targets (Fuzz/, scripts/fuzz.sh) assert, shared with the
// regression tests that replay what they found (Fuzz/Sources/FuzzSupport
// links to this file, in a package of its own: so this file uses only the
// libraries' public API). A violated property stops the run with
// fatalError, which libFuzzer reports as a crash and saves the input.

import StackCompiler
import StackParser
import StackRuntime

public enum FuzzChecks {
    /// Source bytes through the whole front end: check (imports refused),
    /// lower, encode, load. What the compiler writes, the loader must accept,
    /// and the loaded screens must lay out exactly as the lowered ones;
    /// `stackc compile`'s way (the first screen's rows encoded as they are
    /// lowered) must write the same bytes.
    /// Bytes of compiled screens, at most, that go through the round trip
    /// (a screen of tens of thousands of rows).
    static let largestRoundTrip = 256 * 1024

    public static func frontEnd(_ bytes: [UInt8]) {
        let source = SourceFile(path: "fuzz.stack", bytes: bytes)
        let result = Compiler.check(source, loader: MemoryLoader([:]))
        _ = DiagnosticRenderer(sources: result.sources).render(result.diagnostics)
        guard let program = result.program else { return }
        let models = Compiler.lower(program)
        guard !models.isEmpty else { return }
        // A small file may expand to a screen of a hundred thousand rows
        // and more (components within components; the language allows a
        // million): checked, lowered and encoded, but the round trip
        // below compiles it again, loads it and lays it out twice over,
        // which under the fuzzer's instrumentation took longer than its
        // time limit (16 s) for an input that is not wrong, only large.
        let encoded = ScreenEncoder.encode(models)
        guard encoded.count <= Self.largestRoundTrip else { return }
        guard let screens = Compiler.compileForEncoding(source, loader: MemoryLoader([:])).1 else {
            fatalError("checking found no errors, compiling for encoding did")
        }
        if Array(ScreenEncoder.encodeParts(screens).joined()) != encoded { fatalError("compiling for encoding wrote other bytes") }
        let loaded: [ScreenModel]
        do {
            loaded = try ScreenDecoder.decode(encoded)
        } catch {
            fatalError("the loader refused what the compiler wrote: \(error)")
        }
        guard loaded.count == models.count else { fatalError("the loader found \(loaded.count) screens of \(models.count)") }
        for (model, copy) in zip(models, loaded) {
            if wholePass(model) != wholePass(copy) { fatalError("screen '\(model.name)' lays out differently once loaded") }
            exercise(copy)
        }
    }

    /// Bytes as a compiled file: a clean error, or screens that lay out,
    /// take taps and scrolls, and animate a state change.
    /// The input is taken as the payload after the header (a whole compiled
    /// file's header is dropped first), and a header with the right length
    /// and checksum is put before it: random bytes would almost never pass
    /// the checksum, and the structure checks behind it are what to explore.
    public static func loader(_ bytes: [UInt8]) {
        var payload = bytes
        let header = ScreenEncoder.headerSize
        if payload.count >= header, Array(payload.prefix(4)) == Array(ScreenEncoder.file(payload: []).prefix(4)) {
            payload.removeFirst(header)
        }
        let file = ScreenEncoder.file(payload: payload)
        // The first screen alone, whatever the file: an error, or what the
        // whole file gives; then a few by name. (The Fuzz package builds
        // this file apart, so it sees StackRuntime's public face only.)
        let first = try? ScreenDecoder.decode(file, screen: nil)
        guard let models = try? ScreenDecoder.decode(file) else { return }
        if first != models.first { preconditionFailure("the first screen decoded alone differs from the file's") }
        for model in models.prefix(4) where (try? ScreenDecoder.decode(file, screen: model.name)) != models.first(where: { $0.name == model.name }) {
            preconditionFailure("screen '\(model.name)' decoded alone differs from the file's")
        }
        for model in models {
            _ = wholePass(model)
            exercise(model)
        }
    }

    /// Every row as a host would draw it, with a window as large as the
    /// runtime allows: the whole screen.
    static func wholePass(_ model: ScreenModel) -> [RenderedRow] {
        var session = HostSession(LiveScreen(model: model, viewportWidth: 390, viewportHeight: 600))
        session.margin = 10_000_000
        return session.pass(at: 0).rows
    }

    /// Taps, scrolls, a mutation, an animated state change and moves with
    /// state changes on a live screen.
    static func exercise(_ model: ScreenModel) {
        var session = HostSession(LiveScreen(model: model, viewportWidth: 390, viewportHeight: 600))
        for (x, y) in [(10.0, 10.0), (200, 100), (100, 500)] {
            _ = session.press(x: x, y: y)
            _ = session.release(at: 0)
        }
        _ = session.scroll(to: 120, at: 0)
        _ = session.pass(at: 0)
        let live = session.live
        if let slot = live.stateNames.first(where: { if case .bool = try? live.state($0) { true } else { false } }) {
            let now = (try? live.state(slot))?.boolValue ?? false
            _ = try? session.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                try live.setState(slot, to: .bool(!now))
            }
            _ = session.pass(at: 0.1)
            _ = session.pass(at: 10)
        }
        if let component = live.componentNames.first {
            _ = try? session.change(at: 15) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                try live.insert(ComponentInstance(component), at: .top).events
            }
        }
        if let first = session.live.rows.first {
            _ = try? session.change(at: 20) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                try live.move(first, to: live.rows.count - 1).events
            }
            _ = session.pass(at: 20.2)
            // A state set and a row moved in one change, then the other way
            // round while that one animates (composed with it).
            let slot = session.live.stateNames.first { if case .bool = try? session.live.state($0) { true } else { false } }
            func flip(_ live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] {
                guard let slot else { return [] }
                return try live.setState(slot, to: .bool(!((try? live.state(slot))?.boolValue ?? false)))
            }
            _ = try? session.change(at: 25) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                try flip(&live) + live.move(first, to: 0).events
            }
            _ = session.pass(at: 25.05)
            _ = try? session.change(at: 25.1) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                try live.move(first, to: live.rows.count - 1).events + flip(&live)
            }
            _ = session.pass(at: 25.2)
        }
    }
}
