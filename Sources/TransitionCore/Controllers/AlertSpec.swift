import JSONCodec

/// What a `UIAlertController` holds besides its title: its message, its buttons, its style, and
/// for an action sheet shown as a popover (a regular-width screen) the view or rectangle it points
/// at (docs/semantics.md § Alerts and popovers).
struct AlertSpec: Sendable {
    /// `UIAlertControllerStyle`.
    enum Style: String, Sendable, CaseIterable {
        case alert, actionSheet

        static let list = allCases.map(\.rawValue).joined(separator: ", ")
    }

    var message: String?
    var actions: [AlertAction]
    var preferredStyle: Style
    /// `popoverPresentationController.sourceView`: a view path in the presenting controller.
    var sourceView: String?
    /// `popoverPresentationController.sourceRect`, in the source view's coordinates (else the window's), points.
    var sourceRect: Rect?

    /// At most this many buttons: UIKit scrolls a longer list, which the service does not lay out.
    static let maxActions = 16
    /// The longest message accepted, in bytes.
    static let maxMessageBytes = 1024

    /// Reads the alert's members of a controller spec (`type: alert`).
    static func decode(from r: inout SpecReader) throws(SimulationError) -> AlertSpec {
        let message = try r.string("message", maxLength: maxMessageBytes)
        guard let list = try r.array("actions", maxCount: maxActions) else {
            throw SimulationError(r.path("actions"), "is required: the alert's buttons, 1 to \(maxActions) of {\"title\", \"style\"}")
        }
        guard !list.isEmpty else {
            throw SimulationError(r.path("actions"), "an alert needs at least one button, else nothing dismisses it")
        }
        var actions: [AlertAction] = []
        for (i, item) in list.enumerated() {
            let pointer = SpecReader.child(r.path("actions"), String(i))
            let action = try AlertAction.decode(item, at: pointer)
            if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
                throw SimulationError(pointer + "/style", "UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
            }
            actions.append(action)
        }
        let styleName = try r.string("preferredStyle", maxLength: 16) ?? Style.alert.rawValue
        guard let style = Style(rawValue: styleName) else {
            throw SimulationError(r.path("preferredStyle"), "unknown style '\(styleName)'; one of \(Style.list)")
        }
        var spec = AlertSpec(message: message, actions: actions, preferredStyle: style)
        spec.sourceView = try r.string("sourceView", maxLength: 256)
        if let rect = r.value("sourceRect") { spec.sourceRect = try ViewSpec.decodeRect(rect, at: r.path("sourceRect")) }
        if style == .alert, spec.sourceView != nil || spec.sourceRect != nil {
            throw SimulationError(r.path(spec.sourceView != nil ? "sourceView" : "sourceRect"),
                                  "an alert is centred on the screen; sourceView and sourceRect anchor an action sheet's popover")
        }
        return spec
    }

    /// The buttons in the order UIKit shows them, with their index in `actions`: a cancel button
    /// comes first in a row of two (on the left) and last in a column
    /// (docs/semantics.md § Alerts and popovers).
    func displayOrder(inRow: Bool) -> [(index: Int, action: AlertAction)] {
        let all = Array(actions.enumerated()).map { (index: $0.offset, action: $0.element) }
        let cancel = all.filter { $0.action.style == .cancel }
        let others = all.filter { $0.action.style != .cancel }
        return inRow ? cancel + others : others + cancel
    }
}
