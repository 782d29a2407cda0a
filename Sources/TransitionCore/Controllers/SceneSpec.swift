import JSONCodec

/// A controller as the client describes it.
struct ControllerSpec: Sendable {
    var kind: ControllerKind
    var id: ControllerID
    var title: String?
    var view: ViewSpec?
    var children: [ControllerSpec]
    var selectedIndex: Int
    /// An alert's message, buttons and style (`type: alert` only).
    var alert: AlertSpec?
    /// Animators, presentation, container requests and gestures.
    var settings = ControllerSettings()
    var pointer: String

    /// Reads a controller spec; `presented`: it is the controller a `present` action presents,
    /// the one place an alert may be (UIKit presents a `UIAlertController`, never shows it as a
    /// root, a child or a pushed page).
    static func decode(_ json: JSONValue, at pointer: String, limits: SceneLimits, depth: Int = 1, presented: Bool = false) throws(SimulationError) -> ControllerSpec {
        guard depth <= 8 else { throw SimulationError(pointer, "controllers nest at most 8 levels") }
        var r = try SpecReader(json, at: pointer)
        let typeName = try r.string("type", maxLength: 32) ?? "viewController"
        guard let kind = ControllerKind(rawValue: typeName), kind != .alert || presented else {
            if typeName == ControllerKind.alert.rawValue {
                throw SimulationError(r.path("type"), "an alert (UIAlertController) is only presented: give it to a present action")
            }
            throw SimulationError(r.path("type"), "unknown controller type '\(typeName)'; one of viewController, navigation, tabBar\(presented ? ", alert" : "")")
        }
        let id = try r.requiredString("id", maxLength: 64)
        guard ViewSpec.isValidID(id) else { throw SimulationError(r.path("id"), "ids are 1–64 characters of letters, digits, '-', '_' and '.'") }
        var spec = ControllerSpec(kind: kind, id: ControllerID(id), title: try r.string("title", maxLength: 256), view: nil, children: [],
                                  selectedIndex: 0, pointer: pointer)
        if kind == .alert {
            spec.alert = try AlertSpec.decode(from: &r)
            try r.finish()
            return spec
        }
        if let view = r.value("view") {
            guard kind == .viewController else { throw SimulationError(r.path("view"), "a \(kind.rawValue) controller draws its own view") }
            spec.view = try ViewSpec.decode(view, at: r.path("view"), limits: limits)
        }
        if let children = try r.array("viewControllers", maxCount: 64) {
            guard kind != .viewController else { throw SimulationError(r.path("viewControllers"), "only navigation and tabBar controllers have children") }
            for (i, child) in children.enumerated() {
                spec.children.append(try decode(child, at: SpecReader.child(r.path("viewControllers"), String(i)), limits: limits, depth: depth + 1))
            }
        }
        let selectedIndex = try r.integer("selectedIndex", in: 0...63)
        spec.settings = try ControllerSettings.decode(from: &r, limits: limits, depth: depth)
        if spec.settings.prefersLargeTitles, kind != .navigation {
            throw SimulationError(r.path("prefersLargeTitles"), "only a navigation controller has a bar to show large titles in")
        }
        if spec.settings.tabBarMinimizeBehavior != nil, kind != .tabBar {
            throw SimulationError(r.path("tabBarMinimizeBehavior"), "only a tabBar controller has a tab bar to minimize")
        }
        // Unknown members first: a misspelt `viewcontrollers` is named as such, not reported as
        // a container without children.
        try r.finish()
        if kind != .viewController, spec.children.isEmpty {
            throw SimulationError(r.path("viewControllers"), "a \(kind.rawValue) controller needs at least one child")
        }
        if let index = selectedIndex {
            guard kind == .tabBar else { throw SimulationError(r.path("selectedIndex"), "only tabBar controllers have a selectedIndex") }
            guard index < spec.children.count else { throw SimulationError(r.path("selectedIndex"), "out of range: \(spec.children.count) tabs") }
            spec.selectedIndex = index
        }
        if depth == 1 { try spec.checkUniqueIDs() }
        return spec
    }

    /// A tree that names one id twice is invalid whatever the session holds (422), at creation as
    /// in a push, a presentation or an interaction's declared controller; an id the session
    /// already holds is a conflict with its state (409, when the controller is made).
    func checkUniqueIDs() throws(SimulationError) {
        var ids: Set<ControllerID> = []
        for id in allIDs where !ids.insert(id).inserted {
            throw SimulationError(pointer, "controller id '\(id)' is used twice")
        }
    }

    /// This subtree's animator choices, children included.
    var allAnimatorChoices: [AnimatorChoice?] { settings.animatorChoices + children.flatMap(\.allAnimatorChoices) }

    /// Every controller id in this subtree, depth first.
    var allIDs: [ControllerID] { [id] + children.flatMap(\.allIDs) }
}

/// A navigation-delegate rule (`navigationController:animationControllerForOperation:fromViewController:toViewController:`):
/// for the operation and the from/to controller ids (`*` matches any), use this animator.
struct DelegateRule: Sendable {
    var operation: TransitionOperation?
    var from: ControllerID?
    var to: ControllerID?
    var animator: AnimatorChoice
    var index: Int

    static func decode(_ json: JSONValue, at pointer: String, index: Int) throws(SimulationError) -> DelegateRule {
        var r = try SpecReader(json, at: pointer)
        var operation: TransitionOperation?
        if let op = try r.string("operation", maxLength: 16), op != "*" {
            guard let parsed = TransitionOperation(rawValue: op) else {
                throw SimulationError(r.path("operation"), "one of push, pop, present, dismiss, selectTab or *")
            }
            operation = parsed
        }
        let from = try r.string("from", maxLength: 64).flatMap { $0 == "*" ? nil : ControllerID($0) }
        let to = try r.string("to", maxLength: 64).flatMap { $0 == "*" ? nil : ControllerID($0) }
        guard let a = r.value("animator") else { throw SimulationError(r.path("animator"), "is required") }
        let rule = DelegateRule(operation: operation, from: from, to: to, animator: try AnimatorChoice.decode(a, at: r.path("animator")), index: index)
        try r.finish()
        return rule
    }

    func matches(_ op: TransitionOperation, from f: ControllerID, to t: ControllerID) -> Bool {
        (operation == nil || operation == op) && (from == nil || from == f) && (to == nil || to == t)
    }
}

/// How a session's clock moves.
public enum ClockMode: String, Sendable {
    /// Time moves only when a request says so.
    case virtual
    /// Time follows the server's monotonic clock since the session was created.
    case wall
}

/// The body of `POST /v1/sessions`.
public struct SceneSpec: Sendable {
    public var screen: Screen
    public var clock: ClockMode
    var root: ControllerSpec
    var rules: [DelegateRule]
    var animators: [AnimatorDefinition]
    var interactions: [Interaction]

    public static func decode(_ json: JSONValue, limits: SceneLimits) throws(SimulationError) -> SceneSpec {
        var r = try SpecReader(json, at: "")
        let screen = try Screen.decode(r.value("screen"), at: r.path("screen"))
        let clockName = try r.string("clock", maxLength: 16) ?? "virtual"
        guard let clock = ClockMode(rawValue: clockName) else { throw SimulationError(r.path("clock"), "one of virtual, wall") }
        guard let rootJSON = r.value("root") else { throw SimulationError(r.path("root"), "is required: the window's root controller") }
        let root = try ControllerSpec.decode(rootJSON, at: r.path("root"), limits: limits)
        guard root.allIDs.count <= limits.controllersPerSession else {
            throw SimulationError(r.path("root"), "at most \(limits.controllersPerSession) controllers")
        }
        var rules: [DelegateRule] = []
        for (i, rule) in (try r.array("rules", maxCount: 64) ?? []).enumerated() {
            rules.append(try DelegateRule.decode(rule, at: SpecReader.child(r.path("rules"), String(i)), index: i))
        }
        var animators: [AnimatorDefinition] = []
        if let a = r.value("animators") {
            guard let object = a.objectValue else { throw SimulationError(r.path("animators"), "expected an object of name → animator") }
            guard object.entries.count <= 32 else { throw SimulationError(r.path("animators"), "at most 32 session animators") }
            for (name, spec) in object.entries {
                let p = SpecReader.child(r.path("animators"), name)
                guard ViewSpec.isValidID(name) else { throw SimulationError(p, "animator names are letters, digits, '-', '_' and '.'") }
                var definition = try AnimatorDefinition.decode(spec, at: p, defaultName: name)
                definition.name = name
                animators.append(definition)
            }
        }
        let interactions = try Interaction.decodeList(r.value("interactions"), at: r.path("interactions"), limits: limits, depth: 0)
        try r.finish()
        return SceneSpec(screen: screen, clock: clock, root: root, rules: rules, animators: animators,
                         interactions: interactions)
    }
}
