// Loading compiled screens, trusting nothing: the header, the checksum, every
// length, count, index and string is checked before use, and the model is
// validated as a whole (a tree of stacks, well-typed expression code) before
// it is returned. Any violation is a `LoadError` naming the section and the
// byte offset; nothing traps, hangs, or allocates more than the file can hold.

/// Decodes and validates compiled screens.
public enum ScreenDecoder {
    /// The screens of a compiled file.
    public static func decode(_ bytes: [UInt8]) throws(LoadError) -> [ScreenModel] {
        try withRaw(bytes) { raw throws(LoadError) in try decode(raw) }
    }

    /// The screen called `name` of a compiled file, or its first if `name`
    /// is nil, decoded and validated alone; nil if the file holds no screen
    /// of that name (`screenNames` lists those it holds). The file's header,
    /// checksum and strings are checked as `decode` checks them; of the
    /// other screens, only how their sections are framed (each section's
    /// kind and length) and their names: a host showing one screen of a
    /// file of thousands decodes that one.
    public static func decode(_ bytes: [UInt8], screen name: String?) throws(LoadError) -> ScreenModel? {
        try withRaw(bytes) { raw throws(LoadError) in
            var (sections, strings) = try open(raw)
            while let found = try sections.nextScreen(strings: strings) {
                guard name == nil || found.name == name else { continue }
                var reader = SectionReader(raw: raw, position: found.start)
                return try ScreenReader.read(&reader, strings: strings)
            }
            return nil
        }
    }

    /// The names of the screens and flows of a compiled file, in order,
    /// without decoding them (for stackc's messages).
    package static func screenNames(_ bytes: [UInt8]) throws(LoadError) -> [String] {
        try withRaw(bytes) { raw throws(LoadError) in
            var (sections, strings) = try open(raw)
            var names: [String] = []
            while let found = try sections.nextScreen(strings: strings) { names.append(found.name) }
            return names
        }
    }

    /// `body` of the file's bytes, its error thrown as it is.
    private static func withRaw<T>(_ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(LoadError) -> T) throws(LoadError) -> T {
        var result: Result<T, LoadError>?
        bytes.withUnsafeBytes { raw in
            do throws(LoadError) {
                result = .success(try body(raw))
            } catch {
                result = .failure(error)
            }
        }
        return try result!.get()
    }

    static func decode(_ raw: UnsafeRawBufferPointer) throws(LoadError) -> [ScreenModel] {
        var (sections, table) = try open(raw)
        var screens: [ScreenModel] = []
        while !sections.atEnd {
            screens.append(try ScreenReader.read(&sections, strings: table))
        }
        guard !screens.isEmpty else {
            throw LoadError(section: "payload", offset: sections.position, message: "the file holds no screen")
        }
        return screens
    }

    /// The file's header and checksum checked and its strings read: a
    /// reader at its first screen, and the strings.
    static func open(_ raw: UnsafeRawBufferPointer) throws(LoadError) -> (SectionReader, [String]) {
        var header = ByteReader(bytes: raw, base: 0, start: 0, end: raw.count, section: "header")
        guard raw.count >= CompiledFormat.headerSize else {
            throw LoadError(section: "header", offset: 0, message: "the file is \(raw.count) bytes; a compiled screen has a 16-byte header")
        }
        guard Array(raw[0..<4]) == CompiledFormat.magic else {
            throw LoadError(section: "header", offset: 0, message: "not a compiled screen: it does not start with 'STKC'")
        }
        header.position = 4
        let version = try header.u16()
        guard version == CompiledFormat.version else {
            throw LoadError(
                section: "header", offset: 4,
                message: "this file is format version \(version); this runtime reads version \(CompiledFormat.version)"
                    + (version > CompiledFormat.version
                        ? " (compile it with a matching stackc, or update the runtime)"
                        : " (it was compiled by an older stackc: compile its source again)"))
        }
        let flags = try header.u16()
        guard flags == 0 else { throw LoadError(section: "header", offset: 6, message: "unknown flags 0x\(String(flags, radix: 16))") }
        let length = Int(try header.u32())
        guard length == raw.count - CompiledFormat.headerSize else {
            throw LoadError(
                section: "header", offset: 8,
                message: "the payload is said to be \(length) bytes, but \(raw.count - CompiledFormat.headerSize) follow the header")
        }
        let stored = try header.u32()
        let payload = UnsafeRawBufferPointer(rebasing: raw[CompiledFormat.headerSize...])
        let computed = CRC32.checksum(payload)
        guard stored == computed else {
            throw LoadError(
                section: "header", offset: 12,
                message: "checksum mismatch: the file says 0x\(String(stored, radix: 16)), the payload gives 0x\(String(computed, radix: 16)); the file is damaged")
        }
        var sections = SectionReader(raw: raw, position: CompiledFormat.headerSize)
        var strings = try sections.expect(.strings)
        let table = try readStrings(&strings)
        guard !sections.atEnd else {
            throw LoadError(section: "payload", offset: sections.position, message: "the file holds no screen")
        }
        return (sections, table)
    }

    static func readStrings(_ r: inout ByteReader) throws(LoadError) -> [String] {
        let count = try r.count(minimumSize: 1, "string")
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count {
            let start = r.offset
            let length = try r.varint()
            let bytes = try r.bytesSlice(length)
            guard let string = validUTF8(bytes) else {
                throw LoadError(section: r.section, offset: start, message: "string \(strings.count) is not valid UTF-8")
            }
            strings.append(string)
        }
        try r.finish()
        return strings
    }

    static func validUTF8(_ bytes: UnsafeRawBufferPointer) -> String? {
        var ascii = true
        for byte in bytes where byte >= 0x80 {
            ascii = false
            break
        }
        if ascii { return String(decoding: bytes, as: UTF8.self) }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .emptyInput: return String(scalars)
            case .error: return nil
            }
        }
    }
}

/// Walks the payload section by section.
struct SectionReader {
    let raw: UnsafeRawBufferPointer
    var position: Int

    var atEnd: Bool { position >= raw.count }

    /// The next section, which must be `id`; a reader over its body.
    mutating func expect(_ id: CompiledFormat.Section) throws(LoadError) -> ByteReader {
        var header = ByteReader(bytes: raw, base: 0, start: position, end: raw.count, section: id.name)
        let start = position
        let found = try header.u8()
        guard found == id.rawValue else {
            let name = CompiledFormat.Section(rawValue: found)?.name ?? "unknown section \(found)"
            throw LoadError(section: id.name, offset: start, message: "expected the \(id.name) section here, found \(name)")
        }
        let length = Int(try header.u32())
        guard length <= header.remaining else {
            throw LoadError(section: id.name, offset: start + 1, message: "the section's length \(length) runs past the end of the file")
        }
        position = header.position + length
        return ByteReader(bytes: raw, base: 0, start: header.position, end: header.position + length, section: id.name)
    }

    /// The name of the screen at the reader and where it starts, the
    /// reader moved past its sections to the next screen's (each section
    /// framed — a kind a screen holds, a length inside the file — but not
    /// read); nil at the end of the file.
    mutating func nextScreen(strings: [String]) throws(LoadError) -> (name: String, start: Int)? {
        guard !atEnd else { return nil }
        let start = position
        var screen = try expect(.screen)
        let name = strings[try screen.index(below: strings.count, "string index for the screen's name")]
        while !atEnd {
            var header = ByteReader(bytes: raw, base: 0, start: position, end: raw.count, section: "payload")
            let id = try header.u8()
            guard let section = CompiledFormat.Section(rawValue: id), section != .strings else {
                throw LoadError(section: "payload", offset: position, message: "unknown section \(id)")
            }
            if section == .screen { break }
            let length = Int(try header.u32())
            guard length <= header.remaining else {
                throw LoadError(section: section.name, offset: position + 1, message: "the section's length \(length) runs past the end of the file")
            }
            position = header.position + length
        }
        return (name, start)
    }
}

extension ByteReader {
    /// Every byte of a section must be read: trailing bytes mean corruption.
    func finish() throws(LoadError) {
        guard position == end else { throw fail("\(end - position) unexpected bytes at the end of the section") }
    }
}
