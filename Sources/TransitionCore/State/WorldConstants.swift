/// What a world is made with and keeps unchanged for the session's life: its screen, root
/// controller, delegate rules, the session's animators and interactions, and its limits
/// (`World.constants`).
final class WorldConstants: Sendable {
    let display: Screen
    let rootController: ControllerID
    let rules: [DelegateRule]
    let sessionAnimators: [AnimatorDefinition]
    let sessionInteractions: [Interaction]
    let limits: SceneLimits

    init(display: Screen, rootController: ControllerID, rules: [DelegateRule], sessionAnimators: [AnimatorDefinition],
         sessionInteractions: [Interaction], limits: SceneLimits) {
        self.display = display
        self.rootController = rootController
        self.rules = rules
        self.sessionAnimators = sessionAnimators
        self.sessionInteractions = sessionInteractions
        self.limits = limits
    }
}
