// The UIKit adapter: a UIScrollView that shows a screen through a
// ScreenHost. Only the platform's half is here — views, the display link,
// the gesture recognizer, the accessibility container; every decision is
// ScreenHost's, tested on Linux. Compiled only where UIKit exists: it has
// never been built on this project's Linux CI (docs/embedding.md).

#if canImport(UIKit)
import UIKit

/// The view a row is drawn in: background, text, image or the app's host
/// view, and its separator. Subclass it to draw rows your own way.
@MainActor
open class StackRowView: UIView, PlatformRowView {
    public let reuseIdentifier: String
    public let label = UILabel()
    public let imageView = UIImageView()
    public let separatorView = UIView()
    /// The app's view for `View` rows, from `StackScreenView.hostView`.
    public var hostView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let hostView { addSubview(hostView) }
        }
    }
    /// The row shown now.
    public private(set) var row: RenderedRow?

    public required init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        label.numberOfLines = 0
        for view in [imageView, label, separatorView] as [UIView] { addSubview(view) }
    }

    @available(*, unavailable)
    public required init?(coder: NSCoder) { fatalError("StackRowView is made in code") }

    nonisolated public func apply(_ row: RenderedRow) {
        MainActor.assumeIsolated { show(row) }
    }

    nonisolated public func prepareForReuse() {
        MainActor.assumeIsolated {
            row = nil
            isHidden = true
            label.text = nil
            imageView.image = nil
        }
    }

    /// Puts `row` on screen. Frames in the pass are in the scroll view's
    /// content coordinates; subviews get them relative to this view.
    open func show(_ row: RenderedRow) {
        self.row = row
        isHidden = false
        transform = .identity
        frame = CGRect(row.frame)
        transform = CGAffineTransform(translationX: row.offsetX, y: row.offsetY).scaledBy(x: row.scale, y: row.scale)
        alpha = row.alpha
        layer.zPosition = CGFloat(row.zIndex * 1_000 + row.depth)
        backgroundColor = UIColor(rgba: row.highlighted ? row.highlight : row.background)
        let content = CGRect(row.content ?? row.frame).offsetBy(dx: -row.frame.x, dy: -row.frame.y)
        label.frame = content
        label.text = row.text
        label.font = .systemFont(ofSize: row.font, weight: UIFont.Weight(row.weight))
        label.textColor = UIColor(rgba: row.textColor)
        label.textAlignment = NSTextAlignment(row.align)
        imageView.frame = content
        imageView.image = row.imageSource.flatMap { UIImage(named: $0) }
        hostView?.frame = content
        separatorView.isHidden = row.separator == nil
        separatorView.frame = CGRect(row.separator ?? .zero).offsetBy(dx: -row.frame.x, dy: -row.frame.y)
        separatorView.backgroundColor = UIColor(rgba: row.separatorColor)
        isAccessibilityElement = row.text != nil || row.imageSource != nil || row.tappable
        accessibilityLabel = row.text ?? row.imageSource
        accessibilityTraits = row.tappable ? .button : (row.imageSource != nil ? .image : .staticText)
    }
}

/// A compiled screen in a scroll view. Give it a loaded `ScreenModel` and a
/// measurer; it scrolls, animates, highlights and taps by itself and tells
/// the app what tap actions did through `onActions`.
@MainActor
public final class StackScreenView: UIScrollView, UIScrollViewDelegate {
    public let host: ScreenHost<StackRowView>
    /// The app's view for a `View` row, by its host name (nil: an empty view).
    public var hostView: (RowKey, String) -> UIView? = { _, _ in nil }
    private var displayLink: CADisplayLink?
    private lazy var touch = UILongPressGestureRecognizer(target: self, action: #selector(touched(_:)))

    public init(model: ScreenModel, measurer: any Measurer & Sendable = DefaultMeasurer()) {
        let live = LiveScreen(model: model, viewportWidth: 0, viewportHeight: 0, measurer: measurer)
        host = ScreenHost(HostSession(live)) { StackRowView(reuseIdentifier: $0) }
        super.init(frame: .zero)
        delegate = self
        touch.minimumPressDuration = 0
        touch.cancelsTouchesInView = false
        addGestureRecognizer(touch)
    }

    @available(*, unavailable)
    public required init?(coder: NSCoder) { fatalError("StackScreenView is made in code") }

    private var now: Double { CACurrentMediaTime() }

    /// Makes a change (state, rows, `invalidateSize(of:)`), animated.
    public func change(_ body: (inout LiveScreen) throws(RuntimeError) -> [LiveEvent]) throws(RuntimeError) {
        try host.change(at: now, body)
        sync()
    }

    /// Sets state, animated: on the live screen itself, not a copy,
    /// unless the general transition runs (`HostSession.setState(_:to:at:)`).
    public func setState(_ name: String, to value: RuntimeValue) throws(RuntimeError) {
        try host.setState(name, to: value, at: now)
        sync()
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        try? host.resize(width: bounds.width, height: bounds.height, at: now)
        sync()
    }

    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let live = host.session.live
        let offset = live.rows.isEmpty ? 0 : (contentSize.width > bounds.width ? contentOffset.x : contentOffset.y)
        if isDragging { host.touchCancelled(at: now) }
        host.scroll(to: offset, at: now)
        sync()
    }

    @objc private func touched(_ gesture: UILongPressGestureRecognizer) {
        let point = gesture.location(in: self)
        switch gesture.state {
        case .began: host.touchDown(x: point.x - contentOffset.x, y: point.y - contentOffset.y, at: now)
        case .ended: host.touchUp(at: now)
        case .cancelled, .failed: host.touchCancelled(at: now)
        default: return
        }
        sync()
    }

    @objc private func tick(_ link: CADisplayLink) {
        host.frame(at: link.targetTimestamp)
        sync()
    }

    /// The platform's half of a frame: views in the hierarchy, content
    /// size, the display link, the accessibility order.
    private func sync() {
        let pass = host.lastPass ?? host.frame(at: now)
        for (key, view) in host.views.views {
            if view.superview !== self { addSubview(view) }
            if let name = view.row?.host, view.hostView == nil { view.hostView = hostView(key, name) }
        }
        let size = CGSize(width: pass.contentWidth, height: pass.contentHeight)
        if contentSize != size { contentSize = size }
        if host.wantsFrames, displayLink == nil {
            let link = CADisplayLink(target: self, selector: #selector(tick(_:)))
            link.add(to: .main, forMode: .common)
            displayLink = link
        } else if !host.wantsFrames {
            displayLink?.invalidate()
            displayLink = nil
        }
        accessibilityElements = host.accessibilityOrder
    }
}

/// A view controller whose view is a `StackScreenView`.
@MainActor
public final class StackScreenViewController: UIViewController {
    public let screenView: StackScreenView

    public init(model: ScreenModel, measurer: any Measurer & Sendable = DefaultMeasurer()) {
        screenView = StackScreenView(model: model, measurer: measurer)
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    public required init?(coder: NSCoder) { fatalError("StackScreenViewController is made in code") }

    public override func loadView() { view = screenView }
}

extension CGRect {
    init(_ rect: Rect) { self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
}

extension UIColor {
    /// 0xRRGGBBAA, as the runtime gives colours.
    convenience init(rgba: UInt32) {
        self.init(
            red: CGFloat(rgba >> 24 & 0xFF) / 255, green: CGFloat(rgba >> 16 & 0xFF) / 255,
            blue: CGFloat(rgba >> 8 & 0xFF) / 255, alpha: CGFloat(rgba & 0xFF) / 255)
    }
}

extension UIFont.Weight {
    init(_ weight: FontWeight) {
        self = switch weight {
        case .ultralight: .ultraLight
        case .thin: .thin
        case .light: .light
        case .regular: .regular
        case .medium: .medium
        case .semibold: .semibold
        case .bold: .bold
        case .heavy: .heavy
        case .black: .black
        }
    }
}

extension NSTextAlignment {
    init(_ alignment: TextAlignment) {
        self = switch alignment {
        case .leading: .natural
        case .center: .center
        case .trailing: .right
        case .justified: .justified
        }
    }
}
#endif
