// A compact, readable rendering of syntax trees for assertions:
// `(row Text welcome (prop text "Hi") (prop size fit))`.

import StackParser

enum SyntaxDump {
    static func file(_ syntax: SourceFileSyntax) -> String {
        let imports = syntax.imports.map { "(import \(quote($0.path)))" }
        let declarations = syntax.declarations.map(declaration)
        return (imports + declarations).joined(separator: "\n")
    }

    static func declaration(_ declaration: Declaration) -> String {
        switch declaration {
        case .enumeration(let decl):
            return "(enum \(decl.name.name) \(decl.cases.map(\.name).joined(separator: " ")))"
        case .component(let decl):
            let parameters = decl.parameters.map { parameter in
                "(\(parameter.name.name): \(parameter.type.name)" + (parameter.defaultValue.map { " = " + expr($0) } ?? "") + ")"
            }
            return "(component \(decl.name.name) [\(parameters.joined(separator: " "))] \(decl.base.name)\(block(decl.body)))"
        case .stack(let decl):
            return "(\(decl.kind.rawValue) \(decl.name.name)\(block(decl.body)))"
        case .record(let decl):
            let fields = decl.fields.map { field in
                "(\(field.name.name): \(field.isList ? "[\(field.type.name)]" : field.type.name)" + (field.defaultValue.map { " = " + expr($0) } ?? "") + ")"
            }
            return "(record \(decl.name.name) \(fields.joined(separator: " ")))"
        }
    }

    static func block(_ block: Block) -> String {
        block.members.map { " " + member($0) }.joined() + (block.isInvalid ? " <invalid>" : "")
    }

    static func member(_ member: Member) -> String {
        switch member {
        case .property(let property):
            let groups = property.value.groups.map { $0.map(expr).joined(separator: " ") }
            return "(prop \(property.name.name) \(groups.joined(separator: ", ")))"
        case .state(let decl):
            return "(state \(decl.name.name)" + (decl.type.map { ": \($0.name)" } ?? "") + " = \(expr(decl.initialValue)))"
        case .block(let nested):
            return "(\(nested.keyword.rawValue)\(nested.name.map { " " + $0.name } ?? "")\(block(nested.body)))"
        case .row(let row):
            return "(row \(row.kind.name)\(row.id.map { " " + $0.name } ?? "")\(block(row.body)))"
        case .data(let decl):
            return "(data \(decl.name.name): \(decl.isList ? "[\(decl.type.name)]" : decl.type.name))"
        case .repeating(let syntax):
            return "(for \(syntax.variable.name) in \(expr(syntax.list))" + (syntax.key.map { " key " + expr($0) } ?? "") + "\(block(syntax.body)))"
        case .deferredRows(let rows):
            return "(deferred \(rows.rows.count) rows)"
        }
    }

    static func expr(_ expr: Expr) -> String {
        switch expr.kind {
        case .number(let value): return number(value)
        case .percent(let value): return number(value) + "%"
        case .duration(let value): return number(value) + "s"
        case .string(let text): return quote(text)
        case .color(let rgba): return "#" + String(rgba, radix: 16, uppercase: true)
        case .bool(let value): return String(value)
        case .name(let name): return name
        case .enumCase(let name): return "." + name
        case .member(let base, let member): return "\(self.expr(base)).\(member.name)"
        case .unary(let op, let operand): return "(\(op.rawValue) \(self.expr(operand)))"
        case .binary(let op, let lhs, let rhs): return "(\(op.rawValue) \(self.expr(lhs)) \(self.expr(rhs)))"
        case .ternary(let c, let a, let b): return "(? \(self.expr(c)) \(self.expr(a)) \(self.expr(b)))"
        case .call(let name, let arguments): return "\(name.name)(\(arguments.map(self.expr).joined(separator: ", ")))"
        case .interpolation(let parts):
            let pieces = parts.map { part in
                switch part {
                case .text(let text): quote(text)
                case .expr(let value): "\\(\(self.expr(value)))"
                }
            }
            return "(interpolate \(pieces.joined(separator: " ")))"
        case .labeled(let label, let value): return "\(label.name): \(self.expr(value))"
        case .row(let row): return "(row \(row.kind.name)\(row.id.map { " " + $0.name } ?? "")\(block(row.body)))"
        case .invalid: return "<invalid>"
        }
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}

/// Parses `text` as a file named `test.stack`.
func parse(_ text: String) -> (SourceFileSyntax, DiagnosticList) {
    Parser.parse(SourceFile(path: "test.stack", text: text), id: FileID(0))
}

/// The dump of `text`'s syntax, failing on any diagnostic.
func dump(_ text: String) -> String {
    let (syntax, diagnostics) = parse(text)
    let messages = diagnostics.items.map(\.message)
    return (messages.isEmpty ? "" : "DIAGNOSTICS: \(messages)\n") + SyntaxDump.file(syntax)
}

/// The dump of one expression, written as the value of a property.
func dumpExpr(_ text: String) -> String {
    let (syntax, diagnostics) = parse("screen S { Text { x: \(text) } }")
    guard diagnostics.items.isEmpty else { return "DIAGNOSTICS: \(diagnostics.items.map(\.message))" }
    guard case .stack(let screen) = syntax.declarations.first, case .row(let row) = screen.body.members.first,
        case .property(let property) = row.body.members.first
    else { return "no property" }
    return property.value.groups.map { $0.map(SyntaxDump.expr).joined(separator: " ") }.joined(separator: ", ")
}
