// Tables that resolving a name reads, made once for a file. Every name was
// resolved by walking the file's declarations — and, in a screen, its state,
// data, steps and every row for ids — so semantic tokens, which resolve
// every name, were quadratic: 4,000 one-row screens took 9.7 s, 20,000 took
// 154 s. The tables hold what those walks found, and each question is a
// lookup or a binary search.

import StackParser

/// A file's top-level declarations and what resolving names in them reads.
struct FileIndex {
    /// The declaration a place is in.
    enum Container {
        case record(Int), enumeration(Int), component(Int), stack(Int)
    }

    let stacks: [StackDecl]
    let components: [ComponentDecl]
    let enums: [EnumDecl]
    let records: [RecordDecl]
    /// Each declaration's extent, in source order (declarations do not overlap).
    private let extents: [(start: Int, end: Int, container: Container)]
    /// Where enum cases, record fields and component parameters are declared.
    let caseOffsets: Set<Int>
    let fieldOffsets: Set<Int>
    let parameterOffsets: Set<Int>
    /// By component, its parameters' names.
    let parameterNames: [Set<String>]
    /// By stack, the names in it.
    let scopes: [StackScope]

    init(_ syntax: SourceFileSyntax) {
        var stacks: [StackDecl] = [], components: [ComponentDecl] = [], enums: [EnumDecl] = [], records: [RecordDecl] = []
        var extents: [(start: Int, end: Int, container: Container)] = []
        var caseOffsets = Set<Int>(), fieldOffsets = Set<Int>(), parameterOffsets = Set<Int>()
        for declaration in syntax.declarations {
            switch declaration {
            case .stack(let decl):
                extents.append((decl.span.start, decl.span.end, .stack(stacks.count)))
                stacks.append(decl)
            case .component(let decl):
                extents.append((decl.span.start, decl.span.end, .component(components.count)))
                for parameter in decl.parameters { parameterOffsets.insert(parameter.name.span.start) }
                components.append(decl)
            case .enumeration(let decl):
                extents.append((decl.span.start, decl.span.end, .enumeration(enums.count)))
                for name in decl.cases { caseOffsets.insert(name.span.start) }
                enums.append(decl)
            case .record(let decl):
                extents.append((decl.span.start, decl.span.end, .record(records.count)))
                for field in decl.fields { fieldOffsets.insert(field.name.span.start) }
                records.append(decl)
            }
        }
        self.stacks = stacks
        self.components = components
        self.enums = enums
        self.records = records
        // Sorted, should a parse ever hand them out of order: the search needs it.
        self.extents = extents.sorted { $0.start < $1.start }
        self.caseOffsets = caseOffsets
        self.fieldOffsets = fieldOffsets
        self.parameterOffsets = parameterOffsets
        parameterNames = components.map { Set($0.parameters.map(\.name.name)) }
        scopes = stacks.map(StackScope.init)
    }

    /// The declaration whose extent holds `offset`, if any.
    func container(at offset: Int) -> Container? {
        // The last declaration starting at or before `offset`.
        var low = 0, high = extents.count
        while low < high {
            let mid = (low + high) / 2
            if extents[mid].start <= offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0, offset < extents[low - 1].end else { return nil }
        return extents[low - 1].container
    }

    /// The stack whose extent holds `offset`, and its names.
    func stack(at offset: Int) -> (decl: StackDecl, scope: StackScope)? {
        guard case .stack(let index)? = container(at: offset) else { return nil }
        return (stacks[index], scopes[index])
    }
}

/// The names a screen or flow declares, and its `for`s.
struct StackScope {
    let states: Set<String>
    /// The first data of each name that is a list, and that is one record.
    let listData: [String: DataDecl]
    let singleData: [String: DataDecl]
    let rowIDs: [String: Span]
    let steps: Set<String>
    /// The `for`s among its rows (and rows' rows), in source order, each
    /// with the place of the one around it.
    private let loops: [(loop: ForSyntax, parent: Int?)]

    init(_ stack: StackDecl) {
        var states = Set<String>(), steps = Set<String>()
        var listData: [String: DataDecl] = [:], singleData: [String: DataDecl] = [:]
        for member in stack.body.members {
            switch member {
            case .state(let state): states.insert(state.name.name)
            case .data(let data):
                if data.isList {
                    if listData[data.name.name] == nil { listData[data.name.name] = data }
                } else if singleData[data.name.name] == nil {
                    singleData[data.name.name] = data
                }
            case .block(let block) where block.keyword == .step:
                if let name = block.name { steps.insert(name.name) }
            default: break
            }
        }
        var ids: [String: Span] = [:]
        Project.rowIDs(in: stack.body, into: &ids)
        var loops: [(loop: ForSyntax, parent: Int?)] = []
        // As `Project.recordRead` reads them: through rows and `for`s, not other blocks.
        func collect(_ block: Block, parent: Int?) {
            for member in block.members {
                switch member {
                case .repeating(let loop):
                    loops.append((loop, parent))
                    collect(loop.body, parent: loops.count - 1)
                case .row(let row): collect(row.body, parent: parent)
                default: continue
                }
            }
        }
        collect(stack.body, parent: nil)
        self.states = states
        self.listData = listData
        self.singleData = singleData
        rowIDs = ids
        self.steps = steps
        self.loops = loops
    }

    /// Whether the stack declares data `name` (a list or one record).
    func hasData(_ name: String) -> Bool { listData[name] != nil || singleData[name] != nil }

    /// The `for`s whose extent holds `offset`, outermost first. The
    /// innermost is the last `for` starting at or before `offset` or one
    /// around it: `for`s nest, so any that starts between the innermost
    /// one's start and `offset` lies inside it.
    func loops(around offset: Int) -> [ForSyntax] {
        var low = 0, high = loops.count
        while low < high {
            let mid = (low + high) / 2
            if loops[mid].loop.span.start <= offset { low = mid + 1 } else { high = mid }
        }
        var around: [ForSyntax] = []
        var next = low > 0 ? low - 1 : nil
        while let index = next {
            let (loop, parent) = loops[index]
            if loop.span.start <= offset, offset < loop.span.end { around.append(loop) }
            next = parent
        }
        return around.reversed()
    }
}
