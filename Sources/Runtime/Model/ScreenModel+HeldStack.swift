extension ScreenModel {
    /// The stack `row` holds; nil for a row past the model's rows (a row on
    /// its way out whose slot is gone) or one that holds none.
    func stack(heldBy row: Int) -> Int? {
        guard row >= 0, row < rows.count, case .stack(let stack) = rows[row].content else { return nil }
        return stack
    }
}
