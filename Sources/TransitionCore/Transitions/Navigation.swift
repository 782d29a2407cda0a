import JSONCodec

/// `UINavigationController`: push, pop, popToRoot, popTo and setViewControllers, animated or
/// not, with UIKit's appearance callbacks and delegate calls.
extension World {
    /// The navigation controller an action addresses: the one named, else the deepest one on screen.
    func navigationController(named id: ControllerID?, pointer: String) throws(SimulationError) -> ControllerID {
        if let id {
            let c = try existingController(id, pointer: pointer)
            guard c.kind == .navigation else {
                throw .conflict(type: "wrong-container", detail: "'\(id)' is a \(c.kind.rawValue) controller, not a navigation controller", pointer: pointer)
            }
            return id
        }
        guard let nav = frontChain().last(where: { controllers[$0]?.kind == .navigation }) else {
            throw .conflict(type: "wrong-container", detail: "no navigation controller is on screen; name one with 'container'", pointer: pointer)
        }
        return nav
    }

    /// `pushViewController:animated:` on the navigation controller named `container` (else the
    /// front-most): a push action's and a gesture-started push's one code path.
    mutating func push(_ spec: ControllerSpec, container: ControllerID?, animated: Bool, animator: AnimatorChoice?,
                       interactive: Bool, pointer: String) throws(SimulationError) {
        let nav = try navigationController(named: container, pointer: pointer + "/container")
        // The controller zooming out of this stack, pushed again, zooms back in from where it is;
        // the push inside finds the zoom out completed.
        if zoomBackIn(spec.id, in: nav, { (world) throws(SimulationError) in
            try world.push(spec, container: nav, animated: animated, animator: animator, interactive: interactive, pointer: pointer)
        }) { return }
        try ensureIdle()
        let id = try makeController(spec, parent: nav)
        try changeStack(of: nav, to: self[controller: nav].children + [id], operation: .push,
                        animated: animated, animator: animator, interactive: interactive)
    }

    /// Replaces the stack; `operation` says which way the top changes (nil: it does not).
    mutating func changeStack(of nav: ControllerID, to newStack: [ControllerID], operation: TransitionOperation?, animated: Bool,
                              animator: AnimatorChoice?, interactive: Bool, platformGesture: Transition.TouchTracking? = nil) throws(SimulationError) {
        if operation == .pop, let top = self[controller: nav].children.last { completeZoomIn(of: top, in: nav) }
        try ensureIdle()
        let c = self[controller: nav]
        let oldStack = c.children
        // A navigation controller is never empty: specs need a child, pops keep the root and a
        // new stack needs one entry.
        guard let from = oldStack.last, let to = newStack.last, let content = c.contentView else {
            preconditionFailure("navigation controller '\(nav)' without a stack or a content view")
        }
        let leaving = oldStack.filter { !newStack.contains($0) }
        self[controller: nav].children = newStack
        for id in newStack { self[controller: id].parent = nav }
        adjustContentInsets(in: nav)
        guard let operation, from != to else {
            // The top stays: UIKit swaps the stack below it without a transition (the back
            // button takes the new title below the top at once).
            for id in leaving { discardController(id) }
            layoutNavigationBar(nav)
            return
        }
        emitAppearance(.viewWillDisappear, from, animated: animated)
        emitAppearance(.viewWillAppear, to, animated: animated)
        emit(.willShow, nav, ["shown": .string(to.rawValue), "animated": .bool(animated)])
        let barMove = tabBarMove(in: nav, from: oldStack, to: newStack)
        guard animated || interactive else {
            if let barMove { settleTabBar(barMove, shown: !barMove.hiding) }
            tree.detach(self[controller: from].view)
            setChildFrame(self[controller: to].view, in: content)
            tree.addSubview(self[controller: to].view, to: content)
            for id in leaving { discardController(id) }
            emitAppearance(.viewDidDisappear, from, animated: false)
            emitAppearance(.viewDidAppear, to, animated: false)
            emit(.didShow, nav, ["shown": .string(to.rawValue), "animated": .bool(false)])
            stopNavigationBarAnimations(nav)
            layoutNavigationBar(nav)
            return
        }
        try beginTransition(TransitionRequest(operation: operation, container: nav, from: from, to: to,
                                              containerView: content, actionChoice: animator, interactive: interactive,
                                              platformGesture: platformGesture, previousChildren: oldStack, leaving: leaving))
        // An animator that completed at once has already settled the bar.
        if let started = transitions.last, started.container == nav, started.phase.isRunning {
            beginNavigationBarTransition(nav, from: oldStack, to: newStack, transition: started.id)
        }
        if let barMove, let id = transitions.last?.id {
            // The bar rides on the view that leaves (hiding) or on the one that comes back, at
            // the place it has on screen: controllers' views fill the navigation controller's
            // content, so its offset in the tab bar controller's view is the conversion.
            let tabsView = self[controller: barMove.tabs].view
            guard let bar = self[controller: barMove.tabs].barView else { return }
            let offset = origin(of: content, in: tabsView)
            let rider = barMove.hiding ? self[controller: from].view : self[controller: to].view
            tree[bar].frame = barMove.frame.offsetBy(dx: -offset.x, dy: -offset.y)
            tree.addSubview(bar, to: rider)
            self[transition: id].tabBarMove = barMove
        }
    }

    /// Whether the change takes the tab bar of the enclosing tab bar controller away or brings it
    /// back: a stack hides it when a controller above its root asks to (`hidesBottomBarWhenPushed`;
    /// docs/semantics.md § Navigation).
    func tabBarMove(in nav: ControllerID, from old: [ControllerID], to new: [ControllerID]) -> Transition.TabBarMove? {
        func hides(_ stack: [ControllerID]) -> Bool { stack.dropFirst().contains { self[controller: $0].settings.hidesBottomBarWhenPushed } }
        guard hides(old) != hides(new) else { return nil }
        var above = self[controller: nav].parent
        while let id = above, self[controller: id].kind != .tabBar { above = self[controller: id].parent }
        guard let tabs = above, let bar = self[controller: tabs].barView else { return nil }
        let frame = hides(old) ? tabBarFrame(tabs) : tree[bar].frame
        return Transition.TabBarMove(tabs: tabs, hiding: hides(new), frame: frame)
    }

    /// The tab bar at rest in its controller's view: `tabBarHeight` above the bottom safe-area inset, at
    /// the bottom of that view (the screen's, or a presentation's frame); iOS 26's floating capsule
    /// as far as it is minimized.
    func tabBarFrame(_ tabs: ControllerID) -> Rect {
        Self.tabBarFrame(in: tree[self[controller: tabs].view].bounds.size, safeBottom: display.safeArea.bottom,
                         floating: floatingTabBarProgress(tabs))
    }

    /// How far the floating tab bar of `tabs` is minimized (0 when it never minimizes); nil on a
    /// screen whose tab bars do not float.
    func floatingTabBarProgress(_ tabs: ControllerID) -> Double? {
        display.hasFloatingTabBar ? self[controller: tabs].scrollAway?.progress ?? 0 : nil
    }

    /// The tab bar at rest in a tab bar controller's view of `size`, above a bottom safe-area
    /// inset of `safeBottom` points; the floating capsule minimized by `floating` when given.
    static func tabBarFrame(in size: Size, safeBottom: Double, floating: Double?) -> Rect {
        if let progress = floating { return FloatingTabBarLayout.frame(in: size, progress: progress) }
        return Rect(x: 0, y: size.height - tabBarHeight - safeBottom, width: size.width, height: tabBarHeight + safeBottom)
    }

    /// Puts the tab bar where a finished (or undone) change leaves it: in its controller's view,
    /// or out of the window.
    mutating func settleTabBar(_ move: Transition.TabBarMove, shown: Bool) {
        guard let bar = self[controller: move.tabs].barView else { return }
        tree.detach(bar)
        if shown {
            tree[bar].frame = move.frame
            tree.addSubview(bar, to: self[controller: move.tabs].view)
        }
    }

    /// `view`'s origin in the coordinates of its ancestor, through the frames in between.
    func origin(of view: ViewID, in ancestor: ViewID) -> Point {
        var point = Point.zero
        var current: ViewID? = view
        while let v = current, v != ancestor {
            point = Point(x: point.x + tree[v].frame.minX, y: point.y + tree[v].frame.minY)
            current = tree[v].parent
        }
        return point
    }

    /// A child's view fills its container (iOS 7's `edgesForExtendedLayout` all).
    mutating func setChildFrame(_ view: ViewID, in content: ViewID) {
        tree[view].frame = Rect(origin: .zero, size: tree[content].bounds.size)
        tree[view].transform = .identity
    }

    /// The navigation controller's side of `completeTransition:`.
    mutating func finishNavigation(_ t: Transition, didComplete: Bool) {
        if let move = t.tabBarMove { settleTabBar(move, shown: didComplete ? !move.hiding : move.hiding) }
        if didComplete {
            // UIKit takes the from view out of the container once the transition completes.
            tree.detach(t.fromView)
            for id in t.leaving { discardController(id) }
            emitAppearance(.viewDidDisappear, t.from, animated: true)
            emitAppearance(.viewDidAppear, t.to, animated: true)
            emit(.didShow, t.container, ["shown": .string(t.to.rawValue), "animated": .bool(true)])
        } else {
            // Cancelled: the stack goes back, the to view leaves, and the from controller
            // reappears (UIKit's cancelled-pop sequence; no didShow).
            tree.detach(t.toView)
            let added = self[controller: t.container].children.filter { !t.previousChildren.contains($0) }
            self[controller: t.container].children = t.previousChildren
            for id in added { discardController(id) }
            emitAppearance(.viewWillDisappear, t.to, animated: true)
            emitAppearance(.viewDidDisappear, t.to, animated: true)
            emitAppearance(.viewWillAppear, t.from, animated: true)
            emitAppearance(.viewDidAppear, t.from, animated: true)
        }
        settleNavigationBar(t.container, didComplete: didComplete)
    }
}
