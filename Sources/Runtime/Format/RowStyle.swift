// What rows share: everything but their id, component, parent and primary
// content (text, source, host or nested stack). Stored once in the STYLES
// section; a thousand alike rows cost a thousand small references.

struct RowStyle: Hashable {
    var kind: RowKindCode
    var pin: PinMode
    var snapHide: PinMode
    /// text: font, lines, colour; image: aspect (optional); others: none.
    var contentExprs: [ExprRef]
    var hasAspect: Bool
    var weight: String
    var align: String
    var props: [PropModel]
    var size: ExprRef
    var min: ExprRef?
    var max: ExprRef?
    var insets: EdgeExprs
    var background: ExprRef
    var highlight: ExprRef
    var hidden: ExprRef
    var separator: SeparatorModel?
    var tap: [ActionModel]
    var transitions: [TransitionModel]

    /// An empty style of `kind`, for the loader to fill in.
    init(kind: RowKindCode, pin: PinMode, snapHide: PinMode) {
        self.kind = kind
        self.pin = pin
        self.snapHide = snapHide
        contentExprs = []
        hasAspect = false
        weight = ""
        align = ""
        props = []
        let zero = ExprRef(start: 0, count: 0)
        size = zero
        insets = EdgeExprs(top: zero, right: zero, bottom: zero, left: zero)
        background = zero
        highlight = zero
        hidden = zero
        tap = []
        transitions = []
    }

    init(_ row: RowModel) {
        kind = row.kind
        pin = row.pin
        snapHide = row.snapHide
        contentExprs = []
        hasAspect = false
        weight = ""
        align = ""
        props = []
        switch row.content {
        case .text(_, let font, let lines, let color, let weight, let align):
            contentExprs = [font, lines, color]
            self.weight = weight
            self.align = align
        case .image(_, let aspect):
            if let aspect {
                contentExprs = [aspect]
                hasAspect = true
            }
        case .view(_, let props):
            self.props = props
        case .spacer, .stack:
            break
        }
        size = row.size
        min = row.min
        max = row.max
        insets = row.insets
        background = row.background
        highlight = row.highlight
        hidden = row.hidden
        separator = row.separator
        tap = row.tap
        transitions = row.transitions
    }
}
