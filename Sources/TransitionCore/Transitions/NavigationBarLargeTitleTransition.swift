/// The large titles' part of the bar's change (docs/semantics.md § Large titles), written for a
/// push like the rest of `NavigationBarTransition`: the paths, windows and sizes of Flutter's
/// `_NavigationBarComponentsTransition` (`bottomLargeTitle`, `topBackLabel`, `topLargeTitle`),
/// each large title's fade linear in the progress inside its window; the back button coming
/// out of a large title fades in as every coming back button does (UIKit's `fadeInCurve`).
extension NavigationBarTransition {
    /// The bottom large title has faded out by this progress on its way into the back button
    /// (Flutter: 0.6), or in place when the top item has no back button (0.4).
    static let bottomLargeTitleFadeOutEnd = 0.6
    static let bottomLargeTitleAloneFadeOutEnd = 0.4
    /// The top large title starts fading in here (Flutter: 0.3).
    static let topLargeTitleFadeInStart = 0.3

    /// Whether each item shows its large title (rather than its inline title) at rest.
    var bottomShowsLargeTitle: Bool { NavigationBarLargeTitleLayout.showsLargeTitle(extension: bottomExtension) }
    var topShowsLargeTitle: Bool { NavigationBarLargeTitleLayout.showsLargeTitle(extension: topExtension) }

    /// How much smaller the back button's text is than the large title's (17 / 34).
    static var backToLargeScale: Double { NavigationBarLargeTitleLayout.barFontSize / NavigationBarLargeTitleLayout.fontSize }

    /// Every property of the large titles that moves, for a push; none when neither item shows one.
    var largeTitleTracks: [Track] {
        var result: [Track] = []
        typealias Layout = NavigationBarLargeTitleLayout
        func track(_ part: Part, _ property: AnimatedProperty, _ a: AnimatedValue, _ b: AnimatedValue) -> Track {
            Track(part: part, property: property, keys: [KeyframeKey(time: 0, value: a), KeyframeKey(time: 1, value: b)])
        }
        if bottomShowsLargeTitle {
            result.append(Self.hidden(.bottomTitle))
            let rest = Layout.restPlacement(bottom.title, barWidth: barWidth, extension: bottomExtension)
            // The large title's leading edge, halfway down its line: the anchor it flies by.
            let anchor = Point(x: rest.box.minX, y: rest.center.y)
            if let back = top.backTitle {
                // It shrinks from 34 to 17 pt with its leading edge sliding to the back button's,
                // and the back button comes out of it at twice its size.
                let label = NavigationBarLayout.backButtonFrame(back), r = Self.backToLargeScale
                result.append(track(.bottomLargeTitle, .center, .point(rest.center),
                                    .point(Point(x: label.minX + rest.box.width * r / 2, y: label.midY))))
                result.append(track(.bottomLargeTitle, .transform, .affine(.scale(rest.scale, rest.scale)), .affine(.scale(r, r))))
                result.append(Self.fadeOut(.bottomLargeTitle, by: Self.bottomLargeTitleFadeOutEnd))
                result.append(track(.topBackButton, .center, .point(Point(x: anchor.x + label.width / r / 2, y: anchor.y)), .point(label.center)))
                result.append(track(.topBackButton, .transform, .affine(.scale(1 / r, 1 / r)), .affine(.identity)))
                result.append(Self.contentFadeIn(.topBackButton))
            } else {
                // No back button to fly into: it drifts a quarter of the bar towards the trailing edge.
                result.append(track(.bottomLargeTitle, .center, .point(rest.center), .point(Point(x: rest.center.x + barWidth / 4, y: rest.center.y))))
                result.append(Self.fadeOut(.bottomLargeTitle, by: Self.bottomLargeTitleAloneFadeOutEnd))
            }
        }
        if topShowsLargeTitle {
            result.append(Self.hidden(.topTitle))
            // It comes in a whole bar's width from the trailing edge.
            let rest = Layout.restPlacement(top.title, barWidth: barWidth, extension: topExtension)
            result.append(track(.topLargeTitle, .center, .point(Point(x: rest.center.x + barWidth, y: rest.center.y)), .point(rest.center)))
            result.append(Self.fadeIn(.topLargeTitle, from: Self.topLargeTitleFadeInStart))
        }
        return result
    }
}
