/// Where UIKit lays out a navigation item's `rightBarButtonItems` in the navigation bar, in
/// points (docs/semantics.md § Bar button items, which says which numbers are estimates). The
/// items sit in one group view, the `_UIButtonBar` UIKit makes per side of the bar, which fades
/// as a whole with the rest of its item while the stack changes.
enum BarButtonLayout {
    /// The space between two items (`-[_UINavigationBarContentView
    /// buttonBarMinimumInterItemSpace]`: 8 on the iPhone, 6 on the Mac idiom).
    static let spacing = 8.0
    /// An image item's width and height: the 44 × 44 pt hit area Apple's Human Interface
    /// Guidelines ask of a control (*estimate* of the button's frame; its glyph is smaller).
    static let imageSize = 44.0
    /// The group's corner radius on iOS 26, where the items share a glass capsule: half the
    /// bar's 44 pt height, so that its ends are semicircles (*estimate*, as the floating tab bar's).
    static let glassCornerRadius = NavigationBarLayout.height / 2
    /// The glass capsule's fill: white at 70 % over the bar (*estimate*: the service draws no blur).
    static let glassColor = Color(red: 1, green: 1, blue: 1, alpha: 0.7)

    /// The items' frames in the group's coordinates, first item at the trailing end (UIKit lays
    /// out `rightBarButtonItems` from the trailing edge inward): a title as wide as its text
    /// (`NavigationBarLayout.textWidth`, an estimate), an image `imageSize` wide, each as tall as
    /// the bar, `spacing` apart.
    static func itemFrames(_ items: [BarButtonItem]) -> [Rect] {
        let widths = items.map(width)
        let total = widths.reduce(0, +) + spacing * Double(max(0, items.count - 1))
        var trailing = total
        return widths.map { w in
            defer { trailing -= w + spacing }
            return Rect(x: trailing - w, y: 0, width: w, height: NavigationBarLayout.height)
        }
    }

    /// The group's frame in the bar of `barWidth` points: its trailing edge the bar's edge
    /// padding (16 pt) from the bar's, as tall as the bar.
    static func groupFrame(_ items: [BarButtonItem], barWidth: Double) -> Rect {
        let width = itemFrames(items).first?.maxX ?? 0
        return Rect(x: barWidth - NavigationBarLayout.edgePadding - width, y: 0, width: width, height: NavigationBarLayout.height)
    }

    private static func width(_ item: BarButtonItem) -> Double {
        switch item.content {
        case .title(let title): NavigationBarLayout.textWidth(title)
        case .image: imageSize
        }
    }
}
