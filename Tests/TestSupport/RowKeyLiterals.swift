// Tests name rows by their index in the model, as the model tests build
// them: a literal stands for that row's key. Apps get keys from the runtime.

import StackRuntime

extension RowKey: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self.init(value) }
}

extension LiveScreen {
    /// The index-based queries, for a key the runtime handed out.
    package func frame(ofRootRow key: RowKey) -> Rect? { frame(ofRootRow: key.row) }
    package func presentedFrame(ofRootRow key: RowKey) -> Rect? { presentedFrame(ofRootRow: key.row) }
    package func slideOffset(of key: RowKey) -> Double { slideOffset(of: key.row) }
}
