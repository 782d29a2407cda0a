import JSONCodec

/// The parameters of the phone's sheet card (page and form sheets in compact width, iOS 13 and
/// later; Catalogue/Animators/sheet.json, which cites the source of each default:
/// docs/reference.md § Sheets), and where they put a sheet at rest.
struct SheetParameters: Sendable, Equatable {
    /// The presentation's or dismissal's length, seconds, as a percent-driven pull counts it (the
    /// spring of `curve` runs until it settles, whatever this says).
    var duration: Double
    /// The card's top at rest, a fraction of the container's height from its top.
    var top: Double
    /// The covered page's scale about its top centre while the card covers it.
    var coveredScale: Double
    /// How far the covered page's top moves down, a fraction of the container's height.
    var coveredShift: Double
    /// The alpha of the black veil over the covered page.
    var dimming: Double
    /// The one curve of the card, the covered page and the veil, presented and dismissed: UIKit
    /// runs them as one property animator.
    var curve: TimingParameter
    /// Radius of the card's corners, points: its top ones on an edge-attached card, all four on
    /// a floating one (`float`).
    var cornerRadius: Double
    /// Radius of the covered page's corners while covered, points.
    var coveredCornerRadius: Double
    /// Radius of the covered page's corners as the card starts to cover it, points: the screen's
    /// (`World.adaptSheet`).
    var deviceCornerRadius: Double
    /// Radius of the page's corners once the card has left, points.
    var uncoveredCornerRadius: Double
    /// How far a floating card (iOS 26, below full height) stands off the screen's left, right
    /// and bottom edges, points.
    var floatingInset: Double
    /// A card within this many points of the full card's height counts as full height: on
    /// iOS 26 it is edge-attached rather than floating, points.
    var fullHeightTolerance: Double
    /// The card's distance from the screen's left, right and bottom edges at rest, points: 0
    /// edge-attached, `floatingInset` floating (filled per session).
    var inset: Double

    init(_ r: inout SpecReader) throws(SimulationError) {
        duration = try r.requiredNumber("duration")
        top = try r.requiredNumber("top")
        coveredScale = try r.requiredNumber("coveredScale")
        coveredShift = try r.requiredNumber("coveredShift")
        dimming = try r.requiredNumber("dimming")
        curve = try TimingParameter(&r, "curve")
        cornerRadius = try r.requiredNumber("cornerRadius")
        coveredCornerRadius = try r.requiredNumber("coveredCornerRadius")
        deviceCornerRadius = try r.requiredNumber("deviceCornerRadius")
        uncoveredCornerRadius = try r.requiredNumber("uncoveredCornerRadius")
        floatingInset = try r.requiredNumber("floatingInset")
        fullHeightTolerance = try r.requiredNumber("fullHeightTolerance")
        inset = try r.requiredNumber("inset")
    }

    var parameters: JSONObject {
        JSONObject([("duration", .number(duration)), ("top", .number(top)), ("coveredScale", .number(coveredScale)),
                    ("coveredShift", .number(coveredShift)), ("dimming", .number(dimming)), ("curve", curve.json),
                    ("cornerRadius", .number(cornerRadius)), ("coveredCornerRadius", .number(coveredCornerRadius)),
                    ("deviceCornerRadius", .number(deviceCornerRadius)), ("uncoveredCornerRadius", .number(uncoveredCornerRadius)),
                    ("floatingInset", .number(floatingInset)), ("fullHeightTolerance", .number(fullHeightTolerance)), ("inset", .number(inset))])
    }

    /// Where the animator leaves the card (its frame in a container of `size`: from `top` down to
    /// `inset` above the bottom, `inset` in from either side) and the covered view (its
    /// transform: `coveredScale` about its top centre, moved to `coveredShift` × H).
    func rest(in size: Size) -> (card: Rect, covered: AffineTransform) {
        let cardTop = top * size.height
        return (Rect(x: inset, y: cardTop, width: size.width - 2 * inset, height: size.height - cardTop - inset),
                AffineTransform(a: coveredScale, b: 0, c: 0, d: coveredScale, tx: 0, ty: size.height * (coveredShift - (1 - coveredScale) / 2)))
    }

    /// A sheet over a sheet (Flutter's fit of iOS 18, *approximate*; docs/reference.md § Sheets):
    /// the new card ends 0.02 of its height higher, and the covered card, instead of sinking
    /// 0.07 H, moves up 0.005 of its own height while it shrinks the same, its top corners keeping
    /// the card's radius throughout. The animator moves the covered view by `coveredShift` × H for
    /// its top, so the lift is written in those terms.
    mutating func stackOverSheet() {
        let card = 1 - top  // the covered card's height, as a fraction of the screen's
        top -= 0.02 * card
        coveredShift = card * (-0.005 - (1 - coveredScale) / 2) + (1 - coveredScale) / 2
        (deviceCornerRadius, coveredCornerRadius, uncoveredCornerRadius) = (cornerRadius, cornerRadius, cornerRadius)
    }

    /// The sheet at the selected one of `detents` on a screen `height` points tall whose bottom
    /// safe-area inset is `bottomInset`: a medium card is half the large one's height, a custom
    /// one its value above that inset, its bottom at the screen's bottom; at or below the largest
    /// undimmed detent the view under it is neither dimmed nor shrunk nor rounded
    /// (docs/semantics.md § Modal presentation).
    mutating func restAtSelectedDetent(of detents: SheetDetents, height: Double, bottomInset: Double) {
        let full = height * (1 - top)
        top = 1 - (1 - top) * detents.selected.fraction(full: full, bottomInset: bottomInset)
        if detents.undimmed(full: full, bottomInset: bottomInset) {
            (dimming, coveredScale, coveredShift) = (0, 1, 0)
            (deviceCornerRadius, coveredCornerRadius) = (uncoveredCornerRadius, uncoveredCornerRadius)
        }
    }

    /// iOS 26's phone sheet (docs/semantics.md § iOS 26), on a screen `height` points tall whose
    /// display corners are `displayCornerRadius` round, the full card's top at `fullTop` (a
    /// fraction of the height): the page under a sheet no longer recedes (a sheet over a sheet
    /// still stacks), and a card short of full height by more than `fullHeightTolerance` floats,
    /// `floatingInset` off the left, right and bottom edges, its corners concentric with the
    /// display's (that radius less the inset, never below `cornerRadius`).
    mutating func float(overSheet: Bool, fullTop: Double, height: Double, displayCornerRadius: Double) {
        if !overSheet {
            (coveredScale, coveredShift) = (1, 0)
            (deviceCornerRadius, coveredCornerRadius) = (uncoveredCornerRadius, uncoveredCornerRadius)
        }
        guard height * (top - fullTop) > fullHeightTolerance else { return }
        inset = floatingInset
        cornerRadius = max(cornerRadius, displayCornerRadius - floatingInset)
    }
}
