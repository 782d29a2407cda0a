/// A container controller's views follow the frame its own view is given: UIKit's navigation and
/// tab bar controllers lay out their content view, their bar and their shown child's view in
/// their view's bounds (the child's view fills it: `edgesForExtendedLayout` all), so a navigation
/// controller presented as a sheet lays its page out in the card, not in the screen
/// (docs/semantics.md § Views and layout). When the view's size changes inside an animation (a
/// sheet moving to another detent) the laid-out views move in the same animation, as views
/// resized by their superview's autoresizing do inside `UIView.animate`.
extension World {
    /// The layout pass after an action and after each animator step: every container on screen,
    /// outer ones first, whose view's size is not the one its content view was laid out for.
    mutating func layOutContainers() {
        for id in visibleControllers() where self[controller: id].kind != .viewController {
            layOutContainer(id)
        }
    }

    /// Lays `id`'s views out for its view's size, if that size changed since its last layout.
    mutating func layOutContainer(_ id: ControllerID) {
        let c = self[controller: id]
        guard let content = c.contentView else { return }
        let size = tree[c.view].bounds.size
        let laidOut = tree[content].bounds.size
        guard laidOut != size else { return }
        // The view's own resizing in flight, which the laid-out views follow.
        let resize = animations.animations(on: c.view).first { $0.property == .bounds }
        follow(content, in: size, resize) { Rect(origin: .zero, size: $0) }
        // The shown child fills the content view; one moved by a transition of this container is
        // laid out when that transition ends (UIKit's transition owns its frame until then).
        let moving = runningTransition?.containerView == content
        if !moving, let child = c.visibleChild.map({ self[controller: $0].view }), tree[child].parent == content {
            follow(child, in: size, resize) { Rect(origin: .zero, size: $0) }
        }
        switch c.kind {
        case .navigation:
            if laidOut.width != size.width, !moving { layoutNavigationBar(id) }
            // The safe area's bottom moved with the view's.
            adjustContentInsets(in: id)
        case .tabBar:
            if let bar = c.barView, tree[bar].parent == c.view {
                let safeBottom = display.safeArea.bottom, floating = floatingTabBarProgress(id)
                follow(bar, in: size, resize) { Self.tabBarFrame(in: $0, safeBottom: safeBottom, floating: floating) }
                if laidOut.width != size.width { layOutTabBarItems(of: id) }
            }
        case .viewController, .alert:
            break
        }
    }

    /// Gives `view` the frame `layout` makes of its container's size `size`, keeping its bounds'
    /// origin (a scroll view's content offset); when the container's size is animated (`resize`,
    /// an animation of its bounds) the view gets the same animation from the frame the starting
    /// size makes: on the same curve, so that at every instant it has the frame of the size on screen.
    private mutating func follow(_ view: ViewID, in size: Size, _ resize: PropertyAnimation?, _ layout: (Size) -> Rect) {
        animations.removeAnimations(on: view) { $0.property == .center || $0.property == .bounds }
        tree[view].frame = layout(size)
        guard let resize, let from = Self.size(of: resize.from), let to = Self.size(of: resize.to), from != to else { return }
        let origin = tree[view].bounds.origin, anchor = tree[view].layer.anchorPoint
        if let center = Self.following(resize, as: .center, { .point(ViewGeometry.position(ofFrame: layout($0), anchorPoint: anchor)) }) {
            animations.install(center, on: view)
        }
        if let bounds = Self.following(resize, as: .bounds, { .rect(Rect(origin: origin, size: layout($0).size)) }) {
            animations.install(bounds, on: view)
        }
    }

    /// The size a bounds value holds (nil for any other value).
    private static func size(of value: AnimatedValue) -> Size? {
        if case .rect(let r) = value { r.size } else { nil }
    }

    /// `resize`, an animation of a container's bounds, as an animation of `property` of a view
    /// laid out in it, whose value for a container of size s is `value(s)`: the same timing, curve
    /// and keyframe times; nil for a path that is no bounds path (a 3D rotation).
    private static func following(_ resize: PropertyAnimation, as property: AnimatedProperty, _ value: (Size) -> AnimatedValue) -> PropertyAnimation? {
        guard let from = size(of: resize.from), let to = size(of: resize.to) else { return nil }
        var following = resize
        (following.property, following.from, following.to) = (property, value(from), value(to))
        switch resize.path {
        case .direct, .eased:
            break
        case .keyframes(let keys, let mode):
            var mapped: [KeyframeKey] = []
            for key in keys {
                guard let s = size(of: key.value) else { return nil }
                mapped.append(KeyframeKey(time: key.time, value: value(s)))
            }
            following.path = .keyframes(mapped, mode)
        case .rotation:
            return nil
        }
        return following
    }

    /// Spreads the tab bar's items evenly over its width, each as tall as the bar above the safe area
    /// (the whole floating capsule); a minimized floating bar shows only the selected tab's item.
    mutating func layOutTabBarItems(of tabs: ControllerID) {
        let c = self[controller: tabs]
        guard let bar = c.barView else { return }
        let items = tree[bar].children.filter { tree[$0].role == .tabBarItem }
        let shown = c.scrollAway?.isMinimized == true ? [c.selectedIndex] : Array(items.indices)
        let itemWidth = tree[bar].bounds.width / Double(max(1, shown.count))
        let height = display.hasFloatingTabBar ? FloatingTabBarLayout.height : Self.tabBarHeight
        for (i, item) in items.enumerated() {
            let slot = shown.firstIndex(of: i)
            tree[item].hidden = slot == nil
            tree[item].frame = Rect(x: Double(slot ?? 0) * itemWidth, y: 0, width: itemWidth, height: height)
        }
    }
}
