// The checked model: the program with every name resolved and every property
// typed, still shaped like the source (components not yet expanded). It is
// the input of lowering.

import StackParser

/// A property value after checking, by the shape of the property.
public enum CheckedValue: Hashable, Sendable {
    /// A (possibly reactive) expression: `size`, `hidden`, `text`, …
    case expr(TypedExpr)
    /// One to four edge values, in CSS order, already expanded to t r b l.
    case edges([TypedExpr])
    /// A keyword: `axis: horizontal`, `pin: top`.
    case keyword(String)
    /// `separator: none`, or a separator block's properties. (Boxed: its
    /// three tables inline made every checked property 8 bytes larger.)
    indirect case separator(CheckedBlock?)
    case actions([Action])
    case curve(Curve)
    /// `offset: x y`
    /// (Boxed: two expressions inline made every checked property 73 bytes.)
    indirect case offset(TypedExpr, TypedExpr)
    /// `behavior: snap-hide(top)` → "top"; `none` → nil.
    case snapHide(String?)
    /// `separation: line(2, #000)` etc. (Boxed: two expressions inline made
    /// every checked property 80 bytes instead of 48.)
    indirect case separation(Separation)
    case fading([Fading])
    case keywords([String])
    /// `props { … }` of a View, passed to the host as they are.
    case props(NamedValues<TypedExpr>)
}

/// A tap action.
public enum Action: Hashable, Sendable {
    case toggle(state: String)
    case set(state: String, TypedExpr)
    case emit(String)
    case scrollTo(row: String, position: String)
    case push(step: String)
    case pop(Int)
    /// `insert(Chip { label: "Sauna" }, after: tags)`: an instance of a
    /// component, its arguments evaluated when the tap runs.
    case insert(component: String, arguments: NamedValues<TypedExpr>, id: String?, place: RowPlace)
    /// `remove(tags)`
    case remove(row: String)
    /// `move(tags, after: photos)`: within the stack that holds both.
    case move(row: String, place: RowPlace)
}

/// Where `insert` and `move` put a row: first or last of the screen's
/// rows, or next to a row in its stack.
public enum RowPlace: Hashable, Sendable {
    case top, bottom
    case after(String)
    case before(String)
}

/// An animation curve.
public enum Curve: Hashable, Sendable {
    case linear, easeIn, easeOut, easeInOut
    case spring(damping: Double, velocity: Double)
}

/// How flow steps are separated.
public enum Separation: Hashable, Sendable {
    case none
    case line(thickness: TypedExpr, color: TypedExpr)
    case padding(TypedExpr)
}

/// How earlier flow steps fade.
public enum Fading: Hashable, Sendable {
    case tint(color: TypedExpr, alpha: TypedExpr, step: TypedExpr)
    case gradient(TypedExpr)
}

/// A small name → value map. Blocks hold a handful of entries, so a linear
/// scan of an array beats hashing on the compiler's hot path, and the order
/// of insertion (source order) is kept.
public struct NamedValues<Value: Hashable & Sendable>: Hashable, Sendable {
    /// A struct rather than a tuple: the runtime copies tuples of generic
    /// values through slow generic witnesses, and lowering reads these a lot.
    struct Entry: Hashable, Sendable {
        var name: String
        var value: Value
    }

    private var storage: [Entry] = []

    public init() {}

    public subscript(name: String) -> Value? {
        get {
            guard let index = index(of: name) else { return nil }
            return storage[index].value
        }
        set {
            if let index = index(of: name) {
                if let newValue { storage[index].value = newValue } else { storage.remove(at: index) }
            } else if let newValue {
                storage.append(Entry(name: name, value: newValue))
            }
        }
    }

    /// Adds `value` under `name`, which the caller knows is not among the
    /// names yet (a block's property once its name is claimed): no scan.
    mutating func append(new name: String, _ value: Value) {
        // Checked in debug builds for blocks of a usual size only: an
        // instance's arguments may be thousands, and the scan for each
        // made a debug build quadratic.
        assert(storage.count > 64 || index(of: name) == nil, "'\(name)' is already set")
        storage.append(Entry(name: name, value: value))
    }

    /// Most entries scanned are other names: a length check rejects most
    /// of them without a string comparison (which, for two different
    /// strings, is a call into the runtime).
    private func index(of name: String) -> Int? {
        let length = name.utf8.count
        for index in storage.indices where storage[index].name.utf8.count == length && storage[index].name == name {
            return index
        }
        return nil
    }

    /// Whether `other` is this very list (the same storage): equal without
    /// a comparison of the entries.
    func isIdentical(to other: NamedValues) -> Bool {
        storage.withUnsafeBufferPointer { mine in
            other.storage.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress && mine.count == theirs.count }
        }
    }

    /// The same names, in the same order, with their values transformed.
    func mapValues(_ transform: (Value) -> Value) -> NamedValues {
        var out = NamedValues()
        out.storage = storage.map { Entry(name: $0.name, value: transform($0.value)) }
        return out
    }

    /// The value of the entry at `index` (insertion order).
    func value(at index: Int) -> Value { storage[index].value }

    /// Calls `body` with each entry's place and name, in insertion order,
    /// without an array made of them.
    func forEachName(_ body: (Int, String) -> Void) {
        for index in storage.indices { body(index, storage[index].name) }
    }

    /// The values in insertion (source) order, without an array made of them.
    var values: LazyMapSequence<[Entry], Value> { storage.lazy.map(\.value) }

    /// The entries in insertion (source) order.
    public var entries: [(name: String, value: Value)] { storage.map { ($0.name, $0.value) } }
    public var isEmpty: Bool { storage.isEmpty }
    public var count: Int { storage.count }
    public var names: [String] { storage.map(\.name) }

    public mutating func reserveCapacity(_ capacity: Int) { storage.reserveCapacity(capacity) }
}

/// A checked block: its properties and nested blocks by name, in source order.
public struct CheckedBlock: Hashable, Sendable {
    public var properties = NamedValues<CheckedValue>()
    /// `transition KIND { … }` blocks by kind.
    public var transitions = NamedValues<CheckedBlock>()
    /// `from` / `to` / `defaults` / `separator` blocks by keyword.
    public var blocks = NamedValues<CheckedBlock>()
    public init() {}

    /// Whether `other` is this very block (the same storage): the rows of a
    /// stack share one block of defaults, asked for again for every row.
    func isIdentical(to other: CheckedBlock) -> Bool {
        properties.isIdentical(to: other.properties) && transitions.isIdentical(to: other.transitions) && blocks.isIdentical(to: other.blocks)
    }
}

/// The built-in row kinds.
public enum RowKind: String, Hashable, Sendable, CaseIterable {
    case text = "Text"
    case image = "Image"
    case view = "View"
    case spacer = "Spacer"
    case stack = "Stack"
}

/// A checked row. For a component instance `component` names it, `kind` is
/// the built-in kind it expands to and `arguments` holds its arguments.
public struct CheckedRow: Hashable, Sendable {
    public var component: String?
    public var id: String?
    public var span: Span
    // The one-byte kind after the span fills its padding (96 bytes, not 104).
    public var kind: RowKind
    public var block: CheckedBlock
    public var arguments: NamedValues<TypedExpr>
    /// Rows of a nested `Stack` (or of a Stack-based component's body).
    public var rows: [CheckedRow]
    /// Set on the place of a `for` among its stack's rows (then the rest is
    /// a placeholder: no row of its own is laid out).
    public var repeating: CheckedRepeat? {
        get { repeatingStorage.first }
        set { repeatingStorage = newValue.map { [$0] } ?? [] }
    }
    /// `repeating`, out of line: inline, it doubled every checked row.
    private var repeatingStorage: [CheckedRepeat] = []
}

extension CheckedRow {
    public init(
        kind: RowKind, component: String?, id: String?, span: Span, block: CheckedBlock, arguments: NamedValues<TypedExpr>, rows: [CheckedRow],
        repeating: CheckedRepeat? = nil
    ) {
        self.kind = kind
        self.component = component
        self.id = id
        self.span = span
        self.block = block
        self.arguments = arguments
        self.rows = rows
        self.repeating = repeating
    }

    /// A row with nothing in it yet, made by the memberwise initializer:
    /// it builds the value directly, where the one written out above
    /// builds it in a box and returns a copy (through the type's value
    /// witnesses, so that the optimizer keeps both: every checked row was
    /// retained and released once more than it needed).
    static func empty(kind: RowKind, component: String?, id: String?, span: Span) -> CheckedRow {
        CheckedRow(
            component: component, id: id, span: span, kind: kind, block: CheckedBlock(), arguments: NamedValues(), rows: [], repeatingStorage: [])
    }

    /// What a row moved out of its place leaves there: made each time,
    /// not a stored stand-in copied in (that retained each of its empty
    /// arrays, 2% of lowering).
    static var vacated: CheckedRow {
        empty(kind: .spacer, component: nil, id: nil, span: Span(file: FileID(0), start: 0, end: 0))
    }
}

/// A component parameter.
public struct CheckedParameter: Hashable, Sendable {
    public var name: String
    public var type: ValueType
    public var defaultValue: TypedExpr?
}

/// A checked component: its parameters and body.
public struct CheckedComponent: Hashable, Sendable {
    public var name: String
    public var parameters: [CheckedParameter]
    public var body: CheckedRow
    /// State each instance owns (its slots are made per instance by lowering;
    /// expressions and actions name them "Component.name").
    public var state: [CheckedState] = []
}

/// Declared state of a screen or flow.
public struct CheckedState: Hashable, Sendable {
    public var name: String
    public var type: ValueType
    public var initialValue: Value
}

/// A flow step.
public struct CheckedStep: Hashable, Sendable {
    public var name: String
    public var block: CheckedBlock
    public var rows: [CheckedRow]
}

/// A record's field, typed, with its default if it has one.
public struct CheckedField: Hashable, Sendable {
    public var name: String
    /// A value field's type; a list field's is `.number` (what reading it
    /// as a value, `count(a.items)`, gives); a record field's is unused.
    public var type: ValueType
    public var defaultValue: Value?
    public var shape: FieldShape = .value
}

/// What a record field holds: a value, another record, or a list of records.
public enum FieldShape: Hashable, Sendable {
    case value
    /// `address: Address`, by record name.
    case record(String)
    /// `items: [Item]`, by the elements' record name.
    case list(String)
}

/// A field of a record as expressions read it, nested records' fields
/// flattened: `address.city`, and lists (`items`) as their count.
public struct LeafField: Hashable, Sendable {
    public var path: String
    public var type: ValueType
    public var defaultValue: Value?
    /// For a list field, its elements' record.
    public var list: String?
}

extension [String: CheckedRecord] {
    /// The leaves of record `name`, in field order, nested records' in
    /// place; the checker has refused records that contain themselves.
    public func leaves(of name: String, prefix: String = "", depth: Int = 0) -> [LeafField] {
        guard let record = self[name], depth < 32 else { return [] }
        var out: [LeafField] = []
        for field in record.fields {
            let path = prefix + field.name
            switch field.shape {
            case .value: out.append(LeafField(path: path, type: field.type, defaultValue: field.defaultValue, list: nil))
            case .list(let element): out.append(LeafField(path: path, type: .number, defaultValue: nil, list: element))
            case .record(let nested): out += leaves(of: nested, prefix: path + ".", depth: depth + 1)
            }
        }
        return out
    }
}

/// `record Name { … }`, checked.
public struct CheckedRecord: Hashable, Sendable {
    public var name: String
    public var fields: [CheckedField]
}

/// `data name: [Record]` (or one `Record`) of a screen.
public struct CheckedData: Hashable, Sendable {
    public var name: String
    public var record: String
    public var isList: Bool
}

/// `for variable in data key variable.field { rows }`: rows repeated per
/// element; expressions in them read the element's fields as parameters
/// named "variable.field", and `index` as "index".
public struct CheckedRepeat: Hashable, Sendable {
    public var variable: String
    /// The data at the root of the list: `amenities` for `for a in
    /// amenities`, `sections` for `for b in s.items` inside `for s in sections`.
    public var data: String
    /// The record of the elements.
    public var record: String
    /// Where the list is: nil when `data` is the list; else the list
    /// field's leaf path in the enclosing element's record (`items`), or in
    /// single-record `data`'s when not nested (`for r in hotel.rooms`).
    public var listPath: String?
    /// Whether the list is a field of an enclosing `for`'s element.
    public var nested: Bool
    public var keyField: String?
    public var rows: [CheckedRow]
}

/// A checked screen or flow.
public struct CheckedStack: Hashable, Sendable {
    public var kind: StackDeclKind
    public var name: String
    public var span: Span
    public var state: [CheckedState]
    /// Stack-level properties and the `defaults` block.
    public var block: CheckedBlock
    public var rows: [CheckedRow]
    public var steps: [CheckedStep]
    public var data: [CheckedData] = []
}

/// The whole checked program.
public struct CheckedProgram: Sendable {
    public var sources: SourceManager
    public var enums: [String: [String]]
    public var components: [String: CheckedComponent]
    public var records: [String: CheckedRecord] = [:]
    /// The environment's state slots the program reads ("env.dark",
    /// "env.content-size"): every screen gets them.
    public var environment: Set<String> = []
    /// Screens and flows of the root file, in source order.
    public var stacks: [CheckedStack]
}
