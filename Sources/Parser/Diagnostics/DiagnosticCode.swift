// The one catalogue of diagnostics. Codes are stable: tools and docs refer to
// them, so a code is never renumbered or reused — retire it instead.
//
// E00xx: lexing and parsing.  E01xx: names, imports and declarations.
// E02xx: properties and rows.  E03xx: types and values.  E04xx: actions.
// E05xx: Swift code generation (`stackc generate swift`).
// W0xxx: warnings.

/// A stable diagnostic identifier, with its severity and a one-line summary.
public enum DiagnosticCode: String, CaseIterable, Sendable {
    // Lexing and parsing
    case invalidCharacter = "E0001"
    case unterminatedString = "E0002"
    case invalidEscape = "E0003"
    case unterminatedComment = "E0004"
    case invalidColorLiteral = "E0005"
    case invalidNumberLiteral = "E0006"
    case expectedToken = "E0007"
    case expectedValue = "E0008"
    case unclosedBlock = "E0009"
    case nestingTooDeep = "E0010"
    case expectedDeclaration = "E0011"
    case expectedMember = "E0012"
    case invalidUTF8 = "E0013"

    // Names, imports and declarations
    case importNotFound = "E0100"
    case importCycle = "E0101"
    case duplicateDeclaration = "E0102"
    case duplicateEnumCase = "E0103"
    case unknownType = "E0104"
    case unknownKind = "E0105"
    case recursiveComponent = "E0106"
    case missingArgument = "E0107"
    case unknownArgument = "E0108"
    case duplicateState = "E0109"
    case screenTooLarge = "E0110"

    // Properties and rows
    case unknownProperty = "E0200"
    case duplicateProperty = "E0201"
    case duplicateRowID = "E0202"
    case notAllowedHere = "E0203"
    case imageFitWithoutAspect = "E0204"
    case minGreaterThanMax = "E0205"
    case unknownTransitionKind = "E0206"

    // Types and values
    case typeMismatch = "E0300"
    case unknownName = "E0301"
    case unknownEnumCase = "E0302"
    case unknownFunction = "E0303"
    case wrongArgumentCount = "E0304"
    case invalidKeyword = "E0305"
    case wrongValueCount = "E0306"
    case negativeValue = "E0307"
    case percentOutOfRange = "E0308"
    case dampingOutOfRange = "E0309"
    case divisionByZero = "E0310"
    case valueOutOfRange = "E0311"
    case notConstant = "E0312"
    case untypedEnumCase = "E0313"
    case numberOverflow = "E0314"
    case notShownInText = "E0315"

    // Actions
    case unknownAction = "E0400"
    case toggleNonBool = "E0401"
    case unknownState = "E0402"
    case unknownRow = "E0403"
    case unknownStep = "E0404"

    // Localisation
    case missingTranslationKey = "E0600"
    case translationArguments = "E0601"
    case unreadableCatalog = "E0602"

    // Swift code generation
    case swiftNameClash = "E0500"
    case swiftNameReserved = "E0501"

    // Warnings
    case viewSizeFit = "W0001"
    case unusedState = "W0002"
    case lowercaseKind = "W0003"
    case namingStyle = "W0004"
    case emptyFlow = "W0005"
    case percentOverflow = "W0006"
    case tappableWithoutLabel = "W0007"
    case imageWithoutLabel = "W0008"

    /// Codes starting with W are warnings; everything else is an error.
    /// (A switch, not `rawValue.hasPrefix("W")`: a large screen's warnings
    /// asked it a few times each, a fortieth of checking one.)
    public var severity: Severity {
        switch self {
        case .viewSizeFit, .unusedState, .lowercaseKind, .namingStyle, .emptyFlow, .percentOverflow, .tappableWithoutLabel, .imageWithoutLabel:
            .warning
        default:
            .error
        }
    }

    /// What the diagnostic is about, for the reference and `--format json`.
    public var summary: String {
        switch self {
        case .invalidCharacter: "a character that starts no token"
        case .unterminatedString: "a string literal without its closing quote"
        case .invalidEscape: "an unknown escape or an invalid \\u{…} scalar in a string"
        case .unterminatedComment: "a /* comment */ that is never closed"
        case .invalidColorLiteral: "a # colour that is not #RGB, #RRGGBB or #RRGGBBAA"
        case .invalidNumberLiteral: "a number with an unknown unit or malformed digits"
        case .expectedToken: "a specific token was required here"
        case .expectedValue: "a property or argument without a value"
        case .unclosedBlock: "a { block that is never closed"
        case .nestingTooDeep: "rows or expressions nested deeper than the compiler accepts"
        case .expectedDeclaration: "something other than import, enum, component, screen or flow at the top level"
        case .expectedMember: "something other than a property, row or block inside braces"
        case .invalidUTF8: "source bytes that are not valid UTF-8"
        case .importNotFound: "an import whose file cannot be read"
        case .importCycle: "files that import each other in a cycle"
        case .duplicateDeclaration: "two enums, components, screens or flows with one name"
        case .duplicateEnumCase: "an enum case listed twice"
        case .unknownType: "a parameter or state type that names nothing"
        case .unknownKind: "a row kind that is neither built in nor a component"
        case .recursiveComponent: "a component that contains itself"
        case .missingArgument: "a component instance without a required argument"
        case .unknownArgument: "a component instance with an argument it does not take"
        case .duplicateState: "two state declarations with one name"
        case .screenTooLarge: "components that expand past the row or nesting limits"
        case .unknownProperty: "a property the row kind or block does not have"
        case .duplicateProperty: "a property set twice in one block"
        case .duplicateRowID: "two rows of one screen with the same id"
        case .notAllowedHere: "a construct in a block that cannot hold it"
        case .imageFitWithoutAspect: "an Image sized to fit without an aspect ratio"
        case .minGreaterThanMax: "a constant min larger than the constant max"
        case .unknownTransitionKind: "a transition that is not show, hide, insert, remove, resize or move"
        case .typeMismatch: "a value whose type is not the one expected"
        case .unknownName: "a name that is no state, parameter or constant"
        case .unknownEnumCase: "an enum case the enum does not have"
        case .unknownFunction: "a call to a function that does not exist"
        case .wrongArgumentCount: "a call with too few or too many arguments"
        case .invalidKeyword: "a keyword value that the property does not accept"
        case .wrongValueCount: "a property given too few or too many values"
        case .negativeValue: "a negative size, inset, spacing or duration"
        case .percentOutOfRange: "a percentage outside 0–100"
        case .dampingOutOfRange: "a spring damping outside (0, 1]"
        case .divisionByZero: "a constant division by zero"
        case .valueOutOfRange: "a number outside the range the property accepts"
        case .notConstant: "an expression where only a constant is allowed"
        case .untypedEnumCase: "an enum case whose enum cannot be inferred"
        case .numberOverflow: "a number or constant expression too large to represent"
        case .notShownInText: "a value in a string interpolation that has no text form (a colour, a duration)"
        case .unknownAction: "a tap action that does not exist"
        case .toggleNonBool: "toggle() of state that is not bool"
        case .unknownState: "an action naming state the screen does not declare"
        case .unknownRow: "scroll-to() naming a row id the screen does not have"
        case .unknownStep: "push() naming a step no flow declares"
        case .missingTranslationKey: "a text literal of a localized file that its String Catalog does not have"
        case .translationArguments: "a translation whose format arguments do not match the text's interpolations"
        case .unreadableCatalog: "a String Catalog that is not the JSON Xcode writes"
        case .swiftNameClash: "two names that become one Swift name in generated code"
        case .swiftNameReserved: "a name that becomes a member the generated Swift type declares itself"
        case .viewSizeFit: "a View sized to fit: only its host can measure it"
        case .unusedState: "state that no expression or action reads"
        case .lowercaseKind: "a row kind, component or enum name that is not capitalised"
        case .namingStyle: "an id, state, parameter or enum case that is capitalised"
        case .emptyFlow: "a flow with no steps"
        case .percentOverflow: "percentage sizes and insets of one stack that add up to more than it holds"
        case .tappableWithoutLabel: "a tappable Image, View or Spacer that VoiceOver has no label to read for"
        case .imageWithoutLabel: "an Image with no accessibility label, not hidden from VoiceOver"
        }
    }
}
