import JSONCodec

/// Animator selection and the start and end of a transition, shared by every container.
extension World {
    /// The built-in, session or inline definition an action or rule names.
    func definition(for choice: AnimatorChoice) throws(SimulationError) -> AnimatorDefinition {
        if let inline = choice.inline { return inline }
        let name = choice.name ?? "default"
        if let own = sessionAnimators.first(where: { $0.name == name }) { return own }
        if let builtIn = Catalogue.shared.definition(named: name) { return builtIn }
        let known = (sessionAnimators.map(\.name) + Catalogue.shared.names).joined(separator: ", ")
        throw SimulationError(choice.namePointer, "unknown animator '\(name)'; known: \(known)")
    }

    /// UIKit's order of asking: the action's own animator, then the delegate rules in order,
    /// then the per-controller pattern (002), then the platform default.
    func chooseAnimator(_ operation: TransitionOperation, from: ControllerID, to: ControllerID,
                        actionChoice: AnimatorChoice?) -> (choice: AnimatorChoice?, chosenBy: String) {
        if let actionChoice { return (actionChoice, "action") }
        // An alert is its own transitioning delegate.
        if operation == .present || operation == .dismiss, controllers[operation == .present ? to : from]?.kind == .alert {
            return (nil, "UIAlertController")
        }
        if let rule = rules.first(where: { $0.matches(operation, from: from, to: to) }) {
            return (rule.animator, "rules[\(rule.index)]")
        }
        let perController: AnimatorChoice?
        switch operation {
        case .push: perController = controllers[to]?.settings.pushAnimator
        case .pop: perController = controllers[from]?.settings.popAnimator
        case .present: perController = controllers[to]?.settings.presentAnimator
        case .dismiss: perController = controllers[from]?.settings.dismissAnimator
        case .selectTab: perController = nil
        }
        if let perController {
            let holder = operation.bringsIn ? to : from
            return (perController, "\(operation.rawValue)Animator of \(holder)")
        }
        return (nil, "default")
    }

    /// Guards the container: one transition at a time (UIKit ignores or breaks on a second).
    func ensureIdle() throws(SimulationError) {
        guard let running = runningTransition else { return }
        var extras: [(key: String, value: JSONValue)] = [("transition", .string(running.id.description)), ("phase", .string(running.phase.rawValue))]
        let detail: String
        if running.phase == .animating, !running.diagnostics.contains(where: { $0.code == .completeTransitionNotCalled }) {
            let end = running.begin + running.duration
            extras.append(("expectedEnd", .number(end)))
            detail = "transition \(running.id) (\(running.operation.rawValue) \(running.from) → \(running.to)) runs until t = \(end); advance the clock or give a later 'at'"
        } else if running.phase == .animating {
            detail = "transition \(running.id) never called completeTransition, so the container stays blocked, as it would in UIKit"
        } else {
            detail = "transition \(running.id) is \(running.phase.rawValue); finish or cancel it first"
        }
        throw .conflict(.transitionInProgress, detail: detail, extras: extras)
    }

    struct TransitionRequest {
        var operation: TransitionOperation
        var container: ControllerID
        var from: ControllerID
        var to: ControllerID
        var containerView: ViewID
        var actionChoice: AnimatorChoice?
        var interactive: Bool
        /// The gesture UIKit recognizes itself that started it, if one did (see `Transition.tracking`).
        var platformGesture: Transition.TouchTracking?
        var previousChildren: [ControllerID]
        var leaving: [ControllerID]
        /// Appearance callbacks UIKit makes after asking for the animator (presentations and tab
        /// switches); navigation makes its own before.
        var appearance: [(type: EventType, controller: ControllerID)] = []
    }

    /// Asks for the animator, starts the transition at `now`, runs the animator's body and
    /// returns the transition's id.
    @discardableResult
    mutating func beginTransition(_ r: TransitionRequest) throws(SimulationError) -> TransitionID {
        var (choice, chosenBy) = chooseAnimator(r.operation, from: r.from, to: r.to, actionChoice: r.actionChoice)
        // UIKit runs a controller's preferred zoom when nobody supplies an animator.
        let preferred = choice == nil ? preferredZoom(r.operation, from: r.from, to: r.to) : nil
        let zoom = preferred?.ignoredBy == nil ? preferred?.options : nil
        if zoom != nil { chosenBy = "preferredTransition of \(r.operation.bringsIn ? r.to : r.from)" }
        let resolved: AnimatorDefinition
        if let choice { resolved = try definition(for: choice) } else { resolved = Catalogue.shared.defaultAnimator }
        let pointer = choice?.pointer ?? ""
        var parameters = try resolved.resolvedParameters(choice?.overrides ?? JSONObject(), at: pointer)
        var definition = resolved
        // `default` stands for the platform's animator for the operation.
        let presented = r.operation == .present ? r.to : r.from
        let own = (r.operation == .present || r.operation == .dismiss) ? alertTransition(of: presented) ?? presentationTransition(of: presented) : nil
        if resolved.platform == .operationDefault, let platform = Catalogue.shared.platformDefault(for: r.operation, presentation: own) {
            definition = platform
            parameters = try platform.resolvedParameters(choice?.overrides ?? JSONObject(), at: pointer)
        }
        if zoom != nil { (definition, parameters) = (Catalogue.shared.fluidZoom, Catalogue.shared.fluidZoom.parameters) }
        let name = definition.name
        var platform: PlatformTransition?
        if case .transition(let platformName)? = definition.platform {
            platform = try PlatformTransition(platformName, parameters: parameters, at: pointer)
        }
        // UIKit's own gestures move its own animations linearly with the finger.
        var tracking: Transition.TouchTracking?
        if let gesture = r.platformGesture, platform?.follow(gesture) == true { tracking = gesture }
        // The covered page's corners start from the screen's; a sheet over a sheet stops a little
        // higher and the covered card lifts instead of sinking; detents set the resting height
        // (docs/semantics.md § Modal presentation); a form sheet's card takes UIKit's default size
        // for the screen.
        if choice?.overrides.entries.isEmpty ?? true {
            if case .sheet(var card)? = platform {
                adaptSheet(&card, sheet: r.operation == .present ? r.to : r.from, covered: r.operation == .present ? r.from : r.to)
                platform = .sheet(card)
            } else if case .formSheet(var card)? = platform {
                card.fitScreen(screen)
                platform = .formSheet(card)
            } else if case .alert? = platform {
                // An alert's platter is its content's size; another view keeps the catalogue's.
                platform = .alert(alertParameters(content: alertTransition(of: presented) == .alert ? tree[self[controller: presented].view].bounds.size : nil))
            } else if case .actionSheet? = platform {
                platform = .actionSheet(actionSheetParameters(content: alertTransition(of: presented) == .actionSheet ? tree[self[controller: presented].view].bounds.size : nil))
            }
        }
        for (key, value) in platform?.parameters.entries ?? [] { parameters[key] = value }
        guard let body = definition.body(for: r.operation) else {
            throw SimulationError(pointer, "animator '\(name)' has nothing for \(r.operation.rawValue) (it does \(definition.operations.map(\.rawValue).joined(separator: ", ")))")
        }
        // The body's place in the request, under which its nodes' pointers are reported: an inline
        // spec's errors point into it (/animator/spec[/operation]/setup/0 …), a named animator's
        // at the choice that named it.
        var bodyPointer = pointer
        if choice?.inline != nil {
            bodyPointer += "/spec" + (definition.bodies.contains { $0.operation == nil } ? "" : "/" + r.operation.rawValue)
        }
        let custom = choice != nil
        emit(.animationControllerFor, r.container, ["operation": .string(r.operation.rawValue), "from": .string(r.from.rawValue),
                                                     "to": .string(r.to.rawValue), "animator": .string(name), "chosenBy": .string(chosenBy)])
        if custom {
            emit(.interactionControllerFor, r.container, ["animator": .string(name), "interactive": .bool(r.interactive)])
        }
        for (type, controller) in r.appearance { emitAppearance(type, controller, animated: true) }
        // Not started, so `duration` in the body's duration expression is the parameter.
        var probe = Transition(id: .notStarted, operation: r.operation, container: r.container, from: r.from, to: r.to,
                               fromView: self[controller: r.from].view, toView: self[controller: r.to].view, containerView: r.containerView,
                               animator: name, chosenBy: chosenBy, duration: 0, phase: .animating, interactive: r.interactive,
                               timeline: Timeline(start: now), parameters: parameters, previousChildren: r.previousChildren, leaving: r.leaving)
        var zoomSource: ViewID?
        if let zoom {
            let (zoomParameters, source) = try zoomParameters(zoom, operation: r.operation, probe: probe)
            var zoomed = PlatformTransition.fluidZoom(zoomParameters)
            if let gesture = r.platformGesture, zoomed.follow(gesture) { tracking = gesture }
            platform = zoomed
            zoomSource = source
            for (key, value) in zoomed.parameters.entries { parameters[key] = value }
            probe.parameters = parameters
        }
        let duration: Double
        do throws(SimulationError) {
            duration = try reader(for: probe).evaluate(body.duration)
            guard duration >= 0, duration <= 600 else {
                throw SimulationError(body.duration.pointer, "the transition's duration must be between 0 and 600 seconds, got \(duration)")
            }
        } catch {
            throw error.inside(bodyPointer)
        }
        var t = Transition(id: transitions.nextID, operation: r.operation, container: r.container, from: r.from, to: r.to,
                           fromView: probe.fromView, toView: probe.toView, containerView: r.containerView, animator: name,
                           chosenBy: chosenBy, duration: duration, phase: r.interactive ? .interactive : .animating,
                           interactive: r.interactive, timeline: Timeline(start: now), parameters: parameters,
                           previousChildren: r.previousChildren, leaving: r.leaving)
        t.tracking = tracking
        t.userDismissal = tracking == .sheetPull
        t.platform = platform
        if r.interactive { t.timeline.change(at: now, to: Timeline.Motion.paused) }
        for (key, owner) in [("sourceView", r.from), ("targetView", r.to)] {
            guard let path = parameters[key]?.stringValue, !path.isEmpty else { continue }
            guard let view = tree.view(owner: owner, path: path) else {
                throw SimulationError(SpecReader.child(pointer, key), "controller '\(owner)' has no view at path '\(path)'")
            }
            if key == "sourceView" { t.sourceView = view } else { t.targetView = view }
        }
        if let zoomSource { t.sourceView = zoomSource }
        transitions.start(t)
        if let zoom, case .fluidZoom(let zoomParameters)? = platform { try makeZoomViews(t.id, zoomParameters, options: zoom) }
        if let style = preferred?.ignoredBy {
            diagnose(t.id, .zoomIgnored, "UIKit runs no zoom for a \(style.rawValue) presentation (only full screen, page sheet and automatic zoom); it ignores preferredTransition", view: nil)
        }
        emit(.animateTransition, r.container, ["transition": .string(t.id.description), "animator": .string(name), "duration": .number(duration)],
             outcome: TransitionOutcome(operation: t.operation, kind: .started))
        do throws(SimulationError) {
            try run(body.setup, transition: t.id)
            // The animator's language has no condition on the screen: the floating card rounds
            // all four corners where the setup rounds the top ones.
            if case .sheet? = platform, r.operation == .present { tree[t.toView].layer.maskedCorners = sheetCorners }
            try interpret(t.id) { (interpreter) throws(SimulationError) in
                for block in body.animations { try interpreter.animate(block) }
            }
        } catch {
            throw SimulationError(bodyPointer + (error.pointer ?? ""), "animator '\(name)': \(error.reason)")
        }
        checkAfterCompletion(t.id)
        return t.id
    }

    /// `[transitionContext completeTransition:]`: the container takes over from the animator.
    mutating func completeTransition(_ id: TransitionID, didComplete: Bool) {
        self[transition: id].completeCalls += 1
        let t = self[transition: id]
        guard t.completeCalls == 1 else {
            diagnose(id, .completeTransitionCalledTwice, "completeTransition was called again after the transition ended; UIKit ignores the call", view: nil)
            return
        }
        emit(.completeTransition, t.container, ["transition": .string(t.id.description), "didComplete": .bool(didComplete)],
             outcome: TransitionOutcome(operation: t.operation, kind: didComplete ? .completed : .cancelled))
        if didComplete, !isInWindow(t.toView) {
            diagnose(id, .toViewNotAdded, "the animator completed without adding the to view to the container", view: t.toView)
        }
        self[transition: id].completedAt = now
        // The fluid zoom's source shows again when the zoom ends, either way.
        if case .fluidZoom? = t.platform, let source = t.sourceView, tree.exists(source) { tree[source].hidden = false }
        self[transition: id].phase = didComplete ? .completed : .cancelled
        switch t.operation {
        case .push, .pop: finishNavigation(t, didComplete: didComplete)
        case .selectTab: finishTabSwitch(t, didComplete: didComplete)
        case .present: finishPresentation(t, didComplete: didComplete)
        case .dismiss: finishDismissal(t, didComplete: didComplete)
        }
    }

    /// Reports what a completed transition left behind (run once, after the step list that
    /// completed it, so that its own clean-up steps count).
    mutating func checkAfterCompletion(_ id: TransitionID) {
        let t = self[transition: id]
        guard t.completedAt == now, !t.phase.isRunning, !t.checked else { return }
        self[transition: id].checked = true
        for view in t.hiddenByAnimator where tree.exists(view) && tree[view].hidden {
            diagnose(id, .viewLeftHidden, "the animator hid \(tree.describe(view)) and it is still hidden after the transition", view: view)
        }
        for name in t.namedOrder {
            guard let view = t.named[name], isInWindow(view) else { continue }
            diagnose(id, .snapshotLeftInHierarchy, "the view the animator made as $\(name) is still in the window after the transition", view: view)
        }
        // A cancelled transition's animations all ended when its timeline returned to 0.
        guard t.phase == .completed else { return }
        // τ recomputed from session time can land a rounding error short of a block's end
        // (2.3 − 2.0 < 0.3): an animation ending at this instant is not "still running".
        let tau = t.timeline.tau(at: now)
        func stillRunning(_ a: PropertyAnimation) -> Bool {
            a.transition == id && !a.outlivesTransition && a.end > tau + 1e-12 * max(1, abs(a.end))
        }
        for (view, list) in animations.byView.sorted(by: { $0.key < $1.key }) where !isInWindow(view) {
            if list.contains(where: stillRunning) {
                diagnose(id, .animationOnRemovedView, "\(tree.describe(view)) left the window while its animation still runs", view: view)
            }
        }
    }
}
