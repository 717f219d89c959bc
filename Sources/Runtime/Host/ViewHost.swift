// The platform-neutral part of a host: which view shows which row, and a
// pool per reuse identifier that rows leaving the window give their views
// back to and rows entering take them from. UIKit, SwiftUI and the tests
// conform a view type to `PlatformRowView`; every decision is made here.

/// A view a host puts rows in (a UIView, a test's recording view).
public protocol PlatformRowView: AnyObject {
    /// Shows `row` as the pass has it (frame, alpha, content, …).
    func apply(_ row: RenderedRow)
    /// The view left the window and waits in the pool.
    func prepareForReuse()
}

/// Keeps one view per row in the window, reusing views by identifier.
/// A class: it owns the views, whose identity matters to the platform.
public final class ViewHost<View: PlatformRowView> {
    /// The views showing rows now.
    public private(set) var views: [RowKey: View] = [:]
    private var pool: [String: [View]] = [:]
    private var identifiers: [RowKey: String] = [:]
    private let make: (String) -> View
    /// How many views were ever made (the pool serves the rest).
    public private(set) var created = 0

    /// `make` creates a view for a reuse identifier when the pool has none.
    public init(make: @escaping (String) -> View) {
        self.make = make
    }

    /// Views waiting in the pool, all identifiers together.
    public var pooled: Int { pool.values.reduce(0) { $0 + $1.count } }

    /// Applies a pass's differences: views of rows that left go to the pool,
    /// rows that entered take one (or a new one), changed rows are updated.
    /// Work is proportional to what changed, not to the window.
    public func apply(_ pass: RenderPass) {
        for key in pass.disappeared {
            guard let view = views.removeValue(forKey: key), let identifier = identifiers.removeValue(forKey: key) else { continue }
            view.prepareForReuse()
            pool[identifier, default: []].append(view)
        }
        guard !pass.appeared.isEmpty || !pass.changed.isEmpty else { return }
        let wanted = Set(pass.appeared).union(pass.changed)
        for row in pass.rows where wanted.contains(row.key) {
            if let view = views[row.key], identifiers[row.key] == row.reuseIdentifier {
                view.apply(row)
                continue
            }
            // A row whose identifier changed gives its old view back first.
            if let old = views.removeValue(forKey: row.key), let identifier = identifiers.removeValue(forKey: row.key) {
                old.prepareForReuse()
                pool[identifier, default: []].append(old)
            }
            let view: View
            if let reused = pool[row.reuseIdentifier]?.popLast() {
                view = reused
            } else {
                view = make(row.reuseIdentifier)
                created += 1
            }
            view.apply(row)
            views[row.key] = view
            identifiers[row.key] = row.reuseIdentifier
        }
    }
}
