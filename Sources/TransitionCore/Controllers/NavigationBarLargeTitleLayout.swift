/// Where a navigation bar showing a large title lays it out, in points, in the bar's own
/// coordinates: the 44 pt bar of `NavigationBarLayout` with an extension below it that holds the
/// large title and that the top controller's scroll view collapses. Each number's source is in
/// docs/semantics.md § Large titles.
enum NavigationBarLargeTitleLayout {
    /// The extension's height at rest, below the 44 pt bar (Flutter's
    /// `_kNavBarLargeTitleHeightExtension`): a large-title bar is 96 pt tall.
    static let extensionHeight = 52.0
    /// The large title's baseline box keeps this far above the bar's bottom edge (Flutter's
    /// `_kNavBarBottomPadding`).
    static let bottomPadding = 8.0
    /// The large title's text size, and its line's height (Apple's Human Interface Guidelines,
    /// Typography: Large Title, 34 pt on 41 pt leading at the default text size).
    static let fontSize = 34.0
    static let lineHeight = 41.0
    /// The bar's other labels' text size (the same table: Headline and Body, 17 pt).
    static let barFontSize = 17.0
    /// The large title shows while more than this much of the extension remains (Flutter's
    /// `_kNavBarShowLargeTitleThreshold`).
    static let showThreshold = 10.0
    /// How long the large and inline titles take to trade places once the threshold is crossed,
    /// in seconds (Flutter's `_kNavBarTitleFadeDuration`, 150 ms): time drives it, not the offset.
    static let fadeDuration = 0.15
    /// A pull past the top stretches the extension and grows the large title by 3 % of its
    /// box's height per unit of stretch (Flutter's `_RenderLargeTitle`), at most 1.1 times.
    static let stretchRate = 0.03
    static let largestScale = 1.1

    /// The extension's height for the top controller's scroll view scrolled `offset` points from
    /// rest (its `contentOffset.y + adjustedContentInset.top`): it shrinks by the offset down to
    /// nothing, and a negative offset (a pull down) stretches it.
    static func extensionHeight(scrolledFromRest offset: Double) -> Double {
        max(0, extensionHeight - offset)
    }

    /// The bar's frame in its navigation controller's view: the 44 pt bar and the extension,
    /// below the top inset.
    static func barFrame(width: Double, safeTop: Double, extension e: Double) -> Rect {
        Rect(x: 0, y: safeTop, width: width, height: NavigationBarLayout.height + e)
    }

    /// Whether the large title shows (rather than the inline title) with `e` points of extension.
    static func showsLargeTitle(extension e: Double) -> Bool { e > showThreshold }

    /// The estimated width of `text` at 34 pt: half an em a character, as the inline title's.
    static func textWidth(_ text: String) -> Double {
        Double(text.count) * fontSize / 2
    }

    /// How much a stretched extension `e` grows a large title `width` points wide: 1 at rest and
    /// above, by `stretchRate` per point of its box's stretch past the box at rest, at most
    /// `largestScale`, and never so much that its trailing edge passes the bar's (Flutter's
    /// `_RenderLargeTitle` clamps the scale to the width it is laid out in over its text's width:
    /// the bar less the leading padding, as its padding has no trailing side).
    static func scale(extension e: Double, width: Double, barWidth: Double) -> Double {
        let box = extensionHeight - bottomPadding
        let room = barWidth - NavigationBarLayout.edgePadding
        let widest = width > 0 ? min(largestScale, max(1, room / width)) : largestScale
        return min(widest, max(1, 1 + (e - bottomPadding - box) / box * stretchRate))
    }

    /// Where the large title rests with `e` points of extension: its unscaled `box`, the `scale`
    /// a pull grows it by about the box's bottom-leading corner (where Flutter's
    /// `_RenderLargeTitle` aligns its text), and the `center` that keeps that corner in place.
    static func restPlacement(_ title: String, barWidth: Double, extension e: Double) -> (box: Rect, scale: Double, center: Point) {
        let box = frame(title, barWidth: barWidth, extension: e), s = scale(extension: e, width: box.width, barWidth: barWidth)
        return (box, s, Point(x: box.minX + box.width * s / 2, y: box.maxY - box.height * s / 2))
    }

    /// The large title's label with `e` points of extension: at the leading edge padding, one 34 pt
    /// line whose bottom sits `bottomPadding` above the bar's bottom, as wide as its text (at most
    /// the bar less its edge padding), before scaling.
    static func frame(_ title: String, barWidth: Double, extension e: Double) -> Rect {
        let pad = NavigationBarLayout.edgePadding
        let width = min(textWidth(title), max(0, barWidth - 2 * pad))
        return Rect(x: pad, y: NavigationBarLayout.height + e - bottomPadding - lineHeight, width: width, height: lineHeight)
    }
}
