/// A push asked for while UIKit's own back swipe drives the navigation controller, waiting for
/// the swipe to end: `-[UINavigationController pushViewController:animated:]` hands the push to
/// the running transition's coordinator (`animateAlongsideTransition:nil completion:`) when the
/// transition is a navigation one that does not conflict, and the parallax transition's hand-off
/// (`_UINavigationParallaxTransition -shouldPreemptWithContext:`, iOS 18.2) answers only when
/// fluid parallax transitions are on (docs/semantics.md § Navigation).
struct DeferredPush: Sendable {
    var spec: ControllerSpec
    var container: ControllerID
    var animated: Bool
    var animator: AnimatorChoice?
    var pointer: String
}

extension World {
    /// Keeps a push for after UIKit's own back swipe on `nav`, if one runs there and no push waits
    /// yet; false when the push must go through the usual checks now. The controller is made on
    /// a copy first, so a spec that cannot be made fails now rather than when the swipe ends.
    mutating func deferDuringBackSwipe(_ spec: ControllerSpec, in nav: ControllerID, animated: Bool, animator: AnimatorChoice?,
                                      pointer: String) throws(SimulationError) -> Bool {
        guard deferredPush == nil, let running = runningTransition, running.container == nav,
              let g = gesture, g.transition == running.id, g.interaction.platformGesture == .backSwipe else { return false }
        var trial = self
        _ = try trial.makeController(spec, parent: nav)
        deferredPush = DeferredPush(spec: spec, container: nav, animated: animated, animator: animator, pointer: pointer)
        return true
    }

    /// Runs the waiting push once the swipe it waited for has ended, at that instant. Its spec
    /// was made once already; should the session have changed so that it cannot be made now (a
    /// view limit reached meanwhile), the push is dropped and reported, as the request has long
    /// been answered.
    mutating func startDeferredPush() {
        guard let push = deferredPush, runningTransition == nil else { return }
        deferredPush = nil
        var attempt = self
        do throws(SimulationError) {
            try attempt.push(push.spec, container: push.container, animated: push.animated, animator: push.animator,
                             interactive: false, pointer: push.pointer)
            self = attempt
        } catch {
            emit(.diagnostic, push.container, ["code": .string(DiagnosticCode.deferredPushFailed.rawValue),
                                               "message": .string("the push of '\(push.spec.id)' that waited for the back swipe could not be made when it ended: \(error.description)")])
        }
    }
}
