// Compiling with the checker and lowering interleaved: each root row of a
// screen is lowered as soon as it is checked and let go, so that a large
// screen's checked rows never all exist at once (at 100,000 rows they were
// the larger part of the peak of `stackc compile`).

import StackParser
import StackRuntime

extension Compiler {
    /// Checks `root` and lowers its screens and flows: the result of
    /// `check` (without the program, which is used up) and, when there are
    /// no errors, what `lower` would make of the program — the same
    /// screens, byte for byte, made while checking.
    public static func compile(_ root: SourceFile, loader: any SourceLoader = FileSystemLoader()) -> (CheckResult, [ScreenModel]?) {
        compile(root, loader: loader, firstScreenRows: nil)
    }

    /// `compile`, the rows of the program's first screen handed to
    /// `firstScreenRows` as they are lowered (that screen's model then
    /// holds none) if it is lowered while checked.
    static func compile(
        _ root: SourceFile, loader: any SourceLoader, firstScreenRows: (any LoweredRowSink)?
    ) -> (CheckResult, [ScreenModel]?) {
        var sink = loweringSink(firstScreenRows: firstScreenRows)
        var result = check(root, loader: loader, into: &sink)
        guard var program = result.program else { return (result, nil) }
        result.program = nil
        program.sources = SourceManager()
        // Moved, not copied: a copy would share the screens' tables, and
        // renumbering them would copy them all.
        return (result, (consume sink).finish(program))
    }
}

extension Compiler {
    /// The sink `compile` lowers through: on a thread of its own for a
    /// large screen only when the rows are encoded there too, as they are
    /// for `firstScreenRows` (ThreadedLowering says why).
    static func loweringSink(firstScreenRows: (any LoweredRowSink)?) -> ThreadedLowering {
        ThreadedLowering(StreamingLowering(firstScreenRows: firstScreenRows), usesThread: firstScreenRows != nil)
    }
}

/// Lowers screens as the checker hands on their root rows.
///
/// Lowering a row needs the program's environment slots (dark appearance,
/// content size, locale) numbered, but whether the program reads them is
/// known only once its last row is checked: screens lowered here assume
/// all of them, and `finish` takes out those nobody read (SlotRenumbering).
struct StreamingLowering: CheckedRowSink {
    /// The declarations screens are lowered against, with every
    /// environment slot assumed; the enum table they give.
    private var declarations: CheckedProgram?
    private var enums: [EnumModel] = []
    /// Screens begun before the current one, by number, lowered up to
    /// their last row handed on.
    private var screens: [Int: ScreenLowering] = [:]
    /// The screen begun last: out of the dictionary, so that lowering a row
    /// does not move the whole lowering out of it and back.
    private var current: (number: Int, lowering: ScreenLowering)?
    /// Screens whose every root row was lowered, finished as soon as they
    /// were checked, in order: a finished model is a fraction of the
    /// lowering that made it (20,000 one-row screens waiting as lowerings
    /// held 185 MB). Their environment slots are all there until `finish`
    /// renumbers them. In an array, not a dictionary by number: a
    /// dictionary's buckets held each model's fields with as much room
    /// again to spare.
    private var finished: [(number: Int, model: ScreenModel)?] = []
    /// The row sink of screen 0, if it was finished early with one.
    private var finishedRowSink: (any LoweredRowSink)?

    /// How many screens wait as lowerings for the end of the file, and how
    /// many wait finished (for tests).
    var waiting: (lowerings: Int, finished: Int) { (screens.count + (current == nil ? 0 : 1), finished.count) }
    /// Takes the rows of screen 0, the first a file holds, if set.
    private let firstScreenRows: (any LoweredRowSink)?

    init(firstScreenRows: (any LoweredRowSink)?) {
        self.firstScreenRows = firstScreenRows
    }

    mutating func declarationsChecked(_ program: CheckedProgram, locales: [String]) {
        var assumed = program
        assumed.environment = [ScreenModel.darkState, ScreenModel.contentSizeState]
        // The locale is an environment slot only where there is more than one.
        if locales.count > 1 {
            assumed.environment.insert(ScreenModel.localeState)
            assumed.enums[ScreenModel.localeState] = locales
        }
        enums = Compiler.enumModels(assumed)
        declarations = assumed
    }

    mutating func begin(_ stack: CheckedStack, number: Int, expectedRows: Int) -> Bool {
        guard let declarations else { return false }
        if var previous = current.take() {
            previous.lowering.expressions.park()
            screens[previous.number] = previous.lowering
        }
        var lowering = ScreenLowering(program: declarations, enums: enums, stack: stack)
        if number == 0, let firstScreenRows { lowering.handRows(to: firstScreenRows) }
        lowering.beginScreen(rootRows: expectedRows)
        current = (number, lowering)
        return true
    }

    mutating func take(_ row: consuming CheckedRow) {
        current?.lowering.addRootRow(row)
    }

    mutating func endScreen() {
        guard let (number, lowering) = current.take() else { return }
        if number == 0 { finishedRowSink = lowering.rowSink }
        finished.append((number, (consume lowering).finishScreen()))
    }

    /// Every screen and flow of `program` (checked without errors),
    /// lowered: those begun here finished with the rows they were not
    /// handed and renumbered for the environment the program reads; the
    /// others lowered whole.
    consuming func finish(_ program: consuming CheckedProgram) -> [ScreenModel] {
        let actual = program.environment
        let removedSlots = Set([ScreenModel.darkState, ScreenModel.contentSizeState, ScreenModel.localeState].filter { !actual.contains($0) })
        let removedEnums: Set<String> = actual.contains(ScreenModel.localeState) ? [] : [ScreenModel.localeState]
        if let previous = current.take() { screens[previous.number] = previous.lowering }
        var pending = program.stacks.map(Optional.some)
        program.stacks = []
        var nextFinished = 0
        return Compiler.lower(pending: &pending, declarations: program) { number, stack in
            var model: ScreenModel
            let rowSink: (any LoweredRowSink)?
            if nextFinished < finished.count, finished[nextFinished]?.number == number, let taken = finished[nextFinished].take()?.model {
                nextFinished += 1
                model = taken
                rowSink = number == 0 ? finishedRowSink : nil
            } else {
                guard var lowering = screens.removeValue(forKey: number) else { return nil }
                for row in stack.rows { lowering.addRootRow(row) }
                rowSink = lowering.rowSink
                // Moved, not copied: the renumbering must find the tables unshared.
                model = (consume lowering).finishScreen()
            }
            let renumbering = SlotRenumbering(model, removing: removedSlots, removingEnums: removedEnums)
            if !renumbering.isIdentity {
                renumbering.apply(to: &model)
                rowSink?.renumber(renumbering)
            }
            return model
        }
    }
}
