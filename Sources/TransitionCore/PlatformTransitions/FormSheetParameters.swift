import JSONCodec

/// The parameters of a form sheet in regular width (an iPad, iOS 13 and later;
/// Catalogue/Animators/formSheet.json, which cites the source of each default), and where they
/// put it at rest.
struct FormSheetParameters: Sendable, Equatable {
    /// The presentation's or dismissal's length, seconds.
    var duration: Double
    /// The card's size, points (UIKit's default `preferredContentSize` of a form sheet).
    var width: Double
    var height: Double
    /// Radius of the card's four corners, points.
    var cornerRadius: Double
    /// The alpha of the black veil over the page, which otherwise stays as it is.
    var dimming: Double
    /// The card's curve when presented and dismissed.
    var curve: TimingParameter
    var dismissCurve: TimingParameter
    /// The veil's curve when presented and dismissed.
    var dimmingCurve: TimingParameter
    var dimmingDismissCurve: TimingParameter

    init(_ r: inout SpecReader) throws(SimulationError) {
        duration = try r.requiredNumber("duration")
        width = try r.requiredNumber("width")
        height = try r.requiredNumber("height")
        cornerRadius = try r.requiredNumber("cornerRadius")
        dimming = try r.requiredNumber("dimming")
        curve = try TimingParameter(&r, "curve")
        dismissCurve = try TimingParameter(&r, "dismissCurve")
        dimmingCurve = try TimingParameter(&r, "dimmingCurve")
        dimmingDismissCurve = try TimingParameter(&r, "dimmingDismissCurve")
    }

    var parameters: JSONObject {
        JSONObject([("duration", .number(duration)), ("width", .number(width)), ("height", .number(height)),
                    ("cornerRadius", .number(cornerRadius)), ("dimming", .number(dimming)), ("curve", curve.json),
                    ("dismissCurve", dismissCurve.json), ("dimmingCurve", dimmingCurve.json), ("dimmingDismissCurve", dimmingDismissCurve.json)])
    }

    /// Where the card rests in a container of `size`: centred.
    func card(in size: Size) -> Rect {
        Rect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
    }
}
