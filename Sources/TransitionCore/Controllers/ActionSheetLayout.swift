/// How UIKit lays out an action sheet on an iPhone at the default text size (iOS 18.2's
/// `UIAlertControllerVisualStyleActionSheet` and `UIInterfaceActionConcreteVisualStyle_iOSSheet`):
/// a rounded group holding the title, the message and the buttons one above the other, and
/// below it, apart, the cancel button on its own platter (docs/semantics.md § Alerts and popovers).
enum ActionSheetLayout {
    /// Title and message size and leading: Footnote (Human Interface Guidelines, Typography).
    static let font = (size: 13.0, leading: 18.0)
    /// From the group's top to the title's first baseline; from the title's last baseline to the
    /// message's first; below the message's last baseline under a title; below the last label
    /// otherwise, points (`-marginAboveTitleLabelFirstBaseline`, `-marginAboveMessageLabelFirstBaseline`,
    /// `-marginBelowMessageLabelLastBaseline`, `-marginBelowTitleLabelLastBaseline`, iOS 18.2).
    static let baselines = (title: 27.0, message: 22.0, belowMessage: 28.0, belowTitle: 17.0)
    /// The labels' inset from the group's sides, points (an estimate).
    static let labelInset = 16.0
    /// A button's height, and the gap between the group and the cancel button, points
    /// (`UIInterfaceActionConcreteVisualStyle_iOSSheet -minimumActionContentSize` and
    /// `-actionSectionSpacing`, `UIAlertControllerVisualStyleActionSheet -_spacingBetweenDismissButtonAndContent`, iOS 18.2).
    static let button = (height: 57.0, cancelGap: 8.0)

    /// The sheet's width in a popover, points (**estimate**: UIKit's action sheet in an iPad
    /// popover measures 304 pt; the decompile's figure was not found).
    static let popoverWidth = 304.0

    /// The sheet `width` points wide for an action sheet titled `title` (nil: none) with `spec`'s
    /// message and buttons, its platters' corners `cornerRadius` points; without `cancelButton`
    /// (a popover) the cancel action has no button unless nothing else would show
    /// (**decision**: a popover is never empty).
    static func layout(title: String?, _ spec: AlertSpec, width: Double, cornerRadius: Double, cancelButton: Bool) -> AlertContent {
        var items: [AlertContent.Item] = []
        let labelWidth = width - 2 * labelInset
        var labels: [AlertContent.Item] = []
        var titleBaseline: Double?
        var lastBaseline: Double?
        if let title, !title.isEmpty {
            let lines = AlertContent.lines(title, fontSize: font.size, width: labelWidth)
            labels.append(AlertContent.label("title", role: .alertTitle, text: title, fontSize: font.size, leading: font.leading,
                                             lines: lines, baseline: baselines.title, x: labelInset, width: labelWidth, parent: "group"))
            titleBaseline = baselines.title + Double(lines - 1) * font.leading
            lastBaseline = titleBaseline
        }
        if let message = spec.message, !message.isEmpty {
            let baseline = titleBaseline.map { $0 + baselines.message } ?? baselines.title
            let lines = AlertContent.lines(message, fontSize: font.size, width: labelWidth)
            labels.append(AlertContent.label("message", role: .alertMessage, text: message, fontSize: font.size, leading: font.leading,
                                             lines: lines, baseline: baseline, x: labelInset, width: labelWidth, parent: "group"))
            lastBaseline = baseline + Double(lines - 1) * font.leading
        }
        let below = titleBaseline != nil && labels.count == 2 ? baselines.belowMessage : baselines.belowTitle
        let header = lastBaseline.map { $0 + below } ?? 0
        let order = spec.displayOrder(inRow: false)
        let grouped = order.filter { $0.action.style != .cancel }
        var buttons: [AlertContent.Item] = []
        for (position, (index, action)) in grouped.enumerated() {
            buttons.append(AlertContent.Item(id: "action-\(index)", kind: "button", role: action.style.role,
                                             frame: Rect(x: 0, y: header + Double(position) * button.height, width: width, height: button.height),
                                             parent: "group", text: action.title, action: index))
        }
        let groupHeight = header + Double(grouped.count) * button.height
        if groupHeight > 0 {
            items.append(AlertContent.Item(id: "group", kind: "view", role: .alertPlatter,
                                           frame: Rect(x: 0, y: 0, width: width, height: groupHeight), cornerRadius: cornerRadius))
            items += labels + buttons
        }
        var height = groupHeight
        if cancelButton || groupHeight == 0, let (index, cancel) = order.first(where: { $0.action.style == .cancel }) {
            if groupHeight > 0 { height += button.cancelGap }
            items.append(AlertContent.Item(id: "action-\(index)", kind: "button", role: cancel.style.role,
                                           frame: Rect(x: 0, y: height, width: width, height: button.height),
                                           text: cancel.title, cornerRadius: cornerRadius, action: index))
            height += button.height
        }
        return AlertContent(size: Size(width: width, height: height), items: items)
    }
}
