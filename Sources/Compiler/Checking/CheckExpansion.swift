// Pass 7: what the components expand to. A 1 KB file whose components each
// hold two instances of the next expands to millions of rows, and a chain of
// components nests stacks past what the loader accepts; arguments passed
// down a chain grow expressions past what lowering may recurse over. All
// three are measured here, on the component graph (acyclic once pass 5 has
// spoken), without expanding anything and without recursing along chains.

import StackParser

extension TypeChecker {
    /// Rows a file may expand to: every screen's rows with its components
    /// expanded, plus one copy of every component per screen (the templates
    /// a live screen inserts from).
    static let maximumExpandedRows = 1_000_000
    /// Stacks nested in stacks, counted as the loader counts them.
    static let maximumStackDepth = 256
    /// Levels of an expression once component arguments are substituted.
    static let maximumExpandedHeight = 2 * Parser.maximumExpressionHeight

    /// The size of a row with everything in it expanded.
    struct Expansion {
        var rows: Int
        /// Nested stacks below (and including) the row's own.
        var depth: Int
        /// Whether a component it uses is already reported too large.
        var poisoned = false
    }

    /// What the components expand to, worked out before the screens are
    /// checked (so that each screen row can be measured as it is checked
    /// and let go); the problems found are reported by `checkExpansion`,
    /// in pass 7's place.
    struct ExpansionPlan {
        /// Components leaves first (Kahn's order); those on a cycle are left out.
        var order: [String] = []
        var expansions = NameTable<Expansion>()
        /// Components too large, in `order`, with what to say.
        var problems: [(name: String, message: String)] = []
        /// Rows of one copy of every component (each screen holds one).
        var templateRows = 0
    }

    /// Pass 7's tally of one screen or flow: its rows with components expanded.
    struct StackExpansion {
        var own = Expansion(rows: 0, depth: 0)
        var span: Span
        var what: String
    }

    mutating func planExpansion() {
        let names = checkedComponents.keys.sorted()
        var uses: [String: Set<String>] = [:]
        var usedBy: [String: [String]] = [:]
        for name in names {
            var found = Set<String>()
            if let body = checkedComponents[name]?.body { Self.collectComponents(body, into: &found) }
            uses[name] = found
            for used in found { usedBy[used, default: []].append(name) }
        }
        // Kahn's order, leaves first; components on a cycle never get ready.
        var waiting = uses.mapValues(\.count)
        var ready = names.filter { waiting[$0] == 0 }
        var plan = ExpansionPlan()
        while let name = ready.popLast() {
            plan.order.append(name)
            for user in usedBy[name] ?? [] {
                waiting[user]! -= 1
                if waiting[user] == 0 { ready.append(user) }
            }
        }
        for name in plan.order {
            guard let component = checkedComponents[name] else { continue }
            let expansion = expand([component.body][...], known: plan.expansions)
            plan.expansions[name] = expansion
            guard !expansion.poisoned else { continue }
            if expansion.rows > Self.maximumExpandedRows {
                plan.expansions[name]?.poisoned = true
                plan.problems.append((name, "component '\(name)' expands to \(Self.count(expansion.rows)) rows; a file may expand to at most \(Self.count(Self.maximumExpandedRows)) (instances of components inside components multiply)"))
            } else if expansion.depth > Self.maximumStackDepth {
                plan.expansions[name]?.poisoned = true
                plan.problems.append((name, "component '\(name)' nests stacks \(expansion.depth) deep through the components it uses; at most \(Self.maximumStackDepth) are allowed"))
            }
        }
        plan.templateRows = plan.expansions.values.reduce(0) { Self.add($0, $1.rows) }
        expansionPlan = plan
    }

    /// Adds root rows of the stack being checked to its tally (pass 7) and
    /// to the arguments components receive (`received`).
    mutating func tallyExpansion(_ rows: ArraySlice<CheckedRow>, into tally: inout StackExpansion) {
        let expansion = expand(rows, known: expansionPlan.expansions)
        tally.own.rows = Self.add(tally.own.rows, expansion.rows)
        tally.own.depth = max(tally.own.depth, expansion.depth)
        tally.own.poisoned = tally.own.poisoned || expansion.poisoned
        receiveArguments(rows, from: 0)
    }

    /// A flow's steps, each a Stack row holding its rows.
    mutating func tallyExpansion(steps: [CheckedStep], into tally: inout StackExpansion) {
        for step in steps.indices {
            let expansion = expand(steps[step].rows[...], known: expansionPlan.expansions)
            tally.own.rows = Self.add(tally.own.rows, Self.add(expansion.rows, 1))
            tally.own.depth = max(tally.own.depth, expansion.depth + 1)
            receiveArguments(steps[step].rows[...], from: 0)
        }
    }

    /// Whether lowering rows checked so far is safe: no component is too
    /// large, the rows of the file so far stay under the limits, and
    /// substituted arguments cannot pass the expression height lowering
    /// may recurse over (the bound `checkExpandedHeights` starts from).
    func expansionAllowsLowering(_ tally: StackExpansion) -> Bool {
        guard expansionPlan.problems.isEmpty, tally.own.depth <= Self.maximumStackDepth else { return false }
        let total = Self.add(expandedSoFar, Self.add(tally.own.rows, expansionPlan.templateRows))
        guard total <= Self.maximumExpandedRows else { return false }
        let (bound, overflow) = tallestArgument.multipliedReportingOverflow(by: max(expansionPlan.order.count, 1))
        return !overflow && bound + Parser.maximumExpressionHeight <= Self.maximumExpandedHeight
    }

    /// Pass 7: reports what `planExpansion` and the stacks' tallies found.
    mutating func checkExpansion() {
        for problem in expansionPlan.problems {
            let span = checkedComponents[problem.name]?.body.span ?? Span(file: FileID(0), start: 0, end: 0)
            error(.screenTooLarge, nameSpan(of: problem.name, span), problem.message)
        }
        checkExpandedHeights(order: expansionPlan.order)
        if expansionPlan.expansions.values.contains(where: \.poisoned) { return }
        let templateRows = expansionPlan.templateRows
        var total = 0
        for tally in stackExpansions {
            let own = tally.own
            total = Self.add(total, Self.add(own.rows, templateRows))
            if total > Self.maximumExpandedRows {
                error(
                    .screenTooLarge, tally.span,
                    "\(tally.what) brings the rows this file expands to past \(Self.count(Self.maximumExpandedRows)): its rows expand to \(Self.count(own.rows)), and each screen also holds one copy of every component (\(Self.count(templateRows)) rows)")
                return
            }
            if own.depth > Self.maximumStackDepth {
                error(
                    .screenTooLarge, tally.span,
                    "\(tally.what) nests stacks \(own.depth) deep through its components; at most \(Self.maximumStackDepth) are allowed")
            }
        }
    }

    /// The expansion of `rows` side by side: their rows added up, the
    /// deepest nesting. Components they use must be in `known` (those that
    /// are not sit on a reported cycle and count as one row). Rows are read
    /// field by field, not copied: this walks every row of every screen.
    private func expand(_ rows: ArraySlice<CheckedRow>, known: NameTable<Expansion>) -> Expansion {
        var result = Expansion(rows: 0, depth: 0)
        for index in rows.indices {
            let expansion: Expansion
            if let component = rows[index].component {
                expansion = known[component] ?? Expansion(rows: 1, depth: 0)
            } else {
                var inner = expand(rows[index].rows[...], known: known)
                inner.rows = Self.add(inner.rows, 1)
                inner.depth = rows[index].kind == .stack ? inner.depth + 1 : 0
                expansion = inner
            }
            result.rows = Self.add(result.rows, expansion.rows)
            result.depth = max(result.depth, expansion.depth)
            result.poisoned = result.poisoned || expansion.poisoned
        }
        return result
    }

    private static func collectComponents(_ row: CheckedRow, into found: inout Set<String>) {
        if let component = row.component { found.insert(component) }
        for child in row.rows { collectComponents(child, into: &found) }
    }

    /// The tallest argument each component receives from the screens'
    /// rows, taken in as they are checked: a row's component instance
    /// passes its arguments on; other rows pass on their rows'.
    mutating func receiveArguments(_ rows: ArraySlice<CheckedRow>, from carried: Int) {
        // Field by field over every row, as `expand`.
        for index in rows.indices {
            if let component = rows[index].component {
                let tallest = rows[index].arguments.values.reduce(0) { max($0, $1.height) }
                if tallest > 0 { receivedArguments[component] = max(receivedArguments[component] ?? 0, tallest + carried) }
            } else {
                receiveArguments(rows[index].rows[...], from: carried)
            }
        }
    }

    /// Arguments substituted down a chain of components add their heights:
    /// the tallest argument each parameter receives is carried from users to
    /// the components they use (the reverse of `order`).
    private mutating func checkExpandedHeights(order: [String]) {
        // Along a chain each component adds at most the tallest argument, and
        // a chain visits each component once: when even that cannot pass the
        // limit, there is nothing to walk.
        let (bound, overflow) = tallestArgument.multipliedReportingOverflow(by: max(order.count, 1))
        if !overflow, bound + Parser.maximumExpressionHeight <= Self.maximumExpandedHeight { return }
        for name in order.reversed() {
            guard let component = checkedComponents[name] else { continue }
            let carried = receivedArguments[name] ?? 0
            receiveArguments([component.body][...], from: carried)
            let own = component.body.tallestExpression
            if carried > 0, own + carried > Self.maximumExpandedHeight {
                error(
                    .screenTooLarge, nameSpan(of: name, component.body.span),
                    "arguments passed down to component '\(name)' make its expressions \(own + carried) levels deep once substituted; at most \(Self.maximumExpandedHeight) are allowed")
                return
            }
        }
    }

    private func nameSpan(of component: String, _ fallback: Span) -> Span {
        components[component]?.decl.name.span ?? fallback
    }

    static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    /// `1,000,000`
    static func count(_ n: Int) -> String {
        if n == Int.max { return "more than 9.2e18" }
        var digits = Array(String(n))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }
}


extension TypedExpr {
    /// Levels from here to the deepest leaf; bounded by the parser's limit.
    var height: Int {
        switch self {
        case .constant, .state, .parameter, .viewport, .invalid: 1
        case .not(let x), .negate(let x): 1 + x.height
        case .binary(_, let a, let b): 1 + max(a.height, b.height)
        case .conditional(let c, let a, let b): 1 + max(c.height, a.height, b.height)
        case .call(_, let arguments): 1 + arguments.reduce(0) { max($0, $1.height) }
        case .text(let x, _): 1 + x.height
        }
    }
}

extension CheckedRow {
    /// The tallest expression of the row and the rows in it.
    var tallestExpression: Int {
        rows.reduce(max(block.tallestExpression, arguments.values.reduce(0) { max($0, $1.height) })) {
            max($0, $1.tallestExpression)
        }
    }
}

extension CheckedBlock {
    /// The tallest expression of the block and the blocks in it.
    var tallestExpression: Int {
        var tallest = 0
        func see(_ e: TypedExpr) { tallest = max(tallest, e.height) }
        // `values`, not `entries`: no array is made of them.
        for value in properties.values {
            switch value {
            case .expr(let e): see(e)
            case .edges(let list): list.forEach(see)
            case .offset(let a, let b): see(a); see(b)
            case .separator(let block): tallest = max(tallest, block?.tallestExpression ?? 0)
            case .actions(let actions):
                for case .set(_, let e) in actions { see(e) }
            case .separation(.line(let a, let b)): see(a); see(b)
            case .separation(.padding(let e)): see(e)
            case .fading(let items):
                for item in items {
                    switch item {
                    case .tint(let a, let b, let c): see(a); see(b); see(c)
                    case .gradient(let e): see(e)
                    }
                }
            case .props(let values): values.values.forEach(see)
            case .keyword, .curve, .snapHide, .keywords, .separation(.none): break
            }
        }
        for block in transitions.values { tallest = max(tallest, block.tallestExpression) }
        for block in blocks.values { tallest = max(tallest, block.tallestExpression) }
        return tallest
    }
}
