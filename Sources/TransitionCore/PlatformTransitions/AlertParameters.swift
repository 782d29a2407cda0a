import JSONCodec

/// The parameters of UIKit's alert (`UIAlertController` with `preferredStyle: .alert`;
/// Catalogue/Animators/alert.json, which cites the source of each default): the platter's size,
/// how it appears and the dimming behind it.
struct AlertParameters: Sendable, Equatable {
    /// The presentation's or dismissal's length, seconds.
    var duration: Double
    /// The platter's scale as it starts to appear, shrinking to 1; the dismissal fades without scaling.
    var startScale: Double
    /// The alpha of the black veil behind the platter at rest.
    var dimming: Double
    /// The platter's width, points (`alertWidth` on iOS 26, `adapt`).
    var width: Double
    /// The platter's height, points: its laid-out content's, filled per alert (`World.alertParameters`).
    var height: Double
    /// Radius of the platter's corners, points (`alertCornerRadius` on iOS 26, `adapt`).
    var cornerRadius: Double
    /// The one curve of the platter's scale and alpha and of the veil, presented and dismissed.
    var curve: TimingParameter

    /// The platter with Liquid Glass, from iOS 26: 320 pt wide (`-[UIAlertControllerVisualStyleAlert
    /// maximumWidth]`, iOS 26.1), corners 34 pt (`-[UIAlertControllerVisualStyle contentCornerRadius]`, iOS 26).
    static let liquidGlass = (firstIOS: 26, width: 320.0, cornerRadius: 34.0)

    init(_ r: inout SpecReader) throws(SimulationError) {
        duration = try r.requiredNumber("duration")
        startScale = try r.requiredNumber("startScale")
        dimming = try r.requiredNumber("dimming")
        width = try r.requiredNumber("width")
        height = try r.requiredNumber("height")
        cornerRadius = try r.requiredNumber("cornerRadius")
        curve = try TimingParameter(&r, "curve")
    }

    var parameters: JSONObject {
        JSONObject([("duration", .number(duration)), ("startScale", .number(startScale)), ("dimming", .number(dimming)),
                    ("width", .number(width)), ("height", .number(height)), ("cornerRadius", .number(cornerRadius)),
                    ("curve", curve.json)])
    }

    /// The platter of `iOS`: the catalogue's before iOS 26, Liquid Glass's from 26.
    mutating func adapt(iOS: Int) {
        if iOS >= Self.liquidGlass.firstIOS { (width, cornerRadius) = (Self.liquidGlass.width, Self.liquidGlass.cornerRadius) }
    }

    /// Where the platter of `height` points rests in a container of `size`: centred.
    func platter(in size: Size) -> Rect {
        Rect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
    }
}
