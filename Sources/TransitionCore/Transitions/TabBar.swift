/// `UITabBarController`: selecting a tab, instant by default (UIKit animates nothing unless the
/// delegate returns an animation controller), animated or interactive when an animator is chosen.
extension World {
    /// The tab bar controller an action addresses: the one named, else the deepest one on screen.
    func tabBarController(named id: ControllerID?, pointer: String) throws(SimulationError) -> ControllerID {
        if let id {
            let c = try existingController(id, pointer: pointer)
            guard c.kind == .tabBar else {
                throw .conflict(type: "wrong-container", detail: "'\(id)' is a \(c.kind.rawValue) controller, not a tab bar controller", pointer: pointer)
            }
            return id
        }
        guard let tabs = frontChain().last(where: { controllers[$0]?.kind == .tabBar }) else {
            throw .conflict(type: "wrong-container", detail: "no tab bar controller is on screen; name one with 'container'", pointer: pointer)
        }
        return tabs
    }

    /// A tap on tab `index` (`tabBarController:shouldSelect…` then the switch, then `didSelect…`).
    mutating func selectTab(_ tabs: ControllerID, index: Int, animated: Bool, animator: AnimatorChoice?, interactive: Bool,
                            pointer: String) throws(SimulationError) {
        let c = self[controller: tabs]
        guard c.children.indices.contains(index) else {
            throw .conflict(type: "not-in-container", detail: "tab \(index) is out of range: '\(tabs)' has \(c.children.count) tabs (0…\(c.children.count - 1))",
                            pointer: pointer)
        }
        try ensureIdle()
        guard let content = c.contentView else { preconditionFailure("tab bar controller '\(tabs)' without a content view") }
        let from = c.children[c.selectedIndex]
        let to = c.children[index]
        emit(.shouldSelect, tabs, ["selected": .string(to.rawValue)])
        guard from != to else {
            // Re-selecting the current tab: no switch; UIKit still reports the selection.
            emit(.didSelect, tabs, ["selected": .string(to.rawValue)])
            return
        }
        let chosen = chooseAnimator(.selectTab, from: from, to: to, actionChoice: animator)
        self[controller: tabs].selectedIndex = index
        expandTabBar(tabs)
        // `default` is UIKit's own switch, which does not animate.
        let animates = chosen.choice.map { !$0.namesPlatformDefault } ?? false
        guard animated || interactive, animates else {
            if interactive {
                throw SimulationError(pointer + "/interactive", "an interactive tab switch needs an animator (UIKit's default switch has none)")
            }
            emitAppearance(.viewWillAppear, to, animated: false)
            emitAppearance(.viewWillDisappear, from, animated: false)
            tree.detach(self[controller: from].view)
            setChildFrame(self[controller: to].view, in: content)
            tree.addSubview(self[controller: to].view, to: content)
            emitAppearance(.viewDidDisappear, from, animated: false)
            emitAppearance(.viewDidAppear, to, animated: false)
            emit(.didSelect, tabs, ["selected": .string(to.rawValue)])
            return
        }
        // The tab bar order of appearance callbacks: the new tab's first
        // (docs/reference.md § Appearance callback order).
        let id = try beginTransition(TransitionRequest(operation: .selectTab, container: tabs, from: from, to: to,
                                              containerView: content, actionChoice: animator, interactive: interactive,
                                              previousChildren: c.children, leaving: [],
                                              appearance: [(.viewWillAppear, to), (.viewWillDisappear, from)]))
        self[transition: id].previousSelection = c.selectedIndex
        emit(.didSelect, tabs, ["selected": .string(to.rawValue)])
    }

    /// The tab bar controller's side of `completeTransition:`.
    mutating func finishTabSwitch(_ t: Transition, didComplete: Bool) {
        if didComplete {
            tree.detach(t.fromView)
            emitAppearance(.viewDidDisappear, t.from, animated: true)
            emitAppearance(.viewDidAppear, t.to, animated: true)
        } else {
            tree.detach(t.toView)
            if let previous = t.previousSelection { self[controller: t.container].selectedIndex = previous }
            emitAppearance(.viewWillDisappear, t.to, animated: true)
            emitAppearance(.viewDidDisappear, t.to, animated: true)
            emitAppearance(.viewWillAppear, t.from, animated: true)
            emitAppearance(.viewDidAppear, t.from, animated: true)
        }
    }
}
