import JSONCodec

/// The parameters of a popover's appearance and disappearance (Catalogue/Animators/popover.json,
/// which cites the source of each default). Where the popover stands is the engine's
/// (`PopoverLayout`): it makes the chrome and puts the presented view in it before the animator
/// runs, so that the animator moves one view, as UIKit's moves its popover view.
struct PopoverParameters: Sendable, Equatable {
    /// The presentation's and the dismissal's lengths, seconds.
    var presentDuration: Double
    var dismissDuration: Double
    /// The popover's scale at the small end, about its arrow's tip.
    var scale: Double
    /// The springs it grows and shrinks on (UIKit's duration form, fitted to each duration).
    var presentCurve: TimingParameter
    var dismissCurve: TimingParameter

    init(_ r: inout SpecReader) throws(SimulationError) {
        presentDuration = try r.requiredNumber("presentDuration")
        dismissDuration = try r.requiredNumber("dismissDuration")
        scale = try r.requiredNumber("scale")
        presentCurve = try TimingParameter(&r, "presentCurve")
        dismissCurve = try TimingParameter(&r, "dismissCurve")
    }

    var parameters: JSONObject {
        JSONObject([("presentDuration", .number(presentDuration)), ("dismissDuration", .number(dismissDuration)), ("scale", .number(scale)),
                    ("presentCurve", presentCurve.json), ("dismissCurve", dismissCurve.json)])
    }
}
