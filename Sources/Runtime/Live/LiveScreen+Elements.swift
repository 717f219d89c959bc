// One element of a bound list inserted or removed without a document: what
// a feed does when the server pushes a new post or a deletion. The list is
// the one bound before, with that element in or out; the change goes the
// way of any re-binding (diff by key, rows spliced into the layout when
// they are plain rows), without reading or diffing JSON of the others.

extension LiveScreen {
    /// Inserts into list `name` one element, from JSON object `json`, at
    /// `index` (0 through the list's count). Its key must not be in the list
    /// already. Throws, changing nothing, when the list is not shown by a
    /// `for`, the index is out of range, the object does not fit the record,
    /// or the key repeats. Returns the events, as `bind` does.
    @discardableResult
    public mutating func insert(_ name: String, json: String, at index: Int) throws(RuntimeError) -> [LiveEvent] {
        let (dataIndex, current) = try boundElements(name)
        var elements = current
        guard index >= 0, index <= elements.count else {
            throw RuntimeError("\(name): cannot insert at \(index); the list has \(elements.count) element\(elements.count == 1 ? "" : "s")")
        }
        let model = screen.model
        var one = model.data[dataIndex]
        one.isList = false
        one.name = "\(name)[\(index)]"
        let shape = model.readShape(ofData: dataIndex)
        var element = try one.elements(fromJSON: json, shape: shape, enums: model.enums)[0]
        if shape.keyField >= 0, shape.keyField < element.values.count {
            element.key = ValueText.keyText(element.values[shape.keyField], enums: model.enums)
            if elements.contains(where: { $0.key == element.key }) {
                throw RuntimeError("\(name): key '\(element.key)' is in the list already; keys must be unique")
            }
            elements.insert(element, at: index)
        } else {
            // Keyed by place: every element after it takes the next key.
            elements.insert(element, at: index)
            for place in index..<elements.count { elements[place].key = String(place) }
        }
        return apply(dataIndex, elements)
    }

    /// Removes from list `name` the element with key `key`. Throws,
    /// changing nothing, when the list is not shown by a `for` or has no
    /// such element. Returns the events, as `bind` does.
    @discardableResult
    public mutating func remove(_ name: String, key: String) throws(RuntimeError) -> [LiveEvent] {
        let (dataIndex, current) = try boundElements(name)
        var elements = current
        guard let place = elements.firstIndex(where: { $0.key == key }) else {
            throw RuntimeError("\(name) has no element with key '\(key)'")
        }
        elements.remove(at: place)
        if screen.model.readShape(ofData: dataIndex).keyField < 0 {
            for index in place..<elements.count { elements[index].key = String(index) }
        }
        return apply(dataIndex, elements)
    }

    /// The data named `name`, a list one of whose top-level `for`s shows it
    /// (not a field of it), and its elements as bound now.
    private func boundElements(_ name: String) throws(RuntimeError) -> (data: Int, elements: [BoundRecord]) {
        let model = screen.model
        guard let dataIndex = model.data.firstIndex(where: { $0.name == name }), model.data[dataIndex].isList else {
            throw RuntimeError("the screen has no list data '\(name)'")
        }
        guard let repeater = model.repeaters.indices.first(where: {
            model.repeaters[$0].data == dataIndex && model.repeaters[$0].parent < 0 && model.repeaters[$0].listField < 0
        }) else {
            throw RuntimeError("\(name): no `for` shows it, so it has no elements to add to or remove from; bind the list instead")
        }
        return (dataIndex, (bound[repeater] ?? []).map(\.record))
    }
}
