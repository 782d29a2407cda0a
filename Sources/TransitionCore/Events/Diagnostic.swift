/// Something a transition's animator got wrong, or a call UIKit would ignore: reported, never
/// fixed (docs/semantics.md § Diagnostics).
public struct Diagnostic: Sendable, Equatable {
    public var code: DiagnosticCode
    public var message: String
    /// The view concerned, as `controller:path` or a service view's id.
    public var view: String?
    public var time: Double
}

/// The stable slugs clients match diagnostics by.
public enum DiagnosticCode: String, Sendable {
    case completeTransitionNotCalled = "complete-transition-not-called"
    case completeTransitionCalledTwice = "complete-transition-called-twice"
    case toViewNotAdded = "to-view-not-added"
    case viewLeftHidden = "view-left-hidden"
    case snapshotLeftInHierarchy = "snapshot-left-in-hierarchy"
    case animationOnRemovedView = "animation-on-removed-view"
    case stepFailed = "step-failed"
    case interactionReached100Percent = "interaction-reached-100-percent"
    case updateAfterEnd = "update-after-end"
    case gestureWithoutBegan = "gesture-without-began"
    /// A controller that prefers the fluid zoom was presented in a style UIKit zooms no page in.
    case zoomIgnored = "zoom-ignored"
    /// A zoom-out gesture on a page whose `interactiveDismissShouldBegin` answers no: it did not begin.
    case zoomDismissRefused = "zoom-dismiss-refused"
    /// A content swipe (iOS 26) that did not begin: leftward, too steep, or over a view that
    /// scrolls horizontally.
    case contentSwipeRefused = "content-swipe-refused"
    /// A push that waited for UIKit's own back swipe could not be made when the swipe ended.
    case deferredPushFailed = "deferred-push-failed"
}
