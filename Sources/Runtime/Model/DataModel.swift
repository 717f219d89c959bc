// Data a host binds at run time: records' shapes, a screen's data, and the
// `for` rows repeated over a list. A `for` is a template (like a component's)
// whose parameters are the element's fields and its index; binding a list
// instantiates it once per element next to the row that precedes the `for`.

/// A record's shape, for checking what is bound.
package struct RecordModel: Hashable, Sendable, Codable {
    package var name: String
    package var fields: [FieldModel]

    package init(name: String, fields: [FieldModel]) {
        self.name = name
        self.fields = fields
    }
}

/// A field of a record: its type and the value a missing one takes.
package struct FieldModel: Hashable, Sendable, Codable {
    package var name: String
    package var type: RuntimeType
    package var defaultValue: RuntimeValue?

    package init(name: String, type: RuntimeType, defaultValue: RuntimeValue?) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}

/// `data name: [Record]` or `data name: Record`. A list's element count is
/// state slot `slots[0]` ("name.count"); a single record's fields are slots
/// `slots[i]` ("name.field"), in the record's field order.
package struct DataModel: Hashable, Sendable, Codable {
    package var name: String
    package var record: RecordModel
    package var isList: Bool
    package var slots: [Int]

    package init(name: String, record: RecordModel, isList: Bool, slots: [Int]) {
        self.name = name
        self.record = record
        self.isList = isList
        self.slots = slots
    }
}

/// A `for`: `template`'s rows once per element of list `data`, placed in
/// `stack` after row `after` (-1: at its start) and after the elements of
/// earlier `for`s placed there.
package struct RepeaterModel: Hashable, Sendable, Codable {
    package var data: Int
    package var stack: Int
    package var after: Int
    package var template: ComponentTemplate
    /// Per field of the record: the template parameter reading it, or -1.
    package var fieldParameters: [Int]
    /// The parameter `index` reads, or -1.
    package var indexParameter: Int
    /// The field that keys elements, or -1 (the index is the key).
    package var keyField: Int

    package init(
        data: Int, stack: Int, after: Int, template: ComponentTemplate, fieldParameters: [Int], indexParameter: Int, keyField: Int
    ) {
        self.data = data
        self.stack = stack
        self.after = after
        self.template = template
        self.fieldParameters = fieldParameters
        self.indexParameter = indexParameter
        self.keyField = keyField
    }
}
