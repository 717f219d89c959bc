// Checked rows handed on as they are checked. A screen of 100,000 rows held
// all its checked rows until lowering began; a sink lets the next stage
// take each root row as soon as it is checked, so that a screen's checked
// rows never all exist at once. The checker knows nothing of what the sink
// does with them.

import StackParser

/// Takes a screen's root rows one at a time, as they are checked.
///
/// Rows are handed on only while nothing stands in the way of using them:
/// no error so far, and nothing the expansion pass (7) would refuse. A
/// screen's rows from the first one not handed on stay in its
/// `CheckedStack.rows`, in order, for the sink's owner to finish with.
protocol CheckedRowSink {
    /// The program's enums, components and records, checked, before any
    /// screen (`stacks` is empty, `environment` not yet known); `locales`,
    /// the program's locales.
    mutating func declarationsChecked(_ program: CheckedProgram, locales: [String])
    /// Whether to take the rows of the screen numbered `number` (0-based,
    /// among the root file's screens and flows): its state, data and
    /// settings are checked, its rows not yet. `expectedRows`: how many
    /// root rows it declares.
    mutating func begin(_ stack: CheckedStack, number: Int, expectedRows: Int) -> Bool
    /// The next root row of the screen begun last.
    mutating func take(_ row: consuming CheckedRow)
    /// The screen begun last is checked and every one of its root rows was
    /// taken: nothing of it is left in the program but its settings.
    mutating func endScreen()
}

extension CheckedRowSink {
    mutating func endScreen() {}
}

/// The sink that takes nothing: every checked row stays in the program.
struct KeepingRows: CheckedRowSink {
    mutating func declarationsChecked(_ program: CheckedProgram, locales: [String]) {}
    mutating func begin(_ stack: CheckedStack, number: Int, expectedRows: Int) -> Bool { false }
    mutating func take(_ row: consuming CheckedRow) {}
}

/// The sink that takes every row and lets it go: for diagnostics alone.
struct DroppingRows: CheckedRowSink {
    mutating func declarationsChecked(_ program: CheckedProgram, locales: [String]) {}
    mutating func begin(_ stack: CheckedStack, number: Int, expectedRows: Int) -> Bool { true }
    mutating func take(_ row: consuming CheckedRow) {}
}

/// The screen whose rows are handed to a sink as they are checked.
struct RowStream {
    /// The screen as the sink is told of it, and how many root rows it
    /// declares, until its first row is checked.
    var pending: (stack: CheckedStack, number: Int, expectedRows: Int)?
    /// Whether its rows are tallied as they come (its settings are known).
    var begun = false
    /// Whether rows are handed on (false once one was kept).
    var flowing = false
    /// Rows kept in the result, all tallied.
    var kept = 0
    var expansion: TypeChecker.StackExpansion
    var percent: TypeChecker.PercentTally?
}

extension TypeChecker {
    /// Whether a screen's rows can be handed on as checked: its settings
    /// (properties and blocks) all come before its first row, so that they
    /// are known when the first row is; state and data may stand anywhere.
    static func settingsComeFirst(_ members: [Member]) -> Bool {
        var sawRow = false
        for member in members {
            switch member {
            case .row, .repeating, .deferredRows: sawRow = true
            case .property, .block: if sawRow { return false }
            case .state, .data: break
            }
        }
        return true
    }

    /// Root rows `members` declare (a run of deferred rows counts each).
    static func rowCount(_ members: [Member]) -> Int {
        members.reduce(0) { count, member in
            switch member {
            case .row, .repeating: count + 1
            case .deferredRows(let deferred): count + deferred.rows.count
            default: count
            }
        }
    }

    /// Called as a screen's members are checked: its first row begins the
    /// stream (the settings before it are all there are); each row is then
    /// tallied for passes 7 and 8 and handed on while that is safe.
    mutating func handOn(_ result: inout BlockResult, stream: inout RowStream, sink: inout some CheckedRowSink) {
        guard !result.rows.isEmpty else { return }
        if !stream.begun {
            guard var pending = stream.pending else { return }
            stream.pending = nil
            stream.begun = true
            var settings = result
            settings.rows = []
            Self.finish(&settings)
            pending.stack.block = settings.block
            stream.percent = percentTally(screen: settings.block)
            // Not after an error: a component that contains itself, say,
            // would expand for ever.
            stream.flowing = !diagnostics.hasErrors && expansionPlan.problems.isEmpty
                && sink.begin(pending.stack, number: pending.number, expectedRows: pending.expectedRows)
        }
        // In order, from the first row not yet tallied: while rows flow,
        // that is the one row this member (or deferred row) added.
        while stream.kept < result.rows.count {
            let index = stream.kept
            tallyExpansion(result.rows[index...index], into: &stream.expansion)
            // In place: taken out and put back, the tally was copied (its
            // arrays retained and released) for every row.
            if stream.percent != nil { tallyPercentages(result.rows[index...index], into: &stream.percent!) }
            if stream.flowing, !diagnostics.hasErrors, !rowsNeedParsingInPlace, expansionAllowsLowering(stream.expansion) {
                sink.take(result.rows.remove(at: index))
            } else {
                stream.flowing = false
                stream.kept += 1
            }
        }
    }
}
