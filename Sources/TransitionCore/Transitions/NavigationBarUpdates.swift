/// The navigation controller's side of its bar: building it, laying it out for the stack at rest,
/// and running `NavigationBarTransition` on a transition's timeline
/// (docs/semantics.md § Navigation bar transition).
extension World {
    /// Builds the bar of navigation controller `nav` in its view, laid out for its stack.
    mutating func makeNavigationBar(for nav: ControllerID) throws(SimulationError) {
        let width = barWidth(of: nav)
        let barID = NavigationBar.id(.navigationBar, of: nav)
        var barNode = ViewNode(id: barID, kind: "navigationBar", owner: nil, path: barID, role: .navigationBar,
                               frame: NavigationBarLayout.barFrame(width: width, safeTop: display.safeArea.top, hidden: false))
        barNode.backgroundColor = Color(red: 0.97, green: 0.97, blue: 0.97)
        let bar = try tree.create(barNode)
        func view(_ kind: String, _ role: ViewRole, incoming: Bool = false) throws(SimulationError) -> ViewID {
            let id = NavigationBar.id(role, of: nav, incoming: incoming)
            return try tree.create(ViewNode(id: id, kind: kind, owner: nil, path: id, role: role, frame: .zero))
        }
        let indicator = try view("imageView", .backIndicator)
        tree[indicator].image = "backIndicator"
        var views = NavigationBar(bar: bar, indicator: indicator, title: try view("label", .navigationTitle),
                                  backButton: try view("label", .backButton),
                                  incomingTitle: try view("label", .navigationTitle, incoming: true),
                                  incomingBackButton: try view("label", .backButton, incoming: true))
        if self[controller: nav].settings.prefersLargeTitles {
            // Only a large-title bar says its labels' sizes: the large title's differs.
            let large = try view("label", .largeTitle), incomingLarge = try view("label", .largeTitle, incoming: true)
            for label in [large, incomingLarge] { tree[label].fontSize = NavigationBarLargeTitleLayout.fontSize }
            for label in [views.title, views.backButton, views.incomingTitle, views.incomingBackButton] {
                tree[label].fontSize = NavigationBarLargeTitleLayout.barFontSize
            }
            (views.largeTitle, views.incomingLargeTitle) = (large, incomingLarge)
        }
        tree.addSubview(bar, to: self[controller: nav].view)
        self[controller: nav].barView = bar
        self[controller: nav].navigationBar = views
        layoutNavigationBar(nav)
    }

    /// Shows the top item of `nav`'s stack at rest: its title, and above the root the chevron and
    /// back button; the bar below the top inset, or hidden above the screen when the top
    /// controller asks (`navigationBarHidden`). Views of a coming item leave the bar.
    mutating func layoutNavigationBar(_ nav: ControllerID) {
        let c = self[controller: nav]
        guard let views = c.navigationBar else { return }
        let item = topNavigationItem(of: c.children)
        let width = barWidth(of: nav)
        tree[views.bar].frame = NavigationBarLayout.barFrame(width: width, safeTop: display.safeArea.top, hidden: item.barHidden)
        tree[views.bar].hidden = item.barHidden
        let items: [(view: ViewID, role: ViewRole, incoming: Bool)] = [(views.title, .navigationTitle, false), (views.backButton, .backButton, false),
                                                                      (views.incomingTitle, .navigationTitle, true), (views.incomingBackButton, .backButton, true)]
        for (view, role, incoming) in items {
            rename(view, NavigationBar.id(role, of: nav, incoming: incoming))
            tree.detach(view)
        }
        tree.detach(views.indicator)
        if let back = item.backTitle {
            place(views.indicator, frame: NavigationBarLayout.indicator, in: views.bar)
            place(views.backButton, frame: NavigationBarLayout.backButtonFrame(back), text: back, in: views.bar)
        }
        place(views.title, frame: NavigationBarLayout.titleFrame(item.title, barWidth: width), text: item.title, in: views.bar)
        if let large = views.largeTitle, let incoming = views.incomingLargeTitle {
            for (view, isIncoming) in [(large, false), (incoming, true)] {
                rename(view, NavigationBar.id(.largeTitle, of: nav, incoming: isIncoming))
                tree.detach(view)
            }
            if item.largeTitle, !item.barHidden { layoutLargeTitle(nav, views: views, title: item.title) }
        }
        removeBarButtonItems(from: nav)
        placeBarButtonItems(of: c.children.last, in: nav)
    }

    /// The bar of `nav` showing `title` large at rest, with the extension the top controller's
    /// first scroll view leaves it, and the large title or the inline title shown, never both
    /// (docs/semantics.md § Large titles).
    private mutating func layoutLargeTitle(_ nav: ControllerID, views: NavigationBar, title: String) {
        guard let large = views.largeTitle else { return }
        place(large, frame: .zero, text: title, in: views.bar)
        let e = largeTitleExtension(ofTop: self[controller: nav].visibleChild)
        setLargeTitleExtension(e, of: nav, views: views)
        let shows = NavigationBarLargeTitleLayout.showsLargeTitle(extension: e)
        tree[large].alpha = shows ? 1 : 0
        tree[views.title].alpha = shows ? 0 : 1
    }

    /// The bar as tall as its 44 pt and `e` points of extension, and the large title on the
    /// extension's bottom line, grown by a pull about its bottom-leading corner, where its text
    /// stays (Flutter's `_RenderLargeTitle` aligns it bottom-start): its frame is the scaled box.
    mutating func setLargeTitleExtension(_ e: Double, of nav: ControllerID, views: NavigationBar) {
        guard let large = views.largeTitle else { return }
        tree[views.bar].frame = NavigationBarLargeTitleLayout.barFrame(width: barWidth(of: nav), safeTop: display.safeArea.top, extension: e)
        restLargeTitle(large, of: nav, extension: e)
    }

    /// Puts large title `view` of `nav`'s bar where it rests with `e` points of extension, grown by a pull.
    private mutating func restLargeTitle(_ view: ViewID, of nav: ControllerID, extension e: Double) {
        let rest = NavigationBarLargeTitleLayout.restPlacement(tree[view].text ?? "", barWidth: barWidth(of: nav), extension: e)
        tree[view].frame = rest.box
        tree[view].transform = rest.scale == 1 ? .identity : .scale(rest.scale, rest.scale)
        tree[view].center = rest.center
    }

    /// The width of `nav`'s bar, points: its view's, which is the screen's unless the controller
    /// is presented in a smaller frame (a form sheet; docs/semantics.md § Modal presentation).
    func barWidth(of nav: ControllerID) -> Double {
        tree[self[controller: nav].view].bounds.width
    }

    /// The extension below a bar whose top is `controller`, left by its first scroll view
    /// scrolled from rest (no scroll view: the extension at rest).
    func largeTitleExtension(ofTop controller: ControllerID?) -> Double {
        let offset = controller.flatMap { scrolledFromRest($0) } ?? 0
        return NavigationBarLargeTitleLayout.extensionHeight(scrolledFromRest: offset)
    }

    /// The first scroll view among `controller`'s views, depth first from its root view: the one
    /// UIKit's bar tracks when it collapses a large title.
    func firstScrollView(of controller: ControllerID) -> ViewID? {
        self[controller: controller].scrollViews.first?.view
    }

    /// Starts the bar's transition from the top of `oldStack` to the top of `newStack` on
    /// transition `id`'s timeline: the coming item's views join the bar, every view takes its
    /// final model values, and animations from the start carry them there with the transition's
    /// progress, so that scrubbing, finishing and cancelling move the bar with the pages.
    mutating func beginNavigationBarTransition(_ nav: ControllerID, from oldStack: [ControllerID], to newStack: [ControllerID],
                                               transition id: TransitionID) {
        guard let views = self[controller: nav].navigationBar else { return }
        let t = self[transition: id]
        let old = topNavigationItem(of: oldStack), new = topNavigationItem(of: newStack)
        let push = t.operation == .push
        /// The extension an item's bar has: none without a large title.
        func largeExtension(_ item: NavigationItem, top: ControllerID?) -> Double {
            views.largeTitle != nil && item.largeTitle && !item.barHidden ? largeTitleExtension(ofTop: top) : 0
        }
        let oldExtension = largeExtension(old, top: oldStack.last), newExtension = largeExtension(new, top: newStack.last)
        let width = barWidth(of: nav)
        let change = NavigationBarTransition(bottom: push ? old : new, top: push ? new : old, barWidth: width,
                                             safeTop: display.safeArea.top, bottomExtension: push ? oldExtension : newExtension,
                                             topExtension: push ? newExtension : oldExtension)
        // The bar at rest shows the old item; the new one's views go above it.
        stopNavigationBarAnimations(nav)
        if old.hasBackButton || new.hasBackButton { place(views.indicator, frame: NavigationBarLayout.indicator, in: views.bar) }
        if let back = new.backTitle {
            place(views.incomingBackButton, frame: NavigationBarLayout.backButtonFrame(back), text: back, in: views.bar)
        }
        place(views.incomingTitle, frame: NavigationBarLayout.titleFrame(new.title, barWidth: width), text: new.title, in: views.bar)
        if let large = views.incomingLargeTitle, NavigationBarLargeTitleLayout.showsLargeTitle(extension: newExtension) {
            place(large, frame: .zero, text: new.title, in: views.bar)
            restLargeTitle(large, of: nav, extension: newExtension)
        }
        // Both items' bar buttons are in the bar while it changes; what an earlier change left
        // on them ends.
        let groups = (old: oldStack.last.flatMap { controllers[$0]?.barButtonGroup }, new: newStack.last.flatMap { controllers[$0]?.barButtonGroup })
        for controller in [oldStack.last, newStack.last] {
            if let group = controller.flatMap({ controllers[$0]?.barButtonGroup }) { animations.removeAnimations(on: group) }
            placeBarButtonItems(of: controller, in: nav)
        }
        if !new.barHidden { tree[views.bar].hidden = false }
        let curve = barCurve(t)
        let tau = t.timeline.tau(at: now)
        // A change beside a zoom that interrupts another goes on from where that left the bar: the
        // same items, so its own progress (1 − q the other way, q the same) shows what that one's q showed.
        let start = zoomBarStart(t)
        self[transition: id].barStart = start
        for track in change.tracks {
            let moved = (push ? track : track.reversed).passing(start)
            let keys = moved.keys
            let view = switch track.part {
            case .bottomBarButtons: push ? groups.old : groups.new
            case .topBarButtons: push ? groups.new : groups.old
            default: views.view(for: track.part, push: push)
            }
            guard let view else { continue }
            tree[view].apply(keys[keys.count - 1].value, to: track.property)
            // A move from the first key to the last is a plain animation: no keys to keep (a
            // session's history holds every animation in flight at each of its checkpoints).
            animations.install(PropertyAnimation(property: track.property, from: keys[0].value, to: keys[keys.count - 1].value, transition: id,
                                      begin: tau, duration: t.duration, curve: curve, path: moved.path, outlivesTransition: true), on: view)
        }
    }

    /// Ends what the bar's items still show of an earlier transition (one whose animator
    /// completed before its duration was over): their views are about to show other items.
    mutating func stopNavigationBarAnimations(_ nav: ControllerID) {
        guard let views = self[controller: nav].navigationBar else { return }
        for view in views.itemViews { animations.removeAnimations(on: view) }
    }

    /// Puts the bar at rest once the transition ends: the coming item's views become the shown
    /// ones if it completed; either way the bar shows the stack's top.
    mutating func settleNavigationBar(_ nav: ControllerID, didComplete: Bool) {
        if didComplete { self[controller: nav].navigationBar?.promoteIncoming() }
        layoutNavigationBar(nav)
    }

    /// The bar follows the transition's own progress: UIKit's slide runs it on the slide's curve
    /// (linear while the back swipe tracks the finger); beside any other animator UIKit animates
    /// it alongside with the transition coordinator's curve, easeInOut, over the same duration.
    func barCurve(_ t: Transition) -> TimingCurve {
        t.platform?.barCurve(duration: t.duration, iOS: display.iOS) ?? .easeInOut
    }

    private mutating func rename(_ view: ViewID, _ id: String) {
        tree[view].id = id
        tree[view].path = id
    }

    /// Puts `view` at the front of the bar at rest: its frame, opaque, with its text.
    private mutating func place(_ view: ViewID, frame: Rect, text: String? = nil, in bar: ViewID) {
        tree[view].frame = frame
        tree[view].alpha = 1
        if let text { tree[view].text = text }
        tree.addSubview(view, to: bar)
    }
}

extension NavigationBar {
    /// The view playing `part` in a push (the shown item is the bottom one) or a pop (the top one);
    /// nil for a large title of a bar that does not prefer them, and for the items' bar buttons.
    func view(for part: NavigationBarTransition.Part, push: Bool) -> ViewID? {
        switch part {
        case .bottomTitle: push ? title : incomingTitle
        case .bottomBackButton: push ? backButton : incomingBackButton
        case .topTitle: push ? incomingTitle : title
        case .topBackButton: push ? incomingBackButton : backButton
        case .indicator: indicator
        case .bar: bar
        case .bottomLargeTitle: push ? largeTitle : incomingLargeTitle
        case .topLargeTitle: push ? incomingLargeTitle : largeTitle
        // The items' bar buttons belong to their controllers (`World.barButtonGroup`).
        case .bottomBarButtons, .topBarButtons: nil
        }
    }
}
