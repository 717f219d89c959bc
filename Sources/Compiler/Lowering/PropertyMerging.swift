// Resolving what a row's properties are: built-in defaults, then the
// `defaults` blocks of its stacks (outer to inner), then a component's body,
// then the row itself — each later one overriding. Separator blocks merge
// field by field; transitions merge by kind.

import StackParser

extension CheckedValue {
    func substituting(_ substitution: Substitution) -> CheckedValue {
        if substitution.isEmpty { return self }
        let s = { (expr: TypedExpr) in expr.substituting(substitution) }
        switch self {
        case .expr(let e): return .expr(s(e))
        case .edges(let edges): return .edges(edges.map(s))
        case .keyword, .curve, .snapHide, .keywords: return self
        case .separator(let block): return .separator(block?.substituting(substitution))
        case .actions(let actions):
            return .actions(actions.map { action in
                if case .set(let state, let value) = action { return .set(state: state, s(value)) }
                return action
            })
        case .offset(let x, let y): return .offset(s(x), s(y))
        case .separation(let separation):
            switch separation {
            case .none: return self
            case .line(let t, let c): return .separation(.line(thickness: s(t), color: s(c)))
            case .padding(let p): return .separation(.padding(s(p)))
            }
        case .fading(let items):
            return .fading(items.map { item in
                switch item {
                case .tint(let c, let a, let st): .tint(color: s(c), alpha: s(a), step: s(st))
                case .gradient(let g): .gradient(s(g))
                }
            })
        case .props(let props):
            var out = NamedValues<TypedExpr>()
            for (name, value) in props.entries { out[name] = s(value) }
            return .props(out)
        }
    }
}

extension CheckedBlock {
    func substituting(_ substitution: Substitution) -> CheckedBlock {
        if substitution.isEmpty { return self }
        // Names kept as they are: set one by one, each was looked for among
        // those set before it.
        var out = CheckedBlock()
        out.properties = properties.mapValues { $0.substituting(substitution) }
        out.transitions = transitions.mapValues { $0.substituting(substitution) }
        out.blocks = blocks.mapValues { $0.substituting(substitution) }
        return out
    }

    /// This block with `other`'s settings on top. Separator blocks merge
    /// field by field (`none` replaces); transitions replace by kind.
    func overridden(by other: CheckedBlock) -> CheckedBlock {
        var out = self
        for (name, value) in other.properties.entries {
            if name == "separator", case .separator(let top?)? = Optional(value), case .separator(let bottom?)? = out.properties[name] {
                out.properties[name] = .separator(bottom.overridden(by: top))
            } else {
                out.properties[name] = value
            }
        }
        for (name, block) in other.transitions.entries { out.transitions[name] = block }
        for (name, block) in other.blocks.entries { out.blocks[name] = block }
        return out
    }
}

/// The built-in defaults of layout.md, as a block a row starts from.
enum BuiltinDefaults {
    static func number(_ x: Double) -> TypedExpr { .constant(.number(x)) }
    static func color(_ c: UInt32) -> TypedExpr { .constant(.color(c)) }

    static let separator: CheckedBlock = {
        var block = CheckedBlock()
        block.properties["color"] = .expr(color(0xC6C6_C8FF))
        block.properties["thickness"] = .expr(number(1))
        block.properties["insets"] = .edges([number(0), number(15), number(0), number(15)])
        return block
    }()

    /// What every row starts from, before any `defaults` block.
    static let row: CheckedBlock = {
        var block = CheckedBlock()
        block.properties["size"] = .expr(.constant(.fit))
        block.properties["insets"] = .edges([number(12), number(15), number(12), number(15)])
        block.properties["background"] = .expr(color(0x0000_0000))
        block.properties["highlight"] = .expr(color(0xD9D9_D9FF))
        block.properties["hidden"] = .expr(.constant(.bool(false)))
        block.properties["separator"] = .separator(separator)
        block.properties["font"] = .expr(number(17))
        block.properties["lines"] = .expr(number(0))
        block.properties["color"] = .expr(color(0x0000_00FF))
        block.properties["text"] = .expr(.constant(.string("")))
        block.properties["source"] = .expr(.constant(.string("")))
        block.properties["host"] = .expr(.constant(.string("")))
        return block
    }()

    /// A Spacer has zero insets and no separator unless it says otherwise;
    /// `defaults` blocks don't change that.
    static let spacerOverrides: CheckedBlock = {
        var block = CheckedBlock()
        block.properties["insets"] = .edges([number(0), number(0), number(0), number(0)])
        block.properties["separator"] = .separator(nil)
        return block
    }()
}

/// A row's properties as lowering reads them: a small block of its own
/// (component body and row merged) over its stack's defaults, looked up in
/// turn rather than merged into a new block for every row.
struct RowProperties {
    let own: CheckedBlock
    let base: CheckedBlock
    /// `base`'s values by property number (`LoweredDefaults.values`).
    let baseValues: [CheckedValue?]
    /// The place and serial of `base`'s memo in the lowering (`LoweredDefaults`).
    let memo: (index: Int, serial: Int)
    /// Where each property the row reads is among `own`'s entries, found
    /// once: looked up by name, a row's dozen and a half reads scanned its
    /// few names each time (a ninth of lowering).
    let places: PropertyPlaces

    init(own: CheckedBlock, base: CheckedBlock, baseValues: [CheckedValue?], memo: (index: Int, serial: Int), places: PropertyPlaces) {
        self.own = own
        self.base = base
        self.baseValues = baseValues
        self.memo = memo
        self.places = places
    }

    /// The row's own value of `property` (its component's or its own), if set.
    func ownValue(_ property: RowProperty) -> CheckedValue? { places[property].map(own.properties.value(at:)) }

    func value(_ property: RowProperty) -> CheckedValue? {
        guard let mine = ownValue(property) else { return baseValues[property.rawValue] }
        // A separator block merges field by field with the one below it.
        if property == .separator, case .separator(let top?) = mine, case .separator(let bottom?)? = baseValues[property.rawValue] {
            return .separator(bottom.overridden(by: top))
        }
        return mine
    }

    /// Whether the row itself (or its component) sets `property`.
    func setsOwn(_ property: RowProperty) -> Bool { places[property] != nil }

    func transition(_ kind: String) -> CheckedBlock? { own.transitions[kind] ?? base.transitions[kind] }
}
