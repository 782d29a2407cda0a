import JSONCodec

/// An appearance callback or delegate call, as UIKit would have made it.
public struct Event: Sendable {
    public var seq: Int
    public var time: Double
    public var type: EventType
    /// The controller it concerns (for delegate calls, the container whose delegate is called).
    public var viewController: ControllerID?
    /// Its arguments, in a fixed order.
    public var arguments: [(key: String, value: JSONValue)]
    /// What the call means for its transition's life, so that counting transitions needs no
    /// reading of arguments: set on `animateTransition` and `completeTransition` only.
    var outcome: TransitionOutcome?
}

/// The calls a session records, named as UIKit names them (clients filter on these names);
/// `animateTransition` marks the animator's start and `diagnostic` is ours.
public enum EventType: String, Sendable, CaseIterable {
    case viewWillAppear, viewDidAppear, viewWillDisappear, viewDidDisappear
    case willShow, didShow
    case shouldSelect, didSelect
    case animationControllerFor, interactionControllerFor, presentationControllerFor
    case animateTransition, completeTransition
    case updateInteractiveTransition, finishInteractiveTransition, cancelInteractiveTransition
    case pauseAnimation, continueAnimation
    /// UIAdaptivePresentationControllerDelegate, for a sheet pulled down by the user.
    case presentationControllerWillDismiss, presentationControllerDidDismiss, presentationControllerDidAttemptToDismiss
    /// UISheetPresentationControllerDelegate, for a sheet moved to another detent.
    case sheetPresentationControllerDidChangeSelectedDetentIdentifier
    case diagnostic
    /// The floating tab bar's minimization moved (`_UITabBarVisualProvider_Floating`'s
    /// `scrollAwayInteraction:progressDidChange:tracking:`, iOS 26; no public delegate call).
    case tabBarMinimizeProgressDidChange
    /// A `UIAlertAction`'s handler, called once the alert its button dismissed has gone.
    case alertActionHandler
}
