import JSONCodec

/// `UIViewController.preferredTransition` (iOS 18): the transition UIKit runs when this
/// controller is pushed or presented, and popped or dismissed, with no animator of the app's.
enum PreferredTransition: Sendable, Equatable {
    /// `.automatic`, the default: UIKit's transition for the operation.
    case automatic
    /// `.zoom`: the fluid zoom from and back into a view of the controller below.
    case zoom(ZoomOptions)

    enum Kind: String, CaseIterable {
        case automatic, zoom
    }

    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> PreferredTransition {
        var r = try SpecReader(json, at: pointer)
        let text = try r.requiredString("type", maxLength: 32)
        guard let kind = Kind(rawValue: text) else {
            throw SimulationError(r.path("type"), "unknown transition '\(text)'; one of \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let transition: PreferredTransition
        switch kind {
        case .automatic: transition = .automatic
        case .zoom: transition = .zoom(try ZoomOptions.decode(&r))
        }
        try r.finish()
        return transition
    }

    /// The zoom's options, when it is the zoom.
    var zoom: ZoomOptions? {
        guard case .zoom(let options) = self else { return nil }
        return options
    }
}
