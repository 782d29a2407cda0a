import JSONCodec

/// The parameters of iOS 18's fluid zoom (`preferredTransition = .zoom`;
/// Catalogue/Animators/fluidZoom.json, which cites the source of each default:
/// docs/reference.md § Zoom). The first four are the catalogue's; the geometry is the
/// transition's own, filled when it starts (`World.zoomGeometry`), so the animator's body reads
/// both by name.
struct ZoomParameters: Sendable, Equatable {
    /// `transitionDuration`, seconds: the spring's settling time (0.486 s at ω = 19 rad/s), rounded up.
    var duration: Double
    /// The spring's response, seconds (2π / ω₀), and damping ratio (1: critically damped).
    var response: Double
    var dampingRatio: Double
    /// The alpha of the veil over the covered page once the page has zoomed in
    /// (`UIZoomTransitionOptions.dimmingAlpha`'s default).
    var dimming: Double
    /// The radius of the screen's corners, points, that the zoomed page's clip ends with.
    var displayCornerRadius: Double
    /// Where the zoom meets its source.
    var geometry: ZoomGeometry

    init(_ r: inout SpecReader) throws(SimulationError) {
        duration = try r.requiredNumber("duration")
        response = try r.requiredNumber("response")
        dampingRatio = try r.requiredNumber("dampingRatio")
        dimming = try r.requiredNumber("dimming")
        displayCornerRadius = try r.requiredNumber("displayCornerRadius")
        geometry = ZoomGeometry(source: Rect(x: try r.requiredNumber("sourceX"), y: try r.requiredNumber("sourceY"),
                                             width: try r.requiredNumber("sourceWidth"), height: try r.requiredNumber("sourceHeight")),
                                sourceCornerRadius: try r.requiredNumber("sourceCornerRadius"), contentScale: try r.requiredNumber("contentScale"),
                                contentCenter: Point(x: try r.requiredNumber("contentX"), y: try r.requiredNumber("contentY")))
    }

    var parameters: JSONObject {
        let g = geometry
        return JSONObject([("duration", .number(duration)), ("response", .number(response)), ("dampingRatio", .number(dampingRatio)),
                           ("dimming", .number(dimming)), ("displayCornerRadius", .number(displayCornerRadius)),
                           ("sourceX", .number(g.source.minX)), ("sourceY", .number(g.source.minY)),
                           ("sourceWidth", .number(g.source.width)), ("sourceHeight", .number(g.source.height)),
                           ("sourceCornerRadius", .number(g.sourceCornerRadius)), ("contentScale", .number(g.contentScale)),
                           ("contentX", .number(g.contentCenter.x)), ("contentY", .number(g.contentCenter.y))])
    }
}
