// Syntax of a whole file and its top-level declarations. Every node carries
// its byte span; nothing here is resolved or typed yet.

/// A name as written, with where it was written.
public struct Identifier: Hashable, Sendable {
    public var name: String
    public var span: Span

    public init(_ name: String, _ span: Span) {
        self.name = name
        self.span = span
    }
}

/// One parsed file: imports, declarations, and its comments (trivia).
public struct SourceFileSyntax: Sendable {
    public var file: FileID
    public var imports: [ImportDecl]
    public var declarations: [Declaration]
    /// Every comment's span, in source order, for tools that reprint source.
    public var comments: [Span]
    /// `localize from "Localizable.xcstrings"`, if the file has it.
    public var localize: LocalizeDecl? = nil
}

/// `localize from "Localizable.xcstrings"`: the file's `text` literals are
/// keys of that Xcode String Catalog.
public struct LocalizeDecl: Sendable {
    /// The path with escapes decoded.
    public var path: String
    /// The string literal's span.
    public var pathSpan: Span
    public var span: Span
}

/// `import "components.stack"`
public struct ImportDecl: Sendable {
    /// The path with escapes decoded.
    public var path: String
    /// The string literal's span.
    public var pathSpan: Span
    public var span: Span
}

/// A top-level declaration.
public enum Declaration: Sendable {
    /// `enum Tab { info, photos }`
    case enumeration(EnumDecl)
    /// `component Chip(label: string): Text { … }`
    case component(ComponentDecl)
    /// `screen Hotel { … }` or `flow Checkout { … }`
    case stack(StackDecl)
    /// `record Amenity { id: string  title: string }`
    case record(RecordDecl)

    public var name: Identifier {
        switch self {
        case .record(let decl): decl.name
        case .enumeration(let decl): decl.name
        case .component(let decl): decl.name
        case .stack(let decl): decl.name
        }
    }
}

/// `record Name { field: type = default … }`: the shape of data elements.
public struct RecordDecl: Sendable {
    public var name: Identifier
    public var fields: [FieldDecl]
    public var span: Span
}

/// `title: string`, `featured: bool = false`, `tags: [Tag]` in a record.
public struct FieldDecl: Sendable {
    public var name: Identifier
    public var type: TypeSyntax
    /// Written `[Type]`: a list.
    public var isList: Bool
    public var defaultValue: Expr?
    public var span: Span
}

/// `enum Name { case, case }`
public struct EnumDecl: Sendable {
    public var name: Identifier
    public var cases: [Identifier]
    public var span: Span
}

/// A type as written: `bool`, `number`, `string`, `color`, `duration`, or an enum name.
public typealias TypeSyntax = Identifier

/// `name: type = default` in a component's parameter list.
public struct ParameterDecl: Sendable {
    public var name: Identifier
    public var type: TypeSyntax
    public var defaultValue: Expr?
}

/// `component Name(params): Kind { body }`
public struct ComponentDecl: Sendable {
    public var name: Identifier
    public var parameters: [ParameterDecl]
    public var base: Identifier
    public var body: Block
    public var span: Span
}

/// Whether a top-level stack is a `screen` or a `flow`.
public enum StackDeclKind: String, Sendable {
    case screen, flow
}

/// `screen Name { … }` / `flow Name { … }`
public struct StackDecl: Sendable {
    public var kind: StackDeclKind
    public var keyword: Span
    public var name: Identifier
    public var body: Block
    public var span: Span
}
