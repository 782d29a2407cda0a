/// How UIKit lays out an alert's platter at the default text size (iOS 18.2's
/// `UIAlertControllerVisualStyleAlert` and `UIInterfaceActionConcreteVisualStyle_iOSAlert`; the
/// same metrics inside iOS 26's wider platter, an estimate): the title and message centred in
/// lines placed by their baselines, then the buttons, side by side when there are two whose
/// titles fit, else one above the other (docs/semantics.md § Alerts and popovers).
enum AlertLayout {
    /// Title and message fonts (Headline, and Footnote under a title), point size and leading
    /// (Human Interface Guidelines, Typography, at the default Large size).
    static let titleFont = (size: 17.0, leading: 22.0)
    static let messageFont = (size: 13.0, leading: 18.0)
    /// From the platter's top to the title's first baseline; from the title's last baseline to
    /// the message's first; from the last label's last baseline to the buttons, points
    /// (`-marginAboveTitleLabelFirstBaseline`, `-marginAboveMessageLabelFirstBaseline`,
    /// `-marginBelowLastLabelLastBaseline`, iOS 18.2).
    static let baselines = (title: 36.0, message: 20.0, bottom: 24.0)
    /// The labels' inset from the platter's sides, points (an estimate).
    static let labelInset = 16.0
    /// A button's height and its title's inset from its sides, points
    /// (`UIInterfaceActionConcreteVisualStyle_iOSAlert -minimumActionContentSize`,
    /// `UIInterfaceActionConcreteVisualStyle_iOS -contentMargin`, iOS 18.2); its title's size,
    /// Body's (Human Interface Guidelines, Typography).
    static let button = (height: 44.0, inset: 12.0, fontSize: 17.0)

    /// The platter `width` points wide for an alert titled `title` (nil: none) with `spec`'s
    /// message and buttons.
    static func layout(title: String?, _ spec: AlertSpec, width: Double) -> AlertContent {
        var items: [AlertContent.Item] = []
        let labelWidth = width - 2 * labelInset
        var lastBaseline: Double?
        if let title, !title.isEmpty {
            let lines = AlertContent.lines(title, fontSize: titleFont.size, width: labelWidth)
            items.append(AlertContent.label("title", role: .alertTitle, text: title, fontSize: titleFont.size, leading: titleFont.leading,
                                            lines: lines, baseline: baselines.title, x: labelInset, width: labelWidth, parent: nil))
            lastBaseline = baselines.title + Double(lines - 1) * titleFont.leading
        }
        if let message = spec.message, !message.isEmpty {
            // Without a title the message takes the title's font and place.
            let font = lastBaseline == nil ? titleFont : messageFont
            let baseline = lastBaseline.map { $0 + baselines.message } ?? baselines.title
            let lines = AlertContent.lines(message, fontSize: font.size, width: labelWidth)
            items.append(AlertContent.label("message", role: .alertMessage, text: message, fontSize: font.size, leading: font.leading,
                                            lines: lines, baseline: baseline, x: labelInset, width: labelWidth, parent: nil))
            lastBaseline = baseline + Double(lines - 1) * font.leading
        }
        let header = lastBaseline.map { $0 + baselines.bottom } ?? 0
        let inRow = spec.actions.count == 2 && spec.actions.allSatisfy {
            Double($0.title.count) * button.fontSize / 2 <= width / 2 - 2 * button.inset
        }
        let order = spec.displayOrder(inRow: inRow)
        for (position, (index, action)) in order.enumerated() {
            let frame = inRow
                ? Rect(x: Double(position) * width / 2, y: header, width: width / 2, height: button.height)
                : Rect(x: 0, y: header + Double(position) * button.height, width: width, height: button.height)
            items.append(AlertContent.Item(id: "action-\(index)", kind: "button", role: action.style.role, frame: frame,
                                           parent: nil, text: action.title, action: index))
        }
        let buttons = inRow ? button.height : Double(order.count) * button.height
        return AlertContent(size: Size(width: width, height: header + buttons), items: items)
    }
}
