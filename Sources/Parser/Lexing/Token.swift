// The one table of token kinds. Keywords are contextual: they lex as
// identifiers and the parser looks at their text, so `from` or `step` can
// still be used where no keyword is expected.

/// What a token is. Each case's comment shows an example.
public enum TokenKind: UInt8, Sendable {
    /// `hidden`, `Text`, `ease-in-out` (a `-` between letters joins an identifier)
    case identifier
    /// `12`, `0.5`
    case number
    /// `50%`
    case percent
    /// `300ms`, `1s`, `0.25s`
    case duration
    /// `"Pool"`, with `\n \t \" \\ \u{1F600}` escapes
    case string
    /// `#F2F2F7`
    case color
    /// `{`
    case leftBrace
    /// `}`
    case rightBrace
    /// `(`
    case leftParen
    /// `)`
    case rightParen
    /// `,`
    case comma
    /// `:`
    case colon
    /// `;`
    case semicolon
    /// `.` (enum cases `.info`, members `viewport.width`)
    case dot
    /// `=` (defaults of parameters and state)
    case equal
    /// `?`
    case question
    /// `!`
    case bang
    /// `&&`
    case ampAmp
    /// `||`
    case pipePipe
    /// `==`
    case equalEqual
    /// `!=`
    case bangEqual
    /// `<`
    case less
    /// `<=`
    case lessEqual
    /// `>`
    case greater
    /// `>=`
    case greaterEqual
    /// `+`
    case plus
    /// `-`
    case minus
    /// `*`
    case star
    /// `/`
    case slash
    /// `[`, `]` (list types: `data items: [Item]`)
    case leftBracket
    case rightBracket
    /// A character that starts no token; the lexer has reported it.
    case invalid
    /// The end of the file.
    case endOfFile

    /// How the token reads in a diagnostic ("expected ':', found '}'").
    public var display: String {
        switch self {
        case .identifier: "a name"
        case .number: "a number"
        case .percent: "a percentage"
        case .duration: "a duration"
        case .string: "a string"
        case .color: "a colour"
        case .leftBrace: "'{'"
        case .rightBrace: "'}'"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .comma: "','"
        case .colon: "':'"
        case .semicolon: "';'"
        case .dot: "'.'"
        case .equal: "'='"
        case .question: "'?'"
        case .bang: "'!'"
        case .ampAmp: "'&&'"
        case .pipePipe: "'||'"
        case .equalEqual: "'=='"
        case .bangEqual: "'!='"
        case .less: "'<'"
        case .lessEqual: "'<='"
        case .greater: "'>'"
        case .greaterEqual: "'>='"
        case .plus: "'+'"
        case .minus: "'-'"
        case .star: "'*'"
        case .slash: "'/'"
        case .leftBracket: "'['"
        case .rightBracket: "']'"
        case .invalid: "an invalid character"
        case .endOfFile: "the end of the file"
        }
    }
}

/// A token: its kind, byte range and the trivia that came before it.
/// Twelve bytes: a 10 MB file has about two million tokens.
public struct Token: Sendable {
    public var kind: TokenKind
    /// True when whitespace or a comment precedes the token. Decides whether
    /// `-` is binary (`a - b`, `a-1`) or a new negative value (`12 -15`).
    public var spaceBefore: Bool
    /// True when a line break precedes the token: it ends a property value.
    public var newlineBefore: Bool
    private var startOffset: UInt32
    private var endOffset: UInt32

    public var start: Int { Int(startOffset) }
    public var end: Int { Int(endOffset) }

    public init(kind: TokenKind, start: Int, end: Int, spaceBefore: Bool, newlineBefore: Bool) {
        self.kind = kind
        self.startOffset = UInt32(clamping: start)
        self.endOffset = UInt32(clamping: end)
        self.spaceBefore = spaceBefore
        self.newlineBefore = newlineBefore
    }
}
