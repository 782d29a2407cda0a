import JSONCodec

/// What an action of a given type does to the world. Each family of actions (navigation, tab
/// bar, presentation, interactive control, scrolling) lives in its own file and registers its decoder in
/// `Action.decoders`.
protocol ActionBody: Sendable {
    /// Runs the action at the world's current time (`at` has already been applied).
    func perform(_ action: Action, on world: inout World) throws(SimulationError)
}

/// One action of `POST /v1/sessions/{id}/actions`: the members every action shares, and its body.
public struct Action: Sendable {
    public var type: String
    var body: any ActionBody
    /// Session time to perform it at (≥ now); the clock first advances there.
    public var at: Double?
    var animated: Bool
    /// Start a percent-driven interactive transition at 0 % instead of animating.
    public var interactive: Bool
    var animator: AnimatorChoice?
    /// The container controller's id; by default the deepest suitable one on screen.
    var container: ControllerID?
    /// Where this action sits in the request, for errors.
    public var pointer: String

    typealias Decoder = @Sendable (inout SpecReader, SceneLimits) throws(SimulationError) -> any ActionBody

    /// Every action type, with the decoder of its own members.
    static let decoders: [(type: String, decode: Decoder)] = NavigationActions.decoders + ContainerActions.decoders + InteractiveActions.decoders + ScrollActions.decoders

    static var types: [String] { decoders.map(\.type) }

    public static func decode(_ json: JSONValue, at pointer: String, limits: SceneLimits) throws(SimulationError) -> Action {
        var r = try SpecReader(json, at: pointer)
        let type = try r.requiredString("type", maxLength: 32)
        guard let decoder = decoders.first(where: { $0.type == type })?.decode else {
            throw SimulationError(r.path("type"), "unknown action type '\(type)'; one of \(types.joined(separator: ", "))")
        }
        let at = try r.number("at", in: 0...World.latestTime)
        let animated = try r.bool("animated") ?? true
        let interactive = try r.bool("interactive") ?? false
        let animator = try r.value("animator").map { (a) throws(SimulationError) in try AnimatorChoice.decode(a, at: r.path("animator")) }
        let container = try r.string("container", maxLength: 64).map { ControllerID($0) }
        let body = try decoder(&r, limits)
        try r.finish()
        return Action(type: type, body: body, at: at, animated: animated, interactive: interactive, animator: animator,
                      container: container, pointer: pointer)
    }
}

extension World {
    /// Performs one action: first the clock moves to its `at`, then the action runs.
    /// On error the world may be half-changed: callers apply actions to a copy.
    public mutating func apply(_ action: Action) throws(SimulationError) {
        try check(action.animator)
        if let at = action.at {
            guard at >= now else {
                throw .timeInThePast(at: action.pointer + "/at", now: now)
            }
            advance(to: at)
        }
        try action.body.perform(action, on: &self)
        startDeferredPush()
        layOutContainers()
    }
}
