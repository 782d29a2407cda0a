/// How the navigation bar's views move while the stack changes, as keyframes of the transition's
/// progress (docs/semantics.md § Navigation bar transition).
///
/// Everything is written for a push: progress 0 shows the `bottom` item (the lower one in the
/// stack), 1 the `top` item. A pop runs the same keys backwards, as UIKit's pop mirrors its push.
/// The outgoing title slides to where the back button will be and fades out, the back button
/// comes from the title's place and fades in, the new title comes from the trailing edge, an old
/// back button slides half a bar away as it fades, the chevron comes with the first back
/// button and goes with the last, and each item's bar buttons fade where they are. The outgoing item's views fade out and the coming item's fade
/// in over the whole change on UIKit's two timing functions (`_UINavigationBarTransitionContext`
/// `+fadeOutFunction`, `+fadeInFunction`); the paths are Flutter's
/// (`_NavigationBarComponentsTransition`) between UIKit's layout (`NavigationBarLayout`).
struct NavigationBarTransition {
    /// The views a change moves.
    enum Part: CaseIterable {
        case bottomTitle, bottomBackButton, topTitle, topBackButton, indicator, bar
        /// Each item's large title (NavigationBarLargeTitleTransition.swift).
        case bottomLargeTitle, topLargeTitle
        /// Each item's bar button items, as one group (BarButtonItems.swift).
        case bottomBarButtons, topBarButtons
    }

    /// One property of one part, as keys over the push's progress (times in 0…1), straight
    /// between keys, or (`ease`) from the first key to the last along a timing function of the
    /// progress, which `knee` re-times.
    struct Track {
        var part: Part
        var property: AnimatedProperty
        var keys: [KeyframeKey]
        var ease: CubicBezier? = nil
        var knee: Knee? = nil

        /// The same motion for a pop, whose progress runs from the top item to the bottom one.
        var reversed: Track {
            Track(part: part, property: property, keys: keys.reversed().map { KeyframeKey(time: 1 - $0.time, value: $0.value) },
                  ease: ease?.flipped, knee: knee)
        }

        /// How the track moves: straight from the first key to the last, through its keys, or eased.
        var path: AnimationPath {
            if let ease { .eased(ease, knee: knee) } else if keys.count == 2 { .direct } else { .keyframes(keys, .linear) }
        }

        /// The same motion re-timed to stand at `knee.progress` at time `knee.run` (0…1), linearly
        /// on either side: a change that goes on from where an interrupted zoom left the bar
        /// (docs/semantics.md § Zoom); at run 0, the motion from there on over 0…1.
        func passing(_ knee: Knee) -> Track {
            let start = knee.progress, run = knee.run
            guard start > 0 || run > 0 else { return self }
            if ease != nil {
                var bent = self
                bent.knee = knee
                return bent
            }
            let first = KeyframeKey(time: run, value: PropertyAnimation.sample(keys, mode: .linear, at: min(1, start)))
            // Before the knee (only when it is part way through the run): 0…start over 0…run.
            let before = run > 0 ? keys.filter { $0.time < start }.map { KeyframeKey(time: $0.time / start * run, value: $0.value) } : []
            let rest = keys.filter { $0.time > start }.map { KeyframeKey(time: run + ($0.time - start) / (1 - start) * (1 - run), value: $0.value) }
            return Track(part: part, property: property, keys: before + [first] + rest)
        }
    }

    /// Where a change stands part way: `progress` of the whole change (0…1) when its animations
    /// have run `run` of their curve (0…1).
    struct Knee: Sendable, Equatable {
        var run: Double
        var progress: Double

        /// The change's progress when its animations have run `r` (0…1): linear from 0 to the
        /// knee, then from it to 1.
        func progress(atRun r: Double) -> Double {
            r < run ? progress * r / run : progress + (1 - progress) * (r - run) / (1 - run)
        }
    }

    var bottom: NavigationItem
    var top: NavigationItem
    var barWidth: Double
    var safeTop: Double
    /// How much extension each item's bar has below its 44 pt: 0 without a large title, else
    /// what its controller's scroll view leaves (docs/semantics.md § Large titles).
    var bottomExtension = 0.0
    var topExtension = 0.0

    /// UIKit's fade-in of the coming item's back button, title and bar buttons: the alpha is
    /// this function of the change's progress (`+[_UINavigationBarTransitionContext
    /// fadeInFunction]`, control points (0.75, 0.1, 0.75, 0.1), iOS 18.2): it stays low until
    /// late (0.10 at half way).
    static let fadeInCurve = CubicBezier(0.75, 0.1, 0.75, 0.1)
    /// UIKit's fade-out of the outgoing item's: the alpha is 1 − this function of the progress
    /// (`+fadeOutFunction`, (0.25, 0.9, 0.25, 0.9)), gone early (0.10 at half way). It is
    /// `fadeInCurve` turned half a turn, so a pop run backwards fades as UIKit's pop does.
    static let fadeOutCurve = CubicBezier(0.25, 0.9, 0.25, 0.9)

    /// Every property that moves, for a push.
    var tracks: [Track] {
        let labelY = NavigationBarLayout.height / 2
        let bottomTitle = NavigationBarLayout.titleFrame(bottom.title, barWidth: barWidth)
        let topTitle = NavigationBarLayout.titleFrame(top.title, barWidth: barWidth)
        func move(_ part: Part, from a: Point, to b: Point) -> Track {
            Track(part: part, property: .center, keys: [KeyframeKey(time: 0, value: .point(a)), KeyframeKey(time: 1, value: .point(b))])
        }
        /// A label's centre moving along the bar's middle line.
        func slide(_ part: Part, from x0: Double, to x1: Double) -> Track {
            move(part, from: Point(x: x0, y: labelY), to: Point(x: x1, y: labelY))
        }
        var result = largeTitleTracks
        // The outgoing title moves its leading edge to the back button's, when there is one;
        // an item showing its large title keeps its inline title hidden throughout.
        if !bottomShowsLargeTitle {
            let bottomTitleEnd = top.hasBackButton ? NavigationBarLayout.backLabelX + bottomTitle.width / 2 : bottomTitle.midX
            result.append(slide(.bottomTitle, from: bottomTitle.midX, to: bottomTitleEnd))
            result.append(Self.contentFadeOut(.bottomTitle))
        }
        if let back = bottom.backTitle {
            let frame = NavigationBarLayout.backButtonFrame(back)
            result.append(slide(.bottomBackButton, from: frame.midX, to: frame.midX - barWidth / 2))
            result.append(Self.contentFadeOut(.bottomBackButton))
        }
        // The incoming title starts with its centre on the bar's trailing edge.
        if !topShowsLargeTitle {
            result.append(slide(.topTitle, from: barWidth, to: topTitle.midX))
            result.append(Self.contentFadeIn(.topTitle))
        }
        if let back = top.backTitle, !bottomShowsLargeTitle {
            let frame = NavigationBarLayout.backButtonFrame(back)
            result.append(slide(.topBackButton, from: bottomTitle.minX + frame.width / 2, to: frame.midX))
            result.append(Self.contentFadeIn(.topBackButton))
        }
        // The bar buttons fade in place with the rest of their item (UIKit's `barsAlpha`).
        if bottom.hasBarButtonItems { result.append(Self.contentFadeOut(.bottomBarButtons)) }
        if top.hasBarButtonItems { result.append(Self.contentFadeIn(.topBarButtons)) }
        // The chevron is part of the back button it comes or goes with, and fades with it; between
        // two items that both have one it stays.
        let chevron = NavigationBarLayout.indicator
        switch (bottom.hasBackButton, top.hasBackButton) {
        case (false, true):
            result.append(move(.indicator, from: Point(x: chevron.midX + 2 * chevron.width, y: chevron.midY), to: chevron.center))
            result.append(Self.contentFadeIn(.indicator))
        case (true, false):
            result.append(Self.contentFadeOut(.indicator))
        default:
            break
        }
        let from = barFrame(bottom, extension: bottomExtension), to = barFrame(top, extension: topExtension)
        if from != to {
            // setNavigationBarHidden(_:animated:) alongside the transition: the bar slides up out
            // of the screen, or down into place; between a large-title bar and another its
            // height moves too, its top edge staying (Flutter's heightTween, linear).
            result.append(move(.bar, from: from.center, to: to.center))
            if from.size != to.size {
                result.append(Track(part: .bar, property: .bounds, keys: [KeyframeKey(time: 0, value: .rect(Rect(origin: .zero, size: from.size))),
                                                                          KeyframeKey(time: 1, value: .rect(Rect(origin: .zero, size: to.size)))]))
            }
        }
        return result
    }

    /// The bar's frame at rest for `item` with `e` points of extension.
    func barFrame(_ item: NavigationItem, extension e: Double) -> Rect {
        item.barHidden || e == 0 ? NavigationBarLayout.barFrame(width: barWidth, safeTop: safeTop, hidden: item.barHidden)
            : NavigationBarLargeTitleLayout.barFrame(width: barWidth, safeTop: safeTop, extension: e)
    }

    /// UIKit's fade of an outgoing item's view (`-[_UINavigationBarTransitionContextPush
    /// _animateContentView]`): opaque at 0, transparent at 1, 1 − `fadeOutCurve` of the progress.
    static func contentFadeOut(_ part: Part) -> Track {
        Track(part: part, property: .alpha, keys: [KeyframeKey(time: 0, value: .number(1)), KeyframeKey(time: 1, value: .number(0))],
              ease: fadeOutCurve)
    }

    /// UIKit's fade of a coming item's view: transparent at 0, opaque at 1, `fadeInCurve` of the
    /// progress.
    static func contentFadeIn(_ part: Part) -> Track {
        Track(part: part, property: .alpha, keys: [KeyframeKey(time: 0, value: .number(0)), KeyframeKey(time: 1, value: .number(1))],
              ease: fadeInCurve)
    }

    /// Opaque at 0, transparent from `end` on, linear in the progress between (the large titles'
    /// fades, Flutter's windows).
    static func fadeOut(_ part: Part, by end: Double) -> Track {
        Track(part: part, property: .alpha, keys: [KeyframeKey(time: 0, value: .number(1)), KeyframeKey(time: end, value: .number(0)),
                                                  KeyframeKey(time: 1, value: .number(0))])
    }

    /// Transparent throughout: a view of the change that does not show (an item's inline title
    /// while its large title shows).
    static func hidden(_ part: Part) -> Track {
        Track(part: part, property: .alpha, keys: [KeyframeKey(time: 0, value: .number(0)), KeyframeKey(time: 1, value: .number(0))])
    }

    /// Transparent until `start`, opaque at 1, linear in the progress between (the large
    /// titles' fades, Flutter's windows).
    static func fadeIn(_ part: Part, from start: Double) -> Track {
        Track(part: part, property: .alpha, keys: [KeyframeKey(time: 0, value: .number(0)), KeyframeKey(time: start, value: .number(0)),
                                                  KeyframeKey(time: 1, value: .number(1))])
    }
}
