/// UIScrollView's content offset: the point of its content shown at its top-left corner, which
/// UIKit keeps as the scroll view's `bounds.origin` (objc.io issue 3, "Understanding Scroll
/// Views"; docs/semantics.md § Scrolling), so moving it moves every subview on screen by the
/// opposite amount.
extension World {
    /// The view kinds that scroll: UIScrollView and its subclasses UICollectionView and UITableView.
    static let scrollingKinds: Set<String> = ["scrollView", "collection", "table"]

    /// `contentOffset = offset` (`setContentOffset:animated:` with NO) on the scroll view at
    /// `path` among `controller`'s views, on screen or not (an app keeps a grid it covered
    /// scrolled to the cell it shows). Nothing animates and no event is logged: the scroll view's
    /// delegate is not simulated.
    /// Returns the scroll view and the offset it had.
    @discardableResult
    mutating func setContentOffset(_ offset: Point, ofViewAt path: String, in controller: ControllerID,
                                   pointer: String) throws(SimulationError) -> (view: ViewID, previous: Point) {
        _ = try existingController(controller, pointer: pointer + "/viewController")
        guard let view = tree.view(owner: controller, path: path) else {
            throw SimulationError(pointer + "/view", "controller '\(controller)' has no view at path '\(path)'")
        }
        let kind = tree[view].kind
        guard Self.scrollingKinds.contains(kind) else {
            throw SimulationError(pointer + "/view", "the view at '\(path)' is a \(kind), which does not scroll; the kinds that scroll are \(Self.scrollingKinds.sorted().joined(separator: ", "))")
        }
        let previous = tree[view].bounds.origin
        tree[view].bounds.origin = offset
        return (view, previous)
    }
}
