/// The session's controllers by id. It offers no iteration: a dictionary's order is not
/// deterministic, and whatever reaches the output walks the controller tree from the root.
struct ControllerStore: Sendable {
    private var byID: [ControllerID: Controller] = [:]

    /// The controller with this id, if the session has it (ids a client gives are looked up here).
    subscript(id: ControllerID) -> Controller? { byID[id] }

    /// A controller the world itself refers to: a transition's ends, a container's children, a
    /// parent, a presentation's other end. Its absence is a bug in the simulation, never an input
    /// error, so it stops here, naming the id.
    subscript(checked id: ControllerID) -> Controller {
        get {
            guard let controller = byID[id] else { preconditionFailure("controller '\(id)' is not in the session") }
            return controller
        }
        set {
            guard byID[id] != nil else { preconditionFailure("controller '\(id)' is not in the session") }
            byID[id] = newValue
        }
    }

    var count: Int { byID.count }

    /// Adds a controller whose id is new to the session.
    mutating func insert(_ controller: Controller) {
        precondition(byID[controller.id] == nil, "controller '\(controller.id)' is already in the session")
        byID[controller.id] = controller
    }

    mutating func remove(_ id: ControllerID) {
        byID[id] = nil
    }
}
