// How the layout engine's loops read a per-row column: through a buffer
// of it for a stack of many rows (a load a row), or through the column
// itself for a small one — a card's — whose columns may hold rows a copy
// of the screen wrote aside, which a buffer would first merge (O(n)).

/// What the layout's loops read a column through: a buffer of it
/// (`withUnsafeReader`), or the column itself — a row a load either way,
/// one more check through the column.
protocol RowReading<Element> {
    associatedtype Element
    subscript(_ row: Int) -> Element { get }
}

extension UnsafeBufferPointer: RowReading {}
extension RowColumn: RowReading {}
extension Palette: RowReading {}
extension Palette.Reader: RowReading {}

/// What the layout's loops write a column through: a buffer of it
/// (`withUnsafeMutableWriter`), or the column itself, which writes aside
/// while a copy of the screen shares it.
protocol RowWriting<Element>: RowReading {
    subscript(_ row: Int) -> Element { get set }
}

extension UnsafeMutableBufferPointer: RowReading, RowWriting {}
extension RowColumn: RowWriting {}
