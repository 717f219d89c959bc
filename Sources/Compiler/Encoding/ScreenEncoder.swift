// Writing compiled screens. Deterministic: tables fill in the order the model
// is walked, never in a dictionary's order, so the same model always gives
// the same bytes. Repeated expressions, insets, separators, action lists and
// transition lists are stored once and referred to by index.

import StackRuntime

/// Encodes screens into the compiled format (docs/format.md). It lives
/// with the compiler: apps only ever read compiled screens.
public enum ScreenEncoder {
    /// The compiled file of `screens`: header, then payload.
    public static func encode(_ screens: [ScreenModel]) -> [UInt8] {
        var parts = encodeParts(screens)
        // One buffer, the parts appended as each is let go: a payload
        // written apart and then copied behind a header made three copies
        // of the file live at once.
        var out = parts[0]
        out.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for index in parts.indices.dropFirst() {
            out.append(contentsOf: parts[index])
            parts[index] = []
        }
        return out
    }

    /// The compiled file of `screens` in parts, to be written one after
    /// the other: the header and the strings section, then each screen's
    /// sections. Writing them so, the file never exists whole in memory
    /// beside its parts.
    public static func encodeParts(_ screens: [ScreenModel]) -> [[UInt8]] { encodeParts(screens, firstScreenRows: nil) }

    /// `encodeParts` of screens the first of which may have had its rows
    /// encoded as they were lowered (`Compiler.compileForEncoding`).
    static func encodeParts(_ screens: [ScreenModel], firstScreenRows: RowStream?) -> [[UInt8]] {
        var strings = StringTable()
        var bodies: [[UInt8]] = []
        bodies.reserveCapacity(screens.count)
        for index in screens.indices {
            let screen = screens[index]
            var encoder: Single
            if index == 0, let rows = firstScreenRows, rows.written.count > 0 {
                // The first screen: its strings start with its rows', as
                // they would were they written here.
                encoder = Single(screen: screen, continuing: rows)
            } else {
                // Rows that share code (a bound `for`'s) are written as rows
                // of their own. The strings are handed over, not shared: a
                // table still held here was copied whole by the screen's
                // first new string (20,000 screens: 0.6 s of copying).
                encoder = Single(screen: screen.unsharingRows(), strings: consume strings)
            }
            if index == 0 { encoder.longStrings = firstScreenRows?.longStrings }
            bodies.append(encoder.encode())
            // The encoder ends with this pass of the loop: the table is
            // unshared again before the next screen takes it.
            strings = encoder.strings
        }
        var head = ByteWriter()
        let stringBytes = strings.bytes.count + 5 * strings.count
        head.bytes.reserveCapacity(headerSize + 5 + 5 + stringBytes)
        writeHeader(payloadLength: 0, checksum: 0, into: &head)
        section(.strings, into: &head) { w in
            w.varint(strings.count)
            for number in 0..<strings.count {
                let string = strings.bytes(of: number)
                w.varint(string.count)
                w.bytes.append(contentsOf: string)
            }
        }
        var payloadLength = head.bytes.count - headerSize
        var checksum = head.bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[headerSize...])) }
        for body in bodies {
            payloadLength += body.count
            checksum = CRC32.checksum(body, continuing: checksum)
        }
        var header = ByteWriter()
        writeHeader(payloadLength: payloadLength, checksum: checksum, into: &header)
        head.bytes.replaceSubrange(0..<headerSize, with: header.bytes)
        return [head.bytes] + bodies
    }

    /// Magic, version, flags, payload length and checksum.
    private static func writeHeader(payloadLength: Int, checksum: UInt32, into out: inout ByteWriter) {
        out.bytes.append(contentsOf: CompiledFormat.magic)
        out.u16(CompiledFormat.version)
        out.u16(0)
        out.u32(UInt32(payloadLength))
        out.u32(checksum)
    }

    /// The length of a compiled file's header (magic, version, flags,
    /// payload length, checksum).
    public static var headerSize: Int { CompiledFormat.headerSize }

    /// A compiled file around `payload`: the header with its length and
    /// checksum, then the payload. The fuzzer uses it to reach the loader's
    /// structure checks with random payloads.
    public static func file(payload: [UInt8]) -> [UInt8] {
        var out = ByteWriter()
        out.bytes.reserveCapacity(headerSize + payload.count)
        writeHeader(payloadLength: payload.count, checksum: CRC32.checksum(payload), into: &out)
        out.bytes.append(contentsOf: payload)
        return out.bytes
    }

    static func section(_ id: CompiledFormat.Section, into writer: inout ByteWriter, _ body: (inout ByteWriter) -> Void) {
        writer.u8(id.rawValue)
        let lengthAt = writer.bytes.count
        writer.u32(0)
        let start = writer.bytes.count
        body(&writer)
        writer.patchU32(UInt32(writer.bytes.count - start), at: lengthAt)
    }

    /// Values numbered in order of first use (found through a HashIndex:
    /// a dictionary keyed by them held a second copy of each, 100,000 texts
    /// at 100,000 rows).
    struct Interner<Value: Hashable> {
        private(set) var items: [Value] = []
        private var index = HashIndex()

        /// Each value changed by `change`, keeping its number; equal values
        /// must stay apart (a renumbering of state slots, which never merges two).
        mutating func update(_ change: (Value) -> Value) {
            let changed = items.map(change)
            self = Interner()
            for value in changed { _ = number(value) }
        }

        mutating func number(_ value: Value) -> Int {
            let hash = value.hashValue
            if let number = index.find(hash: hash, { items[$0] == value }) { return number }
            items.appendGrowingModestly(value)
            index.insert(items.count - 1, hash: hash) { items[$0].hashValue }
            return items.count - 1
        }

        /// The values numbered last under each hint, `recentWays` a hint,
        /// newest first (-1: none).
        private var recent: [Int] = []
        private static var recentWays: Int { 4 }

        /// `number(value)`, comparing first with the values numbered last
        /// under `hint`: rows of a kind mostly repeat a few styles, and
        /// comparing two styles costs a fraction of hashing one.
        mutating func number(_ value: Value, hint: Int) -> Int {
            let ways = Self.recentWays
            let first = ways * hint
            if first + ways > recent.count { recent += repeatElement(-1, count: first + ways - recent.count) }
            var found = -1
            var way = first
            while way < first + ways, recent[way] >= 0 {
                if items[recent[way]] == value {
                    found = recent[way]
                    break
                }
                way += 1
            }
            if found < 0 {
                found = number(value)
                way = min(way, first + ways - 1)
            }
            // To the front of its hint's ways.
            while way > first {
                recent[way] = recent[way - 1]
                way -= 1
            }
            recent[first] = found
            return found
        }
    }

    /// One screen's sections.
    struct Single {
        let screen: ScreenModel
        var strings: StringTable
        /// Non-constant expressions, numbered in walk order; their code is
        /// copied into a fresh, compact code array.
        var expressions = Interner<ExprRef>()
        var edges = Interner<EdgeExprs>()
        var separators = Interner<SeparatorModel>()
        var actionLists = Interner<[ActionModel]>()
        var transitionLists = Interner<[TransitionModel]>()
        var styles = Interner<RowStyle>()

        /// Rows written before, when the screen's rows were encoded as
        /// they were lowered (the model then holds none).
        private var encodedRows: (count: Int, bytes: [UInt8])?
        /// The long string constants the model holds an empty string in
        /// place of, when its rows were encoded as they were lowered.
        var longStrings: ConstantStrings?

        init(screen: ScreenModel, strings: consuming StringTable) {
            self.screen = screen
            self.strings = strings
        }

        /// The first screen, whose rows `rows` took as they were lowered:
        /// its tables go on from theirs.
        init(screen: ScreenModel, continuing rows: RowStream) {
            self.screen = screen
            strings = rows.written.strings
            expressions = rows.written.expressions
            styles = rows.written.styles
            encodedRows = (rows.written.count, rows.written.bytes.bytes)
        }

        mutating func encode() -> [UInt8] {
            // The sections that refer to tables are encoded first, into their
            // own buffers, so every table is complete when it is written.
            var rowsBody = ByteWriter()
            writeRows(into: &rowsBody)
            var stacksBody = ByteWriter()
            writeStacks(into: &stacksBody)
            var stepsBody = ByteWriter()
            writeSteps(into: &stepsBody)
            var templatesBody = ByteWriter()
            writeTemplates(into: &templatesBody)
            var dataBody = ByteWriter()
            writeData(into: &dataBody)
            var parametersBody = ByteWriter()
            writeParameters(into: &parametersBody)
            var stylesBody = ByteWriter()
            writeStyles(into: &stylesBody)
            var actionsBody = ByteWriter()
            writeActionLists(into: &actionsBody)
            var transitionsBody = ByteWriter()
            writeTransitionLists(into: &transitionsBody)
            var separatorsBody = ByteWriter()
            writeSeparators(into: &separatorsBody)
            var edgesBody = ByteWriter()
            writeEdges(into: &edgesBody)
            var stateBody = ByteWriter()
            writeState(into: &stateBody)

            // Compact code: only the non-constant expressions', in table order.
            var code: [Instruction] = []
            var ranges: [(Int, Int)] = []
            for ref in expressions.items {
                ranges.append((code.count, Int(ref.count)))
                code.append(contentsOf: screen.expressions.code.elements(in: Int(ref.start)..<Int(ref.start + ref.count)))
            }

            // Strings are numbered by first use: the screen's name and its
            // enums come before the constants, as the sections do.
            _ = strings.number(screen.name)
            for model in screen.enums {
                _ = strings.number(model.name)
                for name in model.cases { _ = strings.number(name) }
            }
            var constantsBody = ByteWriter()
            constantsBody.varint(screen.expressions.constants.count)
            var nextLong = 0
            for (slot, value) in screen.expressions.constants.enumerated() {
                if let longStrings, nextLong < longStrings.count, longStrings.slot(ofEntry: nextLong) == slot {
                    // The string it stands for.
                    Self.writeString(longStrings.utf8(ofEntry: nextLong).withUnsafeBufferPointer { strings.number(utf8: $0) }, into: &constantsBody)
                    nextLong += 1
                } else {
                    writeValue(value, into: &constantsBody)
                }
            }
            var codeBody = ByteWriter()
            codeBody.varint(code.count)
            for instruction in code { writeInstruction(instruction, into: &codeBody) }
            code = []

            // Room for all sections at once, and no more: grown by doubling,
            // the screen's bytes had up to twice their room; given 4 KB to
            // spare, a file of 20,000 small screens held 80 MB of room while
            // its screens were written. The screen's own section and its
            // enums are counted at their largest (a varint is at most five
            // bytes).
            let bodies = [
                rowsBody, stacksBody, stepsBody, templatesBody, dataBody, parametersBody, stylesBody, actionsBody, transitionsBody,
                separatorsBody, edgesBody, stateBody, constantsBody, codeBody,
            ]
            let settingsBytes = 5 + 5 + 2 + 4 + 8 * 3 + 8
            let enumBytes = screen.enums.reduce(5 + 5) { $0 + 10 + 5 * $1.cases.count }
            let expressionBytes = 5 + 5 + ranges.count * 10
            let room = bodies.reduce(settingsBytes + enumBytes + expressionBytes) { $0 + $1.bytes.count + 5 }
            var w = ByteWriter()
            w.bytes.reserveCapacity(room)
            ScreenEncoder.section(.screen, into: &w) { w in
                w.varint(strings.number(screen.name))
                w.u8(screen.isFlow ? 1 : 0)
                if let flow = screen.flow {
                    // Flow settings: flags (tint, gradient, tap, swipe), then the present values.
                    var flags: UInt8 = 0
                    if flow.tint != nil { flags |= 1 }
                    if flow.gradient != nil { flags |= 2 }
                    if flow.tapToPop { flags |= 4 }
                    if flow.swipeToPop { flags |= 8 }
                    w.u8(flags)
                    if let tint = flow.tint {
                        w.u32(tint.color)
                        w.f64(tint.alpha)
                        w.f64(tint.step)
                    }
                    if let gradient = flow.gradient { w.f64(gradient) }
                }
            }
            ScreenEncoder.section(.enums, into: &w) { w in
                w.varint(screen.enums.count)
                for model in screen.enums {
                    w.varint(strings.number(model.name))
                    w.varint(model.cases.count)
                    for name in model.cases { w.varint(strings.number(name)) }
                }
            }
            ScreenEncoder.section(.state, into: &w) { $0.bytes.append(contentsOf: stateBody.bytes) }
            ScreenEncoder.section(.parameters, into: &w) { $0.bytes.append(contentsOf: parametersBody.bytes) }
            ScreenEncoder.section(.constants, into: &w) { $0.bytes.append(contentsOf: constantsBody.bytes) }
            ScreenEncoder.section(.code, into: &w) { $0.bytes.append(contentsOf: codeBody.bytes) }
            ScreenEncoder.section(.expressions, into: &w) { w in
                w.varint(ranges.count)
                for (start, count) in ranges {
                    w.varint(start)
                    w.varint(count)
                }
            }
            ScreenEncoder.section(.edges, into: &w) { $0.bytes.append(contentsOf: edgesBody.bytes) }
            ScreenEncoder.section(.separators, into: &w) { $0.bytes.append(contentsOf: separatorsBody.bytes) }
            ScreenEncoder.section(.actions, into: &w) { $0.bytes.append(contentsOf: actionsBody.bytes) }
            ScreenEncoder.section(.transitions, into: &w) { $0.bytes.append(contentsOf: transitionsBody.bytes) }
            ScreenEncoder.section(.styles, into: &w) { $0.bytes.append(contentsOf: stylesBody.bytes) }
            ScreenEncoder.section(.stacks, into: &w) { $0.bytes.append(contentsOf: stacksBody.bytes) }
            ScreenEncoder.section(.rows, into: &w) { $0.bytes.append(contentsOf: rowsBody.bytes) }
            ScreenEncoder.section(.steps, into: &w) { $0.bytes.append(contentsOf: stepsBody.bytes) }
            ScreenEncoder.section(.templates, into: &w) { $0.bytes.append(contentsOf: templatesBody.bytes) }
            ScreenEncoder.section(.data, into: &w) { $0.bytes.append(contentsOf: dataBody.bytes) }
            // The tests' debug builds check the count against every screen they compile.
            assert(w.bytes.count <= room, "a screen's bytes outgrew the room counted for them")
            return w.bytes
        }

        /// An expression reference: a constant's index × 2, or a code
        /// expression's index × 2 + 1.
        mutating func expr(_ ref: ExprRef, into w: inout ByteWriter) {
            ScreenEncoder.expr(ref, code: screen.expressions.code, expressions: &expressions, into: &w)
        }

        mutating func writeState(into w: inout ByteWriter) {
            w.varint(screen.state.count)
            for slot in screen.state {
                w.varint(strings.number(slot.name))
                writeType(slot.type, into: &w)
                writeValue(slot.initial, into: &w)
            }
        }

        func writeType(_ type: RuntimeType, into w: inout ByteWriter) {
            switch type {
            case .bool: w.u8(0)
            case .number: w.u8(1)
            case .string: w.u8(2)
            case .color: w.u8(3)
            case .duration: w.u8(4)
            case .enumeration(let index):
                w.u8(5)
                w.varint(index)
            }
        }

        mutating func writeParameters(into w: inout ByteWriter) {
            w.varint(screen.parameters.count)
            for parameter in screen.parameters {
                w.varint(strings.number(parameter.name))
                writeType(parameter.type, into: &w)
                writeDefault(parameter.defaultValue, into: &w)
            }
        }

        /// `u8` 1 and the value, or 0 for none (a parameter's or field's default).
        mutating func writeDefault(_ value: RuntimeValue?, into w: inout ByteWriter) {
            if let value {
                w.u8(1)
                writeValue(value, into: &w)
            } else {
                w.u8(0)
            }
        }

        mutating func writeTemplates(into w: inout ByteWriter) {
            w.varint(screen.components.count)
            for template in screen.components { writeTemplate(template, into: &w) }
        }

        mutating func writeTemplate(_ template: ComponentTemplate, into w: inout ByteWriter) {
            w.varint(strings.number(template.name))
            w.varint(template.parameters.count)
            for index in template.parameters { w.varint(index) }
            w.varint(template.states.count)
            for slot in template.states { w.varint(slot) }
            writeStacks(template.stacks, into: &w)
            writeRows(template.rows, parentOffset: 1, into: &w)
        }

        /// Data (records, slots) and `for`s (placement, template, parameters).
        mutating func writeData(into w: inout ByteWriter) {
            w.varint(screen.data.count)
            for data in screen.data {
                w.varint(strings.number(data.name))
                w.bool(data.isList)
                writeRecord(data.record, into: &w)
                w.varint(data.slots.count)
                for slot in data.slots { w.varint(slot) }
            }
            w.varint(screen.repeaters.count)
            for repeater in screen.repeaters {
                w.varint(repeater.data)
                w.varint(repeater.parent + 1)
                w.varint(repeater.listField + 1)
                w.varint(repeater.stack + 1)
                w.varint(repeater.after + 1)
                w.varint(repeater.keyField + 1)
                w.varint(repeater.indexParameter + 1)
                w.varint(repeater.fieldParameters.count)
                for parameter in repeater.fieldParameters { w.varint(parameter + 1) }
                writeTemplate(repeater.template, into: &w)
            }
        }

        /// A record: its name and fields (name, type, default, and for a
        /// list field 1 and its element record, else 0).
        mutating func writeRecord(_ record: RecordModel, into w: inout ByteWriter) {
            w.varint(strings.number(record.name))
            w.varint(record.fields.count)
            for field in record.fields {
                w.varint(strings.number(field.name))
                writeType(field.type, into: &w)
                writeDefault(field.defaultValue, into: &w)
                w.bool(field.elementRecord != nil)
                if let element = field.elementRecord { writeRecord(element, into: &w) }
            }
        }

        /// A string value, by its number among the file's strings.
        static func writeString(_ number: Int, into w: inout ByteWriter) {
            w.u8(3)
            w.varint(number)
        }

        mutating func writeValue(_ value: RuntimeValue, into w: inout ByteWriter) {
            switch value {
            case .bool(let b):
                w.u8(0)
                w.bool(b)
            case .number(let x):
                w.u8(1)
                w.f64(x)
            case .percent(let x):
                w.u8(2)
                w.f64(x)
            case .string(let s):
                Self.writeString(strings.number(s), into: &w)
            case .color(let c):
                w.u8(4)
                w.u32(c)
            case .duration(let x):
                w.u8(5)
                w.f64(x)
            case .fit:
                w.u8(6)
            case .fill(let x):
                w.u8(7)
                w.f64(x)
            case .enumCase(let e, let c):
                w.u8(8)
                w.varint(e)
                w.varint(c)
            }
        }

        func writeInstruction(_ instruction: Instruction, into w: inout ByteWriter) {
            switch instruction {
            case .constant(let index):
                w.u8(0)
                w.varint(Int(index))
            case .state(let index):
                w.u8(1)
                w.varint(Int(index))
            case .viewportWidth: w.u8(2)
            case .viewportHeight: w.u8(3)
            case .not: w.u8(4)
            case .negate: w.u8(5)
            case .binary(let op):
                w.u8(6)
                w.u8(op.rawValue)
            case .select: w.u8(7)
            case .min: w.u8(8)
            case .max: w.u8(9)
            case .clamp: w.u8(10)
            case .parameter(let index):
                w.u8(11)
                w.varint(Int(index))
            case .text: w.u8(12)
            case .fixed: w.u8(13)
            case .caseName(let first):
                w.u8(14)
                w.varint(Int(first))
            }
        }

        mutating func writeEdges(into w: inout ByteWriter) {
            w.varint(edges.items.count)
            for e in edges.items {
                for ref in [e.top, e.right, e.bottom, e.left] { expr(ref, into: &w) }
            }
        }

        mutating func writeSeparators(into w: inout ByteWriter) {
            w.varint(separators.items.count)
            for separator in separators.items {
                expr(separator.color, into: &w)
                expr(separator.thickness, into: &w)
                w.varint(edges.number(separator.insets))
            }
        }

        mutating func writeActionLists(into w: inout ByteWriter) {
            w.varint(actionLists.items.count)
            for list in actionLists.items {
                w.varint(list.count)
                for action in list {
                    switch action {
                    case .toggle(let state):
                        w.u8(0)
                        w.varint(state)
                    case .set(let state, let value):
                        w.u8(1)
                        w.varint(state)
                        expr(value, into: &w)
                    case .emit(let event):
                        w.u8(2)
                        w.varint(strings.number(event))
                    case .scrollTo(let row, let position):
                        w.u8(3)
                        w.varint(strings.number(row))
                        w.u8(UInt8(ScrollPosition.allCases.firstIndex(of: position) ?? 3))
                    case .push(let step):
                        w.u8(4)
                        w.varint(strings.number(step))
                    case .pop(let count):
                        w.u8(5)
                        w.varint(count)
                    case .insert(let component, let arguments, let id, let place):
                        w.u8(6)
                        w.varint(strings.number(component))
                        if let id {
                            w.u8(1)
                            w.varint(strings.number(id))
                        } else {
                            w.u8(0)
                        }
                        writePlace(place, into: &w)
                        w.varint(arguments.count)
                        for argument in arguments {
                            w.varint(strings.number(argument.name))
                            expr(argument.value, into: &w)
                        }
                    case .remove(let row):
                        w.u8(7)
                        w.varint(strings.number(row))
                    case .move(let row, let place):
                        w.u8(8)
                        w.varint(strings.number(row))
                        writePlace(place, into: &w)
                    }
                }
            }
        }

        mutating func writePlace(_ place: RowPlaceModel, into w: inout ByteWriter) {
            switch place {
            case .top: w.u8(0)
            case .bottom: w.u8(1)
            case .after(let row):
                w.u8(2)
                w.varint(strings.number(row))
            case .before(let row):
                w.u8(3)
                w.varint(strings.number(row))
            }
        }

        mutating func writeKeyframe(_ keyframe: KeyframeModel?, into w: inout ByteWriter) {
            guard let keyframe else {
                w.u8(0)
                return
            }
            var flags: UInt8 = 1
            if keyframe.alpha != nil { flags |= 2 }
            if keyframe.offsetX != nil, keyframe.offsetY != nil { flags |= 4 }
            if keyframe.scale != nil { flags |= 8 }
            w.u8(flags)
            if let alpha = keyframe.alpha { expr(alpha, into: &w) }
            if let x = keyframe.offsetX, let y = keyframe.offsetY {
                expr(x, into: &w)
                expr(y, into: &w)
            }
            if let scale = keyframe.scale { expr(scale, into: &w) }
        }

        mutating func writeTransitionLists(into w: inout ByteWriter) {
            w.varint(transitionLists.items.count)
            for list in transitionLists.items {
                w.varint(list.count)
                for transition in list {
                    // The kind, with bit 7 set on a move that keeps its own timing.
                    let kind = UInt8(TransitionKind.allCases.firstIndex(of: transition.kind) ?? 0)
                    w.u8(transition.follows ? kind : kind | 0x80)
                    expr(transition.duration, into: &w)
                    expr(transition.delay, into: &w)
                    switch transition.curve {
                    case .linear: w.u8(0)
                    case .easeIn: w.u8(1)
                    case .easeOut: w.u8(2)
                    case .easeInOut: w.u8(3)
                    case .spring(let damping, let velocity):
                        w.u8(4)
                        w.f64(damping)
                        w.f64(velocity)
                    }
                    writeKeyframe(transition.from, into: &w)
                    writeKeyframe(transition.to, into: &w)
                }
            }
        }

        mutating func writeStyles(into w: inout ByteWriter) {
            w.varint(styles.items.count)
            for style in styles.items {
                w.u8(style.kind.rawValue)
                var flags: UInt8 = 0
                if style.min != nil { flags |= 1 }
                if style.max != nil { flags |= 2 }
                if style.separator != nil { flags |= 4 }
                if style.hasAspect { flags |= 8 }
                w.u8(flags)
                w.u8(style.pin.rawValue | style.snapHide.rawValue << 2)
                switch style.kind {
                case .text:
                    for ref in style.contentExprs { expr(ref, into: &w) }
                    w.varint(strings.number(style.weight))
                    w.varint(strings.number(style.align))
                case .image:
                    for ref in style.contentExprs { expr(ref, into: &w) }
                case .view:
                    w.varint(style.props.count)
                    for prop in style.props {
                        w.varint(strings.number(prop.name))
                        expr(prop.value, into: &w)
                    }
                case .spacer, .stack:
                    break
                }
                expr(style.size, into: &w)
                if let min = style.min { expr(min, into: &w) }
                if let max = style.max { expr(max, into: &w) }
                w.varint(edges.number(style.insets))
                expr(style.background, into: &w)
                expr(style.highlight, into: &w)
                expr(style.hidden, into: &w)
                if let separator = style.separator { w.varint(separators.number(separator)) }
                w.varint(actionLists.number(style.tap))
                w.varint(transitionLists.number(style.transitions))
            }
        }

        mutating func writeStacks(into w: inout ByteWriter) { writeStacks(screen.stacks, into: &w) }

        mutating func writeStacks(_ stacks: some Collection<StackModel>, into w: inout ByteWriter) {
            w.varint(stacks.count)
            for stack in stacks {
                w.u8(stack.axis.rawValue)
                w.varint(edges.number(stack.padding))
                expr(stack.spacing, into: &w)
                expr(stack.hideLastSeparator, into: &w)
                expr(stack.background, into: &w)
                // Row indices mostly ascend by one: store each as its zigzag
                // distance from the one after the previous row.
                w.varint(stack.rows.count)
                var previous = -1
                for row in stack.rows {
                    let delta = row - (previous + 1)
                    w.varint(delta >= 0 ? delta << 1 : (-delta << 1) - 1)
                    previous = row
                }
            }
        }

        mutating func writeRows(into w: inout ByteWriter) {
            if let encodedRows {
                w.varint(encodedRows.count)
                w.bytes.append(contentsOf: encodedRows.bytes)
                self.encodedRows = nil
            } else {
                writeRows(screen.rows, parentOffset: 0, into: &w)
            }
        }

        /// Rows; a template's parents are written one up (0: where the instance goes).
        mutating func writeRows(_ rows: some Collection<RowModel>, parentOffset: Int, into w: inout ByteWriter) {
            w.varint(rows.count)
            var recentStyles = RecentStyles()
            for row in rows {
                ScreenEncoder.writeRow(
                    row, parentOffset: parentOffset, code: screen.expressions.code, strings: &strings, expressions: &expressions,
                    styles: &styles, recentStyles: &recentStyles, into: &w)
            }
        }

        mutating func writeSteps(into w: inout ByteWriter) {
            w.varint(screen.steps.count)
            for step in screen.steps {
                w.varint(strings.number(step.name))
                expr(step.title, into: &w)
                w.varint(step.stack)
            }
        }
    }
}

extension ScreenEncoder {
    /// An expression reference: a constant's index × 2, or a code
    /// expression's index × 2 + 1 (numbered in `expressions`).
    static func expr(_ ref: ExprRef, code: CodeTable, expressions: inout Interner<ExprRef>, into w: inout ByteWriter) {
        if ref.count == 1, case .constant(let index) = code[Int(ref.start)] {
            w.varint(Int(index) << 1)
        } else {
            w.varint(expressions.number(ref) << 1 | 1)
        }
    }

    /// Style numbers of rows written lately, and what each row's style was
    /// made of: a row holding the same details (rows of one look share
    /// them) with the same kind, size, hidden, pin and snap-hide has the
    /// same style, numbered without making it (making, hashing and
    /// comparing a style cost 3,000 instructions a row). Direct-mapped by
    /// those, up to 512 entries, growing with use: one entry a kind missed
    /// on most rows of a list whose sizes vary (57,662 misses in the
    /// 100,000 rows of the benchmark screen; 5,201 so). Each entry holds
    /// its row's details, so that no other details can take their place
    /// in memory.
    struct RecentStyles {
        private struct Entry {
            var details: SharedDetails
            var kind: RowKindCode
            var size: ExprRef
            var hidden: ExprRef
            var pin: PinMode
            var snapHide: PinMode
            var number: Int
        }

        private var recent = RecentEntries<Entry>()

        /// `row`'s style number, from `styles` when no row before it tells.
        mutating func number(of row: RowModel, in styles: inout Interner<RowStyle>) -> Int {
            let details = row.sharedDetails
            var mixed = UInt64(UInt(bitPattern: details.identity)) &* 0x9E37_79B9_7F4A_7C15
            mixed ^= UInt64(row.size.start) << 32 | UInt64(row.hidden.start)
            mixed = (mixed ^ UInt64(row.kind.rawValue)) &* 0x9E37_79B9_7F4A_7C15
            if let slot = recent.slot(for: mixed), let entry = recent.entries[slot], row.holds(entry.details), entry.kind == row.kind, entry.size == row.size,
                entry.hidden == row.hidden, entry.pin == row.pin, entry.snapHide == row.snapHide
            {
                return entry.number
            }
            let number = styles.number(RowStyle(row), hint: Int(row.kind.rawValue))
            recent.store(
                Entry(details: details, kind: row.kind, size: row.size, hidden: row.hidden, pin: row.pin, snapHide: row.snapHide, number: number),
                for: mixed, largest: 512)
            return number
        }
    }

    /// One row's record; its style, strings and expressions numbered in
    /// the tables given.
    static func writeRow(
        _ row: RowModel, parentOffset: Int, code: CodeTable, strings: inout StringTable,
        expressions: inout Interner<ExprRef>, styles: inout Interner<RowStyle>, recentStyles: inout RecentStyles, into w: inout ByteWriter
    ) {
        w.varint(recentStyles.number(of: row, in: &styles))
        var flags: UInt8 = 0
        if row.id != nil { flags |= 1 }
        if row.component != nil { flags |= 2 }
        if row.accessibility != nil { flags |= 4 }
        w.u8(flags)
        if let id = row.id { w.varint(strings.number(id)) }
        if let component = row.component { w.varint(strings.number(component)) }
        w.varint(row.parent + parentOffset)
        switch row.content {
        case .text(let text, _, _, _, _, _): expr(text, code: code, expressions: &expressions, into: &w)
        case .image(let source, _): expr(source, code: code, expressions: &expressions, into: &w)
        case .view(let host, _): expr(host, code: code, expressions: &expressions, into: &w)
        case .spacer: break
        case .stack(let index): w.varint(index)
        }
        if let a = row.accessibility {
            w.u8((a.label != nil ? 1 : 0) | (a.hint != nil ? 2 : 0) | (a.hidden != nil ? 4 : 0))
            for ref in [a.label, a.hint, a.hidden].compactMap({ $0 }) { expr(ref, code: code, expressions: &expressions, into: &w) }
            w.varint(Int(a.traits))
        }
    }
}
