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
