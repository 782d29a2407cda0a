import JSONCodec

/// UIPercentDrivenInteractiveTransition: `update`, `finish`, `cancel`, and the gesture samples
/// that call them (docs/semantics.md § Interactive transitions; the numbers' sources are in
/// docs/reference.md § Interactive transitions).
extension World {
    /// The transition a gesture or an update drives now.
    func interactiveTransition(pointer: String) throws(SimulationError) -> TransitionID {
        guard let interactive = transitions.last(where: { $0.phase == .interactive }) else {
            throw .conflict(.noInteractiveTransition,
                            detail: "no interactive transition is waiting for updates; start one with \"interactive\": true or a gesture")
        }
        return interactive.id
    }

    /// `updateInteractiveTransition:` — the timeline holds at percent × duration.
    mutating func updateInteractive(_ id: TransitionID, percent: Double) {
        let t = self[transition: id]
        self[transition: id].timeline.hold(at: now, tau: percent * t.duration)
        emit(.updateInteractiveTransition, t.container, ["transition": .string(t.id.description), "percentComplete": .number(percent)])
    }

    /// How UIKit's back swipe settles once the finger lets go: the page moves on from where the
    /// finger left it along `fastEaseInToSlowEaseOut` (the curve fitted to native push frames) over
    /// 350 ms, whether the pop finishes or is cancelled and however far it has to go, unless the
    /// release speed covers the distance left sooner (min(350 ms, distance / speed): UIKit sets
    /// the completion speed to max(the fraction left, D·|v| / width) in
    /// `_UINavigationInteractiveTransitionBase -handleNavigationTransition:`, iOS 18.2 and 26.1).
    /// The 350 ms and the curve are Flutter's recordings of native swipes (flutter/flutter PR
    /// #153765, 2024): which curve UIKit finishes on depends on switches whose defaults the
    /// decompiles do not show (docs/semantics.md § UIKit's back swipe).
    static let backSwipeSettling = (seconds: 0.35, curve: TimingCurve.threePointCubic(.fastEaseInToSlowEaseOut))

    /// `finishInteractiveTransition` / `cancelInteractiveTransition`: the rest of the timeline
    /// runs forward in (1 − p)·D / speed, or back in p·D / speed, shaped by `curve`.
    mutating func release(_ id: TransitionID, finish: Bool, speed: Double, curve: TimingCurve) {
        let t = self[transition: id]
        let tau = t.timeline.tau(at: now)
        release(id, finish: finish, speed: speed, settling: ((finish ? (t.duration - tau) : tau) / speed, curve), percentDriven: true)
    }

    /// Releases the transition to run the rest of its timeline in `settling.seconds` along
    /// `settling.curve`. `percentDriven`: driven by UIPercentDrivenInteractiveTransition, whose
    /// animations never complete when released at exactly 100 %.
    mutating func release(_ id: TransitionID, finish: Bool, speed: Double, settling: (seconds: Double, curve: TimingCurve), percentDriven: Bool) {
        let t = self[transition: id]
        let tau = t.timeline.tau(at: now)
        let percent = t.duration > 0 ? tau / t.duration : 1
        emit(finish ? .finishInteractiveTransition : .cancelInteractiveTransition, t.container,
             ["transition": .string(t.id.description), "percentComplete": .number(percent), "completionSpeed": .number(speed)])
        if !finish { self[transition: id].wasCancelled = true }
        self[transition: id].phase = finish ? .finishing : .cancelling
        if finish, percent >= 1, percentDriven {
            // UIKit's known glitch: released at exactly 100 %, the paused animations never
            // report completion, so completeTransition never comes.
            diagnose(id, .interactionReached100Percent,
                     "the interactive transition was finished at exactly 100 %: its animations never complete, so the animator's completeTransition never runs (clamp progress below 1, as seed 003 does)",
                     view: nil)
            diagnose(id, .completeTransitionNotCalled, "completeTransition will never be called: the container stays blocked", view: nil)
            return
        }
        self[transition: id].timeline.change(at: now, to: .completing(target: finish ? t.duration : 0, seconds: settling.seconds, curve: settling.curve, cancelled: !finish))
    }

    /// Stops the timeline where it is; the transition waits for updates again.
    mutating func pause(_ id: TransitionID) {
        let t = self[transition: id]
        let tau = min(t.duration, max(0, t.timeline.tau(at: now)))
        self[transition: id].timeline.hold(at: now, tau: tau)
        self[transition: id].phase = .interactive
        self[transition: id].interactive = true
        self[transition: id].wasCancelled = false
        emit(.pauseAnimation, t.container, ["transition": .string(t.id.description), "percentComplete": .number(t.duration > 0 ? tau / t.duration : 1)])
    }

    /// Resumes a paused transition toward its end, or back to its start when reversed (which
    /// completes it as cancelled). With a duration factor f the rest takes f·D seconds; with
    /// timing parameters the rest follows that curve; with neither, τ runs at rate 1.
    mutating func resume(_ id: TransitionID, reversed: Bool, timing: TimingCurve?, durationFactor: Double?) {
        let t = self[transition: id]
        let tau = t.timeline.tau(at: now)
        let target = reversed ? 0 : t.duration
        emit(.continueAnimation, t.container, ["transition": .string(t.id.description), "reversed": .bool(reversed)])
        if reversed { self[transition: id].wasCancelled = true }
        self[transition: id].phase = reversed ? .cancelling : .finishing
        let seconds = durationFactor.map { $0 * t.duration } ?? abs(target - tau)
        self[transition: id].timeline.change(at: now, to: .completing(target: target, seconds: seconds, curve: timing ?? .linear, cancelled: reversed))
    }

    /// A gesture sample: `began` starts the interaction's transition, `changed` updates it,
    /// `ended` decides and releases it, `cancelled` cancels it.
    mutating func gestureSample(_ s: GestureAction, pointer: String) throws(SimulationError) {
        switch s.phase {
        case .began:
            // A dismissing gesture that catches a cancelled zoom out springing back.
            if catchSpringBack(following: true, { (world) throws(SimulationError) in try world.gestureSample(s, pointer: pointer) }) { return }
            refusedGesture = false
            if let g = gesture, g.decision == nil, transitions.contains(where: { $0.id == g.transition && $0.phase == .interactive }) {
                throw .conflict(.gestureInProgress, detail: "a \(g.recognizer.rawValue) gesture already drives transition \(g.transition)")
            }
            if let pull = detentPull {
                guard presentationChain().last != pull.sheet else {
                    throw .conflict(.gestureInProgress, detail: "a pan gesture already moves the sheet '\(pull.sheet)' between its detents")
                }
                detentPull = nil  // its sheet went while it lasted
            }
            let interaction = try findInteraction(for: s, pointer: pointer)
            if interaction.recognizer == .contentPan, try refuseContentSwipe(s, pointer: pointer) {
                refusedGesture = true
                return
            }
            if interaction.platformGesture == .zoomDismiss, refuseZoomDismissal() {
                refusedGesture = true
                return
            }
            if interaction.platformGesture == .sheetPull, let sheet = presentationChain().last, hasSeveralDetents(sheet) {
                try ensureIdle()
                beginDetentPull(sheet)
                return
            }
            if interaction.platformGesture == .sheetPull, let sheet = presentationChain().last,
               self[controller: sheet].settings.isModalInPresentation {
                // UIKit lets the sheet give a little and spring back, and tells the delegate.
                emit(.presentationControllerDidAttemptToDismiss, sheet, [:])
                refusedGesture = true
                return
            }
            switch interaction.operation {
            case .dismiss:
                if interaction.platformGesture == .sheetPull, let sheet = presentationChain().last {
                    emit(.presentationControllerWillDismiss, sheet, [:])
                }
                try dismiss(nil, animated: true, animator: interaction.animator, interactive: true, platformGesture: interaction.platformGesture,
                            pointer: pointer)
            case .pop:
                let nav = try navigationController(named: s.container, pointer: pointer + "/container")
                let stack = self[controller: nav].children
                guard stack.count > 1 else {
                    throw .conflict(.nothingToPop, detail: "'\(nav)' shows its root controller; the gesture has nothing to pop")
                }
                try changeStack(of: nav, to: Array(stack.dropLast()), operation: .pop, animated: true,
                                animator: interaction.animator, interactive: true,
                                platformGesture: interaction.platformGesture)
            case .push, .present, .selectTab:
                do throws(SimulationError) {
                    try startDeclared(interaction, container: s.container, pointer: pointer)
                } catch {
                    throw error.started(by: interaction)
                }
            }
            track(s, interaction: interaction)
            if interaction.platformGesture == .zoomDismiss {
                let started = transitions[transitions.count - 1]
                if let held = heldProgress(started) {
                    gesture?.origin = held
                    gesture?.progress = held
                    updateInteractive(started.id, percent: held)
                }
                let anchor = zoomAnchor(self[transition: started.id])
                gesture?.anchor = anchor
            }
        case .changed, .ended, .cancelled:
            if detentPull != nil, try detentPullSample(s, pointer: pointer) { return }
            if refusedGesture {
                if s.phase != .changed { refusedGesture = false }
                return
            }
            guard var g = gesture, g.decision == nil, let driven = transitions.find(g.transition), driven.phase == .interactive else {
                emit(.diagnostic, nil, ["code": .string(DiagnosticCode.gestureWithoutBegan.rawValue),
                                         "message": .string("a \(s.phase.rawValue) sample arrived with no gesture in progress; UIKit's handler would message a nil interaction controller and nothing happens")])
                return
            }
            let progress = self.progress(of: s, g)
            let dragged = g.phase == .changed
            g.phase = s.phase
            g.velocity = s.velocity ?? .zero
            if s.phase != .cancelled {
                g.backSwipe?.add(time: now, translation: along(s.translation, g.interaction), velocity: s.velocity.map { along($0, g.interaction) }, width: g.distance)
            }
            if s.phase == .changed {
                g.progress = progress
                gesture = g
                updateInteractive(driven.id, percent: progress)
                if driven.tracking == .sheetPull {
                    stretchSheet(self[controller: driven.from].view, translationY: (s.translation?.y ?? 0) - g.startTranslation.y)
                }
                if driven.tracking == .zoomDismiss { moveZoomWithFinger(self[transition: driven.id], g, s) }
                return
            }
            if driven.tracking == .sheetPull { releaseStretch(self[controller: driven.from].view) }
            let percent = driven.duration > 0 ? driven.timeline.tau(at: now) / driven.duration : 0
            // Released. UIKit's own back swipe decides from the progress the last `changed` left
            // and the finger's motion; the seeds' handlers read the release sample, though the
            // timeline stays where the last `changed` left it.
            let swipe = s.phase == .ended ? g.backSwipe?.release(progress: percent, duration: driven.duration, width: g.distance, dragged: dragged) : nil
            let (finish, reason): (Bool, GestureState.Reason)
            if s.phase == .cancelled {
                (finish, reason) = (false, .gestureCancelled)
            } else if let swipe {
                (finish, reason) = (swipe.pops, swipe.projected ? .projection : .velocity)
            } else {
                (finish, reason) = decide(progress, g, s, finishesAtThreshold: driven.tracking != nil)
                // The gesture reports the progress its decision read.
                g.progress = progress
            }
            g.decision = finish ? .finish : .cancel
            g.reason = reason
            gesture = g
            if driven.tracking == .zoomDismiss {
                releaseZoom(driven, g, finish: finish, velocity: s.velocity ?? .zero)
                return
            }
            if let tracking = driven.tracking {
                // completionSpeed as UIKit would report it: the rest of the duration over the settling time.
                let settling = tracking == .backSwipe ? Self.backSwipeSettling : SheetRelease.settling(releasedAt: s.velocity?.y ?? 0)
                let remaining = finish ? 1 - percent : percent
                let rest = driven.duration * remaining
                // Released where it would settle (a swipe back at 0 %), nothing moves and the
                // transition ends at once, as an animation to where a view already is takes no time.
                var seconds = rest > 0 ? settling.seconds : 0
                // UIKit's back swipe goes on at least as fast as the finger went.
                if let speed = swipe?.speed, speed != 0 { seconds = min(seconds, remaining * g.distance / abs(speed)) }
                release(driven.id, finish: finish, speed: seconds > 0 ? rest / seconds : 1, settling: (seconds, settling.curve), percentDriven: false)
                // A pull from a larger detent kept at the smallest: the selection changed.
                if !finish, let detent = g.detentChange {
                    emit(.sheetPresentationControllerDidChangeSelectedDetentIdentifier, driven.from, ["detent": .string(detent.identifier)])
                }
                return
            }
            let speed = g.interaction.completionSpeed == .remaining ? max(0.01, 1 - percent) : 1
            let curve = (try? g.interaction.completionCurve.map { try TimingCurve.decode($0, duration: 1, iOS: display.iOS, at: "").curve }) ?? nil
            release(driven.id, finish: finish, speed: speed, curve: curve ?? .easeInOut)
        }
    }

    /// The gesture `s` drives the transition started last, under `interaction`, its progress
    /// counted from the finger's translation `startTranslation`.
    mutating func track(_ s: GestureAction, interaction: Interaction, startTranslation: Point = .zero, detentChange: SheetDetents.Detent? = nil) {
        let started = transitions[transitions.count - 1]
        let bounds = tree[started.containerView].bounds.size
        let distance = interaction.distance ?? (interaction.axis == .vertical ? bounds.height : bounds.width)
        gesture = GestureState(recognizer: s.recognizer, phase: .began, transition: started.id,
                               interaction: interaction, distance: distance, startScale: s.scale ?? 1,
                               startTranslation: startTranslation, detentChange: detentChange, progress: 0,
                               velocity: s.velocity ?? .zero)
        if interaction.platformGesture == .backSwipe {
            let statistics = BackSwipeStatistics(time: now, translation: along(s.translation, interaction),
                                                 velocity: s.velocity.map { along($0, interaction) }, width: distance)
            gesture?.backSwipe = statistics
        }
    }

    /// Starts the push, presentation or tab switch a declared interaction names, interactively,
    /// through the same code as the actions.
    /// docs/semantics.md § Gestures that start a transition
    mutating func startDeclared(_ interaction: Interaction, container: ControllerID?, pointer: String) throws(SimulationError) {
        let first = transitions.nextID
        switch (interaction.operation, interaction.controller, interaction.tab) {
        case (.push, let spec?, _):
            try push(spec, container: container, animated: true, animator: interaction.animator, interactive: true, pointer: pointer)
        case (.present, let spec?, _):
            try present(spec, from: nil, style: nil, animated: true, animator: interaction.animator, interactive: true,
                        pointer: interaction.origin)
        case (.selectTab, _, let tab?):
            let tabs = try tabBarController(named: container, pointer: pointer + "/container")
            let c = self[controller: tabs]
            let index: Int
            switch tab {
            case .index(let i): index = i
            case .next: index = c.selectedIndex + 1
            case .previous: index = c.selectedIndex - 1
            }
            guard c.children.indices.contains(index), index != c.selectedIndex else {
                let which = c.children.indices.contains(index) ? "is already selected" : "does not exist (\(c.children.count) tabs, tab \(c.selectedIndex) selected)"
                throw .conflict(.nothingToSelect, detail: "tab \(index) of '\(tabs)' \(which); the gesture has no tab to switch to")
            }
            try selectTab(tabs, index: index, animated: true, animator: interaction.animator, interactive: true, pointer: interaction.origin)
        default:
            preconditionFailure("interaction \(interaction.origin) decoded without what its \(interaction.operation.rawValue) needs")
        }
        precondition(transitions.nextID != first, "a gesture-started \(interaction.operation.rawValue) started no transition")
    }

    /// The interaction a `began` sample starts: UIKit's content swipe for a `contentPan`; else the
    /// front-most controllers' own (the visible leaf first, then its containers), then the
    /// session's, then UIKit's own: the zoom out of a zoomed page, the pull on a sheet, the edge pop.
    func findInteraction(for s: GestureAction, pointer: String) throws(SimulationError) -> Interaction {
        func fits(_ i: Interaction) -> Bool {
            i.recognizer == s.recognizer && (i.recognizer != .edgePan || s.edge == nil || i.edge == s.edge)
        }
        // UIKit's own content swipe, which no interaction declares.
        if s.recognizer == .contentPan { return try contentPopInteraction(pointer: pointer) }
        let front = frontChain()
        for id in front.reversed() {
            if let own = self[controller: id].settings.interactions.first(where: fits) { return own }
        }
        if let shared = sessionInteractions.first(where: fits) { return shared }
        // UIKit's own zoom out of a page the fluid zoom brought in.
        if let zoom = try zoomInteraction(for: s, pointer: pointer) { return zoom }
        // UIKit's own pull on a sheet: a pan on a presented page or form sheet.
        if s.recognizer == .pan, let top = presentationChain().last, self[controller: top].presentedStyle?.isSheet == true {
            return .sheetPull(sheetHeight: tree[self[controller: top].view].frame.height)
        }
        if s.recognizer == .edgePan, s.edge == nil || s.edge == .left { return .defaultEdgePop }
        throw .conflict(.noInteraction, detail: "no interaction for a \(s.recognizer.rawValue) gesture is declared on '\(front.last ?? rootController)' or the session",
                        pointer: pointer + "/recognizer")
    }

    /// The component of a sample's translation or velocity along the interaction's axis, positive
    /// toward progress.
    func along(_ p: Point?, _ i: Interaction) -> Double {
        let p = p ?? .zero
        return (i.axis == .vertical ? p.y : p.x) * i.direction
    }

    /// Progress of one sample under the interaction's mapping, clamped.
    func progress(of s: GestureAction, _ g: GestureState) -> Double {
        let i = g.interaction
        let raw: Double
        switch i.recognizer {
        case .pinch:
            raw = 1 - (s.scale ?? g.startScale) / g.startScale
        case .edgePan, .contentPan, .pan:
            let t = s.translation ?? .zero
            let vector = i.input == .location ? s.location ?? .zero : Point(x: t.x - g.startTranslation.x, y: t.y - g.startTranslation.y)
            var value = i.axis == .vertical ? vector.y : vector.x
            if i.input == .translation { value *= i.direction }
            raw = value / g.distance
        }
        // From the gesture's origin (added only when there is one: 0 + −0 is 0, and a −0 answers
        // other bytes).
        return min(i.clamp.upperBound, max(i.clamp.lowerBound, g.origin == 0 ? raw : g.origin + raw))
    }

    /// Finish or cancel on release, and why, for every gesture but UIKit's own back swipe
    /// (`BackSwipeStatistics`). Progress above the threshold finishes (the seeds' rule);
    /// `finishesAtThreshold`, UIKit's own tracked gestures (the zoom out), finish at it too.
    func decide(_ progress: Double, _ g: GestureState, _ s: GestureAction, finishesAtThreshold: Bool) -> (Bool, GestureState.Reason) {
        let v = along(s.velocity, g.interaction)
        switch g.interaction.velocity {
        case .none: break
        case .fling(let minimum, let points):
            if points ? abs(v) > minimum : abs(v) >= minimum * g.distance { return (v > 0, .velocity) }
        case .sheetRelease:
            // The card's rest (progress 0) and its dismissed position (1) are the places it can
            // rest; by position alone it goes from halfway.
            let goes = SheetRelease.restingIndex([g.distance, 0], top: progress * g.distance, velocity: v) == 0
            return (goes, goes == (progress >= 0.5) ? .threshold : .velocity)
        case .speed(let minimum):
            if v > minimum { return (true, .velocity) }
        }
        return (progress > g.interaction.threshold || (finishesAtThreshold && progress == g.interaction.threshold), .threshold)
    }
}
