/// A gesture recognizer's state in one sample: the states a drag or pinch reports.
public enum GesturePhase: String, Sendable {
    case began, changed, ended, cancelled
}

/// The state of the gesture that drives an interactive transition, as snapshots report it.
public struct GestureState: Sendable {
    /// What the release did to the transition.
    public enum Decision: String, Sendable { case finish, cancel }
    /// What decided it: the progress against the threshold, the release velocity, the progress
    /// projected from the finger's motion (UIKit's own back swipe), or the recognizer's own cancellation.
    public enum Reason: String, Sendable {
        case threshold, velocity
        /// UIKit's own back swipe: the progress projected from the last samples' motion.
        case projection
        case gestureCancelled = "gesture-cancelled"
    }

    public var recognizer: Interaction.Recognizer
    public var phase: GesturePhase
    public var transition: TransitionID
    var interaction: Interaction
    /// Points for 100 % (the interaction's distance, or the container's width or height).
    var distance: Double
    var startScale: Double
    /// The finger's translation when the transition began: zero, except for a pull between
    /// detents that became a dismissal below the smallest detent (progress counts from there).
    var startTranslation = Point.zero
    /// The progress when the transition began: 0, except for a zoom-out gesture that caught the
    /// page during its zoom in or while a cancelled zoom out sprang it back, which starts where the
    /// page stood (`World.heldProgress`), so that the finger's translation 0 shows the frame it caught.
    var origin = 0.0
    /// Such a pull moved the sheet to its smallest detent from another: the change the delegate
    /// hears if the release keeps the sheet.
    var detentChange: SheetDetents.Detent?
    /// A zoom-out gesture's: the centre of the zoom's clip when it began (points, in the
    /// transition's container), where the finger's translation carries it from (`World.moveZoomWithFinger`).
    var anchor: Point?
    /// UIKit's own back swipe's: the finger's motion its release decides from.
    var backSwipe: BackSwipeStatistics?
    /// The progress of the last sample, after clamping: after release, the `ended` sample's,
    /// which the decision read (the timeline stays where the last `changed` put it).
    public var progress: Double
    public var velocity: Point
    /// Set once released.
    public var decision: Decision?
    public var reason: Reason?
}
