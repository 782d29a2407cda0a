import JSONCodec

/// iOS 18's fluid zoom around the catalogue's `fluidZoom` body: which transitions zoom, where
/// the source is each time, and the views the zoom runs in (docs/semantics.md § Zoom).
extension World {
    /// The zoom the controller that `operation` brings in or takes away prefers, and the style of
    /// a presentation UIKit runs no zoom for (nil when it runs it): it zooms a push and a pop, and
    /// a full-screen presentation and dismissal (a zooming sheet is shown full screen:
    /// `present`), and ignores it for the other styles. Asked only when nobody chose an animator
    /// (UIKit: a delegate's animator overrides `preferredTransition`).
    func preferredZoom(_ operation: TransitionOperation, from: ControllerID, to: ControllerID) -> (options: ZoomOptions, ignoredBy: PresentationStyle?)? {
        guard operation != .selectTab, let c = controllers[operation.bringsIn ? to : from], let options = c.settings.preferredTransition.zoom else { return nil }
        let style = c.presentedStyle
        return (options, style == nil || style == .fullScreen ? nil : style)
    }

    /// The style a presentation of `spec` takes: a sheet that zooms is shown full screen, as
    /// UIKit does (docs/reference.md § Zoom).
    func presentationStyle(of spec: ControllerSpec, _ style: PresentationStyle) -> PresentationStyle {
        spec.settings.preferredTransition.zoom != nil && style == .pageSheet ? .fullScreen : style
    }

    /// The zoom's parameters for this transition: the catalogue's, the options' veil, the
    /// screen's corners, and where the source is now (`sourceViewProvider` or
    /// `sourceBarButtonItemProvider`, asked each time). The source lives in the controller zoomed
    /// from: `from` on a push, `to` on a pop; a bar button item where it rests in that
    /// controller's bar. A push from a path or item that controller lacks is refused at the
    /// option; any other source that is not
    /// to be seen (missing on a pop, hidden, out of the container) is gone, and the page zooms
    /// toward a stand-in at the centre.
    func zoomParameters(_ options: ZoomOptions, operation: TransitionOperation, probe: Transition) throws(SimulationError) -> (ZoomParameters, source: ViewID?) {
        var parameters = Catalogue.shared.fluidZoomParameters
        parameters.dimming = options.dimmingAlpha ?? parameters.dimming
        parameters.displayCornerRadius = display.sheetCornerRadius
        // The controller it zooms from: the one below in the stack, or the content controller the
        // presenting controller shows (a presentation is made from the outermost container).
        let below = operation.bringsIn ? probe.from : probe.to
        let owner = visibleChain(from: below).last ?? below
        let reader = reader(for: probe)
        let size = reader.containerBounds().size
        parameters.recededScale = parameters.recededScale(width: size.width)
        let alignment = options.alignmentRect ?? Rect(origin: .zero, size: size)
        let gone = { (parameters: ZoomParameters) in
            var parameters = parameters
            parameters.geometry = .gone(container: size, alignment: alignment, page: size, width: parameters.fallbackSourceWidth)
            return (parameters, ViewID?.none)
        }
        let source: ViewID, rect: Rect, radius: Double
        switch options.source {
        case .view(let path):
            let found = tree.view(owner: owner, path: path)
            if found == nil, operation.bringsIn {
                throw SimulationError(options.pointer, "controller '\(owner)', which '\(probe.to)' zooms from, has no view at path '\(path)'")
            }
            guard let view = found, !tree.ancestry(view).contains(where: { tree[$0].hidden }) else { return gone(parameters) }
            // A page not yet in the window (the one a pop reveals) is where it will rest: at the
            // container's origin.
            (source, rect, radius) = (view, reader.frameInContainer(view), tree[view].layer.cornerRadius)
        case .barButtonItem(let item):
            if operation.bringsIn, !self[controller: owner].settings.rightBarButtonItems.contains(where: { $0.id == item }) {
                throw SimulationError(options.pointer, "controller '\(owner)', which '\(probe.to)' zooms from, has no bar button item '\(item)' (rightBarButtonItems)")
            }
            // Where the item rests in its bar, which a pop's bar shows only once the pop is under way.
            guard let found = barButtonItemSource(item, of: owner, reader: reader) else { return gone(parameters) }
            // The clip starts as the button's glass capsule, round ends (an estimate: the
            // decompile's zoom controller does not show the radius it morphs the button from).
            (source, rect, radius) = (found.view, found.frame, min(found.frame.width, found.frame.height) / 2)
        }
        guard rect.maxX > 0, rect.maxY > 0, rect.minX < size.width, rect.minY < size.height else { return gone(parameters) }
        parameters.geometry = .meeting(rect, cornerRadius: radius, alignment: alignment, page: size)
        return (parameters, source)
    }

    /// Makes the views the zoom runs in, which the body `find`s: the veil over the covered page
    /// (`role: dimming`) and the rounded clip holding the zoomed page (`role: zoomContainer`),
    /// both at the end the transition starts from; puts the page a pop reveals under them; and
    /// hides the source while the zoom runs.
    mutating func makeZoomViews(_ id: TransitionID, _ zoom: ZoomParameters, options: ZoomOptions) throws(SimulationError) {
        let t = self[transition: id]
        let container = t.containerView
        let bounds = Rect(origin: .zero, size: tree[container].bounds.size)
        let zoomingIn = t.operation.bringsIn
        let prefix = tree[container].id
        var veil = ViewNode(id: prefix + ".zoomDimming", kind: "view", owner: nil, path: prefix + ".zoomDimming", role: .dimming, frame: bounds)
        veil.backgroundColor = options.dimmingColor ?? .black
        veil.alpha = zoomingIn ? 0 : zoom.dimming
        var clip = ViewNode(id: prefix + ".zoom", kind: "view", owner: nil, path: prefix + ".zoom", role: .zoomContainer,
                            frame: zoomingIn ? zoom.geometry.source : bounds)
        clip.layer.clipsToBounds = true
        clip.layer.cornerRadius = zoomingIn ? zoom.geometry.sourceCornerRadius : zoom.displayCornerRadius
        // The platter's shadow, carried by the clip: one view stands for UIKit's platter and its
        // clipped content.
        clip.layer.shadowOpacity = zoom.shadowOpacity
        clip.layer.shadowRadius = zoom.shadowRadius
        clip.layer.shadowOffset = Size(width: 0, height: zoom.shadowOffsetY)
        // A zoom that interrupts another starts where that left the views; one a finger starts
        // by catching the page (during the zoom in, or a cancel springing back) is made from full
        // screen and held where the page stood (`regrabs`), keeping only the swipe's offset of the clip.
        let interrupted = interruptedZoom(before: t), posed = regrabs(t) ? nil : interrupted
        clip.transform = interrupted?.offset ?? .identity
        if let pose = posed {
            (clip.frame, clip.layer.cornerRadius, veil.alpha) = (pose.clip, pose.cornerRadius, pose.dimming)
            // Its spring goes on with the interrupted motion's velocity.
            self[transition: id].springVelocity = pose.initialVelocity(toward: zoomingIn ? bounds : zoom.geometry.source)
        }
        let veilID: ViewID, clipID: ViewID
        do throws(SimulationError) {
            veilID = try tree.create(veil)
            clipID = try tree.create(clip)
        } catch {
            throw SimulationError("", "the session's view limit is reached")
        }
        // A pop's page comes into the container; a dismissal's is in the window already, under it.
        if !zoomingIn, !isInWindow(t.toView) {
            tree.addSubview(t.toView, to: container)
            setChildFrame(t.toView, in: container)
        }
        tree.addSubview(veilID, to: container)
        tree.addSubview(clipID, to: container)
        for motion in interrupted?.offsetMotion ?? [] { animations.install(motion, on: clipID) }
        if t.tracking == .zoomDismiss, interrupted != nil {
            // A finger caught the page: the swipe's offset holds where it was until it moves.
            tree[clipID].transform = presentation(of: clipID, at: now).transform
            animations.removeAnimations(on: clipID) { $0.property == .transform }
        }
        // The covered page recedes while the page is up: it starts where an interrupted zoom left
        // it, else at rest (zooming in) or receded (zooming out); the body scales it.
        let covered = zoomingIn ? t.fromView : t.toView
        if let pose = posed { tree[covered].transform = pose.coveredTransform }
        else if !zoomingIn { tree[covered].transform = .scale(zoom.recededScale, zoom.recededScale) }
        let page = zoomingIn ? t.toView : t.fromView
        tree.addSubview(page, to: clipID)
        tree[page].bounds = bounds
        (tree[page].center, tree[page].transform) = posed.map { ($0.pageCenter, $0.pageTransform) } ?? (zoomingIn
            ? (zoom.geometry.contentCenter, .scale(zoom.geometry.contentScale, zoom.geometry.contentScale))
            : (bounds.center, .identity))
        if let source = t.sourceView { tree[source].hidden = true }
    }
}
