import JSONCodec

/// The parameters of iOS 18's fluid zoom (`preferredTransition = .zoom`;
/// Catalogue/Animators/fluidZoom.json, which cites the source of each default:
/// docs/reference.md § Zoom). All but the geometry are the catalogue's; the geometry is the
/// transition's own, filled when it starts (`World.zoomParameters`), so the animator's body reads
/// both by name.
struct ZoomParameters: Sendable, Equatable {
    /// `transitionDuration`, seconds: the spring's settling time (0.486 s at ω = 19 rad/s), rounded up.
    var duration: Double
    /// The flight's curve: a critically damped spring of response 2π / ω₀ = 0.33 s; linear while
    /// one of UIKit's dismissing gestures drives the zoom out (`PlatformTransition.follow`).
    var curve: TimingParameter
    /// The alpha of the veil over the covered page once the page has zoomed in
    /// (`UIZoomTransitionOptions.dimmingAlpha`'s default).
    var dimming: Double
    /// The radius of the screen's corners, points, that the zoomed page's clip ends with.
    var displayCornerRadius: Double
    /// The gesture's progress at or past which a released swipe down, edge swipe or pinch
    /// commits the zoom out (docs/semantics.md § Zoom).
    var panThreshold: Double
    var edgePanThreshold: Double
    var pinchThreshold: Double
    /// A swipe released faster than this (points per second) along its axis goes by its
    /// direction whatever the progress: committed in the swipe's, cancelled against it.
    var flingSpeed: Double
    /// The springs a released gesture settles on, committed and cancelled: response (seconds,
    /// 2π / ω₀) and damping ratio, seeded with the finger's velocity (`releaseSpring`).
    var commitResponse: Double
    var commitDampingRatio: Double
    var cancelResponse: Double
    var cancelDampingRatio: Double
    /// How much narrower the covered page gets while the zoomed page is up (points), and the
    /// smallest scale that may leave it: it recedes to max(`recededMinScale`, (W − this) / W)
    /// of its size, W the container's width (`_UIZoomTransitionSpec`
    /// `recededBackgroundScaleDownPoints` 104/3, `recededBackgroundMinScale` 0.8).
    var recededScaleDown: Double
    var recededMinScale: Double
    /// That scale for this transition's container, filled when it starts.
    var recededScale: Double
    /// The zoomed page's platter's shadow: opacity (0…1), blur radius (points) and how far down
    /// it falls (points) (`platterShadowOpacity` 0.4, `platterShadowRadius` 40,
    /// `platterShadowYOffset` 10).
    var shadowOpacity: Double
    var shadowRadius: Double
    var shadowOffsetY: Double
    /// The width, points, of the source a page zooms into when its own is gone
    /// (`fallbackSourceViewWidth` 44), at the container's centre.
    var fallbackSourceWidth: Double
    /// Where the zoom meets its source.
    var geometry: ZoomGeometry

    init(_ r: inout SpecReader) throws(SimulationError) {
        duration = try r.requiredNumber("duration")
        curve = try TimingParameter(&r, "curve")
        dimming = try r.requiredNumber("dimming")
        displayCornerRadius = try r.requiredNumber("displayCornerRadius")
        panThreshold = try r.requiredNumber("panThreshold")
        edgePanThreshold = try r.requiredNumber("edgePanThreshold")
        pinchThreshold = try r.requiredNumber("pinchThreshold")
        flingSpeed = try r.requiredNumber("flingSpeed")
        commitResponse = try r.requiredNumber("commitResponse")
        commitDampingRatio = try r.requiredNumber("commitDampingRatio")
        cancelResponse = try r.requiredNumber("cancelResponse")
        cancelDampingRatio = try r.requiredNumber("cancelDampingRatio")
        recededScaleDown = try r.requiredNumber("recededScaleDown")
        recededMinScale = try r.requiredNumber("recededMinScale")
        recededScale = try r.requiredNumber("recededScale")
        shadowOpacity = try r.requiredNumber("shadowOpacity")
        shadowRadius = try r.requiredNumber("shadowRadius")
        shadowOffsetY = try r.requiredNumber("shadowOffsetY")
        fallbackSourceWidth = try r.requiredNumber("fallbackSourceWidth")
        geometry = ZoomGeometry(source: Rect(x: try r.requiredNumber("sourceX"), y: try r.requiredNumber("sourceY"),
                                             width: try r.requiredNumber("sourceWidth"), height: try r.requiredNumber("sourceHeight")),
                                sourceCornerRadius: try r.requiredNumber("sourceCornerRadius"), contentScale: try r.requiredNumber("contentScale"),
                                contentCenter: Point(x: try r.requiredNumber("contentX"), y: try r.requiredNumber("contentY")))
    }

    var parameters: JSONObject {
        let g = geometry
        return JSONObject([("duration", .number(duration)), ("curve", curve.json),
                           ("dimming", .number(dimming)), ("displayCornerRadius", .number(displayCornerRadius)),
                           ("panThreshold", .number(panThreshold)), ("edgePanThreshold", .number(edgePanThreshold)),
                           ("pinchThreshold", .number(pinchThreshold)), ("flingSpeed", .number(flingSpeed)),
                           ("commitResponse", .number(commitResponse)), ("commitDampingRatio", .number(commitDampingRatio)),
                           ("cancelResponse", .number(cancelResponse)), ("cancelDampingRatio", .number(cancelDampingRatio)),
                           ("recededScaleDown", .number(recededScaleDown)), ("recededMinScale", .number(recededMinScale)),
                           ("recededScale", .number(recededScale)), ("shadowOpacity", .number(shadowOpacity)),
                           ("shadowRadius", .number(shadowRadius)), ("shadowOffsetY", .number(shadowOffsetY)),
                           ("fallbackSourceWidth", .number(fallbackSourceWidth)),
                           ("sourceX", .number(g.source.minX)), ("sourceY", .number(g.source.minY)),
                           ("sourceWidth", .number(g.source.width)), ("sourceHeight", .number(g.source.height)),
                           ("sourceCornerRadius", .number(g.sourceCornerRadius)), ("contentScale", .number(g.contentScale)),
                           ("contentX", .number(g.contentCenter.x)), ("contentY", .number(g.contentCenter.y))])
    }

    /// The covered page's scale while a page of a container `width` points wide is zoomed in.
    func recededScale(width: Double) -> Double {
        width > 0 ? max(recededMinScale, (width - recededScaleDown) / width) : 1
    }

    /// The threshold of UIKit's dismissing `recognizer`.
    func threshold(of recognizer: Interaction.Recognizer) -> Double {
        switch recognizer {
        case .pan: panThreshold
        case .edgePan, .contentPan: edgePanThreshold
        case .pinch: pinchThreshold
        }
    }

    /// The spring a released gesture settles on: the commit's or the cancel's, its initial
    /// velocity `velocity` in distances per second toward where it settles (UIKit's
    /// `initialSpringVelocity` unit: the finger's speed over the distance left).
    func releaseSpring(commit: Bool, velocity: Double) -> Spring {
        commit ? .response(commitResponse, dampingRatio: commitDampingRatio, initialVelocity: velocity)
               : .response(cancelResponse, dampingRatio: cancelDampingRatio, initialVelocity: velocity)
    }
}
