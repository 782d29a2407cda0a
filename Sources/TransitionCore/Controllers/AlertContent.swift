/// The views UIKit draws an alert or action sheet with, laid out: the controller's view's size
/// and each view inside it, parents before their children (`AlertLayout`, `ActionSheetLayout`).
struct AlertContent: Sendable, Equatable {
    /// One view inside the alert's view.
    struct Item: Sendable, Equatable {
        /// Its id, which is also its path below the controller's view's when `parent` is nil.
        var id: String
        var kind: String
        var role: ViewRole
        var frame: Rect
        /// The item it is a subview of; nil: the controller's view.
        var parent: String?
        var text: String?
        /// A label's point size.
        var fontSize: Double?
        /// A platter's corner radius, points (0: square, no background).
        var cornerRadius: Double = 0
        /// The index in the spec's `actions` of the button it is.
        var action: Int?
    }

    var size: Size
    var items: [Item]

    /// The number of lines `text` takes in a label `width` points wide at `fontSize` points: each
    /// paragraph half an em a character (the estimate the navigation bar's titles use,
    /// docs/reference.md § Evidence), wrapped, at least one line.
    static func lines(_ text: String, fontSize: Double, width: Double) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).reduce(0) { sum, paragraph in
            sum + max(1, Int((Double(paragraph.count) * fontSize / 2 / max(1, width)).rounded(.up)))
        }
    }

    /// A label whose first baseline is `baseline` points from its parent's top: its box starts one
    /// em above that baseline and holds `lines` lines of `leading` points (estimated from the
    /// fonts' sizes and leadings, docs/semantics.md § Alerts and popovers).
    static func label(_ id: String, role: ViewRole, text: String, fontSize: Double, leading: Double, lines: Int,
                      baseline: Double, x: Double, width: Double, parent: String?) -> Item {
        Item(id: id, kind: "label", role: role, frame: Rect(x: x, y: baseline - fontSize, width: width, height: Double(lines) * leading),
             parent: parent, text: text, fontSize: fontSize)
    }
}
