import JSONCodec

/// The parameters of `UIModalTransitionStyleCoverVertical`, UIKit's default modal transition
/// (Catalogue/Animators/coverVertical.json, which cites the source of each default).
struct CoverVerticalParameters: Sendable, Equatable {
    /// The presentation's or dismissal's length, seconds.
    var duration: Double
    /// The presented view's curve as it rises or falls.
    var curve: TimingParameter

    init(_ r: inout SpecReader) throws(SimulationError) {
        duration = try r.requiredNumber("duration")
        curve = try TimingParameter(&r, "curve")
    }

    var parameters: JSONObject {
        JSONObject([("duration", .number(duration)), ("curve", curve.json)])
    }
}
