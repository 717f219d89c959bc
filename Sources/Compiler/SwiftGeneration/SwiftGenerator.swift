// `stackc generate swift`: a checked file as Swift. For each screen and flow
// a class `<Name>Screen` embedding its compiled bytes and wrapping a live
// screen, with typed state, a `Row` enum of its ids, an `Event` enum of its
// `emit` names, typed component constructors and the file's enums as Swift
// enums (docs/codegen.md). Names that would clash in Swift are errors at
// the source, never silently renamed.

import StackParser
import StackRuntime

/// How generated Swift is declared.
public struct SwiftGenerationOptions: Hashable, Sendable {
    /// The access level of every generated declaration.
    public enum Access: String, Hashable, Sendable, CaseIterable {
        case `internal`, `public`, `package`
    }

    public var access: Access
    /// Appended to a screen's name to make its type's (`Hotel` → `HotelScreen`).
    public var suffix: String

    public init(access: Access = .internal, suffix: String = "Screen") {
        self.access = access
        self.suffix = suffix
    }
}

/// Generates Swift for a checked file.
public enum SwiftGenerator {
    /// The Swift source for `result`'s screens and flows, or nil with the
    /// errors that stopped it (names that clash once made Swift names).
    /// `sourceName` is the file name the header mentions.
    public static func generate(
        _ result: CheckResult, sourceName: String, options: SwiftGenerationOptions = SwiftGenerationOptions()
    ) -> (swift: String?, diagnostics: DiagnosticList) {
        var diagnostics = DiagnosticList()
        guard let program = result.program else { return (nil, diagnostics) }
        let syntax = SourceSyntax(result.sources)
        let models = Compiler.lower(program)
        var naming = SwiftNaming(syntax: syntax, suffix: options.suffix)
        naming.records = program.records
        let plans = zip(program.stacks, models).map { stack, model in naming.plan(stack, model) }
        for diagnostic in naming.diagnostics.items { diagnostics.append(diagnostic) }
        guard !diagnostics.hasErrors else { return (nil, diagnostics) }
        var writer = SwiftWriter(access: options.access)
        writer.header(sourceName: sourceName)
        for (plan, model) in zip(plans, models) {
            writer.screen(plan, model: model, bytes: ScreenEncoder.encode([model]))
        }
        return (writer.text, diagnostics)
    }
}
