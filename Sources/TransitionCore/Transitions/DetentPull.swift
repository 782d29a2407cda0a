/// UIKit's pull on a sheet with several detents (iOS 15+, `UISheetPresentationController`): the
/// pan moves the card itself, the veil and the covered view following the
/// largest-undimmed-detent rule continuously, and the release settles it by UIKit's rule
/// (`SheetRelease`). It is no transition until the card goes below the smallest detent: there the
/// pull becomes the interactive dismissal of the plain pull-down (docs/semantics.md § Modal presentation).
struct DetentPull: Sendable {
    /// The sheet being pulled.
    var sheet: ControllerID
    /// The card's top when the pull began, and where the last sample put it (points, in the
    /// presentation container, which covers the screen).
    var startTop: Double
    var top: Double
    /// The sheet refuses dismissal (`isModalInPresentation`) and the pull already told its delegate.
    var refused = false
}

extension World {
    /// Whether a pull on `sheet` moves it between detents: a phone card with more than one.
    func hasSeveralDetents(_ sheet: ControllerID) -> Bool {
        sheetTransition(of: sheet) == .sheet && (self[controller: sheet].settings.sheet?.detents.count ?? 0) > 1
    }

    /// The card's top at each of the sheet's detents, smallest detent (lowest card) first: the
    /// container's height less the card's and less its inset (as much below it as on either side).
    func detentTops(_ sheet: ControllerID) -> [(detent: SheetDetents.Detent, top: Double)] {
        (self[controller: sheet].settings.sheet?.detents ?? []).map { detent in
            let bounds = detentLayout(of: sheet, at: detent).first { $0.property == .bounds }?.value
            guard case .rect(let r)? = bounds, let container = self[controller: sheet].presentationContainer else { return (detent, 0) }
            let size = tree[container].bounds.size
            return (detent, size.height - (size.width - r.width) / 2 - r.height)
        }
    }

    /// The `began` sample: the finger catches the card where it is on screen (a detent spring in
    /// flight stops there).
    mutating func beginDetentPull(_ sheet: ControllerID) {
        let shown = presentation(of: self[controller: sheet].view, at: now)
        let top = shown.center.y - shown.bounds.height / 2
        detentPull = DetentPull(sheet: sheet, startTop: top, top: top)
        layOutCard(sheet, top: top, tops: detentTops(sheet))
    }

    /// A later sample of the pull; false when it handed the pull over to a dismissal, whose
    /// gesture then takes the sample, or when the pull's sheet is no longer there to move.
    mutating func detentPullSample(_ s: GestureAction, pointer: String) throws(SimulationError) -> Bool {
        guard var pull = detentPull else { return false }
        // The sheet went or started moving by other means: the pull has nothing left to move,
        // and the sample is one without a gesture in progress.
        guard presentationChain().last == pull.sheet, runningTransition == nil else {
            detentPull = nil
            return false
        }
        let top = s.translation.map { pull.startTop + $0.y } ?? pull.top
        let tops = detentTops(pull.sheet)
        let smallestTop = tops[0].top
        let refuses = self[controller: pull.sheet].settings.isModalInPresentation
        switch s.phase {
        case .began:
            preconditionFailure("a began sample is not a later sample")
        case .changed:
            if top > smallestTop {
                guard refuses else { try handOverToDismissal(pull, s, tops: tops, pointer: pointer); return false }
                refuseDismissal(&pull)
            }
            pull.top = top
            detentPull = pull
            layOutCard(pull.sheet, top: top, tops: tops)
        case .cancelled:
            detentPull = nil
            releaseStretch(self[controller: pull.sheet].view)
            settleSheet(pull.sheet, at: self[controller: pull.sheet].settings.sheet?.selected ?? tops[0].detent, animated: true)
        case .ended:
            let velocity = s.velocity?.y ?? 0
            // The card's dismissed position, its top at the container's bottom, is the place below
            // the smallest detent.
            let rest = SheetRelease.restingIndex([screen.height] + tops.map(\.top), top: top, velocity: velocity)
            guard rest > 0 else {
                guard refuses else { try handOverToDismissal(pull, s, tops: tops, pointer: pointer); return false }
                refuseDismissal(&pull)
                return try detentPullSettles(pull, at: tops[0].detent, velocity: velocity)
            }
            return try detentPullSettles(pull, at: tops[rest - 1].detent, velocity: velocity)
        }
        return true
    }

    /// A sheet that refuses dismissal tells its delegate once per pull that one was attempted.
    private mutating func refuseDismissal(_ pull: inout DetentPull) {
        if !pull.refused { emit(.presentationControllerDidAttemptToDismiss, pull.sheet, [:]) }
        pull.refused = true
    }

    /// The release at `velocity` (points per second) keeps the sheet: it springs to `detent` from
    /// where it is on screen, and the delegate hears of a changed selection.
    private mutating func detentPullSettles(_ pull: DetentPull, at detent: SheetDetents.Detent, velocity: Double) throws(SimulationError) -> Bool {
        detentPull = nil
        let before = self[controller: pull.sheet].settings.sheet?.selected
        releaseStretch(self[controller: pull.sheet].view)
        settleSheet(pull.sheet, at: detent, animated: true, spring: SheetRelease.spring(releasedAt: velocity))
        if before != detent { emit(.sheetPresentationControllerDidChangeSelectedDetentIdentifier, pull.sheet, ["detent": .string(detent.identifier)]) }
        return true
    }

    /// The card went below the smallest detent: it rests there (the smallest detent selected) and
    /// the pull becomes the plain pull-down's interactive dismissal, its progress counted from
    /// the finger's translation at that detent.
    private mutating func handOverToDismissal(_ pull: DetentPull, _ s: GestureAction, tops: [(detent: SheetDetents.Detent, top: Double)],
                                              pointer: String) throws(SimulationError) {
        detentPull = nil
        guard let detents = self[controller: pull.sheet].settings.sheet else { return }
        let smallest = tops[0].detent, smallestTop = tops[0].top
        layOutCard(pull.sheet, top: smallestTop, tops: tops)
        self[controller: pull.sheet].settings.sheet?.selected = smallest
        emit(.presentationControllerWillDismiss, pull.sheet, [:])
        let interaction = Interaction.sheetPull(sheetHeight: tree[self[controller: pull.sheet].view].frame.height)
        try dismiss(nil, animated: true, animator: interaction.animator, interactive: true, platformGesture: interaction.platformGesture, pointer: pointer)
        track(s, interaction: interaction, startTranslation: Point(x: s.translation?.x ?? 0, y: smallestTop - pull.startTop),
              detentChange: detents.selected == smallest ? nil : smallest)
    }

    /// Puts the card's top at `top` with nothing animating: between two detents the card, the
    /// veil and the covered view are where those detents put them, in proportion to the card's
    /// travel between them; above the largest the card stretches as a pull up does, and below
    /// the smallest it stays there. `tops` is `detentTops(sheet)`, which the caller has.
    mutating func layOutCard(_ sheet: ControllerID, top: Double, tops: [(detent: SheetDetents.Detent, top: Double)]) {
        let highest = tops[tops.count - 1].top
        let clamped = min(tops[0].top, max(highest, top))
        let lower = tops.lastIndex { $0.top >= clamped } ?? 0
        let upper = min(lower + 1, tops.count - 1)
        let span = tops[lower].top - tops[upper].top
        let f = span > 0 ? (tops[lower].top - clamped) / span : 0
        for (from, to) in zip(detentLayout(of: sheet, at: tops[lower].detent), detentLayout(of: sheet, at: tops[upper].detent)) {
            animations.removeAnimations(on: from.view) { $0.property == from.property }
            tree[from.view].apply(from.value.interpolate(to: to.value, fraction: f), to: from.property)
        }
        stretchSheet(self[controller: sheet].view, translationY: top - highest)
    }
}
