import JSONCodec

/// The parameters of a form sheet in regular width (an iPad, iOS 13 and later;
/// Catalogue/Animators/formSheet.json, which cites the source of each default), and where they
/// put it at rest.
struct FormSheetParameters: Sendable, Equatable {
    /// The presentation's or dismissal's length, seconds, as a percent-driven pull counts it (the
    /// spring of `curve` runs until it settles, whatever this says).
    var duration: Double
    /// The card's size, points: UIKit's default for the screen (`fitScreen`).
    var width: Double
    var height: Double
    /// Radius of the card's four corners, points.
    var cornerRadius: Double
    /// The alpha of the black veil over the page, which otherwise stays as it is.
    var dimming: Double
    /// The one curve of the card and the veil, presented and dismissed (one property animator).
    var curve: TimingParameter

    init(_ r: inout SpecReader) throws(SimulationError) {
        duration = try r.requiredNumber("duration")
        width = try r.requiredNumber("width")
        height = try r.requiredNumber("height")
        cornerRadius = try r.requiredNumber("cornerRadius")
        dimming = try r.requiredNumber("dimming")
        curve = try TimingParameter(&r, "curve")
    }

    var parameters: JSONObject {
        JSONObject([("duration", .number(duration)), ("width", .number(width)), ("height", .number(height)),
                    ("cornerRadius", .number(cornerRadius)), ("dimming", .number(dimming)), ("curve", curve.json)])
    }

    /// UIKit's default form-sheet size for a screen of `screen` points (iOS 18.2 and 26.1,
    /// `_UISheetPresentationMetrics -defaultFormSheetSizeForScreenSize:`), by its longest side:
    /// 540 × 600 up to 1024 pt, 620 × 680 from 1590 pt, 580 × 640 between. UIKit gives
    /// 414 × 394 instead on a screen that wants wide content margins (`UIScreen
    /// _wantsWideContentMargins`), a private trait no screen here has.
    static func defaultSize(forScreen screen: Size) -> Size {
        let longest = max(screen.width, screen.height)
        if longest >= 1590 { return Size(width: 620, height: 680) }
        if longest <= 1024 { return Size(width: 540, height: 600) }
        return Size(width: 580, height: 640)
    }

    /// The card takes UIKit's default size for a screen of `screen` points.
    mutating func fitScreen(_ screen: Size) {
        let size = Self.defaultSize(forScreen: screen)
        (width, height) = (size.width, size.height)
    }

    /// Where the card rests in a container of `size`: centred.
    func card(in size: Size) -> Rect {
        Rect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
    }
}
