/// What the navigation bar shows for one controller of a stack (`UINavigationItem`): its title,
/// the back button it gets from the controller below it, and whether it wants the bar at all.
struct NavigationItem: Sendable, Equatable {
    /// The controller's title ("" when it has none, as the bar shows no text then).
    var title: String
    /// The back button's title; nil for the bottom of the stack, which has no back button.
    var backTitle: String?
    /// The controller asks for the bar to be hidden (`navigationBarHidden`).
    var barHidden: Bool

    var hasBackButton: Bool { backTitle != nil }
}

extension World {
    /// The item of the controller at `index` in `stack`: its back button is titled after the
    /// controller below it (UIKit: the previous item's title, "Back" without one).
    func navigationItem(at index: Int, of stack: [ControllerID]) -> NavigationItem {
        let controller = self[controller: stack[index]]
        let back = index > 0 ? NavigationBarLayout.backButtonTitle(previous: self[controller: stack[index - 1]].title) : nil
        return NavigationItem(title: controller.title ?? "", backTitle: back, barHidden: controller.settings.navigationBarHidden)
    }

    /// The item at the top of `stack`.
    func topNavigationItem(of stack: [ControllerID]) -> NavigationItem {
        navigationItem(at: stack.count - 1, of: stack)
    }
}
