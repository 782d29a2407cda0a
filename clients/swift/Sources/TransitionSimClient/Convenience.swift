// The hand-written convenience layer: a few members where the generated API is awkward for the
// README's walkthrough. Everything else in this module (`Client`, `Components.Schemas`,
// `Operations`) is generated at build time from openapi.yaml by swift-openapi-generator.

/// An animator parameter written as a literal: `["sourceView": "cell-3/image", "duration": 0.5]`
/// rather than `.case2("cell-3/image")` and `.case1(0.5)` (the generated union's unnamed members).
extension Components.Schemas.AnimatorParameterValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral
{
    public init(stringLiteral value: String) { self = .case2(value) }
    public init(floatLiteral value: Double) { self = .case1(value) }
    public init(integerLiteral value: Int) { self = .case1(Double(value)) }
}

extension Components.Schemas.AnimatorChoice {
    /// A catalogue animator by name with overrides of its parameters (`{"name": "zoom",
    /// "sourceView": …}`).
    public static func named(_ name: String, _ parameters: [String: Components.Schemas.AnimatorParameterValue] = [:]) -> Self {
        .AnimatorWithParameters(.init(name: name, additionalProperties: parameters))
    }
}

/// The members every event has, whatever its `type` (the generated `Event` is one case per type).
public protocol SessionEvent: Sendable {
    /// Its place in the session's log, from 1.
    var seq: Int64 { get }
    /// Session time, in seconds.
    var time: Double { get }
}

extension Components.Schemas.AppearanceEvent: SessionEvent {}
extension Components.Schemas.ShowEvent: SessionEvent {}
extension Components.Schemas.SelectEvent: SessionEvent {}
extension Components.Schemas.AnimationControllerForEvent: SessionEvent {}
extension Components.Schemas.InteractionControllerForEvent: SessionEvent {}
extension Components.Schemas.PresentationControllerForEvent: SessionEvent {}
extension Components.Schemas.AnimateTransitionEvent: SessionEvent {}
extension Components.Schemas.CompleteTransitionEvent: SessionEvent {}
extension Components.Schemas.InteractiveProgressEvent: SessionEvent {}
extension Components.Schemas.InteractiveReleaseEvent: SessionEvent {}
extension Components.Schemas.ContinueAnimationEvent: SessionEvent {}
extension Components.Schemas.SheetDismissalEvent: SessionEvent {}
extension Components.Schemas.DetentChangeEvent: SessionEvent {}
extension Components.Schemas.TabBarMinimizeEvent: SessionEvent {}
extension Components.Schemas.DiagnosticEvent: SessionEvent {}
extension Components.Schemas.AlertActionHandlerEvent: SessionEvent {}

extension Components.Schemas.Event {
    /// The event whatever its type, for its `seq` and `time`.
    public var event: any SessionEvent {
        switch self {
        case .alertActionHandler(let e): e
        case .animateTransition(let e): e
        case .animationControllerFor(let e): e
        case .cancelInteractiveTransition(let e), .finishInteractiveTransition(let e): e
        case .completeTransition(let e): e
        case .continueAnimation(let e): e
        case .diagnostic(let e): e
        case .didSelect(let e), .shouldSelect(let e): e
        case .didShow(let e), .willShow(let e): e
        case .interactionControllerFor(let e): e
        case .pauseAnimation(let e), .updateInteractiveTransition(let e): e
        case .presentationControllerDidAttemptToDismiss(let e), .presentationControllerDidDismiss(let e),
             .presentationControllerWillDismiss(let e): e
        case .presentationControllerFor(let e): e
        case .sheetPresentationControllerDidChangeSelectedDetentIdentifier(let e): e
        case .tabBarMinimizeProgressDidChange(let e): e
        case .viewDidAppear(let e), .viewDidDisappear(let e), .viewWillAppear(let e), .viewWillDisappear(let e): e
        }
    }
}

/// A view of a tree snapshot: its members and its subviews, rather than the generated `value1`
/// (`ViewFields`) and `value2.children` of the schema's `allOf`.
extension Components.Schemas.ViewNode {
    public var view: Components.Schemas.ViewFields { value1 }
    public var children: [Components.Schemas.ViewNode] { value2.children }
}

/// A view of a flat snapshot: its members and its parent, rather than `value1` and `value2.parent`.
extension Components.Schemas.FlatView {
    public var view: Components.Schemas.ViewFields { value1 }
    /// The parent as `controller:path`, or a service view's id; nil for the window.
    public var parent: String? { value2.parent }
}
