import JSONCodec

/// The parameters of UIKit's navigation slide (Catalogue/Animators/slide.json, which cites the
/// source of each default: docs/reference.md § UIKit defaults).
struct SlideParameters: Sendable, Equatable {
    /// The push's or pop's length, seconds.
    var duration: Double
    /// How far the covered page moves the other way, as a fraction of the container's width
    /// (UIKit's own offset is W − round(0.7 W)).
    var parallax: Double
    /// The alpha of the black dimming over the covered page when fully covered.
    var dimming: Double
    /// The pages' curve, also the navigation bar's.
    var curve: TimingParameter

    init(_ r: inout SpecReader) throws(SimulationError) {
        duration = try r.requiredNumber("duration")
        parallax = try r.requiredNumber("parallax")
        dimming = try r.requiredNumber("dimming")
        curve = try TimingParameter(&r, "curve")
    }

    var parameters: JSONObject {
        JSONObject([("duration", .number(duration)), ("parallax", .number(parallax)), ("dimming", .number(dimming)), ("curve", curve.json)])
    }
}
