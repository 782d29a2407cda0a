import JSONCodec

/// `UIAlertController`: its views, laid out by UIKit from its title, message and actions; the
/// presentation UIKit gives it (its own transitioning delegate, a custom presentation over a
/// dimming view); and a tap on one of its buttons, which dismisses it and then calls that
/// action's handler (docs/semantics.md § Alerts and popovers).
extension World {
    /// The alert's or action sheet's views for this screen, laid out at rest size: the platter
    /// with its labels and buttons, or the sheet's group and cancel button.
    func alertContent(title: String?, _ spec: AlertSpec) -> AlertContent {
        switch spec.preferredStyle {
        case .alert:
            return AlertLayout.layout(title: title, spec, width: alertParameters(content: nil).width)
        case .actionSheet where isPopover(spec):
            // The popover's chrome rounds and fills it, and a tap outside cancels: no cancel button.
            return ActionSheetLayout.layout(title: title, spec, width: ActionSheetLayout.popoverWidth, cornerRadius: 0, cancelButton: false)
        case .actionSheet:
            let sheet = Catalogue.shared.actionSheet
            return ActionSheetLayout.layout(title: title, spec, width: screen.width - 2 * sheet.margin, cornerRadius: sheet.cornerRadius, cancelButton: true)
        }
    }

    /// Builds an alert controller's view (detached) and what is inside it, and returns the view.
    mutating func makeAlertViews(_ spec: ControllerSpec, _ alert: AlertSpec) throws(SimulationError) -> ViewID {
        let content = alertContent(title: spec.title, alert)
        let isAlert = alert.preferredStyle == .alert
        var root = ViewNode(id: spec.id.rawValue, kind: isAlert ? "alert" : "actionSheet", owner: spec.id, path: "",
                            role: isAlert ? .alertPlatter : nil, frame: Rect(origin: .zero, size: content.size))
        if isAlert { platter(&root, cornerRadius: alertParameters(content: nil).cornerRadius) }
        let rootID = try tree.create(root)
        var made: [String: ViewID] = [:]
        for item in content.items {
            let path = item.parent.map { $0 + "/" + item.id } ?? item.id
            var node = ViewNode(id: item.id, kind: item.kind, owner: spec.id, path: path, role: item.role, frame: item.frame)
            node.text = item.text
            node.fontSize = item.fontSize
            if item.cornerRadius > 0 { platter(&node, cornerRadius: item.cornerRadius) }
            let id = try tree.create(node)
            tree.addSubview(id, to: item.parent.flatMap { made[$0] } ?? rootID)
            made[item.id] = id
        }
        return rootID
    }

    /// A white, rounded, clipping platter (UIKit draws a blur there, which snapshots do not model).
    private func platter(_ node: inout ViewNode, cornerRadius: Double) {
        node.backgroundColor = .white
        (node.layer.cornerRadius, node.layer.clipsToBounds) = (cornerRadius, true)
    }

    /// Whether UIKit shows `alert` as a popover on this screen: an action sheet on a
    /// regular-width screen, and on an iPhone from iOS 26
    /// (`-[UIAlertController _modalPresentationStyleForResolvedStyle]`).
    func isPopover(_ alert: AlertSpec) -> Bool {
        alert.preferredStyle == .actionSheet && (display.isRegularWidth || display.iOS >= AlertParameters.liquidGlass.firstIOS)
    }

    /// The anchor of `alert`'s popover: its `sourceView` and `sourceRect`, any arrow direction
    /// (UIKit's default), errors reported at the spec's `pointer`.
    func alertPopover(_ alert: AlertSpec, pointer: String) -> PopoverPresentation {
        PopoverPresentation(sourceView: alert.sourceView, sourceRect: alert.sourceRect,
                            permittedArrowDirections: PopoverArrowDirection.allCases, pointer: pointer)
    }

    /// Refuses what UIKit does not do with an alert: choosing its style, animator or
    /// interactivity (it is its own transitioning delegate), and an action sheet shown as a
    /// popover with nothing to point at (UIKit raises when neither a source view nor a bar
    /// button item is set).
    func checkAlertPresentation(_ spec: ControllerSpec, style: PresentationStyle?, animator: AnimatorChoice?, interactive: Bool,
                                pointer: String) throws(SimulationError) {
        guard let alert = spec.alert else { return }
        if style != nil {
            throw SimulationError(pointer + "/modalPresentationStyle", "UIAlertController keeps its own presentation style (its setModalPresentationStyle: ignores the one given)")
        }
        try refuseAlertTransitionChoice(animator: animator, interactive: interactive, pointer: pointer)
        if isPopover(alert), alert.sourceView == nil, alert.sourceRect == nil {
            let screen = display.isRegularWidth ? "a regular-width screen" : "an iOS \(display.iOS) iPhone"
            throw SimulationError(spec.pointer + "/sourceView",
                                  "an action sheet on \(screen) is a popover and needs a sourceView (a view path) or a sourceRect to point at; UIKit raises without one (docs/semantics.md § Alerts and popovers)")
        }
    }

    /// An alert animates itself: no animator, no interactive transition.
    func refuseAlertTransitionChoice(animator: AnimatorChoice?, interactive: Bool, pointer: String) throws(SimulationError) {
        if animator != nil {
            throw SimulationError(pointer + "/animator", "an alert animates itself (UIAlertController is its own transitioning delegate); leave out animator")
        }
        if interactive {
            throw SimulationError(pointer + "/interactive", "an alert's presentation and dismissal are not interactive")
        }
    }

    /// UIKit's transition for the presented alert `id`: `alert` or `actionSheet`; nil when it is
    /// no alert, or an action sheet shown as a popover (the popover's transition moves it).
    func alertTransition(of id: ControllerID) -> PlatformTransition.Name? {
        guard let c = controllers[id], let alert = c.alert, c.presentedStyle != .popover else { return nil }
        return alert.preferredStyle == .alert ? .alert : .actionSheet
    }

    /// The `alert` animator's catalogue parameters on this screen (iOS 26's platter), sized for
    /// `content`, the alert view's laid-out size (nil: the catalogue's height).
    func alertParameters(content: Size?) -> AlertParameters {
        var parameters = Catalogue.shared.alert
        parameters.adapt(iOS: display.iOS)
        if let content { parameters.height = content.height }
        return parameters
    }

    /// The `actionSheet` animator's catalogue parameters on this screen, sized for `content`.
    func actionSheetParameters(content: Size?) -> ActionSheetParameters {
        var parameters = Catalogue.shared.actionSheet
        parameters.adapt(safeBottom: display.safeArea.bottom)
        if let content { parameters.height = content.height }
        return parameters
    }

    /// An alert presented without animation rests where its animator leaves it: the platter
    /// centred, or the sheet at the bottom, over the veil.
    mutating func layOutAlert(_ id: ControllerID, in container: ViewID) throws(SimulationError) {
        let view = self[controller: id].view
        let size = tree[container].bounds.size
        let dimming: Double
        if alertTransition(of: id) == .alert {
            let parameters = alertParameters(content: tree[view].bounds.size)
            tree[view].frame = parameters.platter(in: size)
            dimming = parameters.dimming
        } else {
            let parameters = actionSheetParameters(content: tree[view].bounds.size)
            tree[view].frame = parameters.sheet(in: size)
            dimming = parameters.dimming
        }
        try addVeil(alpha: dimming, in: container)
        tree.addSubview(view, to: container)
    }

    /// A tap on the button of `alert`'s action `index`: UIKit dismisses the alert, then calls
    /// the action's handler (`-[UIAlertController _dismissAnimated:triggeringAction:…]` runs
    /// `_invokeHandlersForAction:` in the dismissal's completion).
    mutating func tapAlertAction(_ index: Int, of alert: ControllerID?, animated: Bool, pointer: String) throws(SimulationError) {
        guard let top = presentationChain().last else {
            throw .conflict(.nothingPresented, detail: "no alert is presented; nothing has buttons to tap")
        }
        let id = alert ?? top
        let c = try existingController(id, pointer: pointer + "/viewController")
        guard let spec = c.alert else {
            throw .conflict(.wrongContainer, detail: "'\(id)' is no alert (UIAlertController)", pointer: pointer + (alert == nil ? "" : "/viewController"))
        }
        guard spec.actions.indices.contains(index) else {
            throw SimulationError(pointer + "/index", "out of range: '\(id)' has \(spec.actions.count) action\(spec.actions.count == 1 ? "" : "s") (0 to \(spec.actions.count - 1))")
        }
        guard c.presenting != nil, c.presented == nil else {
            throw .conflict(.nothingPresented, detail: "'\(id)' is not the top-most presented controller; its buttons are covered")
        }
        try ensureIdle()
        self[controller: id].triggeringAction = index
        try dismiss(id, animated: animated, animator: nil, interactive: false, pointer: pointer)
    }

    /// The handler of the action that dismissed the alert `id`, if a tap did, called once the
    /// dismissal has completed.
    mutating func callAlertHandler(of id: ControllerID) {
        guard let c = controllers[id], let index = c.triggeringAction, let spec = c.alert else { return }
        let action = spec.actions[index]
        emit(.alertActionHandler, id, ["index": .number(Double(index)), "title": .string(action.title), "style": .string(action.style.rawValue)])
    }
}
