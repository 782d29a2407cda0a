import JSONCodec

/// Everything a session simulates, as one value at session time `now`, made of parts with their
/// own storage: the window's views (`ViewTree`), the controllers (`ControllerStore`), the
/// animations in flight and their completions (`AnimationTimeline`), the transitions
/// (`TransitionRecords`) and the event log (`EventLog`) (docs/semantics.md § The core's parts).
///
/// A `World` only moves forward (`advance(to:)`), deterministically, so a snapshot of a later
/// time is a copy advanced to that time, and the session's history is a list of copies.
public struct World: Sendable {
    public private(set) var now: Double = 0
    var tree: ViewTree
    let window: ViewID
    /// What the session was made with, which no change touches: one reference, because every
    /// read copies the world (held inline, its references were each retained and released by
    /// every read, on every worker thread).
    private let constants: WorldConstants
    /// The screen as the session described it: size, scale, safe area and iOS version.
    public var display: Screen { constants.display }
    public var screen: Size { display.size }
    public var scale: Double { display.scale }
    public var rootController: ControllerID { constants.rootController }
    var controllers = ControllerStore()
    /// Animations in flight and the completions waiting for them.
    var animations = AnimationTimeline()
    /// Transitions that still run or still drive animations, and the latest one.
    var transitions = TransitionRecords()
    public internal(set) var events = EventLog()
    var rules: [DelegateRule] { constants.rules }
    var sessionAnimators: [AnimatorDefinition] { constants.sessionAnimators }
    var sessionInteractions: [Interaction] { constants.sessionInteractions }
    /// The gesture driving the current interactive transition, if one does.
    @OutOfLine var gesture: GestureState? = nil
    /// The transition `gesture` drives, read without copying the gesture's state out.
    var gestureTransition: TransitionID? { _gesture.read { $0?.transition } }
    /// A gesture UIKit refused is under way (a pull on a sheet that refuses it,
    /// `isModalInPresentation`, or a zoom-out gesture `interactiveDismissShouldBegin` refused):
    /// its samples move nothing until it ends.
    var refusedGesture = false
    /// A pull moving a sheet between its detents, before it becomes a dismissal (if it does).
    var detentPull: DetentPull?
    /// A push waiting for UIKit's own back swipe to end.
    @OutOfLine var deferredPush: DeferredPush? = nil
    public var limits: SceneLimits { constants.limits }

    /// The latest session time anything may name or reach (seconds): `at`, clock moves, snapshot times.
    public static let latestTime = 1e7

    public init(scene: SceneSpec, limits: SceneLimits = SceneLimits()) throws(SimulationError) {
        constants = WorldConstants(display: scene.screen, rootController: scene.root.id, rules: scene.rules, sessionAnimators: scene.animators,
                                   sessionInteractions: scene.interactions, limits: limits)
        var tree = ViewTree(limit: limits.viewsPerSession)
        let bounds = Rect(origin: .zero, size: scene.screen.size)
        var windowNode = ViewNode(id: "window", kind: "window", owner: nil, path: "window", role: .window, frame: bounds)
        windowNode.backgroundColor = .black
        self.window = try tree.create(windowNode)
        self.tree = tree
        for rule in scene.rules { try check(rule.animator) }
        for choice in scene.interactions.flatMap(\.animatorChoices) { try check(choice) }
        let root = try makeController(scene.root, parent: nil)
        self.tree.addSubview(self[controller: root].view, to: window)
        for id in visibleControllers() { emit(.viewWillAppear, id, ["animated": .bool(false)]) }
        for id in visibleControllers() { emit(.viewDidAppear, id, ["animated": .bool(false)]) }
    }

    // MARK: Controllers

    /// A controller the world itself refers to (`ControllerStore.subscript(checked:)`).
    subscript(controller id: ControllerID) -> Controller {
        get { controllers[checked: id] }
        set { controllers[checked: id] = newValue }
    }

    /// The controller a request names at `pointer`; one the session does not hold (never made, or
    /// gone: popped and dismissed controllers leave it) is a conflict with its state.
    func existingController(_ id: ControllerID, pointer: String) throws(SimulationError) -> Controller {
        guard let c = controllers[id] else {
            throw .conflict(.unknownController, detail: "no controller '\(id)' in this session", pointer: pointer)
        }
        return c
    }

    /// Builds a controller and its views (detached) and returns its id.
    mutating func makeController(_ spec: ControllerSpec, parent: ControllerID?) throws(SimulationError) -> ControllerID {
        guard controllers[spec.id] == nil else {
            throw .conflict(.controllerExists, detail: "a controller with id '\(spec.id)' already exists in this session", pointer: spec.pointer + "/id")
        }
        guard controllers.count < limits.controllersPerSession else {
            throw .limitExceeded("a session holds at most \(limits.controllersPerSession) controllers")
        }
        for choice in spec.settings.animatorChoices { try check(choice) }
        try spec.settings.checkAvailable(iOS: display.iOS, at: spec.pointer)
        if display.iOS < ContentInsetAdjustmentBehavior.firstIOS, let member = spec.view?.firstInsetAdjustmentMember(at: spec.pointer + "/view") {
            throw SimulationError(member, "contentInsetAdjustmentBehavior exists from iOS \(ContentInsetAdjustmentBehavior.firstIOS) (UIScrollView); the session's screen is iOS \(display.iOS)")
        }
        let bounds = Rect(origin: .zero, size: screen)
        var controller: Controller
        switch spec.kind {
        case .viewController:
            let viewSpec = spec.view ?? ViewSpec(id: "root", kind: .view, backgroundColor: .white)
            let root = try createViews(viewSpec, owner: spec.id, path: "", frame: bounds)
            controller = Controller(id: spec.id, title: spec.title, kind: .viewController, parent: parent, view: root)
            controller.scrollViews = scrollViews(made: viewSpec, at: root, nested: false)
        case .navigation, .tabBar:
            let root = try tree.create(ViewNode(id: spec.id.rawValue, kind: spec.kind == .navigation ? "navigationView" : "tabBarView",
                                                owner: spec.id, path: "", frame: bounds))
            let content = try tree.create(ViewNode(id: "\(spec.id).container", kind: "view", owner: nil,
                                                   path: "\(spec.id).container", role: .container, frame: bounds))
            tree.addSubview(content, to: root)
            controller = Controller(id: spec.id, title: spec.title, kind: spec.kind, parent: parent, view: root)
            controller.contentView = content
            controller.selectedIndex = spec.selectedIndex
        case .alert:
            guard let alert = spec.alert else { preconditionFailure("alert spec '\(spec.id)' without its alert members") }
            controller = Controller(id: spec.id, title: spec.title, kind: .alert, parent: parent, view: try makeAlertViews(spec, alert))
            controller.alert = alert
        }
        controller.settings = spec.settings
        controllers.insert(controller)
        try makeBarButtonItems(for: spec.id)
        for child in spec.children {
            let id = try makeController(child, parent: spec.id)
            self[controller: spec.id].children.append(id)
        }
        if spec.kind == .navigation || spec.kind == .tabBar {
            if spec.kind == .navigation { adjustContentInsets(in: spec.id) }
            try makeBar(for: spec.id)
            if let visible = visibleChild(of: spec.id), let content = self[controller: spec.id].contentView {
                tree.addSubview(self[controller: visible].view, to: content)
            }
        }
        return spec.id
    }

    /// The navigation bar (`makeNavigationBar`), or the tab bar, 49 pt above the bottom inset
    /// (the home indicator) and reaching the bottom edge, as UIKit lays them out
    /// (docs/semantics.md § Views and layout).
    mutating func makeBar(for id: ControllerID) throws(SimulationError) {
        let c = self[controller: id]
        if c.kind == .navigation {
            try makeNavigationBar(for: id)
        } else if c.kind == .tabBar {
            if display.hasFloatingTabBar, let direction = c.settings.tabBarMinimizeBehavior?.direction {
                self[controller: id].scrollAway = ScrollAwayInteraction(direction: direction)
            }
            var bar = ViewNode(id: "\(id).tabBar", kind: "tabBar", owner: nil, path: "\(id).tabBar", role: .tabBar, frame: tabBarFrame(id))
            bar.backgroundColor = Color(red: 0.97, green: 0.97, blue: 0.97)
            if display.hasFloatingTabBar {
                var capsule = LayerProperties()
                capsule.cornerRadius = FloatingTabBarLayout.cornerRadius
                bar.setLayerKeepingFrame(capsule)
            }
            let barID = try tree.create(bar)
            for (i, child) in c.children.enumerated() {
                var item = ViewNode(id: "\(id).tabBarItem.\(i)", kind: "label", owner: nil, path: "\(id).tabBarItem.\(i)",
                                    role: .tabBarItem, frame: .zero)
                item.text = controllers[child]?.title ?? child.rawValue
                tree.addSubview(try tree.create(item), to: barID)
            }
            tree.addSubview(barID, to: c.view)
            self[controller: id].barView = barID
            layOutTabBarItems(of: id)
        }
    }

    mutating func createViews(_ spec: ViewSpec, owner: ControllerID, path: String, frame: Rect?) throws(SimulationError) -> ViewID {
        var node = ViewNode(id: spec.id, kind: spec.kind.rawValue, owner: owner, path: path, frame: frame ?? spec.frame ?? .zero)
        node.alpha = spec.alpha
        node.hidden = spec.hidden
        node.backgroundColor = spec.backgroundColor
        node.text = spec.text
        node.image = spec.image
        node.setLayerKeepingFrame(spec.layer)
        let id = try tree.create(node)
        for child in spec.children {
            let childPath = path.isEmpty ? child.id : path + "/" + child.id
            tree.addSubview(try createViews(child, owner: owner, path: childPath, frame: nil), to: id)
        }
        return id
    }

    /// The child a container shows: the top of a navigation stack, the selected tab.
    func visibleChild(of id: ControllerID) -> ControllerID? {
        controllers[id]?.visibleChild
    }

    /// A controller and its visible descendants, containers before their children.
    func visibleChain(from root: ControllerID) -> [ControllerID] {
        var result: [ControllerID] = []
        var current: ControllerID? = root
        while let id = current {
            result.append(id)
            current = visibleChild(of: id)
        }
        return result
    }

    /// The presented controllers, from the one the root presents up to the top-most.
    func presentationChain() -> [ControllerID] {
        var chain: [ControllerID] = []
        var current = controllers[rootController]?.presented
        while let id = current {
            chain.append(id)
            current = controllers[id]?.presented
        }
        return chain
    }

    /// The controllers on screen, containers before their children: the root's chain, then each
    /// presented controller's chain (a fullScreen presentation hides what is below it once
    /// complete, but those controllers stay in the list: they still own views and actions).
    public func visibleControllers() -> [ControllerID] {
        ([rootController] + presentationChain()).flatMap { visibleChain(from: $0) }
    }

    /// The chain actions address by default: the top-most presented controller's, else the root's.
    func frontChain() -> [ControllerID] {
        visibleChain(from: presentationChain().last ?? rootController)
    }

    /// Removes a controller (and its children, and what it presents) from the session for good.
    mutating func discardController(_ id: ControllerID) {
        guard let c = controllers[id] else { return }
        for child in c.children { discardController(child) }
        if let presented = c.presented { discardController(presented) }
        if let presenting = c.presenting, controllers[presenting]?.presented == id { self[controller: presenting].presented = nil }
        tree.destroy(c.view)
        if let group = c.barButtonGroup {
            // Its fade may outlast the change that took the controller away.
            animations.removeAnimations(on: group)
            tree.destroy(group)
        }
        if let container = c.presentationContainer { tree.destroy(container) }
        controllers.remove(id)
    }

    // MARK: Events

    /// Members every event has; arguments must not reuse them (strict JSON parsers reject duplicates).
    static let eventMembers: Set<String> = ["seq", "time", "type", "viewController"]

    /// An appearance callback for a controller and, as UIKit's containers forward them, for its
    /// visible descendants (a tab's navigation controller, then its top controller).
    mutating func emitAppearance(_ type: EventType, _ controller: ControllerID, animated: Bool) {
        for id in visibleChain(from: controller) { emit(type, id, ["animated": .bool(animated)]) }
    }

    mutating func emit(_ type: EventType, _ controller: ControllerID?, _ arguments: KeyValuePairs<String, JSONValue>,
                       outcome: TransitionOutcome? = nil) {
        assert(arguments.allSatisfy { !Self.eventMembers.contains($0.key) }, "event argument reuses a member name")
        events.append(time: now, type, controller, arguments.map { (key: $0.key, value: $0.value) }, outcome: outcome)
    }

    /// This world without its event log (sequence numbers go on): what a history checkpoint
    /// keeps, because a session holds its event log once, in its current world.
    public func droppingEventLog() -> World {
        var copy = self
        copy.events = events.emptied()
        return copy
    }

    /// A generous estimate of the memory this world holds, in bytes, for memory budgets: each
    /// live view at a node's size with its strings, each slot's reference, controllers, animations
    /// and events. Parts shared with other worlds are counted in full.
    public var estimatedBytes: Int {
        4096 + tree.liveCount * 640 + tree.storageCount * 8 + controllers.count * 1024
            + animations.animationCount * 512 + animations.completionCount * 512 + events.count * 256
    }

    // MARK: Time

    /// The transition that owns the container now, if any.
    var runningTransition: Transition? { transitions.running }

    /// The transition in effect: the running one, else the latest.
    public var currentTransition: Transition? {
        transitions.currentPosition.map { transitions[$0] }
    }

    /// A transition that is running or has just run (`TransitionRecords.subscript(_:)`).
    subscript(transition id: TransitionID) -> Transition {
        get { transitions[id] }
        set { transitions[id] = newValue }
    }

    /// Moves time forward to `t`, running everything due on the way (animation completions and
    /// what they trigger) in time order; ties keep the order the blocks were issued in.
    public mutating func advance(to t: Double) {
        runCompletions(until: t)
        arrive(at: t)
    }

    /// The first part of `advance(to: t)`: runs the completions falling due by `t`, leaving `now`
    /// at the due time of the last one run (unchanged when none falls due). A world taken here
    /// and later advanced to any `t' ≥ now` is the world advanced to `t'` in one go: that advance
    /// runs these same completions first, in the same order, from the same states
    /// (`SettledWorlds` keeps such worlds so that reads past a completion do not run it again).
    public mutating func runCompletions(until t: Double) {
        precondition(t >= now, "a world only moves forward")
        while let (completion, due) = animations.takeNextDue(after: now, until: t, timeline: { transitions.timeline(of: $0) }) {
            now = max(now, due)
            runCompletion(completion)
            startDeferredPush()
        }
    }

    /// The rest of `advance(to: t)` once the completions due by `t` have run: time moves to `t`,
    /// stuck transitions get their diagnostic and what is over is pruned.
    mutating func arrive(at t: Double) {
        now = t
        detectStuckTransitions()
        prune()
    }

    /// A transition whose animations have all ended, with no completion left to run, that never
    /// called completeTransition: UIKit would hang here; we report it.
    /// (Every read runs this: the records are read in place, where a copy of each retained and
    /// released a score of references.)
    mutating func detectStuckTransitions() {
        for i in transitions.indices {
            let phase = transitions[i].phase, id = transitions[i].id
            guard phase.isRunning, phase != .interactive,
                  !transitions[i].diagnostics.contains(where: { $0.code == .completeTransitionNotCalled }),
                  !animations.hasCompletions(of: id) else { continue }
            let tau = transitions[i].timeline.tau(at: now)
            let lastEnd = animations.lastEnd(of: id)
            guard tau >= max(lastEnd, transitions[i].duration) else { continue }
            diagnose(id, .completeTransitionNotCalled,
                     "every animation has ended and no completion is left, but completeTransition was never called: UIKit would leave the container blocked here",
                     view: nil)
        }
    }

    mutating func diagnose(_ id: TransitionID, _ code: DiagnosticCode, _ message: String, view: ViewID?) {
        let d = Diagnostic(code: code, message: message, view: view.map(tree.describe), time: now)
        self[transition: id].diagnostics.append(d)
        var args: [(key: String, value: JSONValue)] = [("transition", .string(id.description)), ("code", .string(code.rawValue)), ("message", .string(message))]
        if let v = d.view { args.append(("view", .string(v))) }
        events.append(time: now, .diagnostic, self[transition: id].container, args)
    }

    /// Forgets animations that are over and transitions that no longer matter.
    mutating func prune() {
        animations.prune { [transitions, now] transition, end in
            // A motion on the session clock lasts until its end.
            guard let id = transition else { return now < end }
            guard let t = transitions.clock(of: id) else { return false }
            guard !t.phase.isRunning else { return true }
            return t.timeline.tau(at: now) < end && t.phase != .cancelled
        }
        transitions.prune { [animations] in animations.drives($0) }
    }

    // MARK: Presentation

    /// The view as the screen shows it at session time `t` (≥ now): model values with the
    /// animations in flight applied.
    func presentation(of id: ViewID, at t: Double) -> ViewNode {
        animations.presentation(of: id, in: tree, at: t, clocks: transitions)
    }

    /// Whether the view is in the window's hierarchy.
    func isInWindow(_ id: ViewID) -> Bool {
        tree.isAttached(id, to: window)
    }
}
