/// Where UIKit lays out a navigation bar and one navigation item's views in it, in points, in
/// the bar's own coordinates. Each number's source, and which are estimates, is in
/// docs/semantics.md § Navigation bar transition.
enum NavigationBarLayout {
    /// The bar's height below the top safe-area inset (UIKit's iPhone bar metrics).
    static let height = 44.0

    /// The back indicator (the chevron): 8 pt from the leading edge, 13 × 21 pt, centred
    /// vertically in the bar (the size is an estimate).
    static let indicator = Rect(x: 8, y: (height - 21) / 2, width: 13, height: 21)

    /// The back button's label starts 6 pt after the indicator.
    static let backLabelX = indicator.maxX + 6

    /// Labels keep 16 pt clear of either edge of the bar.
    static let edgePadding = 16.0

    /// Estimated advance of one character of the bar's 17 pt text, half an em: UIKit measures
    /// text with the system font, which the service does not have.
    static let characterAdvance = 8.5

    /// A back button title longer than this shows "Back" instead (a stand-in for UIKit's "when
    /// it does not fit").
    static let longestBackTitle = 12

    /// The bar's frame in its navigation controller's view: below the top inset when shown,
    /// wholly above the screen when hidden.
    static func barFrame(width: Double, safeTop: Double, hidden: Bool) -> Rect {
        Rect(x: 0, y: hidden ? -height : safeTop, width: width, height: height)
    }

    /// The estimated width of `text` on one line.
    static func textWidth(_ text: String) -> Double {
        Double(text.count) * characterAdvance
    }

    /// The title label: as wide as its text (at most the bar less its edge padding), centred,
    /// spanning the bar's height (the text is centred vertically in it).
    static func titleFrame(_ title: String, barWidth: Double) -> Rect {
        let width = min(textWidth(title), max(0, barWidth - 2 * edgePadding))
        return Rect(x: (barWidth - width) / 2, y: 0, width: width, height: height)
    }

    /// The back button's label, after the indicator.
    static func backButtonFrame(_ text: String) -> Rect {
        Rect(x: backLabelX, y: 0, width: textWidth(text), height: height)
    }

    /// The back button's title for an item above one titled `previous`: that title, or "Back"
    /// when it is missing or too long.
    static func backButtonTitle(previous: String?) -> String {
        guard let previous, !previous.isEmpty, previous.count <= longestBackTitle else { return "Back" }
        return previous
    }
}
