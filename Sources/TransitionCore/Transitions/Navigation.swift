import JSONCodec

/// `UINavigationController`: push, pop, popToRoot, popTo and setViewControllers, animated or
/// not, with UIKit's appearance callbacks and delegate calls.
extension World {
    /// The navigation controller an action addresses: the one named, else the deepest one on screen.
    func navigationController(named id: ControllerID?, pointer: String) throws(SimulationError) -> ControllerID {
        if let id {
            guard let c = controllers[id] else { throw .invalid(SpecError(pointer, "no controller '\(id)' in this session")) }
            guard c.kind == .navigation else { throw .invalid(SpecError(pointer, "'\(id)' is a \(c.kind.rawValue) controller, not a navigation controller")) }
            return id
        }
        guard let nav = frontChain().last(where: { controllers[$0]?.kind == .navigation }) else {
            throw .invalid(SpecError(pointer, "no navigation controller is on screen; name one with 'container'"))
        }
        return nav
    }

    /// Replaces the stack; `operation` says which way the top changes (nil: it does not).
    mutating func changeStack(of nav: ControllerID, to newStack: [ControllerID], operation: TransitionOperation?, animated: Bool,
                              animator: AnimatorChoice?, interactive: Bool, builtInGesture: Bool = false) throws(SimulationError) {
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
        guard let operation, from != to else {
            // The top stays: UIKit swaps the stack below it without a transition.
            for id in leaving { discardController(id) }
            return
        }
        emitAppearance(.viewWillDisappear, from, animated: animated)
        emitAppearance(.viewWillAppear, to, animated: animated)
        emit(.willShow, nav, ["shown": .string(to.rawValue), "animated": .bool(animated)])
        guard animated || interactive else {
            tree.detach(self[controller: from].view)
            setChildFrame(self[controller: to].view, in: content)
            tree.addSubview(self[controller: to].view, to: content)
            for id in leaving { discardController(id) }
            emitAppearance(.viewDidDisappear, from, animated: false)
            emitAppearance(.viewDidAppear, to, animated: false)
            emit(.didShow, nav, ["shown": .string(to.rawValue), "animated": .bool(false)])
            updateTitle(nav)
            return
        }
        try beginTransition(TransitionRequest(operation: operation, container: nav, from: from, to: to,
                                              containerView: content, actionChoice: animator, interactive: interactive,
                                              builtInGesture: builtInGesture, previousChildren: oldStack, leaving: leaving))
    }

    /// A child's view fills its container (iOS 7's `edgesForExtendedLayout` all).
    mutating func setChildFrame(_ view: ViewID, in content: ViewID) {
        tree[view].frame = Rect(origin: .zero, size: tree[content].bounds.size)
        tree[view].transform = .identity
    }

    mutating func updateTitle(_ nav: ControllerID) {
        guard let titleView = controllers[nav]?.titleView, let top = controllers[nav]?.children.last else { return }
        tree[titleView].text = controllers[top]?.title ?? ""
    }

    /// The navigation controller's side of `completeTransition:`.
    mutating func finishNavigation(_ t: Transition, didComplete: Bool) {
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
        updateTitle(t.container)
    }
}
