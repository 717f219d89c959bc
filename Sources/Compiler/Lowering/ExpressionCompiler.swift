// Typed expressions to runtime code: constants folded, component parameters
// replaced by their arguments, the rest compiled to postfix instructions.

import StackParser
import StackRuntime

/// Component parameters in scope while expanding an instance: name → argument.
typealias Substitution = [String: TypedExpr]

extension TypedExpr {
    /// This expression with every parameter replaced from `substitution`.
    func substituting(_ substitution: Substitution) -> TypedExpr {
        if substitution.isEmpty { return self }
        switch self {
        case .parameter(let name, _): return substitution[name] ?? .invalid
        case .constant, .state, .viewport, .invalid: return self
        case .not(let x): return .not(x.substituting(substitution))
        case .negate(let x): return .negate(x.substituting(substitution))
        case .binary(let op, let a, let b): return .binary(op, a.substituting(substitution), b.substituting(substitution))
        case .conditional(let c, let a, let b):
            return .conditional(c.substituting(substitution), a.substituting(substitution), b.substituting(substitution))
        case .call(let function, let arguments): return .call(function, arguments.map { $0.substituting(substitution) })
        case .text(let x, let type): return .text(x.substituting(substitution), type)
        }
    }
}

/// Builds one screen's expression table.
struct ExpressionCompiler {
    var table = ExpressionTable()
    /// Equal constants share a slot: found through the slots' numbers, not
    /// a second copy of each value (at 100,000 rows of distinct texts, a
    /// dictionary keyed by them was 3.7 MB; this is 1 MB).
    private var constantSlots = HashIndex()
    /// By slot, the expression that is just that constant, once one was
    /// asked for: equal constant expressions share one instruction (most
    /// properties are constants, and most rows repeat them). An array
    /// beside the slots rather than a second table keyed by value: at
    /// 100,000 rows of distinct texts that table was 8 MB, hashed twice.
    /// The instruction's place in the code (an expression one long), or
    /// `UInt32.max` for none: 4 bytes a slot, where an optional `ExprRef` took 12.
    private var constantExpressions: [UInt32] = []
    /// By slot, the low half of its constant's hash: what the index needs
    /// to place it again when it grows (4 bytes a constant).
    private var constantHashes: [UInt32] = []
    /// Hashes a string constant's bytes.
    private let hashing = KeyedHash()
    let enumIndex: [String: Int]
    let enums: [EnumModel]
    /// By enum, each case's place (found by walking the cases, every enum
    /// constant of a screen was a walk through its enum's).
    private let casePlaces: [[String: Int]]
    let stateIndex: [String: Int]
    /// While lowering a component template: its parameters' global indices.
    var parameterIndex: [String: Int] = [:] { didSet { context &+= 1 } }
    /// While lowering a component instance with state of its own: each
    /// "Component.name" the body reads → the instance's slot.
    var instanceStates: [String: Int] = [:] { didSet { context &+= 1 } }
    /// Changes whenever a name may come to mean another slot or parameter
    /// (the two tables above): an expression compiled in one context is
    /// the same code in that context only.
    private var context = 0
    /// Expressions that are not constants, compiled lately, each with its
    /// context: rows repeat a few of them (`expanded ? 80 : 40`), and
    /// compiling one again emitted its code only to find it in
    /// `codeRanges` and take it back. A hit does nothing else a compile
    /// would have done (its constants and code are in the table already).
    private var recentExpressions: [RecentExpression?] = Array(repeating: nil, count: 8)
    private var nextRecentExpression = 0

    struct RecentExpression {
        var expr: TypedExpr
        var context: Int
        var ref: ExprRef
    }

    /// The slot of state `name`: an instance's own, else the screen's.
    func slot(ofState name: String) -> Int { instanceStates[name] ?? stateIndex[name] ?? 0 }

    init(enums: [EnumModel], stateIndex: [String: Int]) {
        self.enums = enums
        self.enumIndex = Dictionary(enums.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        casePlaces = enums.map { Dictionary($0.cases.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a }) }
        self.stateIndex = stateIndex
    }

    /// The runtime form of a constant. Inlined: called from a mutating
    /// method, the compiler was copied whole (248 bytes) to make the
    /// call, for every expression compiled.
    @inline(__always)
    func runtimeValue(_ value: Value) -> RuntimeValue {
        switch value {
        case .bool(let b): .bool(b)
        case .number(let x): .number(x)
        case .percent(let x): .percent(x)
        case .string(let s): .string(s)
        case .color(let c): .color(c)
        case .duration(let s): .duration(s)
        case .fit: .fit
        case .fill(let w): .fill(w)
        case .enumCase(let enumName, let caseName):
            if let e = enumIndex[enumName], let c = casePlaces[e][caseName] {
                .enumCase(enumIndex: e, caseIndex: c)
            } else {
                .number(0)
            }
        }
    }

    /// A direct-mapped cache in front of the constants' tables: rows repeat
    /// the same few constants (insets 12 and 15, sizes, colours), and a
    /// compare of two values costs far less than hashing one (the profile of
    /// lowering had hashing at a fifth of its instructions).
    private var recentConstants = RecentEntries<RecentConstant>()

    struct RecentConstant {
        var value: RuntimeValue
        var ref: ExprRef
    }

    /// A cheap, well-spread key of a constant for the caches (not a hash
    /// to trust: the entry found is compared before use); nil for a string
    /// longer than fits inline (a row's own text, seldom seen twice in a
    /// row: long texts of one length and first letter all fell in one
    /// slot, each compared with the last for nothing).
    @inline(__always)
    static func cacheKey(_ value: RuntimeValue) -> UInt64? {
        @inline(__always) func mix(_ bits: UInt64, _ tag: UInt64) -> UInt64 { (bits ^ tag) &* 0x9E37_79B9_7F4A_7C15 }
        switch value {
        case .number(let x): return mix(x.bitPattern, 1)
        case .percent(let x): return mix(x.bitPattern, 2)
        case .duration(let x): return mix(x.bitPattern, 3)
        case .fill(let x): return mix(x.bitPattern, 4)
        case .color(let c): return mix(UInt64(c), 5)
        case .bool(let b): return mix(b ? 1 : 0, 6)
        case .fit: return mix(0, 7)
        case .enumCase(let e, let c): return mix(UInt64(truncatingIfNeeded: e) << 32 | UInt64(truncatingIfNeeded: c), 8)
        case .string(let text):
            let count = text.utf8.count
            return count > 15 ? nil : mix(UInt64(count) | UInt64(text.utf8.first ?? 0) << 32, 9)
        }
    }

    /// An expression that is just `value`, shared with every equal one.
    mutating func constantExpression(_ value: RuntimeValue) -> ExprRef {
        let key = Self.cacheKey(value)
        if let key, let slot = recentConstants.slot(for: key), let recent = recentConstants.entries[slot], Self.same(recent.value, value) { return recent.ref }
        let constant = self.slot(of: value)
        let ref: ExprRef
        if constantExpressions[Int(constant)] != .max {
            ref = ExprRef(start: constantExpressions[Int(constant)], count: 1)
        } else {
            table.code.append(.constant(constant))
            ref = ExprRef(start: UInt32(table.code.count - 1), count: 1)
            constantExpressions[Int(constant)] = ref.start
        }
        if let key { recentConstants.store(RecentConstant(value: value, ref: ref), for: key, largest: 256) }
        return ref
    }

    /// The same kind of cache for constant slots.
    private var recentSlots = RecentEntries<(value: RuntimeValue, slot: UInt32)>()

    /// Lets go of the caches' room while the screen waits for the end of
    /// the file (`StreamingLowering` keeps every screen's lowering until
    /// then: 16 KB of caches a screen made a file of 20,000 one-row
    /// screens take 411 MB to compile); they grow again as they are used.
    mutating func park() {
        recentConstants.removeAll()
        recentSlots.removeAll()
    }

    /// Long string constants kept as bytes rather than in the table (an
    /// empty string stands in their slots), if set: for a screen whose
    /// rows are encoded as they are lowered (`ConstantStrings`).
    var longStrings: ConstantStrings?

    /// Whether two constants are one: strings by their bytes, as the
    /// compiled file keeps them (Swift's `==` calls a precomposed "é" and
    /// "e" with a combining accent equal, and the second row showed the
    /// first one's spelling), other values by `==`.
    static func same(_ one: RuntimeValue, _ other: RuntimeValue) -> Bool {
        if case .string(let first) = one, case .string(let second) = other { return UTF8Bytes.same(first, second) }
        return one == other
    }

    /// The hash of a constant, agreeing with `same`: a string's bytes by
    /// `KeyedHash` (the standard library's hash normalizes a string first,
    /// and was a twentieth of lowering), other values as they hash.
    private func hash(_ value: RuntimeValue) -> Int {
        if case .string(let text) = value { return UTF8Bytes.withUTF8(text) { hashing.hash($0) } }
        return value.hashValue
    }

    /// Whether constant `slot` is `value`.
    private func constant(_ slot: Int, is value: RuntimeValue) -> Bool {
        let held = table.constants[slot]
        guard let longStrings, case .string(let stand) = held, stand.isEmpty else { return Self.same(held, value) }
        // An empty string: the constant "" itself, or a long string's
        // stand-in (which "" must not take for itself).
        guard case .string(let text) = value else { return false }
        guard let entry = longStrings.entry(forSlot: slot) else { return text.isEmpty }
        return UTF8Bytes.withUTF8(text) { UTF8Bytes.same(longStrings.utf8(ofEntry: entry), $0) }
    }

    /// The slot of `value` among the table's constants, added if new.
    private mutating func slot(of value: RuntimeValue) -> UInt32 {
        let key = Self.cacheKey(value)
        if let key, let slot = recentSlots.slot(for: key), let recent = recentSlots.entries[slot], Self.same(recent.value, value) { return recent.slot }
        let hash = hash(value)
        if let existing = constantSlots.find(hash: hash, { constant($0, is: value) }) {
            if let key { recentSlots.store((value, UInt32(existing)), for: key, largest: 256) }
            return UInt32(existing)
        }
        let slot = appendSlot(value, hash: hash)
        // Placed again from the hashes kept: hashing every string constant
        // again at each doubling was a tenth of lowering.
        constantSlots.insert(slot, hash: hash) { Int(constantHashes[$0]) }
        return UInt32(slot)
    }

    /// Appends `value` as a new constant, found by no lookup yet.
    private mutating func appendSlot(_ value: RuntimeValue, hash: Int) -> Int {
        let slot = table.constants.count
        if longStrings != nil, case .string(let text) = value, text.utf8.count >= ConstantStrings.shortest {
            UTF8Bytes.withUTF8(text) { longStrings?.append(slot: slot, utf8: $0) }
            table.constants.append(.string(""))
        } else {
            table.constants.append(value)
        }
        constantExpressions.append(.max)
        constantHashes.append(UInt32(truncatingIfNeeded: hash))
        return slot
    }

    /// By enum, the slot of its first case's name, once its names are among
    /// the constants.
    private var caseNameSlots: [Int: UInt32] = [:]

    /// The slot from which enum `e`'s case names run, one after another
    /// (what `caseName` reads): added the first time an enum is
    /// interpolated, and outside the lookup, which finds a string in one
    /// slot only and so could not have made them a run.
    private mutating func caseNames(of e: Int) -> UInt32 {
        if let first = caseNameSlots[e] { return first }
        let first = UInt32(table.constants.count)
        for name in enums[e].cases { _ = appendSlot(.string(name), hash: 0) }  // no lookup finds them: no hash
        caseNameSlots[e] = first
        return first
    }

    /// Room for `constants` constants and `code` instructions in all.
    /// Reserved, not written: room a screen never fills is never touched.
    mutating func reserve(constants: Int, code: Int) {
        table.constants.reserveCapacity(constants)
        table.code.reserveCapacity(code)
        constantExpressions.reserveCapacity(constants)
        constantHashes.reserveCapacity(constants)
    }

    /// Appends an instruction pushing `value` (part of a larger expression).
    mutating func constant(_ value: RuntimeValue) -> ExprRef {
        table.code.append(.constant(slot(of: value)))
        return ExprRef(start: UInt32(table.code.count - 1), count: 1)
    }

    /// Equal expression code is stored once (`!expanded` on a thousand rows).
    private var codeRanges: [[Instruction]: ExprRef] = [:]

    /// Compiles `expr` (parameters already substituted).
    mutating func compile(_ expr: TypedExpr) -> ExprRef {
        // Most properties are written as constants: no folding to do.
        if case .constant(let value) = expr { return constantExpression(runtimeValue(value)) }
        if let value = ConstantFolder.value(of: expr) { return constantExpression(runtimeValue(value)) }
        for index in recentExpressions.indices {
            if let recent = recentExpressions[index], recent.context == context, recent.expr == expr { return recent.ref }
        }
        let ref = emitOnce(expr)
        recentExpressions[nextRecentExpression] = RecentExpression(expr: expr, context: context, ref: ref)
        nextRecentExpression = (nextRecentExpression + 1) % recentExpressions.count
        return ref
    }

    /// `expr`'s code, appended to the table unless equal code is there.
    private mutating func emitOnce(_ expr: TypedExpr) -> ExprRef {
        let start = table.code.count
        emit(expr)
        let emitted = Array(table.code.elements(in: start..<table.code.count))
        if let existing = codeRanges[emitted] {
            table.code.removeSubrange(start..<table.code.count)
            return existing
        }
        let ref = ExprRef(start: UInt32(start), count: UInt32(table.code.count - start))
        codeRanges[emitted] = ref
        return ref
    }

    private mutating func emit(_ expr: TypedExpr) {
        switch expr {
        case .constant(let value):
            _ = constant(runtimeValue(value))
        case .state(let name, _):
            table.code.append(.state(UInt32(slot(ofState: name))))
        case .parameter(let name, _):
            if let index = parameterIndex[name] {
                table.code.append(.parameter(UInt32(index)))
            } else {
                _ = constant(.number(0))
            }
        case .invalid:
            _ = constant(.number(0))
        case .viewport(let dimension):
            table.code.append(dimension == .width ? .viewportWidth : .viewportHeight)
        case .not(let x):
            emit(x)
            table.code.append(.not)
        case .negate(let x):
            emit(x)
            table.code.append(.negate)
        case .binary(let op, let a, let b):
            emit(a)
            emit(b)
            table.code.append(.binary(Self.runtimeOperator(op)))
        case .conditional(let c, let a, let b):
            emit(c)
            emit(a)
            emit(b)
            table.code.append(.select)
        case .call(let function, let arguments):
            for argument in arguments { emit(argument) }
            switch function {
            case .min: table.code.append(.min)
            case .max: table.code.append(.max)
            case .clamp: table.code.append(.clamp)
            case .fixed: table.code.append(.fixed)
            case .fill: break  // folded: `fill(w)` is always constant
            }
        case .text(let x, .enumeration(let name)):
            guard let e = enumIndex[name], !enums[e].cases.isEmpty else {
                _ = constant(.string(""))
                return
            }
            emit(x)
            table.code.append(.caseName(first: caseNames(of: e)))
        case .text(let x, let type):
            emit(x)
            table.code.append(.text)
            if type == .percent {
                _ = constant(.string("%"))
                table.code.append(.binary(.add))
            }
        }
    }

    static func runtimeOperator(_ op: BinaryOperator) -> RuntimeOperator {
        switch op {
        case .or: .or
        case .and: .and
        case .equal: .equal
        case .notEqual: .notEqual
        case .less: .less
        case .lessEqual: .lessEqual
        case .greater: .greater
        case .greaterEqual: .greaterEqual
        case .add: .add
        case .subtract: .subtract
        case .multiply: .multiply
        case .divide: .divide
        case .remainder: .remainder
        }
    }
}
