// One bound element's field values. An array each was one allocation (and
// one free) per element, a sixth of the cost of reading one: the elements
// read from one JSON array share one array of values, each element a
// window on it. An element whose values change gets a store of its own.

/// A record's field values, in field order.
package struct FieldValues: RandomAccessCollection, Hashable, Sendable {
    /// Values shared by the elements of one read; never changed.
    final class Store: Sendable {
        let values: [RuntimeValue]
        init(_ values: [RuntimeValue]) { self.values = values }
    }

    private let store: Store
    // 32 bits each: an element is 16 bytes, not 24 (a store holds at most
    // as many values as a JSON text of 2 GB could).
    private let offset: UInt32
    private let count32: UInt32
    package var startIndex: Int { 0 }
    package var endIndex: Int { Int(count32) }

    /// `values`, in a store of their own.
    package init(_ values: [RuntimeValue] = []) {
        store = Store(values)
        offset = 0
        count32 = UInt32(values.count)
    }

    /// The `count` values of `store` from `offset`.
    init(_ store: Store, offset: Int, count: Int) {
        self.store = store
        self.offset = UInt32(offset)
        count32 = UInt32(count)
    }

    package subscript(index: Int) -> RuntimeValue {
        precondition(index >= 0 && index < endIndex, "field value \(index) of \(endIndex)")
        return store.values[Int(offset) + index]
    }

    package static func == (a: FieldValues, b: FieldValues) -> Bool {
        a.endIndex == b.endIndex && (a.store === b.store && a.offset == b.offset || a.elementsEqual(b))
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(endIndex)
        for value in self { hasher.combine(value) }
    }
}
