// Data a host binds at run time: records' shapes, a screen's data, and the
// `for` rows repeated over a list. A `for` is a template (like a component's)
// whose parameters are the element's fields and its index; binding a list
// instantiates it once per element next to the row that precedes the `for`.

/// A record's shape, for checking what is bound. Fields of nested records
/// are flattened into it with dotted names ("address.city"), read from the
/// nested JSON object; a list field ("items") holds its element count, its
/// elements kept beside the values.
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
    /// A list field's element record (its value is the count, `.number`);
    /// empty for a value field.
    package var element: [RecordModel] = []

    package init(name: String, type: RuntimeType, defaultValue: RuntimeValue?, element: RecordModel? = nil) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.element = element.map { [$0] } ?? []
    }

    /// For a list field, the record of its elements.
    package var elementRecord: RecordModel? { element.first }
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
///
/// Over a list field (`listField` ≥ 0): of single-record `data` when
/// `parent` is -1 (`for r in hotel.rooms`); else of the element of `for`
/// `parent` (a nested `for`), whose template holds this one: `stack` and
/// `after` are then that template's own stack and row (stack -1: among
/// the template's top-level rows, which go in the parent's stack).
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
    /// The enclosing `for`, or -1.
    package var parent: Int = -1
    /// The list field gone over, or -1 (`data` is the list).
    package var listField: Int = -1

    package init(
        data: Int, stack: Int, after: Int, template: ComponentTemplate, fieldParameters: [Int], indexParameter: Int, keyField: Int,
        parent: Int = -1, listField: Int = -1
    ) {
        self.parent = parent
        self.listField = listField
        self.data = data
        self.stack = stack
        self.after = after
        self.template = template
        self.fieldParameters = fieldParameters
        self.indexParameter = indexParameter
        self.keyField = keyField
    }
}

extension ScreenModel {
    /// The record of the elements of `for` `index` among `repeaters`
    /// (parents come before the `for`s they hold).
    package static func elementRecord(of index: Int, repeaters: [RepeaterModel], data: [DataModel]) -> RecordModel? {
        guard repeaters.indices.contains(index) else { return nil }
        let repeater = repeaters[index]
        let base: RecordModel?
        if repeater.parent >= 0 {
            base = repeater.parent < index ? elementRecord(of: repeater.parent, repeaters: repeaters, data: data) : nil
        } else {
            base = data.indices.contains(repeater.data) ? data[repeater.data].record : nil
        }
        guard let base else { return nil }
        guard repeater.listField >= 0 else { return base }
        return base.fields.indices.contains(repeater.listField) ? base.fields[repeater.listField].elementRecord : nil
    }
}
