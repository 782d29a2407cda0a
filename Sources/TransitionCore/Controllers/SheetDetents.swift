import JSONCodec

/// `UISheetPresentationController`'s detents (iOS 15 and later): the heights a sheet may rest
/// at, the one it rests at, and up to which one the page under it stays undimmed.
struct SheetDetents: Sendable, Equatable {
    /// The built-in detents, smallest first: `.medium()` is half the maximum height ("approximately
    /// half the height of the screen" in Apple's documentation), `.large()` the full sheet.
    enum Detent: String, Sendable, Comparable, CaseIterable {
        case medium, large

        /// The card's height as a fraction of the full (large) card's.
        var fraction: Double { self == .medium ? 0.5 : 1 }

        static func < (a: Detent, b: Detent) -> Bool { a.fraction < b.fraction }
    }

    var detents: [Detent] = [.large]
    var selected: Detent = .large
    /// Up to this detent the page under the sheet is neither dimmed nor shrunk; nil: always dimmed.
    var largestUndimmed: Detent?
    var prefersGrabberVisible = false

    /// Whether the page under the sheet stays as it is at the selected detent.
    var undimmed: Bool { largestUndimmed.map { selected <= $0 } ?? false }

    /// `{"detents": ["medium", "large"], "selectedDetent"?, "largestUndimmedDetent"?, "prefersGrabberVisible"?}`.
    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> SheetDetents {
        var r = try SpecReader(json, at: pointer)
        var sheet = SheetDetents()
        func detent(_ name: String, at path: String) throws(SimulationError) -> Detent {
            guard let d = Detent(rawValue: name) else { throw SimulationError(path, "unknown detent '\(name)'; medium or large") }
            return d
        }
        if let list = try r.array("detents", maxCount: 2) {
            guard !list.isEmpty else { throw SimulationError(r.path("detents"), "at least one detent") }
            var detents: [Detent] = []
            for (i, item) in list.enumerated() {
                guard let name = item.stringValue else { throw SimulationError(r.path("detents") + "/\(i)", "a detent name, medium or large") }
                let d = try detent(name, at: r.path("detents") + "/\(i)")
                guard !detents.contains(d) else { throw SimulationError(r.path("detents") + "/\(i)", "'\(name)' is listed twice") }
                detents.append(d)
            }
            sheet.detents = detents.sorted()
        }
        sheet.selected = sheet.detents[0]
        if let name = try r.string("selectedDetent", maxLength: 16) {
            sheet.selected = try detent(name, at: r.path("selectedDetent"))
            guard sheet.detents.contains(sheet.selected) else {
                throw SimulationError(r.path("selectedDetent"), "'\(name)' is not one of the sheet's detents")
            }
        }
        if let name = try r.string("largestUndimmedDetent", maxLength: 16) {
            sheet.largestUndimmed = try detent(name, at: r.path("largestUndimmedDetent"))
        }
        sheet.prefersGrabberVisible = try r.bool("prefersGrabberVisible") ?? false
        try r.finish()
        return sheet
    }
}
