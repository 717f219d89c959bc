// The one table of properties: which block accepts which property, of what
// shape, with what default. The checker, the docs and (later) lowering read it.

import StackParser

/// What a property's value looks like.
public enum PropertyShape: Hashable, Sendable {
    /// One expression of this type; may read state and `viewport`.
    case value(ValueType)
    /// One to four numbers in CSS order (insets, padding).
    case edges
    /// One keyword of a fixed set.
    case keyword([String])
    /// `none` (the block form is `separator { … }`).
    case separator
    /// Comma-separated tap actions.
    case actions
    case curve
    /// Two numbers: x y.
    case offset
    /// `none` or `snap-hide(top|bottom)`.
    case behavior
    /// `none`, `line(thickness, color)` or `padding(size)`.
    case separation
    /// `none`, or `tint(color, alpha, step)` and/or `gradient(P%)`.
    case fading
    /// Comma-separated keywords of a fixed set, or `none`.
    case keywordList([String])
}

/// One property: its shape, limits and documentation. A class because the
/// catalogue's entries are shared, read-only table rows: handing one around
/// costs a reference count, not a copy of five fields.
public final class PropertySpec: Sendable {
    public let name: String
    public let shape: PropertyShape
    /// Constant values must be ≥ 0 (sizes, insets, durations).
    public let nonNegative: Bool
    /// Constant values must lie in this range.
    public let range: ClosedRange<Double>?
    /// Constant values must be whole numbers (`lines`).
    public let wholeNumber: Bool
    /// The default, as the reference shows it.
    public let defaultText: String
    public let summary: String

    init(
        name: String, shape: PropertyShape, nonNegative: Bool = false, range: ClosedRange<Double>? = nil, wholeNumber: Bool = false,
        defaultText: String, summary: String
    ) {
        self.name = name
        self.shape = shape
        self.nonNegative = nonNegative
        self.range = range
        self.wholeNumber = wholeNumber
        self.defaultText = defaultText
        self.summary = summary
    }
}

/// The blocks that hold properties.
public enum BlockContext: String, Sendable, CaseIterable {
    case text = "Text", image = "Image", view = "View", spacer = "Spacer", stack = "Stack"
    case screen, flow, step, defaults, separator, transition, keyframe = "from/to", accessibility

    /// The position in `allCases`, for table lookups without hashing.
    var ordinal: Int {
        switch self {
        case .text: 0
        case .image: 1
        case .view: 2
        case .spacer: 3
        case .stack: 4
        case .screen: 5
        case .flow: 6
        case .step: 7
        case .defaults: 8
        case .separator: 9
        case .transition: 10
        case .keyframe: 11
        case .accessibility: 12
        }
    }

    public init(_ kind: RowKind) {
        switch kind {
        case .text: self = .text
        case .image: self = .image
        case .view: self = .view
        case .spacer: self = .spacer
        case .stack: self = .stack
        }
    }
}

public enum PropertyCatalog {
    static let alignments = ["leading", "center", "trailing", "justified"]
    static let weights = ["ultralight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]

    /// Properties every row has.
    public static let common: [PropertySpec] = [
        .init(name: "size", shape: .value(.length), nonNegative: true, defaultText: "fit",
              summary: "main-axis size of the content: N points, P% of the viewport, fit, fill or fill(w)"),
        .init(name: "min", shape: .value(.number), nonNegative: true, defaultText: "none", summary: "smallest content size"),
        .init(name: "max", shape: .value(.number), nonNegative: true, defaultText: "none", summary: "largest content size"),
        .init(name: "insets", shape: .edges, nonNegative: true, defaultText: "12 15 (Spacer: 0)",
              summary: "space between the row's edges and its content, CSS order"),
        .init(name: "background", shape: .value(.color), defaultText: "clear", summary: "row background"),
        .init(name: "highlight", shape: .value(.color), defaultText: "#D9D9D9", summary: "background while a tappable row is pressed"),
        .init(name: "hidden", shape: .value(.bool), defaultText: "false", summary: "a hidden row takes no space and draws no separator"),
        .init(name: "separator", shape: .separator, defaultText: "the stack's default",
              summary: "`none`, or a `separator { color thickness insets }` block"),
        .init(name: "tap", shape: .actions, defaultText: "none", summary: "actions run in order when the row is tapped"),
        .init(name: "pin", shape: .keyword(["none", "top", "bottom"]), defaultText: "none", summary: "sticky row"),
        .init(name: "behavior", shape: .behavior, defaultText: "none",
              summary: "`snap-hide(top)` or `snap-hide(bottom)`: slides away while scrolling, returns on the reverse"),
    ]

    static let text: [PropertySpec] = [
        .init(name: "text", shape: .value(.string), defaultText: "\"\"", summary: "the label's text"),
        .init(name: "font", shape: .value(.number), range: 0.001...10_000, defaultText: "17", summary: "point size"),
        .init(name: "weight", shape: .keyword(weights), defaultText: "regular", summary: "font weight"),
        .init(name: "lines", shape: .value(.number), nonNegative: true, wholeNumber: true, defaultText: "0", summary: "maximum lines, 0 = unlimited"),
        .init(name: "color", shape: .value(.color), defaultText: "black", summary: "text colour"),
        .init(name: "align", shape: .keyword(alignments), defaultText: "leading", summary: "text alignment"),
    ]

    static let image: [PropertySpec] = [
        .init(name: "source", shape: .value(.string), defaultText: "\"\"", summary: "image name the host resolves"),
        .init(name: "aspect", shape: .value(.number), range: 0.000_001...1_000_000, defaultText: "none",
              summary: "width / height; required when size is fit"),
    ]

    static let view: [PropertySpec] = [
        .init(name: "host", shape: .value(.string), defaultText: "\"\"", summary: "a name the host app resolves to a view"),
    ]

    static let stackLevel: [PropertySpec] = [
        .init(name: "axis", shape: .keyword(["vertical", "horizontal"]), defaultText: "vertical", summary: "direction rows run in"),
        .init(name: "padding", shape: .edges, nonNegative: true, defaultText: "0", summary: "space between the stack's edges and its rows"),
        .init(name: "spacing", shape: .value(.number), nonNegative: true, defaultText: "0", summary: "gap between consecutive visible rows"),
        .init(name: "hide-last-separator", shape: .value(.bool), defaultText: "false",
              summary: "no separator under the last visible row"),
    ]

    static let screenOnly: [PropertySpec] = [
        .init(name: "background", shape: .value(.color), defaultText: "clear", summary: "the screen's background"),
    ]

    static let flowOnly: [PropertySpec] = [
        .init(name: "growth", shape: .keyword(["up", "down", "left", "right"]), defaultText: "down", summary: "where new steps appear"),
        .init(name: "separation", shape: .separation, defaultText: "none", summary: "between steps: line(thickness, color), padding(size) or none"),
        .init(name: "fading", shape: .fading, defaultText: "none", summary: "how earlier steps fade: tint(color, alpha, step), gradient(P%)"),
        .init(name: "navigation", shape: .keywordList(["swipe", "tap"]), defaultText: "tap", summary: "how the user pops back: swipe, tap"),
        .init(name: "transition", shape: .value(.duration), nonNegative: true, defaultText: "250ms", summary: "push/pop animation duration"),
        .init(name: "head-padding", shape: .value(.number), nonNegative: true, defaultText: "0", summary: "space beside the newest step (below it when the flow grows down)"),
        .init(name: "background", shape: .value(.color), defaultText: "clear", summary: "the flow's background"),
    ]

    static let stepOnly: [PropertySpec] = [
        .init(name: "title", shape: .value(.string), defaultText: "none", summary: "a header row showing it, 44 points high, as StackFlowView's"),
        .init(name: "padding", shape: .edges, nonNegative: true, defaultText: "0", summary: "space around the step's rows"),
        .init(name: "spacing", shape: .value(.number), nonNegative: true, defaultText: "0", summary: "gap between the step's rows"),
        .init(name: "background", shape: .value(.color), defaultText: "clear", summary: "the step's background"),
        .init(name: "hide-last-separator", shape: .value(.bool), defaultText: "false", summary: "no separator under the step's last row"),
    ]

    static let separatorBlock: [PropertySpec] = [
        .init(name: "color", shape: .value(.color), defaultText: "#C6C6C8", summary: "line colour"),
        .init(name: "thickness", shape: .value(.number), nonNegative: true, defaultText: "1", summary: "line thickness"),
        .init(name: "insets", shape: .edges, nonNegative: true, defaultText: "0 15", summary: "line insets inside the row (CSS order)"),
    ]

    static let transitionBlock: [PropertySpec] = [
        .init(name: "duration", shape: .value(.duration), nonNegative: true, defaultText: "250ms", summary: "how long it runs"),
        .init(name: "delay", shape: .value(.duration), nonNegative: true, defaultText: "0ms", summary: "wait before it starts"),
        .init(name: "curve", shape: .curve, defaultText: "ease-in-out",
              summary: "linear, ease-in, ease-out, ease-in-out or spring(damping[, velocity])"),
        .init(name: "timing", shape: .keyword(["follow", "own"]), defaultText: "follow",
              summary: "move only: a row moved by another row's change moves with that change (follow) or by this transition (own)"),
    ]

    static let keyframe: [PropertySpec] = [
        .init(name: "alpha", shape: .value(.number), range: 0...1, defaultText: "1", summary: "opacity"),
        .init(name: "offset", shape: .offset, defaultText: "0 0", summary: "translation x y in points"),
        .init(name: "scale", shape: .value(.number), nonNegative: true, defaultText: "1", summary: "scale factor"),
    ]

    /// What a `defaults` block may set for the rows below it.
    static let defaultsBlock: [PropertySpec] = common.filter { ["insets", "background", "highlight", "separator"].contains($0.name) }
        + text.filter { ["font", "weight", "color", "align", "lines"].contains($0.name) }

    /// The properties a block accepts, by name.
    public static func properties(of context: BlockContext) -> [PropertySpec] {
        switch context {
        case .text: common + text
        case .image: common + image
        case .view: common + view
        case .spacer: common
        case .stack: common + stackLevel
        case .screen: stackLevel + screenOnly
        case .flow: flowOnly
        case .step: stepOnly
        case .defaults: defaultsBlock
        case .separator: separatorBlock
        case .transition: transitionBlock
        case .keyframe: keyframe
        case .accessibility: accessibilityBlock
        }
    }

    /// What VoiceOver's traits the language names.
    public static let accessibilityTraits = [
        "button", "header", "image", "selected", "link", "static-text", "summary", "not-enabled", "adjustable",
    ]

    static let accessibilityBlock: [PropertySpec] = [
        .init(name: "label", shape: .value(.string), defaultText: "a Text's text", summary: "what VoiceOver reads for the row"),
        .init(name: "hint", shape: .value(.string), defaultText: "\"\"", summary: "what the row does, read after a pause"),
        .init(name: "traits", shape: .keywordList(accessibilityTraits), defaultText: "button when tappable",
              summary: "what the row is: " + accessibilityTraits.joined(separator: ", ")),
        .init(name: "hidden", shape: .value(.bool), defaultText: "false", summary: "true: VoiceOver skips the row and what it holds"),
    ]

    /// `properties(of:)` of each context (by `BlockContext.ordinal`) in 64
    /// buckets keyed by a name's length and first byte: a lookup compares a
    /// couple of small strings instead of hashing one. It runs per property.
    /// All the buckets are one array, `specs`: bucket `k` (a context's
    /// ordinal times 64 plus the bucket) is `specs[starts[k]..<starts[k + 1]]`
    /// (an array of arrays retained and released each array it went
    /// through, a third of a lookup).
    private struct Buckets {
        var specs: [PropertySpec] = []
        var starts: [Int32] = [0]
    }

    private static let buckets: Buckets = {
        var table = Buckets()
        for context in BlockContext.allCases {
            var buckets = [[PropertySpec]](repeating: [], count: 64)
            for spec in properties(of: context) where !buckets[bucket(spec.name)].contains(where: { $0.name == spec.name }) {
                buckets[bucket(spec.name)].append(spec)
            }
            for bucket in buckets {
                table.specs += bucket
                table.starts.append(Int32(table.specs.count))
            }
        }
        return table
    }()

    @inline(__always)
    private static func bucket(_ name: String) -> Int {
        (Int(name.firstByte) &* 7 &+ name.utf8.count) & 63
    }

    public static func lookup(_ name: String, in context: BlockContext) -> PropertySpec? {
        let key = context.ordinal &* 64 &+ bucket(name)
        return buckets.specs.withUnsafeBufferPointer { specs in
            buckets.starts.withUnsafeBufferPointer { starts in
                var index = Int(starts[key])
                let end = Int(starts[key + 1])
                while index < end {
                    if specs[index].name == name { return specs[index] }
                    index += 1
                }
                return nil
            }
        }
    }

    /// Nested blocks (`keyword { … }`) each context accepts.
    public static func blocks(of context: BlockContext) -> Set<BlockKeyword> {
        switch context {
        case .text, .image, .spacer: [.separator, .transition, .accessibility]
        case .view: [.separator, .transition, .props, .accessibility]
        case .stack: [.separator, .transition, .defaults, .accessibility]
        case .screen: [.defaults]
        case .flow: [.defaults, .step]
        case .step: [.defaults]
        case .defaults: [.separator, .transition]
        case .transition: [.from, .to]
        case .separator, .keyframe, .accessibility: []
        }
    }

    /// Whether rows may stand in the context.
    public static func holdsRows(_ context: BlockContext) -> Bool {
        // A switch, not an array literal searched: this runs for every row.
        switch context {
        case .stack, .screen, .step: true
        default: false
        }
    }

    public static let transitionKinds = ["show", "hide", "insert", "remove", "resize", "move"]
}

extension PropertyShape: CustomStringConvertible {
    /// How the reference writes the shape.
    public var description: String {
        switch self {
        case .value(let type): type == .length ? "length" : type.description
        case .edges: "edges (1–4 numbers)"
        case .keyword(let options): options.joined(separator: " \\| ")
        case .separator: "`none` or a block"
        case .actions: "actions"
        case .curve: "curve"
        case .offset: "2 numbers (x y)"
        case .behavior: "`none` \\| `snap-hide(top\\|bottom)`"
        case .separation: "`none` \\| `line(n, color)` \\| `padding(n)`"
        case .fading: "`none` \\| `tint(color, a, s)`, `gradient(P%)`"
        case .keywordList(let options): "list of " + options.joined(separator: ", ")
        }
    }
}
