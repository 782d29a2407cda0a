import JSONCodec

/// The parameters of UIKit's action sheet on an iPhone (`UIAlertController` with
/// `preferredStyle: .actionSheet` in compact width, before iOS 26; Catalogue/Animators/actionSheet.json,
/// which cites the source of each default): where the sheet rests and how it slides.
struct ActionSheetParameters: Sendable, Equatable {
    /// The presentation's or dismissal's length, seconds.
    var duration: Double
    /// The alpha of the black veil behind the sheet at rest.
    var dimming: Double
    /// The gap between the sheet and the container's left, right and bottom edges, points.
    var margin: Double
    /// The gap below the sheet, points: `margin`, or the bottom safe-area inset where that is
    /// larger, filled per screen (`adapt`).
    var bottom: Double
    /// The sheet's height, points: its laid-out content's, filled per action sheet.
    var height: Double
    /// Radius of the corners of the group of buttons and of the cancel button, points.
    var cornerRadius: Double
    /// The one curve of the sheet and the veil, presented and dismissed.
    var curve: TimingParameter

    init(_ r: inout SpecReader) throws(SimulationError) {
        duration = try r.requiredNumber("duration")
        dimming = try r.requiredNumber("dimming")
        margin = try r.requiredNumber("margin")
        bottom = try r.requiredNumber("bottom")
        height = try r.requiredNumber("height")
        cornerRadius = try r.requiredNumber("cornerRadius")
        curve = try TimingParameter(&r, "curve")
    }

    var parameters: JSONObject {
        JSONObject([("duration", .number(duration)), ("dimming", .number(dimming)), ("margin", .number(margin)),
                    ("bottom", .number(bottom)), ("height", .number(height)), ("cornerRadius", .number(cornerRadius)),
                    ("curve", curve.json)])
    }

    /// The gap below the sheet on a screen whose bottom safe-area inset is `safeBottom`
    /// (`_UIActionSheetPresentationControllerContentInsetsAdjustedForSafeAreaWithStandardContentInsets`,
    /// whose body the decompile does not show: the larger of the two, estimated).
    mutating func adapt(safeBottom: Double) {
        bottom = max(margin, safeBottom)
    }

    /// Where the sheet rests in a container of `size`: `margin` from its sides, `bottom` above its bottom.
    func sheet(in size: Size) -> Rect {
        Rect(x: margin, y: size.height - bottom - height, width: size.width - 2 * margin, height: height)
    }
}
