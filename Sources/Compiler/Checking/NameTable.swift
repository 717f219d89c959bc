// A table of values by name for the checker's small tables: a screen's
// state, the components and their parameters, the enums, what each
// component expands to. Looked up for every name an expression reads and
// every instance row, a dictionary hashed the name each time (SipHash,
// about 150 instructions); such a table holds a handful of names, and
// comparing a few short strings costs a tenth of that. Past `linearLimit` names the table
// keeps a dictionary too, so a scope of thousands stays fast.

/// Values by name, in the order they were first set.
struct NameTable<Value> {
    private(set) var keys: [String] = []
    private(set) var values: [Value] = []
    /// Positions by name, kept only past `linearLimit` names.
    private var positions: [String: Int]?

    /// Names looked for one by one, up to this many.
    static var linearLimit: Int { 16 }

    init() {}

    var isEmpty: Bool { keys.isEmpty }
    var count: Int { keys.count }

    subscript(name: String) -> Value? {
        get { position(of: name).map { values[$0] } }
        set {
            if let position = position(of: name) {
                if let newValue {
                    values[position] = newValue
                } else {
                    remove(at: position)
                }
                return
            }
            guard let newValue else { return }
            keys.append(name)
            values.append(newValue)
            if positions != nil {
                // Through `?`, not `!`: a debug build copied the whole
                // dictionary for `positions![name] =` (60,000 steps took
                // a debug `stackc check` a minute).
                positions?[name] = keys.count - 1
            } else if keys.count > Self.linearLimit {
                positions = Dictionary(uniqueKeysWithValues: zip(keys, keys.indices))
            }
        }
    }

    func contains(_ name: String) -> Bool { position(of: name) != nil }

    /// The same values by name, as a dictionary.
    var dictionary: [String: Value] { Dictionary(uniqueKeysWithValues: zip(keys, values)) }

    /// Where `name`'s value is in `values`: read there, a part of a large
    /// value is read alone (the subscript copies the whole value).
    func position(of name: String) -> Int? {
        if let positions { return positions[name] }
        for index in keys.indices where keys[index] == name { return index }
        return nil
    }

    private mutating func remove(at position: Int) {
        keys.remove(at: position)
        values.remove(at: position)
        if positions != nil {
            positions = keys.count > Self.linearLimit ? Dictionary(uniqueKeysWithValues: zip(keys, keys.indices)) : nil
        }
    }
}
