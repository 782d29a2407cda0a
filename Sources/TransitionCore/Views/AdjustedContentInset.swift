/// UIKit's safe area under a navigation bar that prefers large titles, and the insets it adds to
/// the top and bottom of each of a controller's scroll views (`adjustedContentInset`), so that
/// their content starts below the whole bar and ends above the tab bar and the home indicator,
/// and the bar's bottom and the content's top move together as the first one scrolls
/// (docs/semantics.md § Large titles). Only navigation controllers that prefer large titles lay
/// their controllers' content out this way: every other session keeps the layout it always had,
/// content from the top of the screen.
extension World {
    /// The top of the safe area of the controller at `index` of `stack` at rest, in window
    /// points: the screen's top inset and its bar's height at rest (96 with a large title, 44
    /// inline, nothing when the controller hides the bar).
    func restSafeAreaTop(ofItemAt index: Int, of stack: [ControllerID]) -> Double {
        let item = navigationItem(at: index, of: stack)
        guard !item.barHidden else { return display.safeArea.top }
        return display.safeArea.top + NavigationBarLayout.height + (item.largeTitle ? NavigationBarLargeTitleLayout.extensionHeight : 0)
    }

    /// How far the safe area of the controller at `index` of `nav`'s stack stays above its view's
    /// bottom, points: the home indicator's inset, and the tab bar of an enclosing tab bar
    /// controller (49 pt above that inset) unless the controller or one between it and the root
    /// hides it (`hidesBottomBarWhenPushed`; docs/semantics.md § Navigation).
    func safeAreaBottom(ofItemAt index: Int, of stack: [ControllerID], in nav: ControllerID) -> Double {
        var above = self[controller: nav].parent
        while let id = above, self[controller: id].kind != .tabBar { above = self[controller: id].parent }
        let hidden = stack[...index].dropFirst().contains { self[controller: $0].settings.hidesBottomBarWhenPushed }
        return display.safeArea.bottom + (above != nil && !hidden ? Self.tabBarHeight : 0)
    }

    /// The tab bar's height above the bottom safe-area inset, points (UIKit's iPhone tab bar).
    static let tabBarHeight = 49.0

    /// Gives every scroll view of every controller of `nav`'s stack the insets its safe area
    /// leaves it at rest: the part of the safe area over its top and under its bottom
    /// (`automatic`), or none (`never`, or inside another scroll view). A change of the top inset
    /// moves its content offset by as much, so that the content keeps its place from rest: a
    /// controller that joins the stack shows its content's top below the bar (UIKit: at rest
    /// `contentOffset.y` is `-adjustedContentInset.top`).
    mutating func adjustContentInsets(in nav: ControllerID) {
        guard self[controller: nav].settings.prefersLargeTitles, let content = self[controller: nav].contentView else { return }
        let stack = self[controller: nav].children
        // Each controller's view fills the navigation controller's content view (or will, once shown).
        let height = tree[content].bounds.height
        for (index, id) in stack.enumerated() {
            let top = restSafeAreaTop(ofItemAt: index, of: stack)
            let bottom = height - safeAreaBottom(ofItemAt: index, of: stack, in: nav)
            let root = self[controller: id].view
            for (i, scrollView) in self[controller: id].scrollViews.enumerated() {
                var inset = (top: 0.0, bottom: 0.0)
                if scrollView.behavior == .automatic, !scrollView.nested {
                    let minY = self.top(of: scrollView.view, in: root)
                    let maxY = scrollView.view == root ? height : minY + tree[scrollView.view].bounds.height
                    inset = (max(0, top - minY), max(0, maxY - bottom))
                }
                let change = inset.top - scrollView.top
                if change != 0 { tree[scrollView.view].bounds.origin.y -= change }
                (self[controller: id].scrollViews[i].top, self[controller: id].scrollViews[i].bottom) = inset
            }
        }
    }

    /// The scroll views among the views made from `spec` at `view`, depth first, with the
    /// behaviours their specs give (`automatic` by default, UIKit's); `nested`: `view` lies inside
    /// a scroll view.
    func scrollViews(made spec: ViewSpec, at view: ViewID, nested: Bool) -> [ScrollViewInset] {
        let scrolls = spec.kind.scrolls
        var found: [ScrollViewInset] = []
        if scrolls { found.append(ScrollViewInset(view: view, behavior: spec.contentInsetAdjustmentBehavior ?? .automatic, nested: nested)) }
        for (childSpec, child) in zip(spec.children, tree[view].children) {
            found += scrollViews(made: childSpec, at: child, nested: nested || scrolls)
        }
        return found
    }

    /// How far `controller`'s first scroll view has scrolled from rest, in points: its
    /// `contentOffset.y + adjustedContentInset.top` (0 at rest, negative pulled down); nil
    /// without a scroll view.
    func scrolledFromRest(_ controller: ControllerID) -> Double? {
        self[controller: controller].scrollViews.first.map { tree[$0.view].bounds.origin.y + $0.top }
    }

    /// The top edge of `view` in the coordinates of `root`, one of its ancestors (a controller's
    /// view): an adjusted scroll view has no scrolling ancestor to offset it.
    private func top(of view: ViewID, in root: ViewID) -> Double {
        var y = 0.0, current = view
        while current != root, let parent = tree[current].parent {
            y += tree[current].frame.minY - tree[parent].bounds.minY
            current = parent
        }
        return y
    }
}
