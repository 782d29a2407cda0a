import JSONCodec

/// The floating tab bar of iOS 26 following a person's scrolling of the selected tab's content
/// (`UITabBarController.tabBarMinimizeBehavior`; docs/semantics.md § iOS 26): the bar's
/// `_UIScrollAwayInteraction` observes the content scroll view of the controller the selected tab
/// shows in front, the first of its scroll views, and the bar's frame follows its progress.
extension World {
    /// The tab bar controller whose selected tab shows `controller` in front (through navigation
    /// controllers' tops), if any.
    func tabBarController(showing controller: ControllerID) -> ControllerID? {
        var child = controller
        while let parent = self[controller: child].parent {
            guard visibleChild(of: parent) == child else { return nil }
            if self[controller: parent].kind == .tabBar { return parent }
            child = parent
        }
        return nil
    }

    /// A scroll of `view`, one of `owner`'s scroll views, from vertical offset `previous`: by a
    /// finger (`drag`) or by the app (nil, which UIKit's interaction only records).
    mutating func followScrollAway(of view: ViewID, in owner: ControllerID, from previous: Double, drag: ScrollDrag?) {
        guard let tabs = tabBarController(showing: owner), var interaction = self[controller: tabs].scrollAway,
              let observed = self[controller: owner].scrollViews.first, observed.view == view else { return }
        let before = interaction.progress
        if drag != nil, !interaction.isDragging { interaction.beginDragging(at: previous) }
        interaction.scrolled(to: tree[view].bounds.origin.y, top: -observed.top)
        if drag == .ended { interaction.endDragging() }
        self[controller: tabs].scrollAway = interaction
        if interaction.progress != before { minimizationChanged(tabs) }
    }

    /// Selecting another tab expands a minimized bar: UIKit's floating provider ends the
    /// interaction and sets its progress to 0 when its selection is reset.
    mutating func expandTabBar(_ tabs: ControllerID) {
        guard var interaction = self[controller: tabs].scrollAway, interaction.progress != 0 || interaction.isDragging else { return }
        let before = interaction.progress
        interaction.reset()
        self[controller: tabs].scrollAway = interaction
        if interaction.progress != before { minimizationChanged(tabs) }
    }

    /// Lays the bar out for its new progress and reports it.
    private mutating func minimizationChanged(_ tabs: ControllerID) {
        guard let interaction = self[controller: tabs].scrollAway else { return }
        let c = self[controller: tabs]
        if let bar = c.barView, tree[bar].parent == c.view {
            tree[bar].frame = tabBarFrame(tabs)
            layOutTabBarItems(of: tabs)
        }
        emit(.tabBarMinimizeProgressDidChange, tabs, ["progress": .number(interaction.progress), "tracking": .bool(interaction.isDragging),
                                                     "state": .string(interaction.isMinimized ? "minimized" : "expanded")])
    }
}
