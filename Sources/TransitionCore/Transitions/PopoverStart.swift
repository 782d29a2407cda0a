/// A popover in regular width: where it stands and the views UIKit draws it with
/// (docs/semantics.md § Alerts and popovers).
extension World {
    /// Lays out the popover `id` presents as, from `presenting`, and makes its views in
    /// `container`: the chrome (`<container>.popover`, role `popover`, which the `popover`
    /// animator finds and scales), the arrow inside it (role `popoverArrow…`, after its
    /// direction) and the presented view inside it at the content's place. The chrome's anchor
    /// point is the arrow's tip, about which UIKit scales the popover.
    mutating func makePopover(_ id: ControllerID, _ popover: PopoverPresentation, presenting: ControllerID, in container: ViewID,
                              pointer: String) throws(SimulationError) {
        let source = try popoverSource(popover, presenting: presenting, pointer: pointer)
        let bounds = tree[container].bounds
        let area = Rect(origin: .zero, size: bounds.size).inset(by: display.safeArea)
            .inset(by: EdgeInsets(top: PopoverLayout.margin, left: PopoverLayout.margin, bottom: PopoverLayout.margin, right: PopoverLayout.margin))
        let defaultSize = PopoverLayout.defaultContentSize(forWidth: bounds.width)
        // An alert's popover holds its laid-out sheet (UIAlertController sets its preferredContentSize).
        let asked = self[controller: id].kind == .alert ? tree[self[controller: id].view].bounds.size
            : self[controller: id].settings.preferredContentSize ?? .init(width: 0, height: 0)
        // UIKit takes its default in each dimension the controller leaves at 0
        // (-[UIPopoverPresentationController preferredContentSizeDidChangeForChildContentContainer:]).
        let content = Size(width: asked.width > 0 ? asked.width : defaultSize.width, height: asked.height > 0 ? asked.height : defaultSize.height)
        let layout = PopoverLayout.place(content: content, source: source, in: area, permitted: popover.permittedArrowDirections)
        let frame = layout.frame
        let name = "\(tree[container].id).popover"
        var chrome = ViewNode(id: name, kind: "view", owner: nil, path: name, role: .popover, frame: frame)
        chrome.backgroundColor = PopoverLayout.chromeColor
        chrome.layer.cornerRadius = PopoverLayout.cornerRadius
        // The anchor first, then the frame: `frame` places the anchor (-_anchorPointForArrowDirection:…).
        chrome.layer.anchorPoint = layout.arrowTipInUnitCoordinates
        chrome.frame = frame
        let chromeID = try tree.create(chrome)
        tree.addSubview(chromeID, to: container)
        var arrow = ViewNode(id: name + ".arrow", kind: "view", owner: nil, path: name + ".arrow", role: layout.arrowDirection.role,
                             frame: layout.arrow.offsetBy(dx: -frame.minX, dy: -frame.minY))
        arrow.backgroundColor = PopoverLayout.chromeColor
        tree.addSubview(try tree.create(arrow), to: chromeID)
        let view = self[controller: id].view
        tree[view].frame = layout.content.offsetBy(dx: -frame.minX, dy: -frame.minY)
        tree[view].transform = .identity
        tree.addSubview(view, to: chromeID)
    }

    /// The popover's source rect in the window: `sourceRect` in `sourceView`'s coordinates (its
    /// bounds when no rect is given), or in the window's without a source view. The source view is
    /// looked up in the presenting controller and the controllers it shows, deepest first.
    func popoverSource(_ popover: PopoverPresentation, presenting: ControllerID, pointer: String) throws(SimulationError) -> Rect {
        guard let path = popover.sourceView else {
            guard let rect = popover.sourceRect else { throw PopoverPresentation.missing(at: pointer) }
            return rect
        }
        let owners = visibleChain(from: presenting).reversed()
        guard let view = owners.lazy.compactMap({ self.tree.view(owner: $0, path: path) }).first else {
            throw SimulationError(pointer + "/sourceView", "no view at path '\(path)' in '\(presenting)' or the controllers it shows (\(owners.map(\.rawValue).joined(separator: ", ")))")
        }
        guard isInWindow(view), !tree.ancestry(view).contains(where: { tree[$0].hidden }) else {
            throw SimulationError(pointer + "/sourceView", "the view at path '\(path)' is not on screen; UIKit points a popover at a view in the window")
        }
        let (frame, _) = tree.frameInAncestor(view, stoppingAt: nil)
        guard let rect = popover.sourceRect else { return frame }
        // The view's bounds map onto its window frame (translation and scale).
        let b = tree[view].bounds
        let sx = b.width > 0 ? frame.width / b.width : 1, sy = b.height > 0 ? frame.height / b.height : 1
        return Rect(x: frame.minX + (rect.minX - b.minX) * sx, y: frame.minY + (rect.minY - b.minY) * sy,
                    width: rect.width * sx, height: rect.height * sy)
    }
}
