// What rows share: everything but their id, component, parent and primary
// content (text, source, host or nested stack). Stored once in the STYLES
// section; a thousand alike rows cost a thousand small references.

package struct RowStyle: Hashable {
    package var kind: RowKindCode
    package var pin: PinMode
    package var snapHide: PinMode
    /// text: font, lines, colour; image: aspect (optional); others: none.
    package var contentExprs: [ExprRef]
    package var hasAspect: Bool
    package var weight: String
    package var align: String
    package var props: [PropModel]
    package var size: ExprRef
    package var min: ExprRef?
    package var max: ExprRef?
    package var insets: EdgeExprs
    package var background: ExprRef
    package var highlight: ExprRef
    package var hidden: ExprRef
    package var separator: SeparatorModel?
    package var tap: [ActionModel]
    package var transitions: [TransitionModel]

    /// An empty style of `kind`, for the loader to fill in.
    package init(kind: RowKindCode, pin: PinMode, snapHide: PinMode) {
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

    /// Hashes every field. It once hashed only the few that tell most
    /// styles apart (hashing every list and name was most of the cost of a
    /// style then), so styles that differed only in the rest all hashed
    /// alike: 30,000 rows each emitting an event of their own made
    /// `stackc compile` compare every style with every other, 97 s. The
    /// encoder now compares a row's style with the last few first and
    /// hashes only when those differ; lists that are empty hash as a count.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(pin)
        hasher.combine(snapHide)
        hasher.combine(contentExprs)
        hasher.combine(hasAspect)
        hasher.combine(weight)
        hasher.combine(align)
        hasher.combine(props)
        hasher.combine(size)
        hasher.combine(min)
        hasher.combine(max)
        hasher.combine(insets)
        hasher.combine(background)
        hasher.combine(highlight)
        hasher.combine(hidden)
        hasher.combine(separator)
        hasher.combine(tap)
        hasher.combine(transitions)
    }

    package init(_ row: RowModel) {
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
