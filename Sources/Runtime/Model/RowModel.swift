// One row of the model. A screen of many rows has few looks: the rows of a
// list differ in their text and little else, and every element of a `for`
// is a copy of its template's row. So a row keeps inline only what is
// usually its own (id, parent, size, hidden, the expression its content
// shows) and shares the rest — insets, separator, colours, taps,
// transitions, accessibility, the content's style — with every row of the
// same look, copy-on-write. That is 64 bytes a row instead of 320 (issue
// 18's memory goal); a row that changes a shared property gets its own copy.

/// One row, with every property resolved.
package struct RowModel: Sendable {
    private var shared: RowDetailsStorage
    package var id: String?
    /// A length: number, percentage, `fit` or `fill(w)`.
    package var size: ExprRef
    package var hidden: ExprRef
    /// The text of a Text, the source of an Image, the host of a View: the
    /// one content expression rows of a look do not share. (Left out of the
    /// shared content, which holds `RowDetails.placeholder` there instead.)
    private var shown: ExprRef
    private var parentIndex: Int32
    /// `parameters`, or `UInt32.max` for none.
    private var parameterStart: UInt32
    package var kind: RowKindCode
    package var pin: PinMode
    /// `snap-hide(top|bottom)`: the edge the row hides towards.
    package var snapHide: PinMode
    /// Made at run time for an element of bound data by a `for`: the
    /// binding owns where it stands, so the imperative calls that move or
    /// remove rows refuse it. (In the padding after the bytes above: the
    /// row stays 64 bytes.)
    package var madeByFor = false

    package init(
        kind: RowKindCode, id: String?, component: String?, parent: Int, content: ContentModel, size: ExprRef,
        min: ExprRef?, max: ExprRef?, insets: EdgeExprs, background: ExprRef, highlight: ExprRef, hidden: ExprRef,
        separator: SeparatorModel?, tap: [ActionModel], transitions: [TransitionModel], pin: PinMode, snapHide: PinMode,
        accessibility: AccessibilityModel? = nil, sharingDetailsWith last: SharedDetails? = nil, orWith before: SharedDetails? = nil
    ) {
        let (shown, style) = RowDetails.split(content)
        let details = RowDetails(
            component: component, content: style, min: min, max: max, insets: insets, background: background,
            highlight: highlight, separator: separator, tap: tap, transitions: transitions, accessibility: accessibility)
        // Compared before any storage is made: most rows share the last
        // one's, and a storage made, compared and let go again was a fifth
        // of what lowering a row cost. Lists alternate between two looks
        // (a text row, a row of another text style, the first again).
        if let last, last.storage.holdsDetails(equalTo: details) {
            shared = last.storage
        } else if let before, before.storage.holdsDetails(equalTo: details) {
            shared = before.storage
        } else {
            shared = RowDetailsStorage(details)
        }
        self.id = id
        self.size = size
        self.hidden = hidden
        self.shown = shown
        self.parentIndex = Int32(parent)
        self.parameterStart = .max
        self.kind = kind
        self.pin = pin
        self.snapHide = snapHide
    }

    /// The stack this row belongs to.
    package var parent: Int {
        get { Int(parentIndex) }
        // Stack indices index an array in memory: far below 2^31.
        set { parentIndex = Int32(newValue) }
    }

    /// For a row of a `for` made at run time from code its rows share:
    /// where its values start among the constants (`.parameter(i)` of that
    /// code reads `constants[parameters + i]`). Nil for every row a
    /// compiled screen holds.
    package var parameters: UInt32? {
        get { parameterStart == .max ? nil : parameterStart }
        set { parameterStart = newValue ?? .max }
    }

    /// What the row shows, by kind.
    package var content: ContentModel {
        get { shared.details.content.showing(shown) }
        set {
            let (shown, style) = RowDetails.split(newValue)
            self.shown = shown
            if shared.details.content != style { details.content = style }
        }
    }

    /// The component this row is an instance of, if any.
    package var component: String? {
        get { shared.details.component }
        set { if shared.details.component != newValue { details.component = newValue } }
    }

    package var min: ExprRef? {
        get { shared.details.min }
        set { if shared.details.min != newValue { details.min = newValue } }
    }

    package var max: ExprRef? {
        get { shared.details.max }
        set { if shared.details.max != newValue { details.max = newValue } }
    }

    package var insets: EdgeExprs {
        get { shared.details.insets }
        set { if shared.details.insets != newValue { details.insets = newValue } }
    }

    package var background: ExprRef {
        get { shared.details.background }
        set { if shared.details.background != newValue { details.background = newValue } }
    }

    package var highlight: ExprRef {
        get { shared.details.highlight }
        set { if shared.details.highlight != newValue { details.highlight = newValue } }
    }

    package var separator: SeparatorModel? {
        get { shared.details.separator }
        set { if shared.details.separator != newValue { details.separator = newValue } }
    }

    package var tap: [ActionModel] {
        get { shared.details.tap }
        set { if shared.details.tap != newValue { details.tap = newValue } }
    }

    package var transitions: [TransitionModel] {
        get { shared.details.transitions }
        set { if shared.details.transitions != newValue { details.transitions = newValue } }
    }

    /// `accessibility { … }`, when written.
    package var accessibility: AccessibilityModel? {
        get { shared.details.accessibility }
        set { if shared.details.accessibility != newValue { details.accessibility = newValue } }
    }

    /// The shared part, made this row's own before it is changed.
    var details: RowDetails {
        get { shared.details }
        _modify {
            if !isKnownUniquelyReferenced(&shared) { shared = RowDetailsStorage(shared.details) }
            yield &shared.details
        }
    }

    /// Makes this row share `other`'s details when they are equal (a loader
    /// that builds rows one by one calls it with the row made before).
    package mutating func shareDetails(with other: RowModel) {
        if shared !== other.shared, shared.holdsDetails(equalTo: other.shared) { shared = other.shared }
    }

    /// The details this row shares, for a row made next to share them
    /// when they are equal (one reference: the row whole was copied for it).
    package var sharedDetails: SharedDetails { SharedDetails(storage: shared) }

    /// Whether this row holds `details` (the same storage, not equal ones).
    package func holds(_ details: SharedDetails) -> Bool { shared === details.storage }

    /// Whether this row and `other` share their details' storage.
    package func sharesDetails(with other: RowModel) -> Bool { shared === other.shared }
}

extension RowModel: Hashable {
    package static func == (lhs: RowModel, rhs: RowModel) -> Bool {
        lhs.id == rhs.id && lhs.size == rhs.size && lhs.hidden == rhs.hidden && lhs.shown == rhs.shown
            && lhs.parentIndex == rhs.parentIndex && lhs.parameterStart == rhs.parameterStart && lhs.kind == rhs.kind
            && lhs.pin == rhs.pin && lhs.snapHide == rhs.snapHide
            && (lhs.shared === rhs.shared || lhs.shared.details == rhs.shared.details)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(size)
        hasher.combine(hidden)
        hasher.combine(shown)
        hasher.combine(parentIndex)
        hasher.combine(parameterStart)
        hasher.combine(kind)
        hasher.combine(pin)
        hasher.combine(snapHide)
        hasher.combine(shared.details)
    }
}

/// The details one row holds, as another row made after it may share them.
package struct SharedDetails: Sendable {
    fileprivate let storage: RowDetailsStorage

    /// Tells these details from others while they are held (for a cache keyed by them).
    package var identity: ObjectIdentifier { ObjectIdentifier(storage) }
}

/// The properties rows of one look share (`RowModel` keeps the rest).
package struct RowDetails: Hashable, Sendable {
    /// Stands for the content's shown expression, which rows keep themselves.
    static let placeholder = ExprRef(start: 0, count: 0)

    var component: String?
    /// With `placeholder` where the row's own expression goes.
    var content: ContentModel
    var min: ExprRef?
    var max: ExprRef?
    var insets: EdgeExprs
    var background: ExprRef
    var highlight: ExprRef
    var separator: SeparatorModel?
    var tap: [ActionModel]
    var transitions: [TransitionModel]
    var accessibility: AccessibilityModel?

    /// The content's shown expression, and the content with the placeholder for it.
    static func split(_ content: ContentModel) -> (shown: ExprRef, style: ContentModel) {
        switch content {
        case .text(let text, let font, let lines, let color, let weight, let align):
            (text, .text(text: placeholder, font: font, lines: lines, color: color, weight: weight, align: align))
        case .image(let source, let aspect): (source, .image(source: placeholder, aspect: aspect))
        case .view(let host, let props): (host, .view(host: placeholder, props: props))
        case .spacer, .stack: (placeholder, content)
        }
    }
}

extension ContentModel {
    /// This content (split by `RowDetails.split`) with `shown` put back.
    func showing(_ shown: ExprRef) -> ContentModel {
        switch self {
        case .text(_, let font, let lines, let color, let weight, let align):
            .text(text: shown, font: font, lines: lines, color: color, weight: weight, align: align)
        case .image(_, let aspect): .image(source: shown, aspect: aspect)
        case .view(_, let props): .view(host: shown, props: props)
        case .spacer, .stack: self
        }
    }
}

/// Copy-on-write storage of `RowDetails`: a class because rows share one
/// by reference; it is changed only through `RowModel.details`, which
/// copies it first unless the row holds the only reference.
final class RowDetailsStorage: @unchecked Sendable {
    var details: RowDetails

    init(_ details: RowDetails) { self.details = details }

    /// Whether `other` holds equal details, compared where they are: read
    /// through the rows, both were copied out first (two copies and their
    /// retains for every row a lowering makes).
    func holdsDetails(equalTo other: RowDetailsStorage) -> Bool { details == other.details }

    /// Whether these details equal `other`, field by field where they are:
    /// `details == other` copied the stored details whole (a class's
    /// property passed to a call) and let the copy go, for every row a
    /// lowering makes.
    func holdsDetails(equalTo other: RowDetails) -> Bool {
        details.content == other.content && details.insets == other.insets && details.background == other.background
            && details.highlight == other.highlight && details.separator == other.separator && details.min == other.min
            && details.max == other.max && details.component == other.component && details.tap == other.tap
            && details.transitions == other.transitions && details.accessibility == other.accessibility
    }
}

extension RowModel: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, id, component, parent, content, size, min, max, insets, background, highlight, hidden, separator, tap,
            transitions, pin, snapHide, accessibility, parameters
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            kind: try c.decode(RowKindCode.self, forKey: .kind), id: try c.decodeIfPresent(String.self, forKey: .id),
            component: try c.decodeIfPresent(String.self, forKey: .component), parent: try c.decode(Int.self, forKey: .parent),
            content: try c.decode(ContentModel.self, forKey: .content), size: try c.decode(ExprRef.self, forKey: .size),
            min: try c.decodeIfPresent(ExprRef.self, forKey: .min), max: try c.decodeIfPresent(ExprRef.self, forKey: .max),
            insets: try c.decode(EdgeExprs.self, forKey: .insets), background: try c.decode(ExprRef.self, forKey: .background),
            highlight: try c.decode(ExprRef.self, forKey: .highlight), hidden: try c.decode(ExprRef.self, forKey: .hidden),
            separator: try c.decodeIfPresent(SeparatorModel.self, forKey: .separator), tap: try c.decode([ActionModel].self, forKey: .tap),
            transitions: try c.decode([TransitionModel].self, forKey: .transitions), pin: try c.decode(PinMode.self, forKey: .pin),
            snapHide: try c.decode(PinMode.self, forKey: .snapHide))
        accessibility = try c.decodeIfPresent(AccessibilityModel.self, forKey: .accessibility)
        parameters = try c.decodeIfPresent(UInt32.self, forKey: .parameters)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(component, forKey: .component)
        try c.encode(parent, forKey: .parent)
        try c.encode(content, forKey: .content)
        try c.encode(size, forKey: .size)
        try c.encodeIfPresent(min, forKey: .min)
        try c.encodeIfPresent(max, forKey: .max)
        try c.encode(insets, forKey: .insets)
        try c.encode(background, forKey: .background)
        try c.encode(highlight, forKey: .highlight)
        try c.encode(hidden, forKey: .hidden)
        try c.encodeIfPresent(separator, forKey: .separator)
        try c.encode(tap, forKey: .tap)
        try c.encode(transitions, forKey: .transitions)
        try c.encode(pin, forKey: .pin)
        try c.encode(snapHide, forKey: .snapHide)
        try c.encodeIfPresent(accessibility, forKey: .accessibility)
        try c.encodeIfPresent(parameters, forKey: .parameters)
    }
}
