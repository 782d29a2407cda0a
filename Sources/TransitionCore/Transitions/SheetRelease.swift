/// UIKit's release of a pulled sheet, as its code reads (iOS 18.2 and 26.1 decompiles of
/// UIKitCore: `_UISheetInteraction`, `_UIHyperInteractor`, `_UISheetPresentationMetrics`;
/// docs/semantics.md § Modal presentation): the card rests at the detent nearest to where it
/// would coast, a fast release steps on one detent, and it gets there on the sheet's spring.
/// A pull-down treats the card's dismissed position as one more detent below the smallest.
enum SheetRelease {
    /// The fraction of its velocity the card keeps per millisecond as it coasts: UIScrollView's
    /// normal deceleration rate, which `-[_UISheetInteraction init]` gives its interactor
    /// (`SheetDecelerationFactor`, default 0.99).
    static let decelerationRate = 0.99
    /// Release speed, points per second, from which the release may step on a detent and the
    /// spring is less damped (`SheetSpeedThreshold`, default 1000, read by the
    /// `-draggingEndedInSource:` block of `_UISheetInteraction`).
    static let highSpeed = 1000.0
    /// The spring's damping ratio after a release at `highSpeed` or faster
    /// (`SheetHighSpeedDampingRatio`, `-transitionSpringParametersHighSpeed:YES`).
    static let highSpeedDampingRatio = 0.8

    /// The sheet's spring (the catalogue `sheet` animator's `curve`, UIKit's
    /// `-transitionSpringParametersHighSpeed:NO`): presentation, dismissal, a detent change, and
    /// a release slower than `highSpeed`.
    static let spring: Spring = {
        let sheet = Catalogue.shared.sheet
        guard case .spring(let spring)? = sheet.curve.curve(duration: sheet.duration, iOS: Screen.iOS7.iOS) else {
            preconditionFailure("the catalogue's sheet curve is no spring")
        }
        return spring
    }()

    /// The spring a card released at `velocity` (points per second) settles on: the sheet's, with
    /// `highSpeedDampingRatio` from `highSpeed` on. It starts at rest.
    static func spring(releasedAt velocity: Double) -> Spring {
        var fast = spring
        if abs(velocity) >= highSpeed { fast.damping = highSpeedDampingRatio * fast.criticalDamping }
        return fast
    }

    /// How far a card released at `velocity` would coast, points (the same sign). Its velocity
    /// decays by `decelerationRate` each millisecond, so it travels
    /// Σ_{n≥1} (v / 1000) · rⁿ = (v / 1000) · r / (1 − r): 0.099 s × v at r = 0.99
    /// (`-[_UIHyperInteractor _projectedPoint]`; the formula of Apple's WWDC 2018 session 803,
    /// "Designing Fluid Interfaces").
    static func coast(_ velocity: Double) -> Double {
        velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }

    /// The index of `tops` (the card's top at each place it can rest, points, the lowest card
    /// first) where a card released with its top at `top` and `velocity` (points per second,
    /// positive downwards) comes to rest: the place nearest to where it would coast; but at
    /// `highSpeed` or faster, when that is the place nearest to the card itself and the card is
    /// already past it the way it moves, the next place that way (none past the first or last).
    /// Ties go to the lower card. **Decision**: a card within half a point of a place is past it
    /// either way (UIKit's comparison there depends on its coordinates' orientation).
    static func restingIndex(_ tops: [Double], top: Double, velocity: Double) -> Int {
        func nearest(_ y: Double) -> Int {
            tops.indices.min { abs(tops[$0] - y) < abs(tops[$1] - y) } ?? 0
        }
        let here = nearest(top)
        let index = nearest(top + coast(velocity))
        guard abs(velocity) >= highSpeed, index == here else { return index }
        let past = top - tops[here]
        guard abs(past) <= 0.5 || (past > 0) == (velocity > 0) else { return index }
        return velocity > 0 ? max(0, here - 1) : min(tops.count - 1, here + 1)
    }

    /// How a pulled sheet's transition settles once released at `velocity`: on `spring(releasedAt:)`,
    /// for as long as it takes to settle.
    static func settling(releasedAt velocity: Double) -> (seconds: Double, curve: TimingCurve) {
        let spring = spring(releasedAt: velocity)
        return (spring.settlingDuration, .spring(spring))
    }
}
