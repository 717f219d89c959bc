// What the fuzz targets (Fuzz/, scripts/fuzz.sh) assert, shared with the
// regression tests that replay what they found (Fuzz/Sources/FuzzSupport
// links to this file). A violated property stops the run with fatalError,
// which libFuzzer reports as a crash and saves the input.

import StackCompiler
import StackParser
import StackRuntime

public enum FuzzChecks {
    /// Source bytes through the whole front end: check (imports refused),
    /// lower, encode, load. What the compiler writes, the loader must accept,
    /// and the loaded screens must lay out exactly as the lowered ones.
    public static func frontEnd(_ bytes: [UInt8]) {
        let result = Compiler.check(SourceFile(path: "fuzz.stack", bytes: bytes), loader: MemoryLoader([:]))
        _ = DiagnosticRenderer(sources: result.sources).render(result.diagnostics)
        guard let program = result.program else { return }
        let models = Compiler.lower(program)
        guard !models.isEmpty else { return }
        let encoded = ScreenEncoder.encode(models)
        let loaded: [ScreenModel]
        do {
            loaded = try ScreenDecoder.decode(encoded)
        } catch {
            fatalError("the loader refused what the compiler wrote: \(error)")
        }
        guard loaded.count == models.count else { fatalError("the loader found \(loaded.count) screens of \(models.count)") }
        for (model, copy) in zip(models, loaded) {
            let a = layoutJSON(model), b = layoutJSON(copy)
            if a != b { fatalError("screen '\(model.name)' lays out differently once loaded") }
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
        if payload.count >= CompiledFormat.headerSize, Array(payload.prefix(4)) == CompiledFormat.magic {
            payload.removeFirst(CompiledFormat.headerSize)
        }
        let length = UInt32(payload.count), crc = CRC32.checksum(payload)
        var file = CompiledFormat.magic + [UInt8(CompiledFormat.version & 0xFF), UInt8(CompiledFormat.version >> 8), 0, 0]
        for value in [length, crc] {
            file += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
        }
        guard let models = try? ScreenDecoder.decode(file + payload) else { return }
        for model in models {
            _ = layoutJSON(model)
            exercise(model)
        }
    }

    static func layoutJSON(_ model: ScreenModel) -> String {
        let screen = Screen(model: model, viewportWidth: 390, viewportHeight: 600)
        return LayoutJSON.render(screen: screen, layout: screen.layout(), offset: 0)
    }

    /// Taps, scrolls, a mutation and an animated state change on a live screen.
    static func exercise(_ model: ScreenModel) {
        var live = LiveScreen(model: model, viewportWidth: 390, viewportHeight: 600)
        for (x, y) in [(10.0, 10.0), (200, 100), (100, 500)] { _ = live.tap(x: x, y: y) }
        _ = live.scroll(to: 120)
        if let template = model.components.first {
            _ = try? live.insert(ComponentInstance(template.name), at: .top)
        }
        var animated = AnimatedScreen(live)
        if let slot = model.state.first(where: { $0.type == .bool }) {
            _ = try? animated.change(at: 0) { (live: inout LiveScreen) throws(RuntimeError) -> [LiveEvent] in
                try live.setState(slot.name, to: .bool(!(live.screen.state.first?.boolValue ?? false)))
            }
            _ = animated.presented(at: 0.1)
            _ = animated.presented(at: 10)
        }
    }
}
