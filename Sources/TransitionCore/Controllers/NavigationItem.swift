/// What the navigation bar shows for one controller of a stack (`UINavigationItem`): its title,
/// the back button it gets from the controller below it, and whether it wants the bar at all.
struct NavigationItem: Sendable, Equatable {
    /// The controller's title ("" when it has none, as the bar shows no text then).
    var title: String
    /// The back button's title; nil for the bottom of the stack, which has no back button.
    var backTitle: String?
    /// The controller asks for the bar to be hidden (`navigationBarHidden`).
    var barHidden: Bool
    /// The bar prefers large titles and this item's mode resolves to showing one
    /// (docs/semantics.md § Large titles).
    var largeTitle = false
    /// The controller gives bar button items, which the bar shows at its trailing edge.
    var hasBarButtonItems = false

    var hasBackButton: Bool { backTitle != nil }
}

extension World {
    /// The item of the controller at `index` in `stack`: its back button is titled after the
    /// controller below it (UIKit: the previous item's title, "Back" without one).
    func navigationItem(at index: Int, of stack: [ControllerID]) -> NavigationItem {
        let controller = self[controller: stack[index]]
        let back = index > 0 ? NavigationBarLayout.backButtonTitle(previous: self[controller: stack[index - 1]].title) : nil
        let prefersLarge = controller.parent.map { self[controller: $0].settings.prefersLargeTitles } ?? false
        return NavigationItem(title: controller.title ?? "", backTitle: back, barHidden: controller.settings.navigationBarHidden,
                              largeTitle: prefersLarge && largeTitleDisplayMode(at: index, of: stack) == .always,
                              hasBarButtonItems: controller.barButtonGroup != nil)
    }

    /// The mode of the item at `index` once `automatic` is resolved: the mode of the item below,
    /// `always` at the root (Apple: `automatic` inherits the previous item's setting).
    func largeTitleDisplayMode(at index: Int, of stack: [ControllerID]) -> LargeTitleDisplayMode {
        for i in stride(from: index, through: 0, by: -1) {
            if let mode = self[controller: stack[i]].settings.largeTitleDisplayMode, mode != .automatic { return mode }
        }
        return .always
    }

    /// The item at the top of `stack`.
    func topNavigationItem(of stack: [ControllerID]) -> NavigationItem {
        navigationItem(at: stack.count - 1, of: stack)
    }
}
