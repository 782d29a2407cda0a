import JSONCodec

/// `UISheetPresentationController`'s detents (iOS 15 and later; custom heights iOS 16): the
/// heights a sheet may rest at, the one it rests at, and up to which one the page under it stays
/// undimmed.
struct SheetDetents: Sendable, Equatable {
    /// One detent: a built-in one by name, or a custom one (`.custom(identifier:resolver:)`) whose
    /// resolver returns `height`.
    struct Detent: Sendable, Equatable {
        var identifier: String
        /// A custom detent's value, points: the card's height above the bottom safe area, as
        /// UIKit's resolver returns it (`maximumDetentValue` excludes that inset on an edge-attached
        /// sheet); nil for the built-in ones.
        var height: Double?

        /// `.medium()` is half the maximum height ("approximately half the height of the
        /// screen" in Apple's documentation), `.large()` the full sheet.
        static let medium = Detent(identifier: "medium"), large = Detent(identifier: "large")
        static let builtIn = [medium, large]

        init(identifier: String, height: Double? = nil) {
            (self.identifier, self.height) = (identifier, height)
        }

        /// The card's height as a fraction of the full (large) card's, `full` points tall on a
        /// screen whose bottom safe-area inset is `bottomInset`: a custom value is clamped to the
        /// maximum (`-[_UISheetLayoutInfo _activeDetents]` takes the smaller of the resolved value
        /// and `maximumDetentValue`, the full height less that inset), and the inset is added back.
        func fraction(full: Double, bottomInset: Double) -> Double {
            guard let height else { return self == .medium ? 0.5 : 1 }
            return min(height + bottomInset, full) / full
        }
    }

    /// The declared detents; `ordered(full:bottomInset:)` puts them smallest first once the
    /// screen is known.
    var detents: [Detent] = [.large]
    var selected: Detent = .large
    /// Whether the spec named `selectedDetent` (otherwise the smallest is selected).
    var selectionGiven = false
    /// Up to this detent the page under the sheet is neither dimmed nor shrunk; nil: always dimmed.
    var largestUndimmed: Detent?
    var prefersGrabberVisible = false

    /// The first iOS version with custom detents (`UISheetPresentationController.Detent.custom`).
    static let customFirstIOS = 16
    /// The most detents a sheet declares here.
    static let maxCount = 8

    /// Whether any detent is a custom one.
    var hasCustom: Bool { detents.contains { $0.height != nil } }

    /// The detent of the sheet named `identifier`, or the built-in one of that name.
    func detent(named identifier: String) -> Detent? {
        detents.first { $0.identifier == identifier } ?? Detent.builtIn.first { $0.identifier == identifier }
    }

    /// The detents smallest first (equal heights in the declared order), with the smallest
    /// selected unless the spec named one, for a full card `full` points tall above a bottom
    /// safe-area inset of `bottomInset`.
    mutating func order(full: Double, bottomInset: Double) {
        detents = detents.enumerated().sorted {
            let (a, b) = ($0.element.fraction(full: full, bottomInset: bottomInset), $1.element.fraction(full: full, bottomInset: bottomInset))
            return a != b ? a < b : $0.offset < $1.offset
        }.map(\.element)
        if !selectionGiven { selected = detents[0] }
    }

    /// Whether the page under the sheet stays as it is at the selected detent.
    func undimmed(full: Double, bottomInset: Double) -> Bool {
        largestUndimmed.map { selected.fraction(full: full, bottomInset: bottomInset) <= $0.fraction(full: full, bottomInset: bottomInset) } ?? false
    }

    /// `{"detents": ["medium", "large", {"identifier", "height"}], "selectedDetent"?,
    /// "largestUndimmedDetent"?, "prefersGrabberVisible"?}`.
    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> SheetDetents {
        var r = try SpecReader(json, at: pointer)
        var sheet = SheetDetents()
        if let list = try r.array("detents", maxCount: maxCount) {
            guard !list.isEmpty else { throw SimulationError(r.path("detents"), "at least one detent") }
            var detents: [Detent] = []
            for (i, item) in list.enumerated() {
                let path = r.path("detents") + "/\(i)"
                let d = try decodeDetent(item, at: path)
                guard !detents.contains(where: { $0.identifier == d.identifier }) else {
                    throw SimulationError(path, "'\(d.identifier)' is listed twice")
                }
                detents.append(d)
            }
            // Built-in ones first by size; each custom one is placed once the screen is known.
            sheet.detents = detents.sorted { ($0.height == nil ? $0.fraction(full: 1, bottomInset: 0) : 2) < ($1.height == nil ? $1.fraction(full: 1, bottomInset: 0) : 2) }
        }
        sheet.selected = sheet.detents[0]
        if let name = try r.string("selectedDetent", maxLength: 16) {
            guard let d = sheet.detents.first(where: { $0.identifier == name }) else {
                if Detent.builtIn.contains(where: { $0.identifier == name }) {
                    throw SimulationError(r.path("selectedDetent"), "'\(name)' is not one of the sheet's detents")
                }
                throw SimulationError(r.path("selectedDetent"), unknownDetent(name, in: sheet))
            }
            (sheet.selected, sheet.selectionGiven) = (d, true)
        }
        if let name = try r.string("largestUndimmedDetent", maxLength: 16) {
            guard let d = sheet.detent(named: name) else {
                throw SimulationError(r.path("largestUndimmedDetent"), unknownDetent(name, in: sheet))
            }
            sheet.largestUndimmed = d
        }
        sheet.prefersGrabberVisible = try r.bool("prefersGrabberVisible") ?? false
        try r.finish()
        return sheet
    }

    /// The problem's text for a detent name that is neither built in nor one of `sheet`'s.
    static func unknownDetent(_ name: String, in sheet: SheetDetents?) -> String {
        let custom = (sheet?.detents ?? []).filter { $0.height != nil }.map { "'\($0.identifier)'" }
        return "unknown detent '\(name)'; medium or large" + (custom.isEmpty ? "" : " or the sheet's \(custom.joined(separator: ", "))")
    }

    /// `"medium"`, `"large"`, or `{"identifier": "tall", "height": 600}` (a custom detent: its
    /// identifier, up to 16 bytes and neither built-in name, and its value in points).
    private static func decodeDetent(_ item: JSONValue, at path: String) throws(SimulationError) -> Detent {
        if let name = item.stringValue {
            guard let d = Detent.builtIn.first(where: { $0.identifier == name }) else {
                throw SimulationError(path, "unknown detent '\(name)'; medium or large")
            }
            return d
        }
        guard item.objectValue != nil else {
            throw SimulationError(path, "a detent name, medium or large")
        }
        var r = try SpecReader(item, at: path)
        let identifier = try r.requiredString("identifier", maxLength: 16)
        guard !identifier.isEmpty, !Detent.builtIn.contains(where: { $0.identifier == identifier }) else {
            throw SimulationError(r.path("identifier"), "a custom detent's identifier is neither empty nor a built-in detent's name (medium, large)")
        }
        let height = try r.requiredNumber("height", in: 1...10_000)
        try r.finish()
        return Detent(identifier: identifier, height: height)
    }
}
