/// The large title collapsing as the top controller's content scrolls under the bar
/// (docs/semantics.md § Large titles): the extension follows the first scroll view's content
/// offset at once, and the large and inline titles trade places over a fixed time once the
/// extension crosses the threshold.
extension World {
    /// After `controller`'s views scrolled: when it is the top of a navigation stack whose bar
    /// shows its large title, and no transition moves the bar, the bar takes the extension its
    /// first scroll view leaves; crossing the threshold fades the large title out and the inline
    /// title in (or back) over Flutter's 150 ms, on the session clock.
    mutating func followScroll(of controller: ControllerID) {
        guard runningTransition == nil, let nav = self[controller: controller].parent, visibleChild(of: nav) == controller,
              let views = self[controller: nav].navigationBar, let large = views.largeTitle, tree[large].parent != nil else { return }
        typealias Layout = NavigationBarLargeTitleLayout
        let before = Layout.showsLargeTitle(extension: tree[views.bar].bounds.height - NavigationBarLayout.height)
        let e = largeTitleExtension(ofTop: controller)
        setLargeTitleExtension(e, of: nav, views: views)
        let shows = Layout.showsLargeTitle(extension: e)
        guard shows != before else { return }
        fadeTitle(large, to: shows ? 1 : 0)
        fadeTitle(views.title, to: shows ? 0 : 1)
    }

    /// `view`'s alpha to `alpha` over the fade duration from what the screen shows now, linearly
    /// (Flutter's `AnimatedOpacity`, whose curve defaults to linear).
    private mutating func fadeTitle(_ view: ViewID, to alpha: Double) {
        let shown = animations.presentation(of: view, in: tree, at: now, clocks: transitions).alpha
        tree[view].alpha = alpha
        animations.install(PropertyAnimation(property: .alpha, from: .number(shown), to: .number(alpha), transition: nil, begin: now,
                                             duration: NavigationBarLargeTitleLayout.fadeDuration, curve: .linear), on: view)
    }
}
