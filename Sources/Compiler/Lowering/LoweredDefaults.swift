// A stack's defaults as lowering reads them for every row: the properties a
// row reads by number rather than by a scan of the block's names, and what
// the values that read no state or parameter compile to, found once.
// Lowering read and compiled the same defaults again for each row — the
// row's own properties are two to five, the defaults it falls back to a
// dozen — and that was most of lowering's time.

import StackRuntime

/// The properties lowering reads from every row, by number.
enum RowProperty: Int, CaseIterable {
    case text, font, lines, color, weight, align, source, aspect, host, props
    case size, min, max, insets, background, highlight, hidden, separator, tap, pin, behavior

    /// Its name in source and in checked blocks.
    var name: String {
        switch self {
        case .text: "text"
        case .font: "font"
        case .lines: "lines"
        case .color: "color"
        case .weight: "weight"
        case .align: "align"
        case .source: "source"
        case .aspect: "aspect"
        case .host: "host"
        case .props: "props"
        case .size: "size"
        case .min: "min"
        case .max: "max"
        case .insets: "insets"
        case .background: "background"
        case .highlight: "highlight"
        case .hidden: "hidden"
        case .separator: "separator"
        case .tap: "tap"
        case .pin: "pin"
        case .behavior: "behavior"
        }
    }
}

/// One block of defaults, read by property number, with what its values
/// compile to once known. Compiled forms are kept only for values that read
/// no state and no parameter: those compile to the same code wherever they
/// are compiled (the expression table shares equal code), while a state or
/// parameter name may stand for another slot in another instance or template.
struct LoweredDefaults {
    let block: CheckedBlock
    /// Different for every memo a lowering makes: a row holds its memo's
    /// number and serial, and finds out this way whether it was replaced.
    let serial: Int
    /// The block's value of each `RowProperty`, by number.
    let values: [CheckedValue?]
    /// Compiled values found so far, by property number.
    var compiled: [ExprRef?]
    var insets: EdgeExprs?
    /// The separator rows take from these defaults, once known: the outer
    /// optional is "not yet known".
    var separator: SeparatorModel??

    init(_ block: CheckedBlock, serial: Int) {
        self.block = block
        self.serial = serial
        values = RowProperty.allCases.map { block.properties[$0.name] }
        compiled = Array(repeating: nil, count: RowProperty.allCases.count)
    }
}

/// A row's properties read over the memo of its defaults.
extension ScreenLowering {
    func expr(_ row: RowProperties, _ property: RowProperty) -> TypedExpr? {
        if case .expr(let e)? = row.value(property) { return e }
        return nil
    }

    func keyword(_ row: RowProperties, _ property: RowProperty) -> String? {
        if case .keyword(let word)? = row.value(property) { return word }
        return nil
    }

    /// A row's expression property, compiled; one its defaults give is
    /// compiled once for all the rows that take it (when it reads no slot).
    mutating func compiled(_ row: RowProperties, _ property: RowProperty) -> ExprRef {
        if let mine = row.ownValue(property) {
            if case .expr(let e) = mine { return expressions.compile(e) }
            return expressions.compile(.constant(.number(0)))
        }
        let memo = defaultsMemo(row)
        if let known = defaultsMemos[memo].compiled[property.rawValue] { return known }
        var value = TypedExpr.constant(.number(0))
        if case .expr(let e)? = row.baseValues[property.rawValue] { value = e }
        let ref = expressions.compile(value)
        if value.readsNoSlot { defaultsMemos[memo].compiled[property.rawValue] = ref }
        return ref
    }

    /// A row's insets, the same way.
    mutating func insets(_ row: RowProperties) -> EdgeExprs {
        if let mine = row.ownValue(.insets) { return rowEdges(mine) }
        let memo = defaultsMemo(row)
        if let known = defaultsMemos[memo].insets { return known }
        let value = row.baseValues[RowProperty.insets.rawValue]
        let lowered = rowEdges(value)
        if case .edges(let edges)? = value, !edges.allSatisfy(\.readsNoSlot) { return lowered }
        defaultsMemos[memo].insets = lowered
        return lowered
    }

    mutating func rowEdges(_ value: CheckedValue?) -> EdgeExprs {
        if case .edges(let edges)? = value { return compileEdges(edges) }
        return compileEdges([])
    }

    /// A row's separator, the same way: merged field by field over the
    /// built-in one.
    mutating func separator(_ row: RowProperties) -> SeparatorModel? {
        if row.setsOwn(.separator) { return lowerSeparator(row.value(.separator)).model }
        let memo = defaultsMemo(row)
        if let known = defaultsMemos[memo].separator { return known }
        let (model, readsNoSlot) = lowerSeparator(row.baseValues[RowProperty.separator.rawValue])
        if readsNoSlot { defaultsMemos[memo].separator = .some(model) }
        return model
    }

    mutating func lowerSeparator(_ value: CheckedValue?) -> (model: SeparatorModel?, readsNoSlot: Bool) {
        guard case .separator(let style?)? = value else { return (nil, true) }
        let merged = BuiltinDefaults.separator.overridden(by: style)
        let model = SeparatorModel(
            color: compiled(merged, "color"), thickness: compiled(merged, "thickness"), insets: edges(merged, "insets"))
        var readsNoSlot = [expr(merged, "color"), expr(merged, "thickness")].allSatisfy { $0?.readsNoSlot ?? true }
        if case .edges(let insets)? = merged.properties["insets"] { readsNoSlot = readsNoSlot && insets.allSatisfy(\.readsNoSlot) }
        return (model, readsNoSlot)
    }

    /// The memo of a row's defaults: the one found as its lowering began,
    /// unless rows nested in it have taken its place since.
    mutating func defaultsMemo(_ row: RowProperties) -> Int {
        let (index, serial) = row.memo
        return defaultsMemos[index].serial == serial ? index : defaultsMemo(row.base)
    }

    /// The memo of the defaults `base`, made if new. Rows of a stack share
    /// one block, so the last one used is asked first; comparing a block
    /// with itself is a comparison of its storage's addresses.
    mutating func defaultsMemo(_ base: CheckedBlock) -> Int {
        if lastDefaultsMemo < defaultsMemos.count, defaultsMemos[lastDefaultsMemo].block.isIdentical(to: base) || defaultsMemos[lastDefaultsMemo].block == base {
            return lastDefaultsMemo
        }
        // By identity first: rows of a stack alternate between its defaults
        // and a Spacer's, and comparing the blocks whole at each turn was
        // most of what finding a memo cost.
        if let found = defaultsMemos.firstIndex(where: { $0.block.isIdentical(to: base) }) ?? defaultsMemos.firstIndex(where: { $0.block == base }) {
            lastDefaultsMemo = found
        } else if defaultsMemos.count < Self.defaultsMemoLimit {
            defaultsMemosMade += 1
            defaultsMemos.append(LoweredDefaults(base, serial: defaultsMemosMade))
            lastDefaultsMemo = defaultsMemos.count - 1
        } else {
            // Bounded: a screen of many nested stacks with defaults of their own.
            defaultsMemosMade += 1
            lastDefaultsMemo = (lastDefaultsMemo + 1) % Self.defaultsMemoLimit
            defaultsMemos[lastDefaultsMemo] = LoweredDefaults(base, serial: defaultsMemosMade)
        }
        return lastDefaultsMemo
    }

    private static let defaultsMemoLimit = 16
}

extension TypedExpr {
    /// Whether this compiles to the same code wherever it is compiled: it
    /// reads no state and no parameter (whose slots depend on the instance
    /// or template being lowered).
    var readsNoSlot: Bool {
        switch self {
        case .constant, .viewport, .invalid: true
        case .state, .parameter: false
        case .not(let x), .negate(let x), .text(let x, _): x.readsNoSlot
        case .binary(_, let a, let b): a.readsNoSlot && b.readsNoSlot
        case .conditional(let c, let a, let b): c.readsNoSlot && a.readsNoSlot && b.readsNoSlot
        case .call(_, let arguments): arguments.allSatisfy(\.readsNoSlot)
        }
    }
}
