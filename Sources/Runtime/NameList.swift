// Names listed in a message: a screen or file may have thousands of them,
// and a message that lists them all is not read.

/// Names for a message, at most a few of them.
package enum NameList {
    /// `names` joined by commas, the first `shown` of them and then how
    /// many more there are.
    package static func shortened(_ names: [String], shown: Int = 10) -> String {
        guard names.count > shown else { return names.joined(separator: ", ") }
        return names.prefix(shown).joined(separator: ", ") + " and \(names.count - shown) more"
    }
}
