import JSONCodec

/// Modal presentation: `presentViewController:animated:completion:` and
/// `dismissViewControllerAnimated:completion:`, with the fullScreen, overFullScreen and custom
/// styles, presentation chains, and UIKit's callbacks for each style
/// (docs/reference.md § Presentation).
extension World {
    /// The controller presenting by default: the top-most of the presentation chain, else the root.
    var topPresenter: ControllerID { presentationChain().last ?? rootController }

    /// UIKit asks the presented controller's transitioning delegate, then starts the appearance
    /// transition; a fullScreen presentation takes the presenting view out once it completes.
    mutating func present(_ spec: ControllerSpec, from presenter: ControllerID?, style override: PresentationStyle?,
                          animated: Bool, animator: AnimatorChoice?, interactive: Bool, pointer: String) throws(SimulationError) {
        // The controller whose dismissal zooms out, presented again, zooms back in from where it
        // is; the presentation inside finds the dismissal completed.
        if zoomBackIn(spec.id, in: spec.id, { (world) throws(SimulationError) in
            try world.present(spec, from: presenter, style: override, animated: animated, animator: animator, interactive: interactive, pointer: pointer)
        }) { return }
        if let presenter { _ = try existingController(presenter, pointer: pointer + "/from") }
        // A child of a container presents through its outermost container (no controller here
        // sets definesPresentationContext).
        var presenting = presenter ?? topPresenter
        while let parent = self[controller: presenting].parent { presenting = parent }
        let p = self[controller: presenting]
        if let already = p.presented {
            throw .conflict(.alreadyPresenting, detail: "'\(presenting)' is already presenting '\(already)'; UIKit refuses to present on a controller that is presenting (present from '\(already)' instead)",
                            extras: [("presented", .string(already.rawValue))])
        }
        try ensureIdle()
        try checkAlertPresentation(spec, style: override, animator: animator, interactive: interactive, pointer: pointer)
        let id = try makeController(spec, parent: nil)
        // `.automatic` by default, which is fullScreen before iOS 13 and a page sheet since; an
        // alert is UIKit's custom presentation, or a popover for an action sheet where UIKit shows
        // one (`-[UIAlertController _modalPresentationStyleForResolvedStyle]`).
        let asked = override ?? spec.settings.modalPresentationStyle ?? .automatic
        let alertPopover = spec.alert.flatMap { isPopover($0) ? self.alertPopover($0, pointer: spec.pointer) : nil }
        let style: PresentationStyle = spec.kind == .alert ? (alertPopover != nil ? .popover : .custom)
            : presentationStyle(of: spec, asked.resolved(iOS: display.iOS, regularWidth: display.isRegularWidth))
        if asked == .popover, spec.kind != .alert {
            guard display.iOS >= PopoverPresentation.firstIOS else {
                throw SimulationError(pointer + "/modalPresentationStyle", "the popover style exists from iOS \(PopoverPresentation.firstIOS) (UIModalPresentationPopover); the session's screen is iOS \(display.iOS)")
            }
            guard spec.settings.popover != nil else { throw PopoverPresentation.missing(at: pointer + "/viewController/popoverPresentation") }
        }
        if spec.settings.sheet != nil, display.iOS < 15 {
            throw SimulationError(pointer + "/viewController/sheet", "detents need iOS 15 or later (UISheetPresentationController); the session's screen is iOS \(display.iOS)")
        }
        if let detents = spec.settings.sheet, display.iOS < SheetDetents.customFirstIOS, let i = detents.detents.firstIndex(where: { $0.height != nil }) {
            throw SimulationError(pointer + "/viewController/sheet/detents/\(i)",
                                  "custom detents need iOS \(SheetDetents.customFirstIOS) or later (UISheetPresentationController.Detent.custom); the session's screen is iOS \(display.iOS)")
        }
        let bounds = Rect(origin: .zero, size: screen)
        let container = try tree.create(ViewNode(id: "\(id).presentation", kind: "view", owner: nil, path: "\(id).presentation",
                                                 role: .container, frame: bounds))
        tree.addSubview(container, to: window)
        self[controller: presenting].presented = id
        self[controller: id].presenting = presenting
        self[controller: id].presentationContainer = container
        self[controller: id].presentedStyle = style
        let scale = detentScale(covered: presenting)
        self[controller: id].settings.sheet?.order(full: scale.full, bottomInset: scale.bottomInset)
        if style.isSheet, spec.settings.sheet?.prefersGrabberVisible == true { try addGrabber(to: id, in: container) }
        if style == .popover, let popover = alertPopover {
            try makePopover(id, popover, presenting: presenting, in: container, pointer: pointer + "/viewController")
        } else if style == .popover, let popover = spec.settings.popover {
            try makePopover(id, popover, presenting: presenting, in: container, pointer: pointer + "/viewController/popoverPresentation")
        }
        var appearance: [(type: EventType, controller: ControllerID)] = []
        if style == .fullScreen { appearance.append((.viewWillDisappear, presenting)) }
        appearance.append((.viewWillAppear, id))
        guard animated || interactive else {
            for (type, c) in appearance { emit(type, c, ["animated": .bool(false)]) }
            if spec.kind == .alert, style != .popover {
                try layOutAlert(id, in: container)
            } else if style != .popover {
                setChildFrame(self[controller: id].view, in: container)
                if style.isSheet { try layOutSheet(id, over: presenting, in: container) }
                tree.addSubview(self[controller: id].view, to: container)
            }
            if style == .fullScreen {
                tree.detach(self[controller: presenting].view)
                emitAppearance(.viewDidDisappear, presenting, animated: false)
            }
            emitAppearance(.viewDidAppear, id, animated: false)
            return
        }
        if style == .custom { emit(.presentationControllerFor, id, ["presenting": .string(presenting.rawValue)]) }
        try beginTransition(TransitionRequest(operation: .present, container: id, from: presenting, to: id, containerView: container,
                                              actionChoice: animator, interactive: interactive, previousChildren: [],
                                              leaving: [], appearance: appearance))
    }

    /// `dismissViewControllerAnimated:` on `target` (default: the top-most presented controller).
    /// Sent to a presenting controller it dismisses what that controller presents; everything
    /// above the dismissed controller goes with it, only the top-most one animating.
    mutating func dismiss(_ target: ControllerID?, animated: Bool, animator: AnimatorChoice?, interactive: Bool,
                          platformGesture: Transition.TouchTracking? = nil, pointer: String) throws(SimulationError) {
        let chain = presentationChain()
        guard let top = chain.last else {
            throw .conflict(.nothingPresented, detail: "no controller is presented; UIKit's dismiss does nothing")
        }
        var dismissed = top
        if let target {
            let c = try existingController(target, pointer: pointer + "/viewController")
            if let presented = c.presented {
                dismissed = presented
            } else if c.presenting != nil {
                dismissed = target
            } else {
                throw .conflict(.nothingPresented, detail: "'\(target)' neither presents nor is presented")
            }
        }
        completeZoomIn(of: dismissed, in: dismissed)
        try ensureIdle()
        // Every presented controller is in the chain, above the controller that presents it.
        guard let presenting = self[controller: dismissed].presenting, let position = chain.firstIndex(of: dismissed) else {
            preconditionFailure("'\(dismissed)' is dismissed but not in the presentation chain")
        }
        // Controllers above the dismissed one leave at once, without animation.
        let above = Array(chain[(position + 1)...])
        let animatedOne = above.last ?? dismissed
        if self[controller: animatedOne].kind == .alert {
            try refuseAlertTransitionChoice(animator: animator, interactive: interactive, pointer: pointer)
        }
        for id in above.dropLast().reversed() {
            emitAppearance(.viewWillDisappear, id, animated: false)
            emitAppearance(.viewDidDisappear, id, animated: false)
            if let holder = self[controller: id].presentationContainer { tree.detach(holder) }
        }
        let style = self[controller: dismissed].presentedStyle ?? .fullScreen
        // The presenting view comes back under the presentation for a fullScreen dismissal.
        if style == .fullScreen, !isInWindow(self[controller: presenting].view) {
            if presenting == rootController, let container = self[controller: dismissed].presentationContainer {
                tree.insertSubview(self[controller: presenting].view, in: window, relativeTo: container, above: false)
            } else if let holder = self[controller: presenting].presentationContainer {
                tree.addSubview(self[controller: presenting].view, to: holder)
            }
        }
        var appearance: [(type: EventType, controller: ControllerID)] = [(.viewWillDisappear, animatedOne)]
        if style == .fullScreen { appearance.append((.viewWillAppear, presenting)) }
        guard let container = self[controller: animatedOne].presentationContainer else {
            preconditionFailure("presented controller '\(animatedOne)' without a presentation container")
        }
        guard animated || interactive else {
            for (type, c) in appearance { emit(type, c, ["animated": .bool(false)]) }
            if style.isSheet {
                tree[self[controller: presenting].view].transform = .identity
                tree[self[controller: presenting].view].layer.cornerRadius = sheetParameters(sheet: animatedOne, covered: presenting).uncoveredCornerRadius
            }
            emitAppearance(.viewDidDisappear, animatedOne, animated: false)
            if style == .fullScreen { emitAppearance(.viewDidAppear, presenting, animated: false) }
            callAlertHandler(of: dismissed)
            discardController(dismissed)
            return
        }
        // The dismissal runs in the container of the controller whose view animates away, and
        // the presented controllers in between are gone from the chain already.
        if animatedOne != dismissed {
            if let holder = self[controller: dismissed].presentationContainer { tree.detach(holder) }
            self[controller: dismissed].presented = nil
            for id in above.dropLast() { self[controller: id].presented = nil }
        }
        try beginTransition(TransitionRequest(operation: .dismiss, container: animatedOne, from: animatedOne, to: presenting,
                                              containerView: container, actionChoice: animator, interactive: interactive,
                                              platformGesture: platformGesture, previousChildren: [], leaving: [dismissed] + above,
                                              appearance: appearance))
    }

    /// A sheet presented without animation starts where the `sheet` animator ends: the card at
    /// its resting top, the covered page shrunk and the veil over it (the numbers are that
    /// animator's parameters, so both ways agree).
    mutating func layOutSheet(_ id: ControllerID, over presenting: ControllerID, in container: ViewID) throws(SimulationError) {
        if sheetTransition(of: id) == .formSheet { return try layOutFormSheet(id, in: container) }
        let parameters = sheetParameters(sheet: id, covered: presenting)
        let rest = parameters.rest(in: tree[container].bounds.size)
        let card = self[controller: id].view
        tree[card].frame = rest.card
        (tree[card].layer.cornerRadius, tree[card].layer.maskedCorners, tree[card].layer.clipsToBounds) = (parameters.cornerRadius, sheetCorners, true)
        tree[self[controller: presenting].view].transform = rest.covered
        tree[self[controller: presenting].view].layer.cornerRadius = parameters.coveredCornerRadius
        try addVeil(alpha: parameters.dimming, in: container)
    }

    /// UIKit's own transition for presenting and dismissing `id`: its sheet's, or `popover`; nil
    /// for the other styles (the cover's).
    func presentationTransition(of id: ControllerID) -> PlatformTransition.Name? {
        controllers[id]?.presentedStyle == .popover ? .popover : sheetTransition(of: id)
    }

    /// The corners the phone's card rounds: its top ones, or all four on a screen whose sheets
    /// float (**Decision**: at full height too, where the display's own corners hide its bottom
    /// ones, so that nothing switches as the card moves between detents).
    var sheetCorners: CornerMask { display.floatsSheets ? .all : .top }

    /// UIKit's transition for the sheet `id` presents as: `formSheet` for a form sheet in regular
    /// width (an iPad), `sheet` for the phone's card (a page sheet, or any sheet in compact
    /// width); nil when it is no sheet.
    func sheetTransition(of id: ControllerID) -> PlatformTransition.Name? {
        guard let style = controllers[id]?.presentedStyle, style.isSheet else { return nil }
        return style == .formSheet && display.isRegularWidth ? .formSheet : .sheet
    }

    /// A form sheet in regular width presented without animation rests where the `formSheet`
    /// animator leaves it: the card centred, the veil over the page, the page as it was.
    mutating func layOutFormSheet(_ id: ControllerID, in container: ViewID) throws(SimulationError) {
        let parameters = formSheetParameters
        let card = self[controller: id].view
        tree[card].frame = parameters.card(in: tree[container].bounds.size)
        (tree[card].layer.cornerRadius, tree[card].layer.clipsToBounds) = (parameters.cornerRadius, true)
        try addVeil(alpha: parameters.dimming, in: container)
    }

    /// The `formSheet` animator's catalogue parameters on this screen: the card of UIKit's default
    /// size for it.
    var formSheetParameters: FormSheetParameters {
        var parameters = Catalogue.shared.formSheet
        parameters.fitScreen(screen)
        return parameters
    }

    /// The black veil a sheet animator keeps over the container (`$veil`), at `alpha`.
    mutating func addVeil(alpha: Double, in container: ViewID) throws(SimulationError) {
        let name = "\(tree[container].id).veil"
        var veil = ViewNode(id: name, kind: "view", owner: nil, path: name, role: .dimming, frame: Rect(origin: .zero, size: tree[container].bounds.size))
        veil.backgroundColor = .black
        veil.alpha = alpha
        tree.addSubview(try tree.create(veil), to: container)
    }

    /// The `sheet` animator's catalogue parameters for `sheet` over `covered`, adapted as below;
    /// `detent`: as if that detent were selected (nil: the selected one).
    func sheetParameters(sheet: ControllerID, covered: ControllerID, at detent: SheetDetents.Detent? = nil) -> SheetParameters {
        var parameters = Catalogue.shared.sheet
        adaptSheet(&parameters, sheet: sheet, covered: covered, at: detent)
        return parameters
    }

    /// The `sheet` animator's parameters for this screen and these controllers: the covered
    /// page's corners start from the screen's, a sheet over a sheet stacks, a sheet with
    /// detents rests at the selected one, and where sheets float (iOS 26) the page stays and a
    /// card short of full height floats.
    func adaptSheet(_ parameters: inout SheetParameters, sheet: ControllerID, covered: ControllerID, at detent: SheetDetents.Detent? = nil) {
        parameters.deviceCornerRadius = display.sheetCornerRadius
        let overSheet = self[controller: covered].presentedStyle?.isSheet == true
        if overSheet { parameters.stackOverSheet() }
        let fullTop = parameters.top
        if var detents = self[controller: sheet].settings.sheet {
            if let detent { detents.selected = detent }
            parameters.restAtSelectedDetent(of: detents, height: screen.height, bottomInset: display.safeArea.bottom)
        }
        if display.floatsSheets {
            parameters.float(overSheet: overSheet, fullTop: fullTop, height: screen.height, displayCornerRadius: display.displayCornerRadius)
        }
    }

    /// The full card's height over `covered`, points, and the bottom safe-area inset custom
    /// detents stand on: what orders a sheet's detents.
    func detentScale(covered: ControllerID) -> (full: Double, bottomInset: Double) {
        var parameters = Catalogue.shared.sheet
        if self[controller: covered].presentedStyle?.isSheet == true { parameters.stackOverSheet() }
        return (screen.height * (1 - parameters.top), display.safeArea.bottom)
    }

    /// The presentation's side of `completeTransition:`.
    mutating func finishPresentation(_ t: Transition, didComplete: Bool) {
        let style = controllers[t.to]?.presentedStyle ?? .fullScreen
        if didComplete {
            if style == .fullScreen {
                tree.detach(self[controller: t.from].view)
                emitAppearance(.viewDidDisappear, t.from, animated: true)
            }
            emitAppearance(.viewDidAppear, t.to, animated: true)
        } else {
            emitAppearance(.viewWillDisappear, t.to, animated: true)
            emitAppearance(.viewDidDisappear, t.to, animated: true)
            if style == .fullScreen {
                emitAppearance(.viewWillAppear, t.from, animated: true)
                emitAppearance(.viewDidAppear, t.from, animated: true)
            }
            discardController(t.to)
        }
    }

    /// The dismissal's side of `completeTransition:`.
    mutating func finishDismissal(_ t: Transition, didComplete: Bool) {
        let dismissed = t.leaving[0]
        let style = controllers[dismissed]?.presentedStyle ?? .fullScreen
        if didComplete {
            emitAppearance(.viewDidDisappear, t.from, animated: true)
            if style == .fullScreen { emitAppearance(.viewDidAppear, t.to, animated: true) }
            if t.userDismissal { emit(.presentationControllerDidDismiss, dismissed, [:]) }
            callAlertHandler(of: dismissed)
            for id in t.leaving.reversed() { discardController(id) }
        } else {
            emitAppearance(.viewWillAppear, t.from, animated: true)
            emitAppearance(.viewDidAppear, t.from, animated: true)
            if style == .fullScreen {
                emitAppearance(.viewWillDisappear, t.to, animated: true)
                emitAppearance(.viewDidDisappear, t.to, animated: true)
                tree.detach(self[controller: t.to].view)
            }
            // The chain is as it was.
            var previous = t.to
            for id in t.leaving {
                self[controller: previous].presented = id
                previous = id
            }
        }
    }
}
