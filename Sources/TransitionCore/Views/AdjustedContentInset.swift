/// UIKit's safe area under a navigation bar that prefers large titles, and the inset it adds to
/// the top of a controller's first scroll view (`adjustedContentInset`), so that its content
/// starts below the whole bar and the bar's bottom and the content's top move together as it
/// scrolls (docs/semantics.md § Large titles). Only navigation controllers that prefer large
/// titles lay their controllers' content out this way: every other session keeps the layout it
/// always had, content from the top of the screen.
extension World {
    /// The top of the safe area of the controller at `index` of `stack` at rest, in window
    /// points: the screen's top inset and its bar's height at rest (96 with a large title, 44
    /// inline, nothing when the controller hides the bar).
    func restSafeAreaTop(ofItemAt index: Int, of stack: [ControllerID]) -> Double {
        let item = navigationItem(at: index, of: stack)
        guard !item.barHidden else { return display.safeArea.top }
        return display.safeArea.top + NavigationBarLayout.height + (item.largeTitle ? NavigationBarLargeTitleLayout.extensionHeight : 0)
    }

    /// Gives the first scroll view of every controller of `nav`'s stack the inset its bar leaves
    /// it at rest: the part of the safe area over the scroll view (`automatic`), or none
    /// (`never`). A change of inset moves its content offset by as much, so that the content
    /// keeps its place from rest: a controller that joins the stack shows its content's top
    /// below the bar (UIKit: at rest `contentOffset.y` is `-adjustedContentInset.top`).
    mutating func adjustContentInsets(in nav: ControllerID) {
        guard self[controller: nav].settings.prefersLargeTitles else { return }
        let stack = self[controller: nav].children
        for (index, id) in stack.enumerated() {
            guard let scrollView = firstScrollView(of: id) else { continue }
            var inset = 0.0
            if self[controller: id].firstScrollViewBehavior == .automatic {
                inset = max(0, restSafeAreaTop(ofItemAt: index, of: stack) - top(of: scrollView, in: self[controller: id].view))
            }
            let change = inset - self[controller: id].contentInsetTop
            guard change != 0 else { continue }
            tree[scrollView].bounds.origin.y -= change
            self[controller: id].contentInsetTop = inset
        }
    }

    /// How far `controller`'s first scroll view has scrolled from rest, in points: its
    /// `contentOffset.y + adjustedContentInset.top` (0 at rest, negative pulled down); nil
    /// without a scroll view.
    func scrolledFromRest(_ controller: ControllerID) -> Double? {
        firstScrollView(of: controller).map { tree[$0].bounds.origin.y + self[controller: controller].contentInsetTop }
    }

    /// The top edge of `view` in the coordinates of `root`, one of its ancestors (a controller's
    /// view, which fills the screen): the first scroll view has no scrolling ancestor to offset it.
    private func top(of view: ViewID, in root: ViewID) -> Double {
        var y = 0.0, current = view
        while current != root, let parent = tree[current].parent {
            y += tree[current].frame.minY - tree[parent].bounds.minY
            current = parent
        }
        return y
    }
}
