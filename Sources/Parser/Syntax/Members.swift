// Syntax of what stands inside braces: properties, state, nested blocks and rows.

/// `{ members }`. `isInvalid` marks a block the parser gave up on (too deep,
/// or cut off), so later stages don't report follow-on errors about it.
public struct Block: Sendable {
    public var members: [Member]
    /// From `{` to `}` inclusive.
    public var span: Span
    public var isInvalid: Bool

    public init(members: [Member], span: Span, isInvalid: Bool = false) {
        self.members = members
        self.span = span
        self.isInvalid = isInvalid
    }
}

/// One entry of a block.
public enum Member: Sendable {
    /// `size: fit`
    case property(Property)
    /// `state expanded: bool = false`. Boxed, like the other rare large
    /// cases: every member of every block is as large as the largest.
    indirect case state(StateDecl)
    /// `defaults { … }`, `separator { … }`, `transition show { … }`,
    /// `from { … }`, `to { … }`, `props { … }`, `step Payment { … }`
    case block(NestedBlock)
    /// `Text welcome { … }`
    case row(RowSyntax)
    /// `data amenities: [Amenity]`
    case data(DataDecl)
    /// `for a in amenities key a.id { rows }`. Boxed, as a member is as
    /// large as its largest case and fors are rare.
    indirect case repeating(ForSyntax)
    /// Rows of a screen or flow that the parser stepped over, matching
    /// their braces, instead of parsing: each is parsed when it is needed,
    /// one at a time, by `DeferredRowParser`. Only a parse that asks for it
    /// makes these (`Parser.parse(_:id:deferringRows:)`), so that a large
    /// screen's rows never all exist as syntax.
    case deferredRows(DeferredRows)
}

/// Consecutive rows of a screen or flow, not yet parsed.
public struct DeferredRows: Sendable {
    public let file: FileID
    /// Each row's place, in source order.
    public private(set) var rows: [DeferredRow]

    init(file: FileID, rows: [DeferredRow]) {
        self.file = file
        self.rows = rows
    }

    /// The first row's span.
    public var firstSpan: Span {
        Span(file: file, start: rows.first?.token.start ?? 0, end: rows.first.map { Int($0.end) } ?? 0)
    }
}

/// Where a row not yet parsed stands: its kind's token, as lexed in the
/// file, and the end of its closing `}`.
public struct DeferredRow: Sendable {
    let token: Token
    let end: UInt32
}

/// `data name: [Record]` (or one `Record`): input the host binds at run time.
public struct DataDecl: Sendable {
    public var name: Identifier
    public var type: TypeSyntax
    public var isList: Bool
    public var span: Span
}

/// `for x in list key x.field { rows }`: the rows, once per element.
public struct ForSyntax: Sendable {
    public var variable: Identifier
    public var list: Expr
    public var key: Expr?
    public var body: Block
    public var span: Span
}

/// `name: value`
public struct Property: Sendable {
    public var name: Identifier
    // `span` before `value`: it fills the four bytes after the name's span
    // (every member is as large as a property: 88 bytes instead of 96).
    public var span: Span
    public var value: PropertyValue

    init(name: Identifier, value: PropertyValue, span: Span) {
        self.name = name
        self.span = span
        self.value = value
    }
}

/// A property's value: comma-separated groups of space-separated expressions.
/// `insets: 12 15` is one group of two; `tap: toggle(a), emit("b")` two groups of one.
public struct PropertyValue: Sendable {
    /// The first expression, inline: nearly every value is this one alone,
    /// read without looking into an enum of payloads (which copied the
    /// whole value each time the checker asked for it, 2% of its thread).
    @usableFromInline var first: Expr
    @usableFromInline var rest: Rest
    public var span: Span
    /// True when the parser reported a problem inside the value (it holds an
    /// `.invalid` node): later stages skip it instead of adding errors.
    public var containsInvalid: Bool

    /// What else the value holds. Most values with more are one group of
    /// several (`insets: 8 15 8 15`): kept as that group alone, one array
    /// instead of an array of one array. Either holds `first` again.
    @usableFromInline enum Rest: Sendable {
        case none
        case spaced([Expr])
        case groups([[Expr]])
    }

    public init(groups: [[Expr]], span: Span, containsInvalid: Bool? = nil) {
        // A value of no expression is none the parser makes: held as one
        // that is invalid, so nothing later reads it.
        guard let first = groups.first?.first else {
            self.init(single: Expr(.invalid, span), span: span, containsInvalid: true)
            return
        }
        let rest: Rest = groups.count != 1 ? .groups(groups) : groups[0].count == 1 ? .none : .spaced(groups[0])
        self.init(first: first, rest: rest, span: span, containsInvalid: containsInvalid ?? groups.contains { $0.contains { $0.containsInvalid } })
    }

    private init(first: Expr, rest: Rest, span: Span, containsInvalid: Bool) {
        self.first = first
        self.rest = rest
        self.span = span
        self.containsInvalid = containsInvalid
    }

    public init(single: Expr, span: Span, containsInvalid: Bool? = nil) {
        self.init(first: single, rest: .none, span: span, containsInvalid: containsInvalid ?? single.containsInvalid)
    }

    /// One group of expressions separated by spaces (the parser's, never
    /// empty), several groups separated by commas.
    init(spaced group: [Expr], span: Span, containsInvalid: Bool) {
        self.init(first: group[0], rest: group.count == 1 ? .none : .spaced(group), span: span, containsInvalid: containsInvalid)
    }

    public var groups: [[Expr]] {
        switch rest {
        case .none: [[first]]
        case .spaced(let group): [group]
        case .groups(let groups): groups
        }
    }

    /// The expressions when the value is one group (no commas): made
    /// without the array of groups around them. (`.groups` holds two or
    /// more: one group is `.none` or `.spaced`.)
    package var onlyGroup: [Expr]? {
        switch rest {
        case .none: [first]
        case .spaced(let group): group
        case .groups: nil
        }
    }

    /// The value when it is exactly one expression. Inlinable: the checker
    /// asks it of every property, and a call across modules cost a
    /// seventieth of the checker's thread.
    @inlinable public var single: Expr? {
        if case .none = rest { return first }
        return nil
    }

    /// All expressions, in order.
    public var all: [Expr] {
        switch rest {
        case .none: [first]
        case .spaced(let group): group
        case .groups(let groups): groups.flatMap { $0 }
        }
    }
}

/// `state name: type = value`, or `state name = value` (the type is the
/// initial value's).
public struct StateDecl: Sendable {
    public var name: Identifier
    /// Nil when the type is left to the initial value.
    public var type: TypeSyntax?
    public var initialValue: Expr
    public var span: Span
}

/// The keywords that open a nested block.
public enum BlockKeyword: String, Sendable, CaseIterable {
    case defaults, separator, transition, from, to, props, step, accessibility
}

/// `keyword [name] { … }`, e.g. `transition show { … }` or `step Payment { … }`.
public struct NestedBlock: Sendable {
    public var keyword: BlockKeyword
    public var keywordSpan: Span
    public var name: Identifier?
    public var body: Block
    public var span: Span

    public init(keyword: BlockKeyword, keywordSpan: Span, name: Identifier?, body: Block, span: Span) {
        self.keyword = keyword
        self.keywordSpan = keywordSpan
        self.name = name
        self.body = body
        self.span = span
    }
}

/// `Kind [id] { … }` — a row of a stack, or a component instance.
public struct RowSyntax: Sendable {
    public var kind: Identifier
    // `span` after `kind`: it fills the four bytes after the kind's span
    // (96 bytes instead of 104).
    public var span: Span
    public var id: Identifier?
    public var body: Block
    // The memberwise initializer, not one written out: that one built the
    // row in a box and then copied it out whole, retaining and releasing
    // all it holds, for every row parsed.
}
