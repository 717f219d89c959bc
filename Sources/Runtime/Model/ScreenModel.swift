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
package struct EnumModel: Hashable, Sendable, Codable {
    package var name: String
    package var cases: [String]

    package init(name: String, cases: [String]) {
        self.name = name
        self.cases = cases
    }
}

/// A state variable: name, type, initial value.
package struct StateSlot: Hashable, Sendable, Codable {
    package var name: String
    package var type: RuntimeType
    package var initial: RuntimeValue

    package init(name: String, type: RuntimeType, initial: RuntimeValue) {
        self.name = name
        self.type = type
        self.initial = initial
    }
}

/// Four expressions in CSS order: top, right, bottom, left.
package struct EdgeExprs: Hashable, Sendable, Codable {
    package var top: ExprRef
    package var right: ExprRef
    package var bottom: ExprRef
    package var left: ExprRef

    package init(top: ExprRef, right: ExprRef, bottom: ExprRef, left: ExprRef) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }
}

/// A separator: colour, thickness and insets inside its row.
package struct SeparatorModel: Hashable, Sendable, Codable {
    package var color: ExprRef
    package var thickness: ExprRef
    package var insets: EdgeExprs

    package init(color: ExprRef, thickness: ExprRef, insets: EdgeExprs) {
        self.color = color
        self.thickness = thickness
        self.insets = insets
    }
}

/// What a row shows, by kind.
package enum ContentModel: Hashable, Sendable, Codable {
    case text(text: ExprRef, font: ExprRef, lines: ExprRef, color: ExprRef, weight: String, align: String)
    case image(source: ExprRef, aspect: ExprRef?)
    case view(host: ExprRef, props: [PropModel])
    case spacer
    /// A nested stack, by index into `ScreenModel.stacks`.
    case stack(Int)
}

/// One `props { key: value }` entry of a View.
package struct PropModel: Hashable, Sendable, Codable {
    package var name: String
    package var value: ExprRef

    package init(name: String, value: ExprRef) {
        self.name = name
        self.value = value
    }
}

/// A tap action.
package enum ActionModel: Hashable, Sendable, Codable {
    case toggle(state: Int)
    case set(state: Int, value: ExprRef)
    case emit(String)
    case scrollTo(row: String, position: ScrollPosition)
    case push(step: String)
    case pop(Int)
    /// Inserts an instance of `component` (arguments evaluated at the tap).
    case insert(component: String, arguments: [ArgumentModel], id: String?, place: RowPlaceModel)
    case remove(row: String)
    /// Moves a row within its stack.
    case move(row: String, place: RowPlaceModel)
}

/// An argument of an `insert` action: a parameter's name and its expression.
package struct ArgumentModel: Hashable, Sendable, Codable {
    package var name: String
    package var value: ExprRef

    package init(name: String, value: ExprRef) {
        self.name = name
        self.value = value
    }
}

/// Where `insert` and `move` put a row.
package enum RowPlaceModel: Hashable, Sendable, Codable {
    case top, bottom
    case after(String)
    case before(String)
}

/// Where `scroll-to` puts a row.
package enum ScrollPosition: String, Hashable, Sendable, Codable, CaseIterable {
    case top, middle, bottom, auto
}

/// When a transition runs.
public enum TransitionKind: String, Hashable, Sendable, Codable, CaseIterable {
    case show, hide, insert, remove, resize, move
}

/// An animation curve.
package enum CurveModel: Hashable, Sendable, Codable {
    case linear, easeIn, easeOut, easeInOut
    case spring(damping: Double, velocity: Double)
}

/// `from { … }` / `to { … }`: where an appearing row starts or a disappearing one ends.
package struct KeyframeModel: Hashable, Sendable, Codable {
    package var alpha: ExprRef?
    package var offsetX: ExprRef?
    package var offsetY: ExprRef?
    package var scale: ExprRef?

    package init(alpha: ExprRef? = nil, offsetX: ExprRef? = nil, offsetY: ExprRef? = nil, scale: ExprRef? = nil) {
        self.alpha = alpha
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.scale = scale
    }
}

/// A row's animation for one kind of change.
package struct TransitionModel: Hashable, Sendable, Codable {
    package var kind: TransitionKind
    package var duration: ExprRef
    package var delay: ExprRef
    package var curve: CurveModel
    package var from: KeyframeModel?
    package var to: KeyframeModel?
    /// `move` only: false when the row keeps its own timing (`timing: own`)
    /// rather than following the change that moves it.
    package var follows: Bool

    package init(
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
package enum PinMode: UInt8, Hashable, Sendable, Codable {
    case none, top, bottom
}

/// A stack: the screen itself (`stacks[0]`), a nested `Stack` row, or a flow step.
package struct StackModel: Hashable, Sendable, Codable {
    package var axis: Axis
    package var padding: EdgeExprs
    package var spacing: ExprRef
    package var hideLastSeparator: ExprRef
    package var background: ExprRef
    /// The rows directly in this stack, in order (indices into `rows`):
    /// in blocks, so that a row in or out of 100,000 moves no others.
    package var rows: BlockArray<Int>

    package init(axis: Axis, padding: EdgeExprs, spacing: ExprRef, hideLastSeparator: ExprRef, background: ExprRef, rows: [Int]) {
        self.axis = axis
        self.padding = padding
        self.spacing = spacing
        self.hideLastSeparator = hideLastSeparator
        self.background = background
        self.rows = BlockArray(rows)
    }
}

/// A flow step: its name, title and the stack holding its rows.
package struct StepModel: Hashable, Sendable, Codable {
    package var name: String
    package var title: ExprRef
    package var stack: Int

    package init(name: String, title: ExprRef, stack: Int) {
        self.name = name
        self.title = title
        self.stack = stack
    }
}

/// A component's parameter, as a template needs it.
package struct TemplateParameter: Hashable, Sendable, Codable {
    package var name: String
    package var type: RuntimeType
    package var defaultValue: RuntimeValue?

    package init(name: String, type: RuntimeType, defaultValue: RuntimeValue?) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}

/// A component, lowered so that the runtime can insert instances of it: its
/// rows (the first is the instance) and nested stacks, numbered locally, with
/// expressions that read `.parameter(i)` where the component's parameters stand.
package struct ComponentTemplate: Hashable, Sendable, Codable {
    package var name: String
    /// Indices into `ScreenModel.parameters`.
    package var parameters: [Int]
    /// Rows; `parent` is a local stack index, or -1 for the instance row.
    package var rows: [RowModel]
    /// Nested stacks; their `rows` are local row indices.
    package var stacks: [StackModel]
    /// The state slots of the component's own state (`state on: bool` in
    /// its body), holding initial values: each inserted instance gets copies.
    package var states: [Int] = []

    package init(name: String, parameters: [Int], rows: [RowModel], stacks: [StackModel]) {
        self.name = name
        self.parameters = parameters
        self.rows = rows
        self.stacks = stacks
    }
}

/// How a flow fades its earlier steps and lets the user go back.
package struct FlowSettings: Hashable, Sendable, Codable {
    /// `tint(color, alpha, step)`: the step under the top one shows at
    /// `alpha`, each earlier one `step` less (never below 0), over `color`.
    package var tint: Tint?
    /// `gradient(P%)`: earlier steps fade out over P% of the viewport beyond the top step.
    package var gradient: Double?
    /// `navigation: tap`: a tap on an earlier step pops back to it.
    package var tapToPop: Bool
    /// `navigation: swipe`: the host may pop on a swipe.
    package var swipeToPop: Bool

    package struct Tint: Hashable, Sendable, Codable {
        package var color: UInt32
        package var alpha: Double
        package var step: Double

        package init(color: UInt32, alpha: Double, step: Double) {
            self.color = color
            self.alpha = alpha
            self.step = step
        }
    }

    package init(tint: Tint? = nil, gradient: Double? = nil, tapToPop: Bool = true, swipeToPop: Bool = false) {
        self.tint = tint
        self.gradient = gradient
        self.tapToPop = tapToPop
        self.swipeToPop = swipeToPop
    }
}

/// A compiled screen or flow.
/// One compiled screen or flow, as `ScreenDecoder.decode` loads it: hand
/// it to `LiveScreen` to show it. What is inside is the runtime's business.
public struct ScreenModel: Hashable, Sendable, Codable {
    /// The screen's (or flow's) name in its source.
    public package(set) var name: String
    /// Whether this is a flow of steps rather than a screen.
    public package(set) var isFlow: Bool
    package var enums: [EnumModel]
    /// An array, then pages: a bound element with state of its own adds a
    /// slot to a copy of the screen (`StateSlots`).
    package var state: StateSlots
    package var stacks: PagedArray<StackModel>
    /// In pages: a copy of the model that gains a row copies a page, not
    /// every row (`PagedArray`).
    package var rows: PagedArray<RowModel>
    package var steps: [StepModel]
    package var expressions: ExpressionTable
    /// A flow's fading and navigation (nil for screens).
    package var flow: FlowSettings?
    /// Components the runtime can insert rows from, and all their parameters.
    package var components: [ComponentTemplate] = []
    package var parameters: [TemplateParameter] = []
    /// Data the host binds, and the `for` rows repeated over it.
    package var data: [DataModel] = []
    package var repeaters: [RepeaterModel] = []

    /// From here on, what a bound element adds — constants, code, state
    /// slots — goes into pages (see `GrowingTable`): once the model is a
    /// screen's, whose copies gain elements.
    package mutating func appendInPages() {
        expressions.appendInPages()
        state.appendInPages()
    }

    /// The state slot that counts a flow's pushed steps.
    package static let flowDepthState = "flow.depth"

    /// Whether `x` can be a flow's `flow.depth`: a whole number of shown steps.
    static func isValidFlowDepth(_ x: Double, steps: Int) -> Bool {
        x >= 0 && x <= Double(steps) && x == x.rounded()
    }

    package init(
        name: String, isFlow: Bool, enums: [EnumModel], state: [StateSlot], stacks: [StackModel], rows: some Collection<RowModel>,
        steps: [StepModel], expressions: ExpressionTable, flow: FlowSettings? = nil
    ) {
        self.flow = flow
        self.name = name
        self.isFlow = isFlow
        self.enums = enums
        self.state = StateSlots(state)
        self.stacks = PagedArray(stacks)
        // Rows already in pages (as the loader reads them) are kept as they are.
        self.rows = rows as? PagedArray<RowModel> ?? PagedArray(rows)
        self.steps = steps
        self.expressions = expressions
    }

    /// The stack laid out as the screen: stack 0. A flow's stack 0 holds one
    /// Stack row per step, shown while `flow.depth` counts it as pushed.
    package var rootStack: Int { 0 }
}
