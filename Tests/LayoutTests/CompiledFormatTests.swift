// Compiled screens: round trips, determinism, and loading damaged or hostile
// files, which must give a clean error or a screen that lays out — never a
// crash, a hang, or memory out of proportion to the file.

import StackOutput
import Foundation
import StackCompiler
import StackParser
import StackRuntime
import TestSupport
import XCTest

final class CompiledFormatTests: XCTestCase {
    static let samples = CLIRoot.repository.appendingPathComponent("samples")

    /// Every sample's screens, lowered from source.
    static func sampleModels() throws -> [(String, [ScreenModel])] {
        let names = try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { $0.hasSuffix(".stack") }.sorted()
        return try names.compactMap { name in
            let text = try String(contentsOf: samples.appendingPathComponent(name), encoding: .utf8)
            let result = Compiler.check(SourceFile(path: name, text: text), loader: DirectoryLoader(base: samples.path))
            let models = Compiler.lower(try XCTUnwrap(result.program, name))
            return models.isEmpty ? nil : (name, models)
        }
    }

    private func json(_ model: ScreenModel, viewport: (Double, Double) = (390, 844), offset: Double = 0) -> String {
        let screen = Screen(model: model, viewportWidth: viewport.0, viewportHeight: viewport.1)
        return LayoutJSON.render(screen: screen, layout: screen.layout(), offset: offset)
    }

    func testRoundTripOfEverySample() throws {
        for (name, models) in try Self.sampleModels() {
            let loaded = try ScreenDecoder.decode(ScreenEncoder.encode(models))
            XCTAssertEqual(loaded.count, models.count, name)
            for (original, copy) in zip(models, loaded) {
                XCTAssertEqual(json(copy), json(original), name)
                XCTAssertEqual(copy.state, original.state, name)
                XCTAssertEqual(copy.steps.map(\.name), original.steps.map(\.name), name)
            }
        }
    }

    /// A screen of many looks compiled as `stackc compile` does (rows
    /// encoded as lowered, each style number taken from the recent styles
    /// when a row before had its look) lays out as its model does: text
    /// rows alternating between two styles, and more sizes than the recent
    /// styles hold, so that they are replaced again and again.
    func testAScreenOfManyLooksCompiledForEncodingLaysOutAsItsModel() throws {
        var rows: [String] = []
        for index in 0..<3_000 {
            switch index % 4 {
            case 0: rows.append("    Text t\(index) { text: \"row \(index)\"  font: 15  lines: 2 }")
            case 1: rows.append("    Text t\(index) { text: \"row \(index)\"  font: 20  lines: 1  hidden: !on }")
            case 2: rows.append("    View v\(index) { host: \"Cell\"  size: \(20 + index % 700) }")
            default: rows.append("    Spacer s\(index) { size: \(1 + index % 300)  background: #\(index % 2 == 0 ? "FF0000" : "00FF00") }")
            }
        }
        let text = "screen Looks {\n    state on = true\n\(rows.joined(separator: "\n"))\n}\n"
        let source = SourceFile(path: "looks.stack", text: text)
        let lowered = Compiler.lower(try XCTUnwrap(Compiler.check(source, loader: MemoryLoader([:])).program))
        let (_, encodable) = Compiler.compileForEncoding(source, loader: MemoryLoader([:]))
        let bytes = Array(ScreenEncoder.encodeParts(try XCTUnwrap(encodable)).joined())
        let loaded = try ScreenDecoder.decode(bytes)
        XCTAssertEqual(loaded.count, 1)
        XCTAssertEqual(json(try XCTUnwrap(loaded.first)), json(lowered[0]))
        XCTAssertEqual(json(try XCTUnwrap(loaded.first), offset: 40_000), json(lowered[0], offset: 40_000))
    }

    func testRoundTripOfEveryLayoutFixture() throws {
        let directory = LayoutFixtureTests.directory
        for name in try LayoutFixtureTests.fixtureNames() {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let (screen, options) = try Fixture.screen(name: name, source: text, directory: directory.path)
            let loaded = try ScreenDecoder.decode(ScreenEncoder.encode([screen.model]))[0]
            var copy = Screen(model: loaded, viewportWidth: options.viewport.0, viewportHeight: options.viewport.1)
            // All of the state, data's and the environment's slots too, and the direction.
            for (index, slot) in screen.model.state.enumerated() { try copy.setState(slot.name, to: screen.state[index]) }
            copy.direction = screen.direction
            XCTAssertEqual(
                LayoutJSON.render(screen: copy, layout: copy.layout(), offset: options.offset),
                LayoutJSON.render(screen: screen, layout: screen.layout(), offset: options.offset), name)
        }
    }

    func testCompilingIsDeterministic() throws {
        let first = try Self.sampleModels()
        let second = try Self.sampleModels()
        for ((name, a), (_, b)) in zip(first, second) {
            XCTAssertEqual(ScreenEncoder.encode(a), ScreenEncoder.encode(b), name)
        }
    }

    func testHeaderErrorsAreSpecific() throws {
        let bytes = ScreenEncoder.encode(try XCTUnwrap(Self.sampleModels().first).1)
        func error(_ mutate: (inout [UInt8]) -> Void) -> LoadError? {
            var copy = bytes
            mutate(&copy)
            do {
                _ = try ScreenDecoder.decode(copy)
                return nil
            } catch {
                return error
            }
        }
        XCTAssertEqual(error { $0[0] = 0x58 }?.message, "not a compiled screen: it does not start with 'STKC'")
        XCTAssertEqual(
            error { $0[4] = 9 }?.message,
            "this file is format version 9; this runtime reads version \(CompiledFormat.version) (compile it with a matching stackc, or update the runtime)")
        XCTAssertEqual(error { $0[6] = 1 }?.message, "unknown flags 0x1")
        XCTAssertTrue(error { $0.removeLast() }?.message.contains("the payload is said to be") == true)
        XCTAssertTrue(error { $0[$0.count / 2] ^= 0x40 }?.message.hasPrefix("checksum mismatch") == true)
        XCTAssertEqual(error { $0 = Array($0.prefix(10)) }?.message, "the file is 10 bytes; a compiled screen has a 16-byte header")
        XCTAssertEqual(error { $0 = [] }?.section, "header")
    }

    /// Every truncation and a seeded sample of single-byte changes (with the
    /// checksum recomputed, so the structure checks are reached too).
    func testDamagedFilesLoadOrFailCleanly() throws {
        var random = SplitMix64(seed: 0xC0DE_0004)
        var cleanErrors = 0
        var loaded = 0
        for (name, models) in try Self.sampleModels() {
            let bytes = ScreenEncoder.encode(models)
            for length in 0..<bytes.count {
                XCTAssertThrowsError(try ScreenDecoder.decode(Array(bytes.prefix(length))), "\(name) truncated to \(length)")
            }
            let last = models[models.count - 1].name
            for _ in 0..<TestScale.count(full: 4000, quick: 1200) {
                var copy = bytes
                let position = Int.random(in: CompiledFormat.headerSize..<copy.count, using: &random)
                copy[position] = UInt8.random(in: 0...255, using: &random)
                Self.fixChecksum(&copy)
                // One screen decoded alone fails cleanly too, or is the one
                // the whole file gives.
                let alone = Result { () throws(LoadError) in try ScreenDecoder.decode(copy, screen: last) }
                do {
                    let screens = try ScreenDecoder.decode(copy)
                    XCTAssertEqual(try alone.get(), screens.first { $0.name == last }, name)
                    // Whatever loads must lay out, evaluate and print.
                    for screen in screens { _ = json(screen) }
                    loaded += 1
                } catch {
                    XCTAssertFalse(error.description.isEmpty)
                    cleanErrors += 1
                }
            }
        }
        XCTAssertGreaterThan(cleanErrors, 1000)
        XCTAssertGreaterThan(loaded, 100)
    }

    /// Each screen of a file of many decoded alone is the one the whole
    /// file gives; the names are read without decoding; a name the file
    /// lacks gives nil, and a screen past a badly framed one an error.
    func testOneScreenDecodedAlone() throws {
        let models = try Self.sampleModels().flatMap(\.1)
        XCTAssertGreaterThan(models.count, 5, "the samples were not found")
        let bytes = ScreenEncoder.encode(models)
        let all = try ScreenDecoder.decode(bytes)
        XCTAssertEqual(try ScreenDecoder.screenNames(bytes), models.map(\.name))
        for name in Set(models.map(\.name)) {
            XCTAssertEqual(try ScreenDecoder.decode(bytes, screen: name), all.first { $0.name == name }, name)
        }
        XCTAssertEqual(try ScreenDecoder.decode(bytes, screen: nil), all[0])
        XCTAssertNil(try ScreenDecoder.decode(bytes, screen: "NoSuchScreen"))
        // The second screen's enums section said to run past the file:
        // sections walked by their ids and little-endian lengths.
        var damaged = bytes
        func length(at position: Int) -> Int {
            (1...4).reduce(0) { $0 | Int(damaged[position + $1]) << (8 * ($1 - 1)) }
        }
        var position = CompiledFormat.headerSize
        var screensSeen = 0
        while position < damaged.count {
            if damaged[position] == CompiledFormat.Section.screen.rawValue {
                screensSeen += 1
                if screensSeen == 2 { break }
            }
            position += 5 + length(at: position)
        }
        XCTAssertEqual(screensSeen, 2)
        let enumsAt = position + 5 + length(at: position)
        XCTAssertEqual(damaged[enumsAt], CompiledFormat.Section.enums.rawValue)
        damaged[enumsAt + 4] = 0x7F
        Self.fixChecksum(&damaged)
        XCTAssertEqual(try ScreenDecoder.decode(damaged, screen: models[0].name), all[0], "the first screen is before the damage")
        XCTAssertThrowsError(try ScreenDecoder.decode(damaged, screen: models[models.count - 1].name)) { error in
            XCTAssertTrue((error as! LoadError).message.contains("runs past the end of the file"), "\(error)")
        }
        XCTAssertThrowsError(try ScreenDecoder.screenNames(damaged))
        for length in [0, 10, CompiledFormat.headerSize, bytes.count / 2] {
            XCTAssertThrowsError(try ScreenDecoder.decode(Array(bytes.prefix(length)), screen: nil), "truncated to \(length)")
        }
    }

    func testHugeCountsAreRefusedBeforeAllocating() throws {
        // A header and a STRINGS section claiming 2^32 − 1 strings in 6 bytes.
        var payload: [UInt8] = [1, 5, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]
        var bytes = CompiledFormat.magic + [UInt8(CompiledFormat.version), 0, 0, 0]
        bytes += [UInt8(payload.count), 0, 0, 0]
        let crc = CRC32.checksum(payload)
        bytes += [UInt8(crc & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 24)]
        bytes += payload
        XCTAssertThrowsError(try ScreenDecoder.decode(bytes)) { error in
            let error = error as! LoadError
            XCTAssertEqual(error.section, "STRINGS")
            XCTAssertEqual(error.offset, 21)
            XCTAssertTrue(error.message.contains("count 4294967295 cannot fit"), error.message)
        }
        payload[0] = 7
        XCTAssertThrowsError(try ScreenDecoder.decode(CompiledFormat.magic + [1, 0, 0, 0])) { error in
            XCTAssertEqual((error as! LoadError).section, "header")
        }
    }

    func testCyclesAndSharedStacksAreRefused() throws {
        // A Stack row whose nested stack is its own parent.
        var stack = TestStackBuilder.model(rows: 2)
        stack.rows[1].kind = .stack
        stack.rows[1].content = .stack(0)
        var bytes = ScreenEncoder.encode([stack])
        XCTAssertThrowsError(try ScreenDecoder.decode(bytes)) { error in
            XCTAssertTrue((error as! LoadError).message.contains("stack 0 is used 2 times"), "\(error)")
        }
        Self.fixChecksum(&bytes)
    }

    func testCRC32KnownValue() {
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(CRC32.checksum([UInt8]()), 0)
        let long = (0..<1000).map { UInt8($0 & 0xFF) }
        var bitwise: UInt32 = 0xFFFF_FFFF
        for byte in long {
            bitwise ^= UInt32(byte)
            for _ in 0..<8 { bitwise = bitwise & 1 != 0 ? (bitwise >> 1) ^ 0xEDB8_8320 : bitwise >> 1 }
        }
        XCTAssertEqual(CRC32.checksum(long), bitwise ^ 0xFFFF_FFFF)
    }

    static func fixChecksum(_ bytes: inout [UInt8]) {
        guard bytes.count >= CompiledFormat.headerSize else { return }
        let crc = CRC32.checksum(Array(bytes[CompiledFormat.headerSize...]))
        for index in 0..<4 { bytes[12 + index] = UInt8(crc >> UInt32(8 * index) & 0xFF) }
    }
}

/// The repository's root, from this file's path.
enum CLIRoot {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// A minimal model: one stack of `rows` spacer rows.
enum TestStackBuilder {
    static func model(rows count: Int) -> ScreenModel {
        var table = ExpressionTable()
        let zero = table.addConstant(.number(0))
        let no = table.addConstant(.bool(false))
        let clear = table.addConstant(.color(0))
        let fit = table.addConstant(.fit)
        let edges = EdgeExprs(top: zero, right: zero, bottom: zero, left: zero)
        let rows = (0..<count).map { _ in
            RowModel(
                kind: .spacer, id: nil, component: nil, parent: 0, content: .spacer, size: fit, min: nil, max: nil, insets: edges,
                background: clear, highlight: clear, hidden: no, separator: nil, tap: [], transitions: [], pin: .none, snapHide: .none)
        }
        let stack = StackModel(axis: .vertical, padding: edges, spacing: zero, hideLastSeparator: no, background: clear, rows: Array(0..<count))
        return ScreenModel(name: "T", isFlow: false, enums: [], state: [], stacks: [stack], rows: rows, steps: [], expressions: table)
    }
}

final class CompiledTemplateTests: XCTestCase {
    func testInsertingFromALoadedScreenMatchesTheSource() throws {
        let result = Compiler.check(SourceFile(path: "t.stack", text: InsertionTests.source), loader: MemoryLoader([:]))
        let model = try XCTUnwrap(Compiler.lower(try XCTUnwrap(result.program)).first)
        let loaded = try XCTUnwrap(try ScreenDecoder.decode(ScreenEncoder.encode([model])).first)
        XCTAssertEqual(loaded.components.map(\.name), ["Card", "Tag"])
        XCTAssertEqual(loaded.parameters, model.parameters)
        var fromSource = LiveScreen(model: model, viewportWidth: 390, viewportHeight: 500)
        var fromFile = LiveScreen(model: loaded, viewportWidth: 390, viewportHeight: 500)
        let card = ComponentInstance("Card", arguments: ["title": .string("hello")], id: "card")
        let tag = ComponentInstance("Tag", arguments: ["label": .string("x"), "tall": .bool(true)])
        try fromSource.insert([card, tag], at: .after(id: "a"))
        try fromFile.insert([card, tag], at: .after(id: "a"))
        XCTAssertEqual(
            LayoutJSON.render(screen: fromFile.screen, layout: fromFile.layout(), offset: 0),
            LayoutJSON.render(screen: fromSource.screen, layout: fromSource.layout(), offset: 0))
    }
}

/// Rows of one look keep one copy of what they share (insets, separator,
/// colours, taps, transitions, the text style): in the lowered model, in a
/// loaded one, and a row changed alone gets its own copy.
final class SharedRowDetailsTests: XCTestCase {
    static let source = """
        component Tag(label: string): Text { text: label  font: 13  insets: 4 8 4 8 }
        screen S {
            defaults { separator { insets: 0 0 0 15 }  transition show { duration: 200ms } }
        \((0..<40).map { "    Text { text: \"row \($0)\"  insets: 12 16 12 16 }" }.joined(separator: "\n"))
        \((0..<10).map { "    Tag { label: \"tag \($0)\" }" }.joined(separator: "\n"))
            Text odd { text: "odd one"  insets: 1 2 3 4 }
        }
        """

    /// How many distinct storages `rows` use.
    private func storages(_ rows: [RowModel]) -> Int {
        var firsts: [RowModel] = []
        for row in rows where !firsts.contains(where: { $0.sharesDetails(with: row) }) { firsts.append(row) }
        return firsts.count
    }

    func testRowsOfOneLookShareTheirDetails() throws {
        let result = Compiler.check(SourceFile(path: "s.stack", text: Self.source), loader: MemoryLoader([:]))
        let model = try XCTUnwrap(Compiler.lower(try XCTUnwrap(result.program)).first)
        let loaded = try XCTUnwrap(try ScreenDecoder.decode(ScreenEncoder.encode([model])).first)
        for (name, candidate) in [("lowered", model), ("loaded", loaded)] {
            let rows = candidate.stacks[0].rows.map { candidate.rows[$0] }
            XCTAssertEqual(rows.count, 51, name)
            // The 40 texts, the 10 tags, the odd one.
            XCTAssertEqual(storages(rows), 3, name)
            XCTAssertEqual(Set(rows.map { candidate.expressions.constantValue(textOf($0)) }).count, 51, name)
            XCTAssertNotEqual(rows[0].insets, rows[50].insets, name)
        }
        // A row changed alone: the others keep what they had.
        var rows = model.stacks[0].rows.map { model.rows[$0] }
        let before = rows[1]
        rows[0].background = rows[0].insets.top
        XCTAssertFalse(rows[0].sharesDetails(with: rows[1]))
        XCTAssertEqual(rows[1], before)
        XCTAssertNotEqual(rows[0].background, rows[1].background)
        XCTAssertTrue(rows[1].sharesDetails(with: rows[2]))
    }

    /// Text rows alternating between two looks share two storages, as
    /// lowered (each kind keeps its last two looks); a third look in
    /// between makes a third, keeps the look of the row before it, and
    /// pushes out the other, which the row after takes a fourth storage
    /// for, the two then shared again to the end.
    func testRowsAlternatingBetweenTwoLooksShareTwoStorages() throws {
        let looks = ["font: 15  lines: 2", "font: 20  lines: 1", "font: 11  lines: 3"]
        let text = "screen S {\n" + (0..<60).map { index in
            "    Text { text: \"row \(index)\"  \(looks[index == 30 ? 2 : index % 2]) }"
        }.joined(separator: "\n") + "\n}\n"
        let result = Compiler.check(SourceFile(path: "s.stack", text: text), loader: MemoryLoader([:]))
        let model = try XCTUnwrap(Compiler.lower(try XCTUnwrap(result.program)).first)
        let rows = model.stacks[0].rows.map { model.rows[$0] }
        XCTAssertEqual(storages(Array(rows[0..<30])), 2)
        XCTAssertEqual(storages(rows), 4)
        XCTAssertTrue(rows[1].sharesDetails(with: rows[59]), "the look kept past the third")
        XCTAssertTrue(rows[32].sharesDetails(with: rows[58]))
        XCTAssertFalse(rows[0].sharesDetails(with: rows[32]), "the look pushed out")
    }

    private func textOf(_ row: RowModel) -> ExprRef {
        if case .text(let text, _, _, _, _, _) = row.content { return text }
        return ExprRef(start: 0, count: 0)
    }
}
