// The compiled screen: the runtime's input, made by the compiler's lowering
// (and later read from compiled files). Flat tables indexed by position:
// `rows[i]`, `stacks[j]`; every property is an `ExprRef` into one expression
// table, with defaults, inheritance and components already resolved.

/// The built-in kinds a row can be after components are expanded.
public enum RowKindCode: UInt8, Hashable, Sendable, Codable, CaseIterable {
    case text, image, view, spacer, stack

    /// The kind's name in the language (`Text`, …).
    public var name: String {
        switch self {
        case .text: "Text"
        case .image: "Image"
        case .view: "View"
        case .spacer: "Spacer"
        case .stack: "Stack"
        }
    }
}

/// A declared enum: its name and cases in order.
public struct EnumModel: Hashable, Sendable, Codable {
    public var name: String
    public var cases: [String]

    public init(name: String, cases: [String]) {
        self.name = name
        self.cases = cases
    }
}

/// A state variable: name, type, initial value.
public struct StateSlot: Hashable, Sendable, Codable {
    public var name: String
    public var type: RuntimeType
    public var initial: RuntimeValue

    public init(name: String, type: RuntimeType, initial: RuntimeValue) {
        self.name = name
        self.type = type
        self.initial = initial
    }
}

/// Four expressions in CSS order: top, right, bottom, left.
public struct EdgeExprs: Hashable, Sendable, Codable {
    public var top: ExprRef
    public var right: ExprRef
    public var bottom: ExprRef
    public var left: ExprRef

    public init(top: ExprRef, right: ExprRef, bottom: ExprRef, left: ExprRef) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }
}

/// A separator: colour, thickness and insets inside its row.
public struct SeparatorModel: Hashable, Sendable, Codable {
    public var color: ExprRef
    public var thickness: ExprRef
    public var insets: EdgeExprs

    public init(color: ExprRef, thickness: ExprRef, insets: EdgeExprs) {
        self.color = color
        self.thickness = thickness
        self.insets = insets
    }
}

/// What a row shows, by kind.
public enum ContentModel: Hashable, Sendable, Codable {
    case text(text: ExprRef, font: ExprRef, lines: ExprRef, color: ExprRef, weight: String, align: String)
    case image(source: ExprRef, aspect: ExprRef?)
    case view(host: ExprRef, props: [PropModel])
    case spacer
    /// A nested stack, by index into `ScreenModel.stacks`.
    case stack(Int)
}

/// One `props { key: value }` entry of a View.
public struct PropModel: Hashable, Sendable, Codable {
    public var name: String
    public var value: ExprRef

    public init(name: String, value: ExprRef) {
        self.name = name
        self.value = value
    }
}

/// A tap action.
public enum ActionModel: Hashable, Sendable, Codable {
    case toggle(state: Int)
    case set(state: Int, value: ExprRef)
    case emit(String)
    case scrollTo(row: String, position: ScrollPosition)
    case push(step: String)
    case pop(Int)
}

/// Where `scroll-to` puts a row.
public enum ScrollPosition: String, Hashable, Sendable, Codable, CaseIterable {
    case top, middle, bottom, auto
}

/// When a transition runs.
public enum TransitionKind: String, Hashable, Sendable, Codable, CaseIterable {
    case show, hide, insert, remove, resize, move
}

/// An animation curve.
public enum CurveModel: Hashable, Sendable, Codable {
    case linear, easeIn, easeOut, easeInOut
    case spring(damping: Double, velocity: Double)
}

/// `from { … }` / `to { … }`: where an appearing row starts or a disappearing one ends.
public struct KeyframeModel: Hashable, Sendable, Codable {
    public var alpha: ExprRef?
    public var offsetX: ExprRef?
    public var offsetY: ExprRef?
    public var scale: ExprRef?

    public init(alpha: ExprRef? = nil, offsetX: ExprRef? = nil, offsetY: ExprRef? = nil, scale: ExprRef? = nil) {
        self.alpha = alpha
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.scale = scale
    }
}

/// A row's animation for one kind of change.
public struct TransitionModel: Hashable, Sendable, Codable {
    public var kind: TransitionKind
    public var duration: ExprRef
    public var delay: ExprRef
    public var curve: CurveModel
    public var from: KeyframeModel?
    public var to: KeyframeModel?
    /// `move` only: false when the row keeps its own timing (`timing: own`)
    /// rather than following the change that moves it.
    public var follows: Bool

    public init(
        kind: TransitionKind, duration: ExprRef, delay: ExprRef, curve: CurveModel, from: KeyframeModel?, to: KeyframeModel?,
        follows: Bool = true
    ) {
        self.kind = kind
        self.duration = duration
        self.delay = delay
        self.curve = curve
        self.from = from
        self.to = to
        self.follows = follows
    }
}

/// A sticky row.
public enum PinMode: UInt8, Hashable, Sendable, Codable {
    case none, top, bottom
}

/// One row, with every property resolved.
public struct RowModel: Hashable, Sendable, Codable {
    public var kind: RowKindCode
    public var id: String?
    /// The component this row is an instance of, if any.
    public var component: String?
    /// The stack this row belongs to.
    public var parent: Int
    public var content: ContentModel
    /// A length: number, percentage, `fit` or `fill(w)`.
    public var size: ExprRef
    public var min: ExprRef?
    public var max: ExprRef?
    public var insets: EdgeExprs
    public var background: ExprRef
    public var highlight: ExprRef
    public var hidden: ExprRef
    public var separator: SeparatorModel?
    public var tap: [ActionModel]
    public var transitions: [TransitionModel]
    public var pin: PinMode
    /// `snap-hide(top|bottom)`: the edge the row hides towards.
    public var snapHide: PinMode

    public init(
        kind: RowKindCode, id: String?, component: String?, parent: Int, content: ContentModel, size: ExprRef,
        min: ExprRef?, max: ExprRef?, insets: EdgeExprs, background: ExprRef, highlight: ExprRef, hidden: ExprRef,
        separator: SeparatorModel?, tap: [ActionModel], transitions: [TransitionModel], pin: PinMode, snapHide: PinMode
    ) {
        self.kind = kind
        self.id = id
        self.component = component
        self.parent = parent
        self.content = content
        self.size = size
        self.min = min
        self.max = max
        self.insets = insets
        self.background = background
        self.highlight = highlight
        self.hidden = hidden
        self.separator = separator
        self.tap = tap
        self.transitions = transitions
        self.pin = pin
        self.snapHide = snapHide
    }
}

/// A stack: the screen itself (`stacks[0]`), a nested `Stack` row, or a flow step.
public struct StackModel: Hashable, Sendable, Codable {
    public var axis: Axis
    public var padding: EdgeExprs
    public var spacing: ExprRef
    public var hideLastSeparator: ExprRef
    public var background: ExprRef
    /// The rows directly in this stack, in order (indices into `rows`).
    public var rows: [Int]

    public init(axis: Axis, padding: EdgeExprs, spacing: ExprRef, hideLastSeparator: ExprRef, background: ExprRef, rows: [Int]) {
        self.axis = axis
        self.padding = padding
        self.spacing = spacing
        self.hideLastSeparator = hideLastSeparator
        self.background = background
        self.rows = rows
    }
}

/// A flow step: its name, title and the stack holding its rows.
public struct StepModel: Hashable, Sendable, Codable {
    public var name: String
    public var title: ExprRef
    public var stack: Int

    public init(name: String, title: ExprRef, stack: Int) {
        self.name = name
        self.title = title
        self.stack = stack
    }
}

/// A component's parameter, as a template needs it.
public struct TemplateParameter: Hashable, Sendable, Codable {
    public var name: String
    public var type: RuntimeType
    public var defaultValue: RuntimeValue?

    public init(name: String, type: RuntimeType, defaultValue: RuntimeValue?) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}

/// A component, lowered so that the runtime can insert instances of it: its
/// rows (the first is the instance) and nested stacks, numbered locally, with
/// expressions that read `.parameter(i)` where the component's parameters stand.
public struct ComponentTemplate: Hashable, Sendable, Codable {
    public var name: String
    /// Indices into `ScreenModel.parameters`.
    public var parameters: [Int]
    /// Rows; `parent` is a local stack index, or -1 for the instance row.
    public var rows: [RowModel]
    /// Nested stacks; their `rows` are local row indices.
    public var stacks: [StackModel]

    public init(name: String, parameters: [Int], rows: [RowModel], stacks: [StackModel]) {
        self.name = name
        self.parameters = parameters
        self.rows = rows
        self.stacks = stacks
    }
}

/// How a flow fades its earlier steps and lets the user go back.
public struct FlowSettings: Hashable, Sendable, Codable {
    /// `tint(color, alpha, step)`: the step under the top one shows at
    /// `alpha`, each earlier one `step` less (never below 0), over `color`.
    public var tint: Tint?
    /// `gradient(P%)`: earlier steps fade out over P% of the viewport beyond the top step.
    public var gradient: Double?
    /// `navigation: tap`: a tap on an earlier step pops back to it.
    public var tapToPop: Bool
    /// `navigation: swipe`: the host may pop on a swipe.
    public var swipeToPop: Bool

    public struct Tint: Hashable, Sendable, Codable {
        public var color: UInt32
        public var alpha: Double
        public var step: Double

        public init(color: UInt32, alpha: Double, step: Double) {
            self.color = color
            self.alpha = alpha
            self.step = step
        }
    }

    public init(tint: Tint? = nil, gradient: Double? = nil, tapToPop: Bool = true, swipeToPop: Bool = false) {
        self.tint = tint
        self.gradient = gradient
        self.tapToPop = tapToPop
        self.swipeToPop = swipeToPop
    }
}

/// A compiled screen or flow.
public struct ScreenModel: Hashable, Sendable, Codable {
    public var name: String
    public var isFlow: Bool
    public var enums: [EnumModel]
    public var state: [StateSlot]
    public var stacks: [StackModel]
    public var rows: [RowModel]
    public var steps: [StepModel]
    public var expressions: ExpressionTable
    /// A flow's fading and navigation (nil for screens).
    public var flow: FlowSettings?
    /// Components the runtime can insert rows from, and all their parameters.
    public var components: [ComponentTemplate] = []
    public var parameters: [TemplateParameter] = []

    /// The state slot that counts a flow's pushed steps.
    public static let flowDepthState = "flow.depth"

    /// Whether `x` can be a flow's `flow.depth`: a whole number of shown steps.
    static func isValidFlowDepth(_ x: Double, steps: Int) -> Bool {
        x >= 0 && x <= Double(steps) && x == x.rounded()
    }

    public init(
        name: String, isFlow: Bool, enums: [EnumModel], state: [StateSlot], stacks: [StackModel], rows: [RowModel],
        steps: [StepModel], expressions: ExpressionTable, flow: FlowSettings? = nil
    ) {
        self.flow = flow
        self.name = name
        self.isFlow = isFlow
        self.enums = enums
        self.state = state
        self.stacks = stacks
        self.rows = rows
        self.steps = steps
        self.expressions = expressions
    }

    /// The stack laid out as the screen: stack 0. A flow's stack 0 holds one
    /// Stack row per step, shown while `flow.depth` counts it as pushed.
    public var rootStack: Int { 0 }
}
