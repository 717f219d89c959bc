// The compiled-screen format's fixed parts: magic, version, header, section
// ids. docs/format.md describes the whole format.

/// Constants of the compiled-screen format.
package enum CompiledFormat {
    /// `STKC`: the first four bytes of every compiled screen.
    package static let magic: [UInt8] = [0x53, 0x54, 0x4B, 0x43]
    /// The format version this runtime writes and reads. Version 2 added
    /// the `text` and `fixed` instructions (string interpolation) and data;
    /// version 3 nested records, list fields and nested `for`s; version 4
    /// the `caseName` instruction (an enum's text was a chain of selects).
    package static let version: UInt16 = 4
    /// Magic (4), version (2), flags (2), payload length (4), CRC-32 (4).
    package static let headerSize = 16

    /// Whether `bytes` start like a compiled screen (the CLI tells compiled
    /// files from sources by this).
    package static func hasMagic(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 4 && Array(bytes[0..<4]) == magic
    }

    /// Section identifiers, in the order they appear.
    package enum Section: UInt8, CaseIterable {
        case strings = 1
        case screen = 2
        case enums = 3
        case state = 4
        case constants = 5
        case code = 6
        case expressions = 7
        case edges = 8
        case separators = 9
        case actions = 10
        case transitions = 11
        case styles = 12
        case stacks = 13
        case rows = 14
        case steps = 15
        case parameters = 16
        case templates = 17
        case data = 18

        var name: String {
            switch self {
            case .strings: "STRINGS"
            case .screen: "SCREEN"
            case .enums: "ENUMS"
            case .state: "STATE"
            case .constants: "CONSTANTS"
            case .code: "CODE"
            case .expressions: "EXPRESSIONS"
            case .edges: "EDGES"
            case .separators: "SEPARATORS"
            case .actions: "ACTIONS"
            case .transitions: "TRANSITIONS"
            case .styles: "STYLES"
            case .stacks: "STACKS"
            case .rows: "ROWS"
            case .steps: "STEPS"
            case .parameters: "PARAMETERS"
            case .templates: "TEMPLATES"
            case .data: "DATA"
            }
        }

        /// The sections that follow each SCREEN, in order.
        static let perScreen: [Section] = [
            .enums, .state, .parameters, .constants, .code, .expressions, .edges, .separators, .actions, .transitions, .styles, .stacks,
            .rows, .steps, .templates,
        ]
    }
}

/// Why a compiled screen was refused: the section, the byte offset in the
/// file, and what is wrong there.
public struct LoadError: Error, CustomStringConvertible, Sendable, Equatable {
    public var section: String
    public var offset: Int
    public var message: String

    package init(section: String, offset: Int, message: String) {
        self.section = section
        self.offset = offset
        self.message = message
    }

    public var description: String {
        "compiled screen: \(section) at byte \(offset): \(message)"
    }
}
