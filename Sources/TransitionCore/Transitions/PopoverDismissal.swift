/// A tap outside a popover, which UIKit answers by dismissing it (docs/semantics.md § Popovers).
extension World {
    /// A tap at `location` (window points; nil: anywhere outside the popover and its passthrough
    /// views) on the dimming view behind the top-most popover. UIKit's dimming view hands a tap
    /// that lands on a passthrough view to that view, so the popover stays. Otherwise
    /// `-[UIPopoverPresentationController dimmingViewWasTapped:withDismissCompletion:]` attempts
    /// the dismissal (`_attemptDismissalWithCompletion:`, iOS 18.2): refused by
    /// `isModalInPresentation`, it tells the delegate `presentationControllerDidAttemptToDismiss`;
    /// else it dismisses animated, always (`dismissViewControllerAnimated:YES`), then tells the
    /// delegate `presentationControllerWillDismiss`, and `presentationControllerDidDismiss` once
    /// the dismissal has completed. An action sheet shown as a popover is dismissed through its
    /// cancel action, whose handler runs after (`-[UIAlertController _dismissFromPopoverDimmingView]`).
    mutating func tapOutsidePopover(at location: Point?, animator: AnimatorChoice?, pointer: String) throws(SimulationError) {
        guard let popover = presentationChain().last else {
            throw .conflict(.nothingPresented, detail: "no controller is presented; there is no popover to tap outside of")
        }
        let c = self[controller: popover]
        guard c.presentedStyle == .popover, let chrome = tree[c.view].parent, let presenting = c.presenting else {
            let shown = c.presentedStyle?.rawValue ?? "fullScreen"
            throw .conflict(.wrongContainer, detail: "'\(popover)' is shown as \(shown), not as a popover; UIKit dismisses only a popover on a tap outside it")
        }
        try ensureIdle()
        if let location {
            let (frame, _) = tree.frameInAncestor(chrome, stoppingAt: nil)
            if Self.contains(frame, location) {
                throw SimulationError(pointer + "/location", "(\(location.x), \(location.y)) is inside the popover '\(popover)' (\(frame)); a tap there reaches its content, not the dimming view")
            }
            if passthroughView(at: location, of: c.settings.popover?.passthroughViews ?? [], presenting: presenting) { return }
        }
        if c.settings.isModalInPresentation {
            emit(.presentationControllerDidAttemptToDismiss, popover, [:])
            return
        }
        if let alert = c.alert, let cancel = alert.actions.firstIndex(where: { $0.style == .cancel }) {
            self[controller: popover].triggeringAction = cancel
        }
        try dismiss(popover, animated: true, animator: animator, interactive: false, pointer: pointer)
        if let started = runningTransition?.id { self[transition: started].userDismissal = true }
        emit(.presentationControllerWillDismiss, popover, [:])
    }

    /// Whether a tap at `location` lands on one of `paths` (looked up as a popover's source view
    /// is) that is on screen: inside its frame in the window.
    private func passthroughView(at location: Point, of paths: [String], presenting: ControllerID) -> Bool {
        let owners = visibleChain(from: presenting).reversed()
        for path in paths {
            guard let view = owners.lazy.compactMap({ self.tree.view(owner: $0, path: path) }).first,
                  isInWindow(view), !tree.ancestry(view).contains(where: { tree[$0].hidden }) else { continue }
            if Self.contains(tree.frameInAncestor(view, stoppingAt: nil).0, location) { return true }
        }
        return false
    }

    /// Whether `point` is in `rect`, its right and bottom edges excluded as UIKit's
    /// `CGRectContainsPoint` excludes them.
    private static func contains(_ rect: Rect, _ point: Point) -> Bool {
        point.x >= rect.minX && point.x < rect.maxX && point.y >= rect.minY && point.y < rect.maxY
    }
}
