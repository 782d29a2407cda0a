/// Why a valid change cannot run in the session's current state: the same request could succeed
/// in another state (docs/semantics.md § Conflict or invalid request). The server gives each case
/// its 409 problem type in one exhaustive switch, so a new case cannot reach a client without its
/// documented page.
public enum Conflict: CaseIterable, Sendable {
    /// A container is still running a transition the action would have to wait for.
    case transitionInProgress
    /// The navigation stack holds only what cannot be popped.
    case nothingToPop
    /// No presented controller to dismiss.
    case nothingPresented
    /// The presenting controller already presents another.
    case alreadyPresenting
    /// An interactive-only action with no interactive transition running.
    case noInteractiveTransition
    /// A gesture's samples already drive a transition or a sheet's pull.
    case gestureInProgress
    /// An action on a running transition with none running.
    case noRunningTransition
    /// The action names a controller the session does not hold.
    case unknownController
    /// The named or default container is not of the kind the action needs.
    case wrongContainer
    /// The controller is not in the stack or among the tabs, or the tab index is out of range.
    case notInContainer
    /// A controller spec reuses the id of a controller the session holds.
    case controllerExists
    /// A time before the session clock.
    case timeInThePast
    /// No interaction is declared, and none of UIKit's own applies, for the gesture.
    case noInteraction
    /// A tab switch to a tab that does not exist or is already selected.
    case nothingToSelect
    /// A detent the sheet does not have, or a controller that is not the front sheet with detents.
    case detentUnavailable
}
