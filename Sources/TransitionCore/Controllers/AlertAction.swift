import JSONCodec

/// One button of an alert or action sheet (`UIAlertAction`): its title and its style.
struct AlertAction: Sendable, Equatable {
    /// `UIAlertActionStyle`: how the button looks and, for `cancel`, where UIKit puts it.
    enum Style: String, Sendable, CaseIterable {
        case `default`, cancel, destructive

        static let list = allCases.map(\.rawValue).joined(separator: ", ")

        /// The role of the button's view in snapshots.
        var role: ViewRole {
            switch self {
            case .default: .alertAction
            case .cancel: .alertCancelAction
            case .destructive: .alertDestructiveAction
            }
        }
    }

    var title: String
    var style: Style

    /// The longest title accepted, in bytes: a button's one line holds far fewer characters.
    static let maxTitleBytes = 64

    static func decode(_ json: JSONValue, at pointer: String) throws(SimulationError) -> AlertAction {
        var r = try SpecReader(json, at: pointer)
        let title = try r.requiredString("title", maxLength: maxTitleBytes)
        let styleName = try r.string("style", maxLength: 16) ?? Style.default.rawValue
        guard let style = Style(rawValue: styleName) else {
            throw SimulationError(r.path("style"), "unknown style '\(styleName)'; one of \(Style.list)")
        }
        try r.finish()
        return AlertAction(title: title, style: style)
    }
}
