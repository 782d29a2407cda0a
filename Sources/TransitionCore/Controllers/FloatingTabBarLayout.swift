/// The tab bar of iOS 26 on the iPhone: a capsule floating over the content, inset from the
/// screen's sides and bottom, that shrinks to a circle holding the selected tab as it minimizes
/// (docs/semantics.md § iOS 26). No public source gives its metrics, so every size here is an
/// *estimate* read off Apple's iOS 26 screenshots (docs/reference.md § Floating tab bar).
enum FloatingTabBarLayout {
    /// The capsule's height, points (*estimate*).
    static let height = 62.0
    /// Its distance from the screen's left, right and bottom edges, points (*estimate*).
    static let margin = 21.0

    /// The bar's frame in a tab bar controller's view of `size` when minimization has reached
    /// `progress` (0: expanded across the width between the margins; 1: minimized, a circle as
    /// tall as the bar at the leading margin), the width in between linear in `progress`.
    static func frame(in size: Size, progress: Double) -> Rect {
        let expanded = max(size.width - 2 * margin, height)
        let width = expanded + (height - expanded) * progress
        return Rect(x: margin, y: size.height - margin - height, width: width, height: height)
    }

    /// The capsule's corner radius, points: half its height, so that its ends are semicircles.
    static let cornerRadius = height / 2
}
