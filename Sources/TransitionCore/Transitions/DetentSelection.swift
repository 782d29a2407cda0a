import JSONCodec

/// Moving a presented sheet to another of its detents: the app setting
/// `UISheetPresentationController.selectedDetentIdentifier` inside `animateChanges` (iOS 15+).
/// It is no transition: no animator is asked and no appearance callback is made; the card, the
/// veil and the covered view move on the sheet's spring on the session clock
/// (docs/semantics.md § Modal presentation).
extension World {
    /// Selects `detent` on the sheet `id`, which must be the top of the presentation chain and
    /// declare it; the sheet rests where the `sheet` animator would have left it at that detent,
    /// the veil and the covered view following the largest-undimmed-detent rule.
    mutating func selectDetent(_ id: ControllerID, _ name: String, animated: Bool, pointer: String) throws(SimulationError) {
        let declared = controllers[id]?.settings.sheet
        guard let detent = declared?.detent(named: name) ?? SheetDetents.Detent.builtIn.first(where: { $0.identifier == name }) else {
            throw SimulationError(pointer + "/detent", SheetDetents.unknownDetent(name, in: declared))
        }
        _ = try existingController(id, pointer: pointer + "/viewController")
        guard sheetTransition(of: id) == .sheet, let sheet = self[controller: id].settings.sheet,
              self[controller: id].presenting != nil, self[controller: id].presentationContainer != nil else {
            throw .conflict(.detentUnavailable, detail: "'\(id)' is not presented as a sheet with detents (its spec's \"sheet\": {\"detents\": …}, iOS 15 or later)",
                            pointer: pointer + "/viewController")
        }
        if let top = presentationChain().last, top != id {
            throw .conflict(.detentUnavailable, detail: "'\(id)' is covered by the sheet '\(top)'; only the front sheet changes detents here",
                            pointer: pointer + "/viewController")
        }
        guard sheet.detents.contains(detent) else {
            throw .conflict(.detentUnavailable, detail: "the sheet of '\(id)' has no \(detent.identifier) detent; it has \(sheet.detents.map(\.identifier).joined(separator: ", "))",
                            pointer: pointer + "/detent", extras: [("detents", .array(sheet.detents.map { .string($0.identifier) }))])
        }
        try ensureIdle()
        guard sheet.selected != detent else { return }
        // No delegate call: UIKit tells the delegate of the changes a user makes, not of the
        // app's own (docs/semantics.md § Modal presentation).
        settleSheet(id, at: detent, animated: animated)
    }

    /// What a sheet's detent moves, and where `detent` puts it: the card's centre and bounds (full
    /// width, bottom at the screen's bottom, or floating inset) and, where cards float, its corner
    /// radius and its grabber's centre; the covered view's transform and corner radius, and
    /// the veil's alpha, as the `sheet` animator would leave them there (the
    /// largest-undimmed-detent rule included). The sheet `id` is presented as a `sheet` with detents.
    func detentLayout(of id: ControllerID, at detent: SheetDetents.Detent) -> [(view: ViewID, property: AnimatedProperty, value: AnimatedValue)] {
        guard let covered = self[controller: id].presenting, let container = self[controller: id].presentationContainer else { return [] }
        let parameters = sheetParameters(sheet: id, covered: covered, at: detent)
        let rest = parameters.rest(in: tree[container].bounds.size)
        let card = self[controller: id].view, page = self[controller: covered].view
        var cardTarget = tree[card]
        cardTarget.frame = rest.card
        var layout: [(view: ViewID, property: AnimatedProperty, value: AnimatedValue)] = [
            (card, .center, .point(cardTarget.center)), (card, .bounds, .rect(cardTarget.bounds)),
            (page, .transform, .affine(rest.covered)), (page, .cornerRadius, .number(parameters.coveredCornerRadius)),
        ]
        // A floating card's corners change as it reaches or leaves full height, and its width
        // with them, across which the grabber stays centred.
        if display.floatsSheets {
            layout.append((card, .cornerRadius, .number(parameters.cornerRadius)))
            if let grabber = tree[card].children.first(where: { tree[$0].role == .sheetGrabber }) {
                layout.append((grabber, .center, .point(Point(x: rest.card.width / 2, y: tree[grabber].center.y))))
            }
        }
        if let veil = tree[container].children.first(where: { tree[$0].role == .dimming }) {
            layout.append((veil, .alpha, .number(parameters.dimming)))
        }
        return layout
    }

    /// The sheet `id` comes to rest at `detent`, which becomes its selected one: on `spring` (the
    /// sheet's, UIKit's `animateChanges` too) from what is on screen when `animated`, for as long
    /// as it takes to settle; at once otherwise. Reports nothing.
    mutating func settleSheet(_ id: ControllerID, at detent: SheetDetents.Detent, animated: Bool, spring: Spring = SheetRelease.spring) {
        self[controller: id].settings.sheet?.selected = detent
        let duration = spring.settlingDuration
        for (view, property, value) in detentLayout(of: id, at: detent) {
            let shown = presentation(of: view, at: now).value(of: property)
            tree[view].apply(value, to: property)
            guard animated, shown != value else { animations.removeAnimations(on: view) { $0.property == property }; continue }
            animations.install(PropertyAnimation(property: property, from: shown, to: value, transition: nil, begin: now, duration: duration,
                                                 curve: .spring(spring)), on: view)
        }
    }
}
