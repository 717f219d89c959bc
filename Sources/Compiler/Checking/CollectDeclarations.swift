// Pass 2: gather every enum, component, screen and flow of every loaded file
// into one program-wide namespace, reporting duplicates with a note at the first.

import StackParser

extension TypeChecker {
    mutating func collectDeclarations(_ files: [SourceFileSyntax]) {
        var seen: [String: Identifier] = [:]
        for file in files {
            for declaration in file.declarations {
                let name = declaration.name
                if let first = seen[name.name] {
                    error(
                        .duplicateDeclaration, name.span, "'\(name.name)' is declared more than once",
                        notes: [DiagnosticNote(span: first.span, message: "'\(name.name)' is first declared here")])
                    continue
                }
                seen[name.name] = name
                switch declaration {
                case .enumeration(let decl):
                    collectEnum(decl)
                case .component(let decl):
                    checkCapitalised(decl.name, what: "component")
                    components[decl.name.name] = ComponentInfo(decl: decl, base: nil, parameters: [])
                case .stack(let decl):
                    if decl.kind == .flow { collectSteps(decl) }
                case .record(let decl):
                    checkCapitalised(decl.name, what: "record")
                    recordDecls[decl.name.name] = decl
                }
            }
        }
    }

    private mutating func collectEnum(_ decl: EnumDecl) {
        checkCapitalised(decl.name, what: "enum")
        var cases: [String] = []
        var firstCase: [String: Span] = [:]
        for item in decl.cases {
            if let first = firstCase[item.name] {
                error(
                    .duplicateEnumCase, item.span, "enum '\(decl.name.name)' lists case '\(item.name)' twice",
                    notes: [DiagnosticNote(span: first, message: "first listed here")])
                continue
            }
            firstCase[item.name] = item.span
            checkLowercaseStyle(item, what: "enum case")
            cases.append(item.name)
            enumsByCase[item.name, default: []].append(decl.name.name)
        }
        enums[decl.name.name] = EnumInfo(name: decl.name, cases: cases)
    }

    private mutating func collectSteps(_ decl: StackDecl) {
        for case .block(let block) in decl.body.members where block.keyword == .step {
            if let name = block.name { allSteps.insert(name.name) }
        }
    }

    /// Warns when a type-like name (component, enum, row kind) is not capitalised.
    mutating func checkCapitalised(_ name: Identifier, what: String) {
        if let first = name.name.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") {
            let fixed = name.name.prefix(1).uppercased() + name.name.dropFirst()
            error(.lowercaseKind, name.span, "\(what) name '\(name.name)' should be capitalised: '\(fixed)'")
        }
    }
}
