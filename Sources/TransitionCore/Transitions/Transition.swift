import JSONCodec

/// Where a transition is in its life (openapi.yaml, `Transition`;
/// docs/semantics.md § Interactive transitions).
public enum TransitionPhase: String, Sendable {
    case idle, animating, interactive, finishing, cancelling, completed, cancelled

    /// Still owns the container: a new transition must wait.
    var isRunning: Bool {
        switch self {
        case .animating, .interactive, .finishing, .cancelling: true
        case .idle, .completed, .cancelled: false
        }
    }
}

/// One view-controller transition: what UIKit's transition context knows, plus our record of it.
public struct Transition: Sendable {
    public let id: TransitionID
    public let operation: TransitionOperation
    /// The container controller performing it (the navigation controller, …).
    public let container: ControllerID
    public let from: ControllerID
    public let to: ControllerID
    let fromView: ViewID
    let toView: ViewID
    let containerView: ViewID
    public let animator: String
    /// Which rule chose the animator (`action`, `rule[2]`, `pushAnimator of detail`, `default`).
    public let chosenBy: String
    /// `transitionDuration:`, seconds.
    public let duration: Double
    public var phase: TransitionPhase
    public var interactive: Bool
    public var wasCancelled = false
    public var completedAt: Double?
    var timeline: Timeline
    public var diagnostics: [Diagnostic] = []
    var completeCalls = 0
    /// Whether what it left behind has been reported.
    var checked = false
    /// Views the animator created, by name.
    var named: [String: ViewID] = [:]
    var namedOrder: [String] = []
    var parameters: JSONObject
    var sourceView: ViewID?
    var targetView: ViewID?
    /// Views the animator hid, to report those still hidden once it completes.
    var hiddenByAnimator: [ViewID] = []
    /// The container's children before the operation, restored when it is cancelled.
    var previousChildren: [ControllerID]
    /// Controllers the operation takes out of the container when it completes.
    var leaving: [ControllerID]
    /// A tab bar's selected index before the switch, restored when it is cancelled.
    var previousSelection: Int?
    /// A gesture UIKit recognizes itself drives UIKit's own animation: the views follow the finger
    /// linearly while it lasts and settle on a curve and speed of their own after
    /// (`World.backSwipeSettling`, `SheetRelease.settling`, `World.releaseZoom`).
    var tracking: TouchTracking?
    /// A dismissal the user started (a sheet pulled down, a tap outside a popover), whose end
    /// UIKit reports to the presentation's delegate (`presentationControllerDidDismiss`).
    var userDismissal = false
    /// The transition is UIKit's own (the catalogue's slide, coverVertical, sheet, formSheet or fluidZoom),
    /// with the parameters it runs with.
    var platform: PlatformTransition?
    /// A fluid zoom that the opposite operation of its controller completed at once: where its
    /// views were then, for the zoom the other way to start from (ZoomInterruption.swift).
    var zoomPose: ZoomPose?
    /// The velocity its springs start with, distances per second toward their ends (UIKit's
    /// `initialSpringVelocity` unit), in place of their own: a fluid zoom that interrupts the one
    /// the other way goes on with the motion the screen showed (`ZoomPose.initialVelocity`); nil for
    /// any other, whose springs start as written.
    var springVelocity: Double?
    /// Where the navigation bar's change beside it stands: `progress` of the whole change (0…1)
    /// when its animations have run `run` of their curve (0…1), linear on either side (from 0 at
    /// run 0 before, to 1 at run 1 after). (0, 0) but beside a zoom that goes on from where an
    /// interrupted one left the bar: from there (run 0), or, for a zoom out a finger holds from
    /// full screen after catching a zoom in, where its timeline is held (`World.zoomBarStart`).
    var barStart = NavigationBarTransition.Knee(run: 0, progress: 0)
    /// A navigation change that takes the tab bar away or brings it back (`hidesBottomBarWhenPushed`).
    var tabBarMove: TabBarMove?

    public var begin: Double { timeline.begin }

    /// The tab bar of `tabs` leaving with the covered view (`hiding`) or coming back with the
    /// revealed one; `frame` is where it sits in the tab bar controller's view.
    struct TabBarMove: Sendable {
        var tabs: ControllerID
        var hiding: Bool
        var frame: Rect
    }

    /// Which of UIKit's own gestures drives the transition, when one does.
    enum TouchTracking: Sendable {
        /// The edge pan that pops a navigation controller (docs/semantics.md § UIKit's back swipe).
        case backSwipe
        /// The pull that dismisses a sheet (docs/semantics.md § Modal presentation).
        case sheetPull
        /// A swipe down, an edge swipe or a pinch on a page the fluid zoom brought in, which zooms
        /// it out (docs/semantics.md § Zoom): its views follow the finger, and the release settles
        /// on a spring seeded with the finger's velocity (`World.releaseZoom`).
        case zoomDismiss
    }

    public func elapsed(at t: Double) -> Double { Self.elapsed(begin: begin, at: t) }

    /// Progress through the animation timeline, τ / D, clamped to [0, 1].
    public func percentComplete(at t: Double) -> Double {
        Self.percentComplete(tau: timeline.tau(at: t), duration: duration, phase: phase)
    }

    /// `elapsed` and `percentComplete` as a snapshot reports them at session time `t` (elapsed
    /// up to the completion).
    func progress(at t: Double) -> TransitionProgress {
        Self.progress(begin: begin, duration: duration, phase: phase, completedAt: completedAt, tau: timeline.tau(at: t), at: t)
    }

    /// The same from the record's values (`TransitionRecords.progress(of:at:)` reads them in place).
    static func progress(begin: Double, duration: Double, phase: TransitionPhase, completedAt: Double?, tau: Double,
                         at t: Double) -> TransitionProgress {
        TransitionProgress(elapsed: elapsed(begin: begin, at: completedAt.map { min($0, t) } ?? t),
                           percentComplete: percentComplete(tau: tau, duration: duration, phase: phase))
    }

    private static func elapsed(begin: Double, at t: Double) -> Double { max(0, t - begin) }

    private static func percentComplete(tau: Double, duration: Double, phase: TransitionPhase) -> Double {
        guard duration > 0 else { return 1 }
        if phase == .completed { return 1 }
        return min(1, max(0, tau / duration))
    }

    func initialFrame(of view: ViewID, container bounds: Rect) -> Rect? {
        // UIKit: the from view starts where it is; the to view's initial frame is CGRectZero.
        switch view {
        case fromView: bounds
        case toView: .zero
        default: nil
        }
    }

    func finalFrame(of view: ViewID, container bounds: Rect) -> Rect? {
        // UIKit: the to view ends filling the container; the leaving view's final frame is CGRectZero.
        switch view {
        case toView: bounds
        case fromView: .zero
        default: nil
        }
    }
}
